"""Progress: stars, best results, unlocking, corrupt files and interrupted writes."""

import datetime
import json
import os

import pytest

from game.campaign import progress as progress_module
from game.campaign.daily import daily_position, daily_seed
from game.campaign.progress import Progress, stars_for
from game.engine.rng import seed_from_text
from tests.campaign.helpers import campaign_of_sizes


def test_stars():
    assert [stars_for(n, 2) for n in (1, 2, 3, 4, 5, 9)] == [3, 3, 2, 1, 0, 0]
    assert stars_for(2, 2, target_met=False) == 0
    assert stars_for(None, 2) == 0


def test_results_survive_a_reload_and_only_improve(tmp_path):
    p = Progress.load(tmp_path)
    assert p.notice is None and p.best("a") is None
    assert p.record_level("a", 3)
    assert not p.record_level("a", 4)
    assert p.record_level("a", 2)
    assert not p.record_level("b", 1, target_met=False)
    assert p.record_classic(2018, 5) and p.record_daily(datetime.date(2026, 1, 2), 3)
    again = Progress.load(tmp_path)
    assert again.best("a") == 2 and again.best("b") is None and again.stars("a", 2) == 3
    assert again.best_classic(2018) == 5 and again.best_daily("2026-01-02") == 3
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.parametrize("junk", ["{not json", "[1, 2]", '{"levels": {"a": "three"}}', "\xff"])
def test_a_corrupt_file_is_kept_aside_and_play_goes_on(tmp_path, junk):
    path = tmp_path / "progress.json"
    path.write_bytes(junk.encode("latin-1"))
    p = Progress.load(tmp_path)
    assert p.notice and "kept as progress.json.corrupt-" in p.notice
    assert p.levels == {} and not path.exists()
    backups = list(tmp_path.glob("progress.json.corrupt-*"))
    assert len(backups) == 1 and backups[0].read_bytes() == junk.encode("latin-1")
    assert p.record_level("a", 1)  # and saving works again
    assert Progress.load(tmp_path).best("a") == 1


def test_a_kill_mid_write_leaves_the_old_file_intact(tmp_path, monkeypatch):
    p = Progress.load(tmp_path)
    p.record_level("a", 3)
    before = (tmp_path / "progress.json").read_text()

    def killed(src, dst):
        raise OSError("killed")

    monkeypatch.setattr(progress_module.os, "replace", killed)
    p.record_level("a", 1)
    assert p.notice and "could not be saved" in p.notice
    assert (tmp_path / "progress.json").read_text() == before
    assert not list(tmp_path.glob(".progress-*"))
    monkeypatch.undo()
    # A partial temp file left by a real kill is ignored by the next load.
    (tmp_path / ".progress-x.tmp").write_text('{"levels": {"a"')
    again = Progress.load(tmp_path)
    assert again.notice is None and again.best("a") == 3


def test_the_write_is_atomic_via_os_replace(tmp_path, monkeypatch):
    calls = []
    real = os.replace
    monkeypatch.setattr(progress_module.os, "replace", lambda s, d: calls.append((s, d)) or real(s, d))
    Progress.load(tmp_path).record_level("a", 2)
    (src, dst), = calls
    assert os.path.dirname(src) == str(tmp_path) and dst == tmp_path / "progress.json"
    assert json.loads((tmp_path / "progress.json").read_text())["levels"] == {"a": 2}


def test_unlocking(tmp_path):
    campaign = campaign_of_sizes([5, 4, 3])
    p = Progress(tmp_path)
    assert p.chapter_unlocked(campaign, 1) and not p.chapter_unlocked(campaign, 2)
    assert [p.level_unlocked(campaign, f"c1-{i}") for i in range(5)] == [1, 1, 0, 0, 0]
    p.record_level("c1-0", 3)  # 1 card over par: 1 star, cleared
    assert [p.level_unlocked(campaign, f"c1-{i}") for i in range(5)] == [1, 1, 1, 0, 0]
    p.record_level("c1-2", 1)  # skipping c1-1 is allowed: one look-ahead
    assert [p.level_unlocked(campaign, f"c1-{i}") for i in range(5)] == [1, 1, 1, 1, 1]
    assert not p.chapter_unlocked(campaign, 2)
    p.record_level("c1-1", 9)  # 0 stars: not cleared
    assert not p.chapter_unlocked(campaign, 2)
    p.record_level("c1-1", 2)  # 3 of 5 = 60%
    assert p.chapter_unlocked(campaign, 2) and not p.chapter_unlocked(campaign, 3)
    assert p.level_unlocked(campaign, "c2-0") and not p.level_unlocked(campaign, "c3-0")
    assert p.chapter_stars(campaign, 1) == (1 + 3 + 2, 15)


def test_daily_seed_is_the_date_text_seed():
    day = datetime.date(2026, 3, 14)
    assert daily_seed(day) == seed_from_text("2026-03-14")
    assert daily_seed(day) != daily_seed(day + datetime.timedelta(days=1))
    assert daily_position(day) == daily_position(datetime.date(2026, 3, 14))


def test_only_the_most_recent_classic_deals_are_kept(tmp_path, monkeypatch):
    monkeypatch.setattr(progress_module, "CLASSIC_KEEP", 5)
    monkeypatch.setattr(Progress, "save", lambda self: None)  # no file per record: fast
    p = Progress(tmp_path)
    for day in range(1, 12):
        p.record_daily(datetime.date(2026, 1, day), 3)
    for seed in range(8):
        p.record_classic(seed, 10)
    assert list(p.classic) == ["3", "4", "5", "6", "7"]
    assert not p.record_classic(3, 12)  # not better, but played again: now the most recent
    assert p.record_classic(9, 4)
    assert list(p.classic) == ["5", "6", "7", "3", "9"] and p.best_classic(3) == 10
    assert len(p.daily) == 11  # the daily results are never dropped


def test_the_cap_holds_across_saves_and_loads(tmp_path):
    p = Progress(tmp_path)
    p.classic = {str(seed): 6 for seed in range(progress_module.CLASSIC_KEEP + 50)}  # an old file
    p.daily = {f"2025-01-{d:02}": 2 for d in range(1, 29)}
    p.save()
    again = Progress.load(tmp_path)
    assert len(again.classic) == progress_module.CLASSIC_KEEP and "0" not in again.classic
    again.record_classic("new", 1)
    saved = json.loads((tmp_path / "progress.json").read_text())
    assert len(saved["classic"]) == progress_module.CLASSIC_KEEP
    assert list(saved["classic"])[-1] == "new" and "50" not in saved["classic"]
    assert len(saved["daily"]) == 28
