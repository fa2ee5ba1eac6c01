"""The palette: every colour with a meaning, once, and the logical size everything is drawn at.

Nothing else in game/ writes a colour as numbers (tests/test_palette.py checks it), and the
pygame-gui theme (assets/theme.json, written by tools/make_assets.py) takes its colours from
here too. The card art's own inks live with the art, in tools/make_assets.py.
"""

from __future__ import annotations

LOGICAL_SIZE = (1920, 1080)  # everything is drawn at this size; SCALED letterboxes it to the window

# The table and the menus
FELT = (28, 92, 64)  # the card table: behind the menus and under the field
FELT_DARK = (14, 52, 36)  # the felt in shadow: the menus' vignette, dark panels
FELT_CONTRAST = (10, 40, 26)  # the felt in high contrast (Settings → Accessibility)
FELT_DARK_CONTRAST = (4, 16, 10)  # its shadow
FELT_EDGE = (18, 70, 46)  # the field's felt toward its rim
FELT_LIGHT = (40, 115, 80)  # an empty slot's outline on the field
FELT_PANEL = (16, 44, 32)  # the table's side panel
FELT_DEEP = (14, 40, 28)  # the banner's box on the table; dark borders and text shadows
FELT_SLOT = (22, 82, 55)  # an empty cell of the field
FELT_BOX = (26, 62, 44)  # a box on the side panel (a level's hint)
FELT_FRAME = (20, 70, 46)  # the frame round a field on the result screens
FELT_BADGE = (46, 110, 76)  # a chapter's number badge
FELT_BAR = (46, 120, 84)  # a chart's bar on a cream panel: the felt, a shade lighter
WOOD = (80, 48, 24)  # the table's rim and the panel's edge
WOOD_LIGHT = (138, 107, 63)  # a tile's or a button's border
RIM = (110, 70, 38)  # the field's wooden rim
LABEL = (238, 228, 196)  # the field's column letters and row numbers
BUTTON = (250, 236, 200)  # the table's own buttons
BUTTON_EDGE = (90, 70, 40)
DARK_TEXT = (24, 40, 32)  # words on a lit (gold) button
CREAM = (250, 243, 224)  # text on the felt; cream panels
PAPER = (255, 248, 231)  # tiles and buttons
PAPER_HOT = (255, 231, 163)  # a tile or button under the pointer
PAPER_EDGE = (214, 196, 160)  # the edge of a cream panel
PAPER_BRIGHT = (255, 253, 242)  # a link under the pointer
LIGHT_TEXT = (255, 246, 224)  # labels and body text on the felt
SOFT_TEXT = (217, 207, 180)  # small labels on the felt
PALE = (210, 220, 210)  # secondary words on the table's panel
PALE_BRIGHT = (235, 240, 230)  # a name on the replay's panel
PALE_HINT = (225, 232, 220)  # a level's hint on the panel
MUTED = (170, 190, 175)  # quiet words on the table's panel
MUTED_INK = (120, 104, 84)  # quiet words on a cream panel
INK = (46, 33, 24)  # text on cream panels and buttons
INK_OFF = (84, 92, 80)  # text on a tile that is not open
GOLD = (255, 214, 90)  # what is lit, chosen, focused or won
GOLD_DEEP = (247, 196, 56)  # a title day on the calendar
STAR = (255, 196, 40)
STAR_EDGE = (150, 100, 20)
STAR_OFF = (206, 196, 170)
STAR_OFF_EDGE = (150, 140, 118)
BAD = (255, 170, 110)  # a warning on the table's panel
BAD_TEXT = (255, 190, 170)  # a refusal on the felt
BAD_BOX = (255, 196, 120)  # the box behind a refusal
BAD_INK = (40, 20, 10)  # the words in that box
EMBER = (200, 84, 26)  # a pressed button's border; the kiosk's big numbers
RED = (230, 90, 60)  # the attract banner's second colour
RED_TEXT = (255, 170, 150)  # a broken level's words
BROKEN = (244, 208, 192)  # a broken level's tile
BROKEN_EDGE = (176, 72, 52)
LAST_MOVE = (120, 200, 255)  # the last move's marks on the field and its words on the panel
GREEN = (120, 255, 140)  # a target's glow; the badge of a choice ("move in", "hint")
GREEN_ON = (120, 220, 140)  # a button switched on
GREEN_INK = (20, 60, 30)  # the words on a green badge
GLOW_BAD = (255, 110, 90)
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)
SHADOW = (0, 0, 0, 90)  # a drop shadow
SHADOW_SOFT = (0, 0, 0, 70)
CURSOR_SHADE = (10, 10, 10, 235)  # the dark edges of the keyboard cursor
FIELD_SHADE = (8, 24, 16, 150)  # a card that is not a choice now
COACH_SHADE = (0, 0, 0, 120)  # the guided game: the rest of the screen, dimmed
CLEAR = (0, 0, 0, 0)  # nothing at all (a hole in a shade)
FIELD_LIGHT = (40, 130, 86, 18)  # the soft light in the middle of the felt
# The stand-in art when a card image is missing (the game goes on; errors.log says why).
FALLBACK_CARD = (245, 238, 220)
FALLBACK_EDGE = (60, 60, 60)
FALLBACK_TEXT = (40, 40, 40)
FALLBACK_BACK = (230, 126, 34)
FALLBACK_FRONT = (120, 70, 160)
DIM = (110, 110, 110)  # multiplied over a screen to dim it behind an overlay
DIM_MORE = (90, 90, 90)
GREY = (167, 174, 159)  # what cannot be chosen
GREY_TEXT = (94, 102, 90)
GREY_EDGE = (125, 133, 122)
# What cannot be chosen in high contrast: readable (WCAG 4.5:1 and more), yet not the words of
# what can: dark grey words on white (7:1), light grey ones on black (9:1).
GREY_ON_LIGHT = (89, 89, 89)
GREY_ON_DARK = (166, 166, 166)
DARK = (20, 30, 26)  # the operator's panel
GRID = (222, 208, 178)  # a chart's lines
CALENDAR = {"title": GOLD_DEEP, "played": (70, 146, 104), "missed": (226, 190, 172),
            "today": PAPER, "future": (238, 230, 210)}
CALENDAR["before"] = CALENDAR["future"]  # before the first daily deal: as quiet as days to come
CALENDAR_INK = {"title": INK, "played": CREAM, "missed": (150, 96, 80), "today": INK,
                "future": (196, 186, 160)}
CALENDAR_INK["before"] = CALENDAR_INK["future"]
HELP_FRAME = (60, 130, 96)  # how-to-play's boxes
HELP_DOT = (70, 120, 95)
HELP_EDGE = (90, 150, 115)
HELP_SCORE = (150, 180, 160)

# Seats and teams: the same colour for a seat (or a team) on every screen.
SEAT_COLOURS = (GOLD, (90, 190, 255), (255, 130, 110), (170, 235, 130),
                (210, 150, 255), (255, 170, 60), (120, 230, 220), (240, 240, 240))
TEAM_COLOURS = SEAT_COLOURS[:4]  # team 1 gold, team 2 blue, as seats 1 and 2


def seat_colour(seat: int, team: int | None = None):
    """A player's colour: their team's in a team game, else their seat's."""
    return TEAM_COLOURS[team % len(TEAM_COLOURS)] if team is not None \
        else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def hex_of(colour, alpha: int | None = None) -> str:
    """'#RRGGBB' (or '#RRGGBBAA'), as the pygame-gui theme writes a colour."""
    r, g, b = colour[:3]
    return f"#{r:02X}{g:02X}{b:02X}" + (f"{alpha:02X}" if alpha is not None else "")
