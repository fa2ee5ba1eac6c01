"""The table's side panel at a large text size: its words flow down it, each line as tall as
the player's text size makes it (table/panel.py, table/peek_box.py)."""

from __future__ import annotations

from game.render import looks

SEATS_Y = 140  # the seats' list, under whose turn it is
GAP = 10


def flows() -> bool:
    """Whether the panel's words flow down it instead of keeping their places: at a large
    text size (looks.large) they take the room of the scare cycle's picture (the cards show
    whom they scare in their corners, How to play shows the cycle), the seats, the mode and
    the last move in the order they are read, each at its size."""
    return looks.large()


def sub_height() -> int:
    """The height of the line under whose turn it is (who plays the seat, "Any key: the scores")."""
    return 2 * lines(26) if flows() else 40  # a team's line may take two at a large size


def lines(size: int) -> int:
    """The height of one line of text asked for at `size`, at the player's text size."""
    return round(1.4 * looks.scaled(size))


def seats_y() -> int:
    """Where the seats' list begins: under whose turn it is and its line."""
    return 88 + sub_height() + GAP if flows() else SEATS_Y
