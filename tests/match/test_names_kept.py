"""Every seat's name a record is written with reads back (as the game keeps a name:
game.names.clean_name), or the record is refused, never written (issue 32, finding 4: an empty
or all-space name wrote a save that could not be read back). Where names are typed they are
cleaned or made up (tests/test_damaged_input_on_screens.py), or refused (the online table's names)."""

from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.engine import Mode, new_game
from game.engine.state import Player
from game.match.controller import Match
from game.match.record import read_record, record_of, write_record
from game.names import clean_name
from game.online.shared.protocol import ProtocolError
from game.online.shared.protocol import clean_name as table_name

WORST = ["", " ", "   ", "\t", "\u2028", "\u200b", " Anna", "Anna ", "An  na", "\x00", "%20"]


def named(name: str):
    start = new_game(Mode.STANDARD, ["Anna", "Ben"], 3, 0, [None, None])
    return replace(start, players=(Player(name, start.players[0].tasks), start.players[1]))


def round_trip(name: str) -> str:
    start = named(name)
    text = write_record(record_of(start, [start.legal_moves()[0]]))
    return read_record(text).seats[0].name


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.sampled_from(WORST), st.text(max_size=24)))
def test_a_name_reads_back_as_itself_or_the_record_is_never_written(name):
    try:
        start = named(name)
        text = write_record(record_of(start, [start.legal_moves()[0]]))
    except ValueError as err:
        assert "name" in str(err)
        assert not clean_name(name)  # only a name with nothing visible in it is refused
        return
    assert read_record(text).seats[0].name == clean_name(name)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_a_name_as_the_game_keeps_it_round_trips_exactly(typed):
    name = clean_name(typed)
    assume(name)  # a name with nothing visible is refused (the next test)
    assert round_trip(name) == name


@pytest.mark.parametrize("name", ["", " ", "   ", "\u3000", "\u2028"])
def test_a_save_of_a_name_with_nothing_visible_is_refused_not_written(name):
    start = named(name)
    match = Match(start)
    match.play(start.legal_moves()[0])
    with pytest.raises(ValueError, match="nothing visible"):
        match.save_text()


# Mostly characters a table accepts (control and unassigned ones are refused, and drawn from
# the whole of Unicode they made hypothesis throw away too many inputs); white space of every
# kind, line breaks included, still comes, and so does a refused name now and then.
NAMES = st.text(st.characters(exclude_categories=("Cc", "Cf", "Cs", "Co", "Cn"))
                | st.sampled_from(" \t\n\r\u2028\u2029\u3000\x85\x00\u200b"), max_size=24)


@settings(max_examples=200, deadline=None)
@given(NAMES)
def test_every_name_an_online_table_keeps_round_trips(typed):
    """The other place a player types a name: what the table accepts is kept as it is."""
    try:
        name = table_name(typed)
    except ProtocolError:
        assume(False)  # refused: nothing kept (hypothesis fails the test if every one is)
    assert round_trip(name) == name


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=" abc\u00e9\t\n", max_size=60), st.integers(1, 30))
def test_a_long_name_is_cut_between_words_where_it_can_be(typed, limit):
    whole, name = clean_name(typed), clean_name(typed, limit)
    assert len(name) <= limit and whole.startswith(name)
    if len(whole) > limit and " " in whole[:limit + 1]:
        assert whole[len(name)] == " "  # the cut falls at a word's end, not inside a word
