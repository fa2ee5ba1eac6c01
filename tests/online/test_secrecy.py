"""Every byte the server sends one client, recorded on the wire: before the game is over no
other seat's task card is in it, nor the seed that dealt them."""

from __future__ import annotations

import json

import pytest

from game.engine.modes import Mode
from game.match.record import read_record
from game.online.shared.protocol import tasks_word
from tests.online.helpers import Recorder, finish, host, server, spawn

OVER = b'{"type":"over"'


def frames(data: bytes) -> list[dict]:
    """The JSON text frames of a server-to-client byte stream (unmasked, after the handshake)."""
    data = data[data.index(b"\r\n\r\n") + 4:]
    out, i = [], 0
    while i + 2 <= len(data):
        opcode, length = data[i] & 0x0F, data[i + 1] & 0x7F
        i += 2
        if length == 126:
            length, i = int.from_bytes(data[i:i + 2], "big"), i + 2
        elif length == 127:
            length, i = int.from_bytes(data[i:i + 8], "big"), i + 8
        payload, i = data[i:i + length], i + length
        if opcode == 1:
            out.append(json.loads(payload))
    return out


# Every registered mode with secret task cards that seats four; one deal of each kind of task
# deal in `make test`, the others in `make test-slow` (a whole game over real processes each).
SECRET = [m for m in Mode if not m.solo and 4 in m.player_counts]
KINDS_FIRST = {m.deal: m for m in reversed(SECRET)}.values()


@pytest.mark.parametrize("mode", [m if m in KINDS_FIRST else pytest.param(m, marks=pytest.mark.slow)
                                  for m in SECRET], ids=lambda m: m.value)
def test_no_other_seats_task_card_reaches_a_client_before_the_end(mode, tmp_path):
    with server() as s:
        recorder = Recorder(s.port)
        h, code = host(s.url, "--mode", mode.value, "--seats", "4", "--bot", "easy",
                       "--computer", "normal", "--record", str(tmp_path / "r.txt"))
        others = [spawn("join", s.url, code, "--name", "Ben", "--bot", "easy")]
        watched = spawn("join", recorder.url, code, "--name", "Cleo", "--bot", "easy")
        results = [finish(p) for p in [h, *others, watched]]
        assert [r[0] for r in results] == [0, 0, 0], [r[2] for r in results]
        seat = int(results[-1][1][0].split()[1]) - 1
        data = recorder.bytes()
        recorder.close()
    record = read_record((tmp_path / "r.txt").read_text(encoding="utf-8"))
    words = [tasks_word(t) for t in record.tasks]
    assert OVER in data, "the recording holds the whole game"
    before = data[:data.index(OVER)]
    everything = frames(data)
    cut = next(i for i, m in enumerate(everything) if m["type"] == "over")
    messages, after = everything[:cut], everything[cut:]
    assert any(m["type"] == "moved" for m in messages)
    # Structurally: task cards travel only in 'yours', and only this client's seat.
    for m in messages:
        text = json.dumps(m)
        if m["type"] == "state":
            assert [y["seat"] for y in m["yours"]] == [seat]
            assert m["yours"][0]["tasks"] == words[seat]
            assert "tasks" not in json.dumps({k: v for k, v in m.items() if k != "yours"})
        else:
            assert '"tasks"' not in text and '"record"' not in text
    # Byte for byte: a two-card word like E+P cannot appear by chance, a seed cannot either.
    assert str(record.seed).encode() not in before
    if mode is Mode.STANDARD:
        assert words[seat].encode() in before  # the check can see a task word when it is there
        for other, word in enumerate(words):
            if other != seat:
                assert word.encode() not in before, f"seat {other + 1}'s cards leaked"
    assert after[0]["tasks"] == words, "at the end every seat's cards are shown"
