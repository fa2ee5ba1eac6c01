"""Continue: the saved game back on its table (opened through the registry, so the title,
which only reads the save, loads no table, no computer and no solver)."""

from __future__ import annotations

from game.match import Record, occasion_of, resumed_match
from game.scenes.registry import open_screen


def continue_game(app, record: Record) -> None:
    """Put the saved game on the table its occasion opens with (the screen registered under
    its name takes the record): a level's, a solo deal's, an online table's or the couch's.
    The tables come from the registry: the title, which reads the saved game, loads none."""
    open_screen(app, occasion_of(record).screen, record)


def continue_couch(app, record: Record) -> None:
    """A couch game back on the table: it opens on the hand-over screen of the player to move
    (the table does that when no move was played at it yet)."""
    open_screen(app, "table", resumed_match(record))
