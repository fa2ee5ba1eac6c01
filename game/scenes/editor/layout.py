"""The puzzle editor's layout: where the field, the palette, the panel and its words sit."""

from __future__ import annotations

import pygame

from game.engine.cards import Animal, Card, Colour
from game.render import looks

PANEL = pygame.Rect(1460, 0, 460, 1080)
# The field with its wooden rim (some 33 px round the area) keeps clear of the message line
# above and of the brush words below.
FIELD_AREA = pygame.Rect(0, 102, 1460, 728)
PALETTE_Y, PALETTE_W, PALETTE_PITCH = 912, 66, 78
KINDS = tuple(Card(colour, animal) for colour in Colour for animal in Animal)
# The buttons start low enough that the answer and a problem (two lines) fit above them.
BUTTON_X, BUTTON_W, BUTTON_H, BUTTON_TOP, BUTTON_STEP = 1480, 420, 54, 360, 62
STEP_W = 84  # the − and + buttons beside Width and Height
ERASER = len(KINDS)  # the palette's last brush takes cards away
PALETTE_SIZE = len(KINDS) + 1

DOTS_S = 0.3  # the "searching" dots step this often
MESSAGE_BOX = pygame.Rect(24, 6, PANEL.x - 48, 58)
KEYS_BOX = pygame.Rect(24, 1012, PANEL.x - 48, 64)

# At a large text size (looks.large) the words take more of the screen: three lines for the
# message (a long named code), two for the help line of the device in hand, a taller brush
# line; the field is smaller between them.
MESSAGE_BOX_LARGE = pygame.Rect(24, 6, PANEL.x - 48, 168)
KEYS_BOX_LARGE = pygame.Rect(24, 958, PANEL.x - 48, 120)
FIELD_AREA_LARGE = pygame.Rect(0, 210, 1460, 528)
PALETTE_Y_LARGE = 852


def message_box() -> pygame.Rect:
    """Where the message over the field goes at the player's text size."""
    return MESSAGE_BOX_LARGE if looks.large() else MESSAGE_BOX


def keys_box() -> pygame.Rect:
    """Where the help lines under the palette go at the player's text size."""
    return KEYS_BOX_LARGE if looks.large() else KEYS_BOX


def field_area() -> pygame.Rect:
    """The field's area at the player's text size."""
    return FIELD_AREA_LARGE if looks.large() else FIELD_AREA


def palette_y() -> int:
    """The top of the palette's cards at the player's text size."""
    return PALETTE_Y_LARGE if looks.large() else PALETTE_Y
