"""While the game runs: the player's tables over days are asked every few minutes off the frame
thread; a table that became theirs (or has a quarter of its time left) is told by a desktop
notification, and a click on it is handed to the frame thread, which opens that table."""

from __future__ import annotations

import queue
import sys
from collections.abc import Callable

from game.notifier import Notifier
from game.online.client.tokens import FILE_NAME, peek
from game.online.client.turns import (
    TOLD_FILE,
    Told,
    ToldFile,
    TurnChecker,
    TurnWatch,
    Watched,
    told_words,
    watched_in,
)
from game.paths import pref_dir


def kept_tables() -> list[Watched]:
    """The tables the window keeps seat tokens for, read anew each round."""
    return watched_in(peek(pref_dir() / FILE_NAME))


class TurnAlerts:
    """The watch (the game runs it on a thread of its own); `take_link` gives the frame thread each clicked table's link.
    The notifier starts at the first news only: a player with no table over days starts none."""

    def __init__(self, tables: Callable[[], list[Watched]] = kept_tables,
                 checker: TurnChecker | None = None, notifier=Notifier) -> None:
        self._make_notifier = notifier
        self.notifier = None
        self.clicked: queue.SimpleQueue[str] = queue.SimpleQueue()
        # What the watcher told already (it may run beside the game) is not told again.
        checker = checker or TurnChecker(told=ToldFile(pref_dir() / TOLD_FILE))
        self.watch = TurnWatch(tables, self._tell, checker)

    def _tell(self, told: Told) -> None:
        if self.notifier is None:
            self.notifier = self._make_notifier(self.clicked.put, on_missing=_say)
        self.notifier.show(*told_words(told), told.link)

    def take_link(self) -> str | None:
        try:
            return self.clicked.get_nowait()
        except queue.Empty:
            return None

    def stop(self) -> None:
        self.watch.stop()
        if self.notifier is not None:
            self.notifier.close()


def _say(words: str) -> None:
    print(f"scare-it: {words}", file=sys.stderr, flush=True)
