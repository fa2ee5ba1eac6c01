"""Where a seat's words go in the side panel's list of seats (table/panel.py draws it): right
of its team's badge or its dot, left of the turn's pointer; and which wording fits there at
a large text size."""

from __future__ import annotations

from game.render import fit, looks
from game.scenes.table.flow import flows
from game.scenes.table.section import PANEL

SEAT_BADGE = 17  # a team badge's radius in the seat list: its letter about 18 px tall


def dot_radius() -> int:
    """A seat's dot in the list (a seat without a team), as large as the text makes it."""
    return round(8 * looks.text_size)


def name_left(step: int, team, x0: int = PANEL.x + 30) -> int:
    """Where a seat's name begins in the list of seats `step` tall: right of its team's badge,
    or at a large text size of its dot (which keeps no badge's room)."""
    if flows() and team is None:
        return x0 + 2 * dot_radius() + 8
    return x0 + 2 * min(round(SEAT_BADGE * looks.text_size), step // 2) + 6


def pointer_room(assets=None) -> int:
    """The width the turn's pointer "<" takes after a name: at a large text size its own
    (`assets` measure it), below one the room of a 24 px text."""
    if flows() and assets is not None:
        return assets.font(looks.scaled(26), True).size("<")[0] + 6
    return looks.scaled(24)


def name_room(step: int, x0: int = PANEL.x + 30, team=None, assets=None) -> int:
    """The width a seat's line has for its name and a note beside it (right of its badge or
    dot, left of the turn's pointer and the panel's margin), the list's seats `step` tall."""
    right = PANEL.right - (24 if flows() else 30)
    return right - name_left(step, team, x0) - pointer_room(assets)


def at_size(assets, wordings: list[str], box, size: int, bold: bool, spacing: float = 1.0,
            smaller: bool = False) -> list[str]:
    """`wordings` from the first that fits `box` nearly at the player's text size on (or as
    tall as the box's height takes: eight seats' rows); a seat's name (`smaller`) at that
    size itself (at 200 % 1.8 times its 100 % size), else from the first that fits at four
    fifths of it (still 1.8 times a name shrunk at 100 %); else all of them (the same list)."""
    floor = looks.scaled(size) if smaller else looks.scaled(size) * 9 // 10
    while floor > size and assets.font(floor, bold).get_height() > box[1]:
        floor -= 1
    least = max(size, looks.scaled(size) * 4 // 5)
    for low in (floor, least) if smaller and least < floor else (floor,):
        for k, words in enumerate(wordings):
            if fit.choose(assets, words, box, low, bold, spacing=spacing, floor=low).fits:
                return wordings[k:]
    return wordings
