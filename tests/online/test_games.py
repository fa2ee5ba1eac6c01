"""Whole online games through the headless commands: every mode, two and four players, any mix
of people (the commands, and a client driven here) and computers, all on loopback."""

from __future__ import annotations

import subprocess

import pytest

from game.engine.modes import Mode
from game.engine.moves import legal_moves
from game.engine.position import parse_position
from game.match.record import read_record
from game.online.client.client import OnlineClient
from game.online.client.mirror import Confirmed, GameEnded, Started
from tests.online.helpers import finish, host, server, spawn

MODES = [m for m in Mode if not m.solo]
CASES = [(m, n) for m in MODES for n in (2, 4) if n in m.player_counts]


@pytest.fixture(scope="module")
def url():
    with server() as s:
        yield s.url


def _check_records(tmp_path, names):
    texts = [(tmp_path / name).read_text(encoding="utf-8") for name in names]
    assert all(t == texts[0] for t in texts), "every seat has the same record"
    record = read_record(texts[0])
    assert record.final_state().over
    return record, texts[0]


def _two(url, mode, tmp_path):
    h, code = host(url, "--mode", mode.value, "--seats", "2", "--bot", "easy", "--name", "Anna",
                   "--record", str(tmp_path / "a.txt"))
    j = spawn("join", url, code, "--name", "Ben", "--bot", "normal",
              "--record", str(tmp_path / "b.txt"))
    hc, hout, herr = finish(h)
    jc, jout, jerr = finish(j)
    assert (hc, jc) == (0, 0), herr + jerr
    assert jout[0] == "seat 2"
    assert hout[-1] == jout[-1]
    record, text = _check_records(tmp_path, ["a.txt", "b.txt"])
    assert record.mode is mode and [s.name for s in record.seats] == ["Anna", "Ben"]
    assert f"result: {hout[-1]}" in text


def _four(url, mode, tmp_path):
    """Seat 1 the host's computer-played seat, 2 a person here, 3 a join command, 4 the
    server's own computer."""
    h, code = host(url, "--mode", mode.value, "--seats", "4", "--bot", "easy", "--name", "Anna",
                   "--computer", "easy", "--record", str(tmp_path / "a.txt"))
    person = OnlineClient(url).connect()
    seat = person.join(code, "Dora")
    j = spawn("join", url, code, "--name", "Ben", "--bot", "normal",
              "--record", str(tmp_path / "b.txt"))
    sent, started, seen = None, False, []
    while True:
        notice = person.wait(timeout=60)
        assert notice is not None, "the table went quiet"
        if isinstance(notice, Started):
            started = True
            view = person.view()
            assert view.seat == seat and len(view.tasks) == (2 if mode is Mode.STANDARD else 1)
            assert all(p.tasks == () for i, p in enumerate(notice.state.players) if i != seat)
        if isinstance(notice, Confirmed):
            seen.append(notice.move)
            taken = person.take_move(notice.seat)
            assert taken is not None and taken.move == notice.move
        if isinstance(notice, GameEnded):
            break
        game = person.game
        if game is not None and not game.over and game.turn == seat and sent != len(game.moves):
            person.send_move(game.legal_moves()[0])
            sent = len(game.moves)
    person.close()
    hc, hout, herr = finish(h)
    jc, jout, jerr = finish(j)
    assert started and (hc, jc) == (0, 0), herr + jerr
    record, _ = _check_records(tmp_path, ["a.txt", "b.txt"])
    assert tuple(seen) == record.moves, "the person here saw every move, in order"
    assert notice.record == (tmp_path / "a.txt").read_text(encoding="utf-8")
    assert [s.bot for s in record.seats] == [None, None, None, "easy"]
    assert notice.result == hout[-1] == jout[-1]


@pytest.mark.parametrize("mode,count", CASES, ids=lambda c: getattr(c, "value", str(c)))
def test_every_mode_and_count(url, mode, count, tmp_path):
    (_two if count == 2 else _four)(url, mode, tmp_path)


def test_a_person_at_the_keyboard_plays_through_standard_input(url):
    """host without --bot reads moves from stdin; what is not a move, and a move the rules
    refuse, are said on stderr and the same seat is asked again."""
    h = spawn("host", url, "--mode", "standard", "--seats", "2", "--name", "Anna",
              stdin=subprocess.PIPE)
    code = h.stdout.readline().strip()
    j = spawn("join", url, code, "--name", "Ben", "--bot", "easy")
    prompts = 0
    while True:
        line = h.stdout.readline()
        assert line, h.stderr.read()
        if " - " in line:  # the result line
            break
        if not line.startswith("your move"):
            continue
        position = parse_position(line.split(": ", 1)[1])
        legal = {m.text for m in legal_moves(position)}
        prompts += 1
        if prompts == 1:
            answer = "z9"  # not a move at all
        elif prompts == 2:  # one of two opposite vertical scares is always against the rules
            answer = next(t for t in ("a1xa2", "a2xa1") if t not in legal)
        else:
            answer = sorted(legal)[0]
        h.stdin.write(answer + "\n")
        h.stdin.flush()
    hc, _, herr = finish(h)
    jc, _, _ = finish(j)
    assert (hc, jc) == (0, 0)
    assert herr.count("refused:") == 2, herr
