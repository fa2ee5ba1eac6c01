"""How to play's small animated examples of each mode: a few scares on a tiny field, or how
task cards count, drawn into the page's demo box."""

from __future__ import annotations

import math

import pygame

from game.engine.scoring import TITLES
from game.i18n import N_, _, ngettext
from game.match import team_name
from game.render.palette import HELP_EDGE, HELP_SCORE
from game.ui import look

STEP_S = 2.2  # each picture of a column example shows this long
W = 110  # a card's width in the examples
H = round(W * 336 / 240)

# A column example: pictures of a small field (columns bottom up), each with the scare that
# leads to the next (scarer (column, row), target) and its caption. Legal scares, as the game
# plays them (tests/scenes/test_learn.py checks each against the engine).
CLOSE_UP = N_("The empty column closes up")
ENDS = N_("Game over: a column is empty")
ALL_INCLUDED = [
    ([["OD", "YE"], ["PC"], ["OM"], ["PE"]], ((0, 0), (1, 0)), N_("Dog scares cat")),
    ([["OD", "YE"], [], ["OM"], ["PE"]], None, CLOSE_UP),
    ([["OD", "YE"], ["OM"], ["PE"]], ((1, 0), (2, 0)), N_("Mouse scares elephant")),
    ([["OD", "YE"], ["OM"], []], None, N_("A second empty column: the game ends")),
]
YOUNG = [
    ([["OD", "YE"], ["PC"], ["OM", "BD"]], ((0, 0), (1, 0)), N_("Dog scares cat")),
    ([["OD", "YE"], [], ["OM", "BD"]], None, ENDS),
]
SOLO = [
    ([["YE"], ["OD"], ["PC"], ["BM"]], ((2, 0), (3, 0)), N_("Cat scares mouse")),
    ([["YE"], ["OD"], ["PC"]], ((1, 0), (2, 0)), N_("Dog scares cat")),
    ([["YE"], ["OD"]], ((0, 0), (1, 0)), N_("Elephant scares dog")),
    ([["YE"]], None, TITLES[1]),
]
SOLO_TARGET = "PC"
SOLO_ADVANCED = [
    ([["YE"], ["OD"], ["PC"], ["BM"]], None, N_("This card must stay to the end")),
    ([["YE"], ["OD"], ["PC"], ["BM"]], ((2, 0), (3, 0)), N_("Cat scares mouse")),
    ([["YE"], ["OD"], ["PC"]], ((0, 0), (1, 0)), N_("Elephant scares dog")),
    ([["YE"], ["PC"]], None, TITLES[2]),
]
COLUMN_EXAMPLES = {"all-included": ALL_INCLUDED, "all-included-young": YOUNG, "solo": SOLO,
                   "solo-advanced": SOLO_ADVANCED}

# A scoring example: the cards left, and each side's task cards (a team's: one per member).
LEFT = ["YE", "BC", "OE", "PM"]
PAIRS = [("Anna", ("task_E", "task_Y")), ("Ben", ("task_C", "task_B"))]
TEAMS = [(0, "Anna", "Cleo", ("task_E", "task_Y")), (1, "Ben", "Dan", ("task_C", "task_B"))]


def points(tasks: tuple[str, ...], card: str) -> int:
    """What one card left scores for these task cards: 1 a match, 2 for both."""
    letters = {t[-1] for t in tasks}
    return (card[0] in letters) + (card[1] in letters)


def card(surface: pygame.Surface, assets, name: str, center: tuple[float, float], width: int) -> None:
    """A card (or a task card) of `width` centred on `center`."""
    image = assets.card_image(name, width)
    surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))


def caption(surface: pygame.Surface, assets, box: pygame.Rect, words: str,
            colour=look.CREAM) -> None:
    """The words under an example, at the foot of its box."""
    look.put(surface, assets, words, (box.x + 30, box.bottom - 84, box.w - 60, 60), 40, colour,
             True, shadow=True, anchor="midbottom")


