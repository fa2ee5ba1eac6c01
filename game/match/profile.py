"""The player's profile: what a finished game means for their records, written once, at once.

When the last move of a game is played the session hands the game here: its record joins the
replays, the statistics count it, the progress keeps a best result — each file written
atomically — and only then does the session remove the save. Every step is keyed by the
game's own id, so a game read back again (a save left by a crash at the last move) is counted
once. The progress and statistics stores are the campaign layer's (passed in, not imported).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date as Date
from pathlib import Path

from game.engine.state import GameState
from game.match.loading import keep_game
from game.match.occasions import occasion_of
from game.match.record import Record


@dataclass(frozen=True, slots=True)
class Finish:
    """What the end meant: the best result before this game (level, deal or day; None: the
    first result kept) and the notices the player should read (a file that failed)."""

    before: int | None = None
    notices: tuple[str, ...] = ()


class Profile:
    """Progress (best results), statistics and replays, kept in one folder; and the family's
    people (game.campaign.people; None: nobody is counted, as at a kiosk)."""

    def __init__(self, progress, statistics, folder: str | Path | None = None,
                 people=None) -> None:
        self.progress = progress
        self.statistics = statistics
        self.people = people
        self.folder = folder  # the replays' folder (None: the pref folder)

    def best_before(self, record: Record) -> int | None:
        """The best result kept for its level, deal or day (None: none yet; a couch game: None)."""
        return occasion_of(record).best(self.progress, record)

    def finish(self, record: Record, final: GameState, par: int | None = None,
               online: bool = False) -> Finish:
        """Keep a finished game: its replay, its count, its best (each as its occasion
        keeps it). Safe to call again for the same game (its id): nothing is counted twice.
        A game at an online table (`online`, or a host's save read back) is counted and kept
        as one."""
        online = online or record.online is not None
        if not final.over:
            raise ValueError("only a finished game is kept")
        occasion = occasion_of(record)
        before = occasion.best(self.progress, record)
        notices = []
        dated = record if record.date else replace(record, date=Date.today().isoformat())
        notice = keep_game(dated, final, self.folder, online=online)
        if notice:
            notices.append(notice)
        people = self.people
        told = (self.statistics.notice, self.progress.notice,  # notices given stay given
                people.notice if people is not None else None)
        occasion.keep(self, record, final, par, online)
        now = (self.statistics.notice, self.progress.notice,
               people.notice if people is not None else None)
        notices += [n for n, old in zip(now, told, strict=True) if n and n is not old]
        return Finish(before, tuple(dict.fromkeys(notices)))
