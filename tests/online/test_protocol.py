"""The wire format: names, codes, messages, and that docs/PROTOCOL.md names every error code."""

from __future__ import annotations

import pytest

from game.engine.cards import Animal, Colour
from game.online.client.mirror import READERS
from game.online.shared.protocol import (
    CODE_ALPHABET,
    ERRORS,
    NAME_MAX,
    SERVER_MESSAGES,
    ProtocolError,
    clean_name,
    decode,
    normal_code,
    show_code,
    tasks_of,
    tasks_word,
    validate_server,
)
from tests.online.helpers import ROOT

# Every character Python's str.splitlines() breaks a line at: what a pasted name may hold.
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def test_every_error_code_is_in_the_protocol_document():
    text = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    missing = [code for code in ERRORS if f"| `{code}` |" not in text]
    assert not missing


def test_every_line_break_in_a_name_becomes_one_space():
    assert clean_name(f"  Babička{LINE_BREAKS}Eva  ") == "Babička Eva"
    for ch in LINE_BREAKS:
        assert clean_name(f"A{ch}B") == "A B"


@pytest.mark.parametrize("name", ["", LINE_BREAKS, "x" * (NAME_MAX + 1), "a\x00b", "a\u200eb",
                                  "\ud800", "a\x7fb"])
def test_names_nobody_could_read_are_refused(name):
    with pytest.raises(ProtocolError) as refused:
        clean_name(name)
    assert refused.value.code == "bad-name"


def test_the_longest_name_is_kept_whole():
    longest = "Ž" * NAME_MAX
    assert clean_name(longest) == longest


@pytest.mark.parametrize("raw", ["", "null", "[]", "3", '"hello"', '{"type": 1}', "{", b"\xc3(",
                                 "[" * 100000 + "]" * 100000])
def test_malformed_messages(raw):
    with pytest.raises(ProtocolError) as refused:
        decode(raw)
    assert refused.value.code == "malformed"


def test_codes_read_out_and_typed_back():
    code = CODE_ALPHABET[:6]
    assert normal_code(show_code(code).lower()) == code
    assert normal_code(" ktr - 4wm ") == "KTR4WM"
    assert len(set(CODE_ALPHABET)) == len(CODE_ALPHABET)
    for a, b in ("O0", "I1", "S5", "B8", "Z2", "G6", "Q0", "D0"):  # look-alikes: one at most
        assert not (a in CODE_ALPHABET and b in CODE_ALPHABET), (a, b)


def test_task_words_round_trip():
    for tasks in [(), (Animal.CAT,), (Colour.YELLOW,), (Animal.DOG, Colour.BLUE)]:
        assert tasks_of(tasks_word(tasks)) == tasks
    with pytest.raises(ProtocolError):
        tasks_of("Q")


@pytest.mark.parametrize("message", [
    {"type": "moved", "move": "A1B2", "turn": 1, "position": "x"},  # no number
    {"type": "moved", "number": "3", "move": "A1B2", "turn": 1, "position": "x"},
    {"type": "lobby", "seats": [{"seat": 0, "place": "host"}], "free": 1},  # an entry cut short
    {"type": "state", "mode": "standard", "seats": [], "yours": [], "start": "x", "first": 0,
     "moves": [3], "position": "x", "turn": 0},  # a move that is not a word
    {"type": "over", "tasks": "C+Y", "result": "", "record": ""},
])
def test_a_server_message_with_a_field_missing_or_mistyped_is_malformed(message):
    with pytest.raises(ProtocolError) as refused:
        validate_server(message)
    assert refused.value.code == "malformed"


def test_a_server_message_of_a_type_this_client_does_not_know_passes():
    assert validate_server({"type": "news", "what": 1}) == {"type": "news", "what": 1}
    moved = {"type": "moved", "number": 3, "seat": 0, "move": "A1B2", "turn": 1, "position": "x"}
    assert validate_server(moved) is moved


def test_every_server_message_the_mirror_reads_has_its_fields_checked():
    assert set(READERS) == set(SERVER_MESSAGES)
