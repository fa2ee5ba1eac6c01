"""Puzzle codes and the My puzzles folder: round trips, refusals, broken user files."""

import pytest

from game.campaign.levels import load_campaign
from game.campaign.puzzles import (
    MY_CHAPTER,
    CodeError,
    Puzzle,
    format_code,
    load_my_puzzles,
    my_chapter,
    parse_code,
    save_puzzle,
    with_my_puzzles,
)
from game.engine.cards import parse_card
from game.engine.position import parse_position
from tests.campaign.helpers import GOOD, write_chapter


def test_a_code_round_trips_with_and_without_a_target():
    puzzle = Puzzle(parse_position("YC .. OE/PM BD YE"), parse_card("YC"))
    code = format_code(puzzle)
    assert code == "YC..OE/PMBDYE@YC"
    assert parse_code(code) == puzzle
    assert parse_code(" yc .. oe / pm bd ye @ yc ") == puzzle
    plain = Puzzle(parse_position("YC"))
    assert parse_code(format_code(plain)) == plain


@pytest.mark.parametrize("text, words", [
    ("", "Paste a puzzle code"),
    ("hello world", "not a puzzle code"),
    ("YC../PMBDYE", "not equally wide"),
    ("YC..OE/PM..YE", "Column b"),
    ("..YC/PM..", "float"),
    ("YC" * 40, "at most 8 columns"),
    ("/".join(["YCYC"] * 10), "at most 4 rows"),
    ("YCPM@ZZ", "not a card"),
    ("YCPM@BE", "not on the field"),
    ("ZZPM", "'ZZ' is not a card"),
])
def test_bad_codes_are_refused_in_one_line(text, words):
    with pytest.raises(CodeError) as err:
        parse_code(text)
    assert words in str(err.value)
    assert "\n" not in str(err.value)


def test_saved_puzzles_load_as_the_my_puzzles_chapter(tmp_path):
    puzzle = Puzzle(parse_position("YC PM/PE YD"), parse_card("PE"))
    first = save_puzzle(tmp_path, "Cat & Mouse!", puzzle, 2)
    second = save_puzzle(tmp_path, "Cat & Mouse!", puzzle, 2)
    assert first.id == "my-cat-mouse" and second.id == "my-cat-mouse-2"
    chapter = load_my_puzzles(tmp_path)
    assert chapter.number == MY_CHAPTER
    assert [lv.id for lv in chapter.levels] == ["my-cat-mouse", "my-cat-mouse-2"]
    assert chapter.levels[0].position == puzzle.position
    assert chapter.levels[0].target == puzzle.target and chapter.levels[0].par == 2


def test_no_folder_means_no_chapter(tmp_path):
    assert load_my_puzzles(tmp_path) is None
    root = tmp_path / "levels"
    folder = write_chapter(root)
    (folder / "01.txt").write_text(GOOD.format(id="cat", par=1))
    campaign = load_campaign(root)
    assert with_my_puzzles(campaign, tmp_path) is campaign


def test_a_file_edited_into_nonsense_is_refused_naming_file_and_line(tmp_path):
    save_puzzle(tmp_path, "Good one", Puzzle(parse_position("YC PM")), 1)
    bad = tmp_path / "puzzles" / "my-bad.txt"
    bad.write_text("id: my-bad\nname: Bad\nchapter: 99\npar: one\n\nYC PM\n")
    root = tmp_path / "levels"
    folder = write_chapter(root)
    (folder / "01.txt").write_text(GOOD.format(id="cat", par=1))
    campaign = with_my_puzzles(load_campaign(root), tmp_path)
    mine = my_chapter(campaign)
    assert mine.number == 2 and mine.levels[0].chapter == 2  # after the curated chapter
    assert [lv.id for lv in mine.levels] == ["my-good-one"]
    (error,) = mine.broken
    assert error.path == bad and error.line == 4 and "par" in error.problem
    assert campaign.level("my-good-one") is not None and campaign.level("cat") is not None
    assert error in campaign.errors
