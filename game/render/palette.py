"""The palette: every colour with a meaning, once, and the logical size everything is drawn at."""

from __future__ import annotations

LOGICAL_SIZE = (1920, 1080)  # everything is drawn at this size; SCALED letterboxes it to the window

# The table and the menus
FELT = (28, 92, 64)  # the card table behind the menus
FELT_DARK = (14, 52, 36)
CREAM = (250, 243, 224)  # text on the felt; cream panels
INK = (40, 36, 32)  # text on cream panels
GOLD = (255, 214, 90)  # what is lit, chosen or won
MUTED = (170, 190, 175)  # quiet words on the table's panel
BAD = (255, 170, 110)  # a warning on the table's panel
RED = (230, 90, 60)  # the attract banner's second colour
LAST_MOVE = (120, 200, 255)  # the last move's marks on the field and its words on the panel

# Seats and teams: the same colour for a seat (or a team) on every screen.
SEAT_COLOURS = ((255, 214, 90), (90, 190, 255), (255, 130, 110), (170, 235, 130),
                (210, 150, 255), (255, 170, 60), (120, 230, 220), (240, 240, 240))
TEAM_COLOURS = SEAT_COLOURS[:4]  # team 1 gold, team 2 blue, as seats 1 and 2


def seat_colour(seat: int, team: int | None = None):
    """A player's colour: their team's in a team game, else their seat's."""
    return TEAM_COLOURS[team % len(TEAM_COLOURS)] if team is not None \
        else SEAT_COLOURS[seat % len(SEAT_COLOURS)]
