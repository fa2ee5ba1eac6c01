"""What the chapter select says of a chapter: why it is locked, and how much of it is cleared."""

from pathlib import Path

from game.campaign.chapter_words import cleared_words, why_locked
from game.campaign.levels import Chapter, LevelError
from game.campaign.progress import Progress
from tests.campaign.helpers import campaign_of_sizes


def test_a_locked_chapter_counts_the_levels_left_before_it_and_says_so_shorter_too(tmp_path):
    campaign = campaign_of_sizes([5, 4, 3])
    progress = Progress(tmp_path)
    assert why_locked(campaign, progress, 1) == (
        "Clear 3 more levels in Chapter 1 to open this chapter", "3 more levels in Chapter 1")
    progress.record_level("c1-0", 1)
    progress.record_level("c1-1", 1)
    assert why_locked(campaign, progress, 1)[1] == "1 more level in Chapter 1"


def test_a_chapter_behind_a_locked_one_names_that_one_to_open_first(tmp_path):
    campaign = campaign_of_sizes([5, 4, 3])
    assert why_locked(campaign, Progress(tmp_path), 2) == ("Open Chapter 2 first",)


def test_the_cleared_count_names_the_levels_that_could_not_be_loaded(tmp_path):
    campaign = campaign_of_sizes([3])
    progress = Progress(tmp_path)
    progress.record_level("c1-2", 1)
    assert cleared_words(progress, campaign.chapters[0]) == "1 of 3 levels cleared"
    broken = Chapter(1, "Chapter 1", levels=campaign.levels, broken=(LevelError(Path("c1-9.txt"), 2, "no field"),))
    assert cleared_words(progress, broken) == "1 of 3 levels cleared, 1 unavailable"
