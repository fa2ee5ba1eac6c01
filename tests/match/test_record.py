"""Game records: random games round-trip through text; broken records are refused by line."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.ai import SKILLS
from game.engine.cards import Animal, Card, Colour
from game.engine.modes import Mode
from game.engine.position import parse_position
from game.engine.rules import Rules
from game.engine.state import Player, apply, initial_state
from game.match.record import (
    IN_PROGRESS,
    RecordError,
    read_record,
    record_of,
    result_text,
    write_record,
)
from tests.match.helpers import dealt, random_line

MODES = st.sampled_from(list(Mode)).flatmap(
    lambda m: st.tuples(st.just(m), st.sampled_from(m.player_counts)))


@settings(max_examples=60, deadline=None)
@given(MODES, st.integers(0, 2**64 - 1), st.integers(0, 10**6), st.integers(0, 40),
       st.lists(st.sampled_from([None, *SKILLS]), min_size=8, max_size=8))
def test_random_games_round_trip(mode_players, seed, line_seed, limit, kinds):
    mode, players = mode_players
    start = dealt(mode, players, seed, bots=kinds[:players])
    moves, end = random_line(start, line_seed, limit)
    record = record_of(start, moves)
    for secret in (False, True):
        text = write_record(record, secret=secret)
        back = read_record(text)
        states = [s for s, _ in back.replay()]
        assert states[0].position == start.position and states[-1].position == end.position
        assert back.moves == tuple(moves) and back.seats == record.seats
        if end.over or secret or mode.solo:
            assert states[0] == start and states[-1] == end  # the task cards came back too
        assert write_record(back, secret=secret) == text


@pytest.mark.parametrize(("mode", "level"), [(mode, level) for mode in Mode
                                             for level in (SKILLS if not mode.solo else [None])],
                         ids=str)
def test_every_mode_and_level_round_trips_through_a_record(mode, level):
    """Each registered mode, with each registered level at a seat, reads back as it was
    written, the level named (the sampled test above may miss one; this one cannot)."""
    players = min(mode.player_counts)
    kinds = [None, *[level] * (players - 1)]
    start = dealt(mode, players, 7, bots=kinds)
    moves, end = random_line(start, 7)
    record = record_of(start, moves)
    for secret in (False, True):
        back = read_record(write_record(record, secret=secret))
        assert [seat.bot for seat in back.seats] == kinds
        assert back.mode is mode and back.moves == tuple(moves)
        assert [s for s, _ in back.replay()][-1] == end


def test_a_running_game_shows_no_task_cards_but_its_save_keeps_them():
    start = dealt(Mode.STANDARD, 3, 11)
    moves, _ = random_line(start, 1, 4)
    record = record_of(start, moves)
    shown = write_record(record)
    saved = write_record(record, secret=True)
    assert "tasks:" not in shown and "secret:" not in shown
    assert "secret:" in saved and "tasks:" not in saved
    assert read_record(shown).tasks is None
    assert read_record(saved).tasks == tuple(p.tasks for p in start.players)
    assert f"result: {IN_PROGRESS}" in shown


def test_a_finished_game_shows_its_task_cards():
    start = dealt(Mode.TEAMS, 4, 5)
    moves, end = random_line(start, 2)
    text = write_record(record_of(start, moves))
    assert "tasks:" in text and "secret:" not in text
    assert f"result: {result_text(end)}" in text


def test_the_keys_of_the_issue_are_all_there():
    start = dealt(Mode.ALL_INCLUDED, 5, 3)
    moves, _ = random_line(start, 3)
    keys = [line.split(":")[0] for line in write_record(record_of(start, moves)).splitlines()
            if not line.startswith("#")]
    for key in ("mode", "rules", "seed", "seats", "first", "start", "moves", "final", "result"):
        assert key in keys


def test_a_campaign_level_keeps_its_id_and_target():
    position = parse_position("YC .. OE/PM BD YE")
    target = Card(Colour.YELLOW, Animal.ELEPHANT)
    start = initial_state(position, Rules.SOLO, mode=Mode.SOLO_ADVANCED,
                          players=(Player("You"),), target=target)
    text = write_record(record_of(start, [], level="2-5", hints=2))
    back = read_record(text)
    assert (back.level, back.target, back.hints, back.seed) == ("2-5", target, 2, None)
    assert back.start_state() == start


def test_names_with_commas_and_brackets_survive():
    start = dealt(Mode.STANDARD, 2, 9)
    start = replace(start, players=(Player("Ann, (the) 100%", start.players[0].tasks),
                                    start.players[1]))
    back = read_record(write_record(record_of(start, [])))
    assert back.seats[0].name == "Ann, (the) 100%"


# Broken records -------------------------------------------------------------------------------

def _good() -> str:
    start = dealt(Mode.STANDARD, 3, 21, bots=[None, "hard", "easy"])
    moves, _ = random_line(start, 4)
    return write_record(record_of(start, moves))


def _line_of(text: str, key: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(key + ":"))


def _replace(text: str, key: str, value: str) -> str:
    return "\n".join(f"{key}: {value}" if line.startswith(key + ":") else line
                     for line in text.splitlines()) + "\n"


@pytest.mark.parametrize(("key", "value"), [
    ("mode", "chess"),
    ("rules", "solo"),
    ("seed", "twelve"),
    ("seats", "Anna (human), Ben (wizard), Cleo (easy)"),
    ("seats", "Anna (human)"),
    ("first", "7"),
    ("start", "YC BD/PC"),
    ("moves", "a1xa9"),
    ("final", "YC"),
    ("result", "Anna 99 - won by Anna"),
    ("tasks", "C+Y D+Q M+P"),
])
def test_a_bad_value_is_refused_naming_its_line(key, value):
    text = _replace(_good(), key, value)
    with pytest.raises(RecordError) as err:
        read_record(text)
    assert err.value.line == _line_of(text, key)
    assert str(err.value).startswith(f"line {err.value.line}: ")


def test_an_illegal_move_is_refused_naming_the_moves_line():
    text = _good()
    moves = next(line for line in text.splitlines() if line.startswith("moves:")).split()[1:]
    # Play the first move twice: the second time its target is gone (or it no longer scares).
    start = read_record(text).start_state()
    after, _ = apply(start, read_record(text).moves[0])
    bad = next(m for m in start.legal_moves() if m not in after.legal_moves())
    broken = _replace(text, "moves", " ".join([moves[0], bad.text] + moves[2:]))
    with pytest.raises(RecordError) as err:
        read_record(broken)
    assert err.value.line == _line_of(broken, "moves") and "move 2" in str(err.value)


@pytest.mark.parametrize("cut", [0.3, 0.6, 0.9])
def test_a_record_cut_short_is_refused(cut):
    text = _good()
    with pytest.raises(RecordError):
        read_record(text[:int(len(text) * cut)])


def test_missing_unknown_and_doubled_keys():
    text = _good()
    without = "\n".join(x for x in text.splitlines() if not x.startswith("first:"))
    with pytest.raises(RecordError, match="no 'first:' line"):
        read_record(without)
    with pytest.raises(RecordError) as err:
        read_record(text + "colour: blue\n")
    assert err.value.line == len(text.splitlines()) + 1
    with pytest.raises(RecordError, match="twice"):
        read_record(text + "seed: 3\n")
    with pytest.raises(RecordError):
        read_record("just some words\n")


def test_a_ragged_position_is_refused_naming_its_line():
    text = _replace(_good(), "start", "YC BD PC/PE BC")
    with pytest.raises(RecordError, match="row 2") as err:
        read_record(text)
    assert err.value.line == _line_of(text, "start")


def test_a_finished_multiplayer_game_needs_its_task_cards():
    text = "\n".join(x for x in _good().splitlines() if not x.startswith("tasks:"))
    with pytest.raises(RecordError, match="tasks"):
        read_record(text)