def draw(assets, surface: pygame.Surface, box: pygame.Rect, value: str, t: float) -> None:
    """The example of the mode named `value` at time `t` (seconds since the page opened)."""
    if value in COLUMN_EXAMPLES:
        columns(assets, surface, box, COLUMN_EXAMPLES[value], t,
                SOLO_TARGET if value == "solo-advanced" else None)
    elif value == "teams":
        rows = [(_("%(team)s: %(a)s & %(b)s") % {"team": team_name(team), "a": a, "b": b}, tasks)
                for team, a, b, tasks in TEAMS]
        scoring(assets, surface, box, rows, t)
    else:
        scoring(assets, surface, box, PAIRS, t)


def columns(assets, surface, box: pygame.Rect, pictures, t: float, target: str | None) -> None:
    """One picture after another: the scarer rears up and the target trembles, then the next."""
    step = int(t / STEP_S) % len(pictures)
    local = (t % STEP_S) / STEP_S
    cols, scare, words = pictures[step]
    width = len(cols) * (W + 30) - 30
    left = box.centerx - width // 2 + W // 2
    tallest = max(len(col) for picture in pictures for col in picture[0])
    bottom = box.centery - 40 + (tallest * (H + 10) - 10) // 2 - H // 2  # centred, above the words
    for x, column in enumerate(cols):
        cx = left + x * (W + 30)
        if not column:  # the empty place, outlined
            rect = pygame.Rect(0, 0, W, H)
            rect.center = (cx, bottom)
            pygame.draw.rect(surface, HELP_EDGE, rect, 4, border_radius=12)
        for y, name in enumerate(column):
            cy = bottom - y * (H + 10)
            if scare is not None and (x, y) == scare[0]:
                cy -= 16 * math.sin(math.pi * min(1.0, local * 2))
            if scare is not None and (x, y) == scare[1] and local > 0.35:
                cx_shaken = cx + 6 * math.sin(local * 60)
            else:
                cx_shaken = cx
            if name == target:
                ring = pygame.Rect(0, 0, W + 16, H + 16)
                ring.center = (round(cx_shaken), round(cy))
                pygame.draw.rect(surface, look.GOLD, ring, 6, border_radius=16)
            card(surface, assets, name, (cx_shaken, cy), W)
    caption(surface, assets, box, _(words), look.GOLD if scare is None else look.CREAM)


def scoring(assets, surface, box: pygame.Rect, rows, t: float) -> None:
    """The cards left on top; each side's task cards below, and the points each card earns
    appearing one card at a time, then the totals."""
    room = box.w - 80
    look.put(surface, assets, _("Cards left on the table"), (box.left + 40, box.top + 24, room, 48),
             34, look.CREAM, True, anchor="topleft")
    step = 1.1
    shown = int(t / step) % (len(LEFT) + 3)  # the cards counted so far (then a pause)
    x0 = box.left + 330
    for i, name in enumerate(LEFT):
        cx = x0 + i * 125
        card(surface, assets, name, (cx, box.top + 80 + H // 2), W)
        if i == shown:
            ring = pygame.Rect(0, 0, W + 14, H + 14)
            ring.center = (cx, box.top + 80 + H // 2)
            pygame.draw.rect(surface, look.GOLD, ring, 5, border_radius=14)
    for r, (label, tasks) in enumerate(rows):
        top = box.top + 290 + r * 190
        look.put(surface, assets, label, (box.left + 30, top, room, 44), 30, look.CREAM, True,
                 anchor="topleft")
        for k, task in enumerate(tasks):
            card(surface, assets, task, (box.left + 80 + k * 110, top + 110), 90)
        total = 0
        for i, name in enumerate(LEFT[:min(shown + 1, len(LEFT))]):
            gained = points(tasks, name)
            total += gained
            look.put(surface, assets, f"+{gained}" if gained else "0",
                     (x0 + i * 125 - 60, top + 80, 120, 60), 42,
                     look.GOLD if gained else HELP_SCORE, True, shadow=True, anchor="center")
        if shown >= len(LEFT):
            look.put(surface, assets, ngettext("%(n)d point", "%(n)d points", total) % {"n": total},
                     (box.left + 30, top + 146, room, 44), 32, look.GOLD, True, anchor="topright")
