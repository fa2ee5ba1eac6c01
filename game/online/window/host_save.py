"""The host's saves of its online table: the table's own game, as its server holds it, for
Continue (a joiner's saves are in joined_save.py)."""

from __future__ import annotations

from concurrent.futures import Future

from game.match.record import write_record
from game.online.window.hosting import HostedTable

CATCH_UP_S = 2.0  # leaving, or keeping the end: how long the server's loop is waited for


class HostSaver:
    """The host's saves of its online table through the window's SaveWriter (atomic, a full
    disk told once). This screen's game lacks the other seats' task cards, so what is saved
    is the table's own game: a snapshot the server's loop takes when asked (one asked at a
    time), written on the frame thread once it came. forget() once the end is kept."""

    def __init__(self, writer, hosted: HostedTable, game: str) -> None:
        self.writer, self.hosted, self.game = writer, hosted, game
        self.saved = -1  # the move count saved last
        self.forgotten = False
        self.asked: Future | None = None  # the snapshot asked of the server's loop

    def save(self, _screen_text: str | None = None, _game: str | None = None) -> None:
        """The session's save after a move: this screen's record (`_screen_text`) lacks the
        others' task cards, so the table's own game is asked for instead."""
        self.follow()

    def follow(self) -> None:
        """Each frame: the snapshot the server's loop answered is written, and the next one
        asked, so a move the table took is saved whatever this screen shows."""
        asked = self.asked
        if asked is not None:
            if not asked.done():
                return
            self.asked = None
            self._write(asked.result())
        if not self.forgotten:
            self.asked = self.hosted.snapshot(self.game, self.saved)

    def catch_up(self, wait_s: float = CATCH_UP_S) -> None:
        """The table's game as it is now, saved (the host leaves, or the end is kept): the
        server's loop is waited for, at most `wait_s`; a busy loop's answer is written by
        the next follow()."""
        if self.asked is None and not self.forgotten:
            self.asked = self.hosted.snapshot(self.game, self.saved)
        asked = self.asked
        if asked is None:
            return
        try:
            taken = asked.result(wait_s)
        except TimeoutError:
            return
        self.asked = None
        self._write(taken)

    def _write(self, taken) -> None:
        if taken is None or self.forgotten:
            return
        record, state = taken
        if len(state.moves) <= self.saved:
            return  # an older snapshot than the one written
        self.saved = len(state.moves)
        self.writer.save(write_record(record, secret=True, final=state), self.game)

    def flush(self) -> None:
        self.catch_up()
        self.writer.flush()

    def forget(self, _game: str | None = None) -> None:
        self.forgotten = True
        self.writer.forget(self.game)
