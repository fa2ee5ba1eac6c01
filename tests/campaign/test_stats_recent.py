"""Recent solo results: each kept with its hints, the best its deal allowed added once proven,
the last weeks only; they read back, and a damaged entry sets the file aside."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from game.campaign.stats import IMPOSSIBLE, RECENT_DAYS, Statistics, share_line
from tests.campaign.test_stats import solo_end

DAY = date(2026, 11, 26)


def test_a_result_is_kept_with_its_hints_then_its_best(tmp_path):
    stats = Statistics(tmp_path)
    stats.record_solo(solo_end("YC PE"), daily=DAY, game="g1", hints=2, today=DAY)
    stats.note_best("g1", 1)
    stats.record_solo(solo_end("YC PE YE", target="PE"), game="g2", today=DAY)
    stats.note_best("g2", None)  # no line keeps the target
    again = Statistics.load(tmp_path)
    first, second = again.recent
    assert (first["left"], first["hints"], first["best"], first["daily"]) == (2, 2, 1,
                                                                                DAY.isoformat())
    assert second["best"] == IMPOSSIBLE and second["hints"] == 0


def test_an_unproven_best_or_an_unknown_game_changes_nothing(tmp_path):
    stats = Statistics(tmp_path)
    stats.record_solo(solo_end("YC PE"), game="g1", today=DAY)
    stats.note_best("g1", None, proven=False)
    stats.note_best("other", 3)
    stats.note_best(None, 3)
    assert stats.recent[0]["best"] is None


def test_only_the_last_weeks_are_kept(tmp_path):
    stats = Statistics(tmp_path)
    for back in (RECENT_DAYS + 3, RECENT_DAYS, 1):
        stats.record_solo(solo_end("YC PE"), game=f"g{back}",
                          today=DAY - timedelta(days=back))
    stats.record_solo(solo_end("YC PE"), game="today", today=DAY)
    assert [e["game"] for e in stats.recent] == ["g1", "today"]


@pytest.mark.parametrize("entry", [5, {"day": 3}, {"day": "x", "left": 1},
                                   {"day": "2026-11-26", "left": -1},
                                   {"day": "2026-11-26", "left": 1, "best": "lots"},
                                   {"day": "2026-11-26", "left": 1, "seed": "7"}])
def test_a_damaged_entry_sets_the_file_aside(tmp_path, entry):
    (tmp_path / "statistics.json").write_text(json.dumps({"recent": [entry]}))
    stats = Statistics.load(tmp_path)
    assert stats.recent == [] and stats.notice


def test_the_shared_line_says_the_daily_best_and_the_hints():
    line = share_line(solo_end("YC PE YE"), daily=DAY, hints=1, best=1)
    assert line.endswith("3 cards left · Tamer · best possible 1 card · 1 hint")
    assert "best possible" not in share_line(solo_end("YC PE YE"), best=1)  # the daily's only
