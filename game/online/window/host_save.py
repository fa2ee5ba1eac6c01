"""The host's saves of its online table: the table's own game, as its server holds it, for
Continue (a joiner's saves are in joined_save.py)."""

from __future__ import annotations

from game.match.record import write_record
from game.online.window.hosting import HostedTable


class HostSaver:
    """The host's saves of its online table through the window's SaveWriter (atomic, a full
    disk told once): the session's save after every move, and each frame's check, save the
    table's own game, never this screen's view of it; forget() once the end is kept."""

    def __init__(self, writer, hosted: HostedTable, game: str) -> None:
        self.writer, self.hosted, self.game = writer, hosted, game
        self.saved = -1  # the move count saved last
        self.forgotten = False

    def save(self, _text: str | None = None, _game: str | None = None) -> None:
        table = self.hosted.table()
        state = table.state if table is not None else None  # one read: the server moves on
        if self.forgotten or state is None or len(state.moves) == self.saved:
            return
        self.saved = len(state.moves)
        self.writer.save(write_record(table.saved(self.hosted.port, self.game, state),
                                      secret=True, final=state), self.game)

    def flush(self) -> None:
        self.writer.flush()

    def forget(self, _game: str | None = None) -> None:
        self.forgotten = True
        self.writer.forget(self.game)
