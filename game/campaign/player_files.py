"""What the game keeps for the player — progress, statistics, the family's people — and the
levels they play, each loaded once when first asked for. The App owns one and hands it down."""

from __future__ import annotations

from pathlib import Path

from game.campaign.levels import Campaign, load_campaign
from game.campaign.people import People
from game.campaign.progress import Progress
from game.campaign.puzzles import with_my_puzzles
from game.campaign.stats import Statistics
from game.paths import LEVELS, pref_dir


class PlayerFiles:
    """The player's stores from the pref folder (read when first asked for, then kept) and the
    campaign: the bundled levels, a --levels folder, or a folder a screen names, with the
    player's own puzzles."""

    def __init__(self, levels_root: str | Path | None = None) -> None:
        self.levels_root = levels_root  # a --levels folder instead of the bundled levels/
        self._progress: Progress | None = None
        self._statistics: Statistics | None = None
        self._people: People | None = None
        self._campaign: Campaign | None = None
        self._campaign_root: Path | None = None

    def progress(self) -> Progress:
        """Best results, stars and unlocking (progress.json)."""
        if self._progress is None:
            self._progress = Progress.load(pref_dir())
        return self._progress

    def statistics(self) -> Statistics:
        """The player's statistics (beside the progress)."""
        if self._statistics is None:
            self._statistics = Statistics.load(pref_dir())
        return self._statistics

    def people(self) -> People:
        """The family's people."""
        if self._people is None:
            self._people = People.load(pref_dir())
        return self._people

    def campaign(self, root: str | Path | None = None) -> Campaign:
        """The levels from `root`, else levels_root, else the bundled levels/, with the
        player's own puzzles; loaded once per root."""
        root = Path(root or self.levels_root or LEVELS)
        if self._campaign is None or self._campaign_root != root:
            self._campaign = with_my_puzzles(load_campaign(root), pref_dir())
            self._campaign_root = root
        return self._campaign

    def puzzles_changed(self) -> None:
        """The player saved a puzzle: the campaign loads again, with it in My puzzles."""
        self._campaign = None

    def take_progress_notice(self) -> str | None:
        """What went wrong with the progress file (kept aside, or not saved), once; None when
        nothing did or the progress was never read."""
        if self._progress is None or not self._progress.notice:
            return None
        notice, self._progress.notice = self._progress.notice, None
        return notice

    def forget(self) -> None:
        """Everything is read again when next asked for (the pref folder changed)."""
        self._progress = self._statistics = self._people = None
        self._campaign = self._campaign_root = None

    def use_people(self, people: People | None) -> None:
        """Keep these people in place of the pref folder's (a tool showing a made-up family);
        None: the pref folder's, read again when next asked for."""
        self._people = people

    def use_statistics(self, statistics: Statistics | None) -> None:
        """Keep these statistics in place of the pref folder's (a tool showing made-up play);
        None: the pref folder's, read again when next asked for."""
        self._statistics = statistics
