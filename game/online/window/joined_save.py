"""A joiner's saves of an online table (the player sits there, someone else hosts it): the
game as this screen has it, with the table's address, code and this screen's seats, so Saved
games lists it and Continue joins it again. No task cards: the table keeps them."""

from __future__ import annotations

import hashlib
from dataclasses import replace

from game.match.record import Joined, write_record


def joined_game(server: str, code: str) -> str:
    """The game id of a table joined: the same at every visit (a rejoin saves into the same
    file, and the end is counted once), made from the table's address and code."""
    return "j" + hashlib.sha256(f"{server} {code.upper()}".encode()).hexdigest()[:11]


class JoinSaver:
    """The session's saver at a joined table, through the window's SaveWriter: each move's
    save is the match's record without task cards and with the table it was joined at; a
    finished game is never saved (its end is kept, then forget() clears the save)."""

    def __init__(self, writer, client, match) -> None:
        self.writer, self.client, self.match = writer, client, match
        self.saved = -1  # the move count saved last (the table asks each frame, too)
        self.forgotten = False

    def save(self, _text: str | None = None, _game: str | None = None) -> None:
        state = self.match.state
        if self.forgotten or state.over or self.client.code is None \
                or len(state.moves) == self.saved:
            return  # the end needs every task card: it is kept, not saved
        self.saved = len(state.moves)
        joined = Joined(self.client.url, self.client.code, tuple(self.client.mine))
        record = replace(self.match.record(), tasks=None, joined=joined)
        self.writer.save(write_record(record, secret=True, final=state), self.match.game)

    def follow(self) -> None:
        """Each frame, as the host's saver: this screen's game is the one saved here."""
        self.save()

    def flush(self) -> None:
        self.writer.flush()

    def forget(self, _game: str | None = None) -> None:
        self.forgotten = True  # nothing more is saved of it
        self.writer.forget(self.match.game)
