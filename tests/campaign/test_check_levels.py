"""tools/check_levels.py: the whole campaign's pars are proven; wrong pars are caught."""

import pytest

from game.campaign.difficulty import Measure
from game.campaign.levels import DEFAULT_ROOT
from game.engine import parse_position
from tests.campaign.helpers import GOOD, check_tool, write_chapter

check_levels = check_tool()


@pytest.fixture(scope="module")
def campaign_rows():
    return check_levels.check(DEFAULT_ROOT)


def test_every_campaign_level_loads_and_its_par_is_proven(campaign_rows):
    assert campaign_rows  # an empty campaign would pass the check below unseen
    bad = [p for row in campaign_rows for p in row.problems]
    assert not bad, bad
    assert len(campaign_rows) >= 40
    for row in campaign_rows:
        assert row.solved == row.par and row.lines >= 1 and 0.0 <= row.share <= 1.0


def test_difficulty_rises_within_each_chapter(campaign_rows):
    by_chapter: dict[int, list[float]] = {}
    for row in campaign_rows:
        by_chapter.setdefault(row.chapter, []).append(row.share)
    assert len(by_chapter) > 1 and all(len(shares) > 1 for shares in by_chapter.values())
    for shares in by_chapter.values():
        assert shares == sorted(shares, reverse=True)


def test_a_par_the_solver_disproves_is_named_with_file_and_line(tmp_path):
    folder = write_chapter(tmp_path)
    (folder / "01-wrong.txt").write_text(GOOD.format(id="wrong", par=2))
    rows = check_levels.check(tmp_path, playouts=20)
    assert not rows[0].ok
    assert rows[0].problems[0] == f"{folder / '01-wrong.txt'}:5: par 2, but the solver proves 1"
    assert check_levels.main(["--root", str(tmp_path), "--playouts", "5"]) == 1


def test_a_target_that_cannot_survive_is_an_error(tmp_path):
    folder = write_chapter(tmp_path)
    # The yellow mouse sits beside the cat, which must scare it: it can never remain.
    (folder / "01-doomed.txt").write_text(
        "id: doomed\nname: Doomed\nchapter: 1\npar: 1\ntarget: YM\n\nYC YM\n")
    rows = check_levels.check(tmp_path, playouts=20)
    assert rows[0].problems == (f"{folder / '01-doomed.txt'}:5: target YM cannot survive",)


def test_bad_files_show_as_failing_rows(tmp_path):
    folder = write_chapter(tmp_path)
    (folder / "01-ok.txt").write_text(GOOD.format(id="ok", par=1))
    (folder / "02-bad.txt").write_text("id: bad\nname: B\nchapter: 1\npar: x\n\nYC PM\n")
    rows = check_levels.check(tmp_path, playouts=20)
    assert [r.ok for r in rows] == [True, False]
    assert "02-bad.txt:4: par must be a whole number" in rows[1].problems[0]


def test_the_measures_agree_with_the_solver_and_perft():
    # RULES.md example: solo perft 1 3 10 17 12; every line that ends does so at depth 4.
    m = Measure(parse_position("YC .. OE/PM BD YE"))
    assert m.fewest() == 1
    assert m.lines(1) == 12
    assert m.lines(1, cap=5) == 5
    assert len(m.winning_line(1)) == 4
