"""Level files: the format, the loader's refusals (file, line, problem), the whole campaign."""

import pytest

from game.campaign.levels import (
    DEFAULT_ROOT,
    LevelFileError,
    format_level,
    load_campaign,
    load_level,
)
from game.engine import parse_card, parse_position
from tests.campaign.helpers import GOOD, write_chapter


def test_a_good_level_loads_and_round_trips(tmp_path):
    path = tmp_path / "01-cat.txt"
    path.write_text(GOOD.format(id="cat", par=1))
    level = load_level(path)
    assert (level.id, level.name, level.chapter, level.par) == ("cat", "Cat and Mouse", 1, 1)
    assert level.position == parse_position("YC PM")
    assert level.target is None and level.hint == "A cat scares a mouse." and level.path == path
    again = tmp_path / "02-again.txt"
    again.write_text(format_level(level))
    assert load_level(again) == level


def test_drawn_field_with_gravity_and_target(tmp_path):
    path = tmp_path / "t.txt"
    path.write_text("id: t\nname: T\nchapter: 4\npar: 2\ntarget: yc\n\n.. YD ..\nOC PM YC\n")
    level = load_level(path)
    assert level.position == parse_position(".. YD ../OC PM YC")
    assert level.target == parse_card("YC")


BAD = {
    "missing field": ("id: x\nname: X\nchapter: 1\n\nYC PM\n", None, "missing field 'par:'"),
    "bad card": ("id: x\nname: X\nchapter: 1\npar: 1\n\nYC PX\n", 6, "b1: 'PX' is not a card"),
    "ragged rows": ("id: x\nname: X\nchapter: 1\npar: 1\n\nYC PM\nOD\n", 7, "ragged rows"),
    "floating card": ("id: x\nname: X\nchapter: 1\npar: 1\n\nYC PM\n.. OD\n", 6,
                      "a2 YC floats above an empty cell"),
    "unknown key": ("id: x\nname: X\nlevel: 3\nchapter: 1\npar: 1\n\nYC PM\n", 3,
                    "unknown key 'level'"),
    "par not a number": ("id: x\nname: X\nchapter: 1\npar: one\n\nYC PM\n", 4,
                         "par must be a whole number, not 'one'"),
    "target not a card": ("id: x\nname: X\nchapter: 1\npar: 1\ntarget: YQ\n\nYC PM\n", 5,
                          "target 'YQ' is not a card"),
    "target not on field": ("id: x\nname: X\nchapter: 1\npar: 1\ntarget: BE\n\nYC PM\n", 5,
                            "target BE is not on the field"),
    "no field": ("id: x\nname: X\nchapter: 1\npar: 1\n", None, "there is no field"),
    "split field": ("id: x\nname: X\nchapter: 1\n\nYC PM\npar: 1\nYC PM\n", 7, "stand together"),
    "too wide": ("id: x\nname: X\nchapter: 1\npar: 1\n\nYC YC YC YC YC YC YC YC YC\n", 6,
                 "at most 8"),
    "empty column": ("id: x\nname: X\nchapter: 1\npar: 1\n\n.. PM\n.. YC\n", 7, "column a is empty"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_file_is_refused_naming_file_line_and_problem(tmp_path, case):
    text, line, problem = BAD[case]
    path = tmp_path / "bad-level.txt"
    path.write_text(text)
    with pytest.raises(LevelFileError) as caught:
        load_level(path)
    error = caught.value.error
    assert error.path == path and error.line == line
    assert problem in error.problem
    message = str(caught.value)
    assert message.startswith(f"{path}:{line}: " if line else f"{path}: ")


def test_duplicate_id_and_bad_files_do_not_stop_the_others(tmp_path):
    folder = write_chapter(tmp_path)
    (folder / "01-a.txt").write_text(GOOD.format(id="same", par=1))
    (folder / "02-b.txt").write_text(GOOD.format(id="same", par=1))
    (folder / "03-c.txt").write_text("id: c\nname: C\nchapter: 1\npar: 1\n\nYC PX\n")
    (folder / "04-d.txt").write_text(GOOD.format(id="other", par=1))
    campaign = load_campaign(tmp_path)
    assert [lv.id for lv in campaign.levels] == ["same", "other"]
    messages = [str(e) for e in campaign.errors]
    assert messages[0] == (f"{folder / '02-b.txt'}:2: duplicate id 'same' "
                           f"(also in {folder / '01-a.txt'})")
    assert messages[1].startswith(f"{folder / '03-c.txt'}:6: ")
    assert len(campaign.chapter(1).broken) == 2


def test_chapter_mismatch_and_missing_chapter_file(tmp_path):
    folder = write_chapter(tmp_path, 2)
    (folder / "01-a.txt").write_text(GOOD.format(id="a", par=1))  # says chapter 1
    (tmp_path / "9-nameless").mkdir()
    campaign = load_campaign(tmp_path)
    assert not campaign.levels
    problems = " | ".join(str(e) for e in campaign.errors)
    assert "01-a.txt:4: chapter 1, but the file is in chapter 2's folder" in problems
    assert "9-nameless: no chapter.txt" in problems


def test_missing_levels_folder_is_an_error_not_a_crash(tmp_path):
    campaign = load_campaign(tmp_path / "nowhere")
    assert not campaign.levels and len(campaign.errors) == 1


def test_the_shipped_campaign():
    campaign = load_campaign(DEFAULT_ROOT)
    assert not campaign.errors, [str(e) for e in campaign.errors]
    assert len(campaign.levels) >= 40
    assert len(campaign.chapters) >= 4
    assert len({lv.id for lv in campaign.levels}) == len(campaign.levels)
    assert all(lv.name and lv.author for lv in campaign.levels)
    assert all(lv.hint for lv in campaign.chapter(1).levels)
    assert any(lv.target for lv in campaign.levels)
    assert any(lv.position.width == 8 and lv.position.height == 4 for lv in campaign.levels)
    assert min(lv.position.card_count() for lv in campaign.chapter(1).levels) == 2
