"""One tokenizer for the field notation (issue 18, section 5): positions, level files and
puzzle codes read a field the same way, and each says a refusal in its own words."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.campaign.levels import Level, LevelFileError, format_level, load_level
from game.campaign.puzzles import BOX, CodeError, Puzzle, format_code, parse_code
from game.engine import Animal, Card, Colour, NotationError, Position, parse_position
from game.engine import position as notation

cards = st.builds(Card, st.sampled_from(Colour), st.sampled_from(Animal))


@st.composite
def full_fields(draw):
    """A field every reader takes: 1-4 rows, 1-8 columns, no column empty."""
    height = draw(st.integers(1, notation.MAX_ROWS))
    width = draw(st.integers(1, notation.MAX_COLUMNS))
    columns = tuple(tuple(draw(st.lists(cards, min_size=1, max_size=height)))
                    for _ in range(width))
    return Position(columns, max(height, max(len(c) for c in columns)))


def as_level_file(tmp_path, rows: list[str]):
    path = tmp_path / "level.txt"
    path.write_text("id: x\nname: X\nchapter: 1\npar: 1\n\n" + "\n".join(rows) + "\n")
    return path


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(full_fields())
def test_the_three_readers_read_every_field_alike(tmp_path, position):
    level = Level(id="x", english_name="X", chapter=1, par=1, position=position)
    path = tmp_path / "level.txt"
    path.write_text(format_level(level))
    assert load_level(path).position == position
    assert parse_position(str(position)) == position
    # A shared code also holds the box to its two of each card (issue 20): a field with more
    # is refused naming the card; any other reads back alike.
    over = {c.label for c in position.cards() if position.cards().count(c) > BOX[c]}
    if not over:
        assert parse_code(format_code(Puzzle(position))).position == position
    else:
        with pytest.raises(CodeError) as refused:
            parse_code(format_code(Puzzle(position)))
        assert any(label in str(refused.value) for label in over)


# One bad field of every kind read_field names; each reader must refuse it in its own words.
BAD = {
    notation.TOO_MANY_ROWS: ["YC", "YC", "YC", "YC", "YC"],
    notation.ODD_TOKEN: ["YCP"],
    notation.TOO_WIDE: ["YC" * 9],
    notation.RAGGED: ["YC PM", "OD"],
    notation.NOT_A_CARD: ["ZZ"],
    notation.FLOATS: ["YC", ".."],
    notation.NO_CARD: [".. .."],
}


def test_every_kind_of_problem_has_a_bad_field_here():
    kinds = {v for k, v in vars(notation).items() if k.isupper() and isinstance(v, str)
             and k not in ("EMPTY",)}
    assert set(BAD) | {notation.EMPTY_ROW} == kinds


@pytest.mark.parametrize("kind", BAD)
def test_each_reader_refuses_in_its_own_words(tmp_path, kind):
    rows = BAD[kind]
    with pytest.raises(notation.FieldProblem) as problem:
        notation.read_field(rows)
    assert problem.value.fault == kind
    with pytest.raises(NotationError) as as_position:
        parse_position("/".join(rows))
    with pytest.raises(LevelFileError) as as_level:
        load_level(as_level_file(tmp_path, rows))
    with pytest.raises(CodeError) as as_code:
        parse_code("/".join(r.replace(" ", "") for r in rows))
    words = {str(as_position.value), as_level.value.error.problem, str(as_code.value)}
    assert all(words), kind
    assert as_level.value.error.line is not None, "a level file names the line"


def test_an_empty_column_is_a_position_but_not_a_level_or_a_code(tmp_path):
    rows = [".. YC"]
    assert parse_position(rows[0]).columns == ((), (Card(Colour.YELLOW, Animal.CAT),))
    with pytest.raises(LevelFileError, match="column a is empty"):
        load_level(as_level_file(tmp_path, rows))
    with pytest.raises(CodeError, match="Column a"):
        parse_code("..YC")
