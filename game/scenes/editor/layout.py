"""The puzzle editor's layout: where the field, the palette, the panel and its words sit."""

from __future__ import annotations

import pygame

from game.engine.cards import Animal, Card, Colour

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
