"""The RULES.md text notation: parsing, formatting, and refusals that name the row or cell."""

import pytest

from game.engine import (
    Animal,
    Card,
    Colour,
    Move,
    NotationError,
    Position,
    format_position,
    parse_card,
    parse_move,
    parse_position,
)

EXAMPLE = "YC .. OE/PM BD YE"
YC, OE, PM, BD, YE = (parse_card(c) for c in ("YC", "OE", "PM", "BD", "YE"))


def test_example_parses_bottom_up_columns():
    p = parse_position(EXAMPLE)
    assert p == Position(((PM, YC), (BD,), (YE, OE)), 2)
    assert p.width == 3 and p.height == 2 and p.card_count() == 5
    assert p.card_at(1, 0) == BD and p.card_at(1, 1) is None
    assert YC == Card(Colour.YELLOW, Animal.CAT)


@pytest.mark.parametrize(
    "text",
    [
        EXAMPLE,
        "YC",
        "YC BD PC YC BM OC BC BE/PE BC PD OE OM YM YD BD/YE BM PE YM PC OM OD YD/"
        "OE BE OD OC PM PD YE PM",
        "BC .. .. .. .. .. ../OE .. .. YD BD YC ../PC OE PM PD BM YM ../OD YE BD PD PC PE OC",
        ".. ../YC ..",
    ],
)
def test_format_round_trip(text):
    assert format_position(parse_position(text)) == text
    assert parse_position(format_position(parse_position(text))) == parse_position(text)


@pytest.mark.parametrize(
    "text",
    [
        "yc .. oe/pm bd ye",
        "Yc .. oE/pM Bd yE",
        "YC   ..  OE / PM BD   YE",
        "YC..OE/PMBDYE",
        "YC ..OE/PM BDYE",
        "  YC .. OE/PM BD YE  ",
    ],
)
def test_lenient_input(text):
    assert format_position(parse_position(text)) == EXAMPLE


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("YC .. OE/PM BD", "row 2 has 3 cells, row 1 has 2"),
        ("YC .. OE YC .. OE PM BD/PM BD YE PM BD YE PM", "row 2 has 8 cells, row 1 has 7"),
        ("YC BD OE/PM .. YE/PM BD YE", "b3 floats above an empty cell"),
        ("YC BD OE/PM .. YE", "b2 floats above an empty cell"),
        ("YX .. OE/PM BD YE", "'YX' is not a card"),
        ("YC .. OE/PM BD ZE", "c1: 'ZE' is not a card"),
        ("YC .. OE/PM BDY YE", "'BDY' is not a card"),
        ("YC YC YC YC YC YC YC YC YC", "at most 8"),
        ("YC/YC/YC/YC/YC", "at most 4"),
        ("", "empty"),
        ("   ", "empty"),
        ("YC//YC", "row 2 is empty"),
    ],
)
def test_refusals_name_the_row_or_cell(text, needle):
    with pytest.raises(NotationError) as err:
        parse_position(text)
    assert needle in str(err.value)


def test_issue_examples():
    """The three refusals quoted in issue 2, word for word."""
    with pytest.raises(NotationError, match="row 2 has 7 cells, row 1 has 8"):
        parse_position("YC YC YC YC YC YC YC/YC YC YC YC YC YC YC YC")
    with pytest.raises(NotationError, match="b3 floats above an empty cell"):
        parse_position(".. BD/.. ../YC PM")
    with pytest.raises(NotationError, match="'YX' is not a card"):
        parse_position("YX")


def test_eight_columns_and_four_rows_are_allowed():
    text = "/".join(["YC OE PM BD YE OC PD BM"] * 4)
    p = parse_position(text)
    assert (p.width, p.height) == (8, 4)


def test_cards():
    assert parse_card("yc") == YC
    assert YC.code == "YC" and str(OE) == "OE"
    for bad in ("", "Y", "YCC", "..", "CY", "XX"):
        with pytest.raises(ValueError):
            parse_card(bad)


@pytest.mark.parametrize(
    ("text", "move", "printed"),
    [
        ("b1xc1", Move((1, 0), (2, 0), False), "b1xc1"),
        ("b1xc1+", Move((1, 0), (2, 0), True), "b1xc1+"),
        ("c1xc2", Move((2, 0), (2, 1), False), "c1xc2"),
        ("c1xc2+", Move((2, 0), (2, 1), False), "c1xc2"),  # + on a vertical scare: same move
        ("H4XG4+", Move((7, 3), (6, 3), True), "h4xg4+"),
        (" a2xa1 ", Move((0, 1), (0, 0), False), "a2xa1"),
    ],
)
def test_moves_parse_and_print(text, move, printed):
    assert parse_move(text) == move
    assert str(parse_move(text)) == printed
    assert parse_move(printed) == move


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("b1c1", "is not a move"),
        ("i1xh1", "is not a move"),
        ("a5xa4", "is not a move"),
        ("b1xc1++", "is not a move"),
        ("", "is not a move"),
        ("a1xc1", "a1 and c1 are not neighbours"),
        ("a1xb2", "are not neighbours"),
        ("a1xa1", "are not neighbours"),
    ],
)
def test_bad_moves_are_refused(text, needle):
    with pytest.raises(NotationError, match=needle):
        parse_move(text)
