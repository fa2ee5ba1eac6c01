"""The player's progress: best results, stars, unlocking; a JSON file written atomically."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from game.campaign.levels import Campaign
from game.campaign.puzzles import is_my_chapter
from game.files import FileFault, read_text, shown
from game.i18n import FileRefused, _, reason
from game.paths import keep_aside

FILE_NAME = "progress.json"
VERSION = 1
UNLOCK_SHARE = 0.6  # share of a chapter's levels to clear before the next chapter opens
LOOK_AHEAD = 1  # levels playable beyond the first uncleared one
CLASSIC_KEEP = 200  # classic deals remembered (the most recent); daily results are all kept


def stars_for(cards_left: int | None, par: int, target_met: bool = True) -> int:
    """Par = 3 stars, par+1 = 2, par+2 = 1, else 0 (also 0 when the advanced target was lost)."""
    if cards_left is None or not target_met:
        return 0
    return max(0, 3 - max(0, cards_left - par))


class Progress:
    """Best results per level, classic seed and daily date, kept in `folder`/progress.json.

    `classic` is in the order the deals were last finished, oldest first, and holds at most
    CLASSIC_KEEP of them. `load` never raises: a corrupt file is moved aside and play goes on with empty progress;
    the player-facing notice is in `notice`.
    """

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.levels: dict[str, int] = {}
        self.classic: dict[str, int] = {}
        self.daily: dict[str, int] = {}
        self.notice: str | None = None

    @property
    def path(self) -> Path:
        return self.folder / FILE_NAME

    # -- loading -----------------------------------------------------------------------------

    @classmethod
    def load(cls, folder: str | Path) -> Progress:
        progress = cls(folder)
        path = progress.path
        try:
            text = read_text(path)
        except FileNotFoundError:
            return progress
        except FileFault as fault:
            progress._set_aside(fault.words)
            return progress
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as err:
            # RecursionError: deeply nested JSON (a damaged or hostile file) is damaged too.
            progress._set_aside(reason(err))
            return progress
        try:
            progress._take(data)  # says ValueError for every bad shape; anything else is a bug
        except ValueError as err:
            progress.levels, progress.classic, progress.daily = {}, {}, {}
            progress._set_aside(reason(err))
        return progress

    def _take(self, data) -> None:
        if not isinstance(data, dict):
            raise FileRefused(_("it holds no results"))
        self.levels = _results(data.get("levels", {}), "levels")
        self.classic = _results(data.get("classic", {}), "classic")
        self._trim_classic()
        self.daily = _results(data.get("daily", {}), "daily")

    def _set_aside(self, why: str) -> None:
        """Keep the unreadable file as a backup beside it, then start with empty progress."""
        backup = keep_aside(self.path, "corrupt")
        if backup is None:
            self.notice = _("Your progress file is damaged (%(why)s); play goes on with fresh "
                            "progress.") % {"why": why}
            return
        self.notice = _("Your progress file was damaged (%(why)s). It was kept as %(file)s; "
                        "play goes on with fresh progress.") % {"why": why,
                                                                 "file": shown(backup.name)}

    # -- saving ------------------------------------------------------------------------------

    def to_json(self) -> dict:
        return {"version": VERSION, "levels": dict(sorted(self.levels.items())),
                "classic": dict(self.classic),  # oldest first: the order is the recency
                "daily": dict(sorted(self.daily.items()))}

    def save(self) -> str | None:
        """Write atomically (temp file in the same folder, then os.replace). None, or a notice."""
        tmp = None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".progress-", suffix=".tmp", dir=self.folder)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(self.to_json(), out, indent=1)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, self.path)
            tmp = None
            return None
        except OSError as err:
            self.notice = _("Your progress could not be saved (%(why)s).") % {"why": err}
            return self.notice
        finally:
            if tmp is not None:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass

    # -- results -----------------------------------------------------------------------------

    def record_level(self, level_id: str, cards_left: int, target_met: bool = True) -> bool:
        """Keep a finished level's result if it is the best so far; saves. True if improved.

        A result that lost the advanced target earns nothing and is not kept.
        """
        if not target_met:
            return False
        return self._better(self.levels, level_id, cards_left)

    def record_classic(self, seed: int | str, cards_left: int) -> bool:
        """Keep a finished classic deal's best; it becomes the most recent. True if improved.

        Only the CLASSIC_KEEP most recently finished deals are kept, so the file stays small.
        """
        key = str(seed)
        old = self.classic.get(key)
        improved = old is None or cards_left < old
        already_newest = next(reversed(self.classic), None) == key
        self.classic.pop(key, None)
        self.classic[key] = cards_left if improved else old
        trimmed = self._trim_classic()
        if improved or trimmed or not already_newest:
            self.save()
        return improved

    def _trim_classic(self) -> bool:
        """Forget the oldest classic deals beyond CLASSIC_KEEP; True if any went."""
        extra = len(self.classic) - CLASSIC_KEEP
        for key in list(self.classic)[:max(0, extra)]:
            del self.classic[key]
        return extra > 0

    def record_daily(self, date, cards_left: int) -> bool:
        key = date if isinstance(date, str) else date.isoformat()
        return self._better(self.daily, key, cards_left)

    def _better(self, table: dict[str, int], key: str, cards_left: int) -> bool:
        if key in table and table[key] <= cards_left:
            return False
        table[key] = cards_left
        self.save()
        return True

    def best(self, level_id: str) -> int | None:
        return self.levels.get(level_id)

    def best_classic(self, seed: int | str) -> int | None:
        return self.classic.get(str(seed))

    def best_daily(self, date) -> int | None:
        return self.daily.get(date if isinstance(date, str) else date.isoformat())

    def stars(self, level_id: str, par: int) -> int:
        return stars_for(self.levels.get(level_id), par)

    def cleared(self, level_id: str, par: int) -> bool:
        """A level counts as cleared once it has earned at least one star."""
        return self.stars(level_id, par) > 0

    # -- unlocking ---------------------------------------------------------------------------

    def chapter_unlocked(self, campaign: Campaign, number: int) -> bool:
        """The first chapter is always open; the next opens at UNLOCK_SHARE of this one cleared."""
        if is_my_chapter(campaign, number):
            return True  # the player's own puzzles are always open
        chapters = campaign.chapters
        index = next((i for i, ch in enumerate(chapters) if ch.number == number), None)
        if index is None:
            return False
        if index == 0:
            return True
        before = chapters[index - 1]
        if not before.levels:
            return self.chapter_unlocked(campaign, before.number)
        done = sum(1 for lv in before.levels if self.cleared(lv.id, lv.par))
        return self.chapter_unlocked(campaign, before.number) and (
            done >= UNLOCK_SHARE * len(before.levels) - 1e-9)

    def level_unlocked(self, campaign: Campaign, level_id: str) -> bool:
        """In an open chapter: the first levels, and any within LOOK_AHEAD+1 of a cleared one."""
        level = campaign.level(level_id)
        if level is None or not self.chapter_unlocked(campaign, level.chapter):
            return False
        if is_my_chapter(campaign, level.chapter):
            return True
        levels = campaign.chapter(level.chapter).levels
        i = next(i for i, lv in enumerate(levels) if lv.id == level_id)
        if i <= LOOK_AHEAD:
            return True
        earlier = levels[max(0, i - 1 - LOOK_AHEAD):i]
        return any(self.cleared(lv.id, lv.par) for lv in earlier)

    def chapter_stars(self, campaign: Campaign, number: int) -> tuple[int, int]:
        """(stars earned, stars possible) in a chapter."""
        chapter = campaign.chapter(number)
        if chapter is None:
            return 0, 0
        return sum(self.stars(lv.id, lv.par) for lv in chapter.levels), 3 * len(chapter.levels)


def _results(table, name: str) -> dict[str, int]:
    if not isinstance(table, dict):
        raise ValueError(f"'{name}' is not a table")
    out: dict[str, int] = {}
    for key, value in table.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"'{name}' holds a bad result for {key!r}")
        out[str(key)] = value
    return out

