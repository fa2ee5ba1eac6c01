"""How to play: the rules in a few friendly pages, each with a small animated example."""

from __future__ import annotations

import math

import pygame

from game.controls import DEFAULT, Device
from game.engine.modes import Mode
from game.i18n import N_, _, pgettext
from game.match import GUIDE
from game.render import looks
from game.render.palette import HELP_DOT, HELP_EDGE, HELP_FRAME, HELP_SCORE
from game.scenes.learn import mode_demos
from game.scenes.menu import MenuScene
from game.scenes.registry import open_screen
from game.ui import look

CARD_W = 150
CARD_H = round(CARD_W * 336 / 240)
TEXT_BOX = pygame.Rect(110, 200, 820, 700)
DEMO_BOX = pygame.Rect(990, 200, 820, 700)
# At a large text size (looks.large) the words take the whole page, the example left out, and
# the keyboard's and the gamepad's keys get a page each, in two columns.
WIDE_BOX = TEXT_BOX.union(DEMO_BOX)

def captions() -> tuple[str, str, str, str]:
    """The demos' captions in the player's language: stay, move in, the scare, the fall. "Stay"
    has a context: the same English is a button elsewhere (Polish: Zostać here, Zostań there)."""
    return (pgettext("how to play: the scarer stays where it is", "Stay"), _("Move in"),
            _("The dog scares the cat"), _("Cards above fall down"))


PAGES = [
    (N_("Who scares whom"),
     N_("Every card shows an animal.\n"
        "The elephant scares the dog, the dog scares the cat, the cat scares the mouse "
        "\u2014 and the little mouse scares the elephant!\n"
        "Nothing else scares anything: a dog does not mind a mouse, two cats are friends, "
        "and the colour of a card never matters for scaring.")),
    (N_("Your turn: stay or move in"),
     N_("On your turn, pick a card and a neighbour it scares: right above, below, left or right "
        "of it \u2014 never corner to corner. You may not pass.\n"
        "The scared card runs off the table. When it sat beside your card, you choose: stay "
        "where you are, or move into the empty place.")),
    (N_("Gravity"),
     N_("Cards never float. When a card leaves, every card above it falls down until it lands "
        "on another card or on the bottom row.\n"
        "So one scare can change a whole column \u2014 look before you leap!")),
    (N_("Who wins"),
     N_("Everyone secretly holds task cards: an animal and a colour. Keep them hidden!\n"
        "When a column is empty, the game ends. Each card left on the table that matches your "
        "colour or your animal earns a point \u2014 two if it matches both. Most points wins.\n"
        "Playing solo? Scare until no scare is left. One last card makes you King of the "
        "Beasts.")),
]


def mode_pages() -> list[Mode]:
    """The modes with a page of their own, after the rules' pages, in the game's order."""
    return [mode for mode in Mode if mode.value in GUIDE]


KEYS_A_PAGE = 7  # key lines on a page of their own (a large text size): 7 at 48 px fill it


def key_pages(controls=DEFAULT) -> tuple[tuple[Device, int], ...]:
    """The last pages: the keys of `controls` (the player's). Both devices on one page; at a
    large text size, each device's lines from the given one on, a page at a time."""
    if not looks.large():
        return ((Device.KEYBOARD, 0),)
    return tuple((device, first) for device in (Device.KEYBOARD, Device.GAMEPAD)
                 for first in range(0, len(controls.guide_lines(device)), KEYS_A_PAGE))


def page_count(controls=DEFAULT) -> int:
    return len(PAGES) + len(mode_pages()) + len(key_pages(controls))


def words_box() -> pygame.Rect:
    """Where a page's words go: their half of the page, or all of it at a large text size."""
    return WIDE_BOX if looks.large() else TEXT_BOX


CYCLE = ["YE", "OD", "PC", "BM"]
# "The elephant scares the dog": one sentence per step of the cycle (whole, for translators).
CYCLE_WORDS = [N_("Elephant scares dog"), N_("Dog scares cat"), N_("Cat scares mouse"),
               N_("Mouse scares elephant")]


def _ease(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


def _phase(t: float, start: float, end: float) -> float:
    """0..1 progress of `t` through the window [start, end]."""
    return min(1.0, max(0.0, (t - start) / (end - start)))


class HowToPlayScene(MenuScene):
    def __init__(self, app, page: int = 0) -> None:
        super().__init__(app)
        self.heading = _("How to play")
        self.page = page
        self.t = 0.0

    def build(self) -> None:
        y = 950
        self.prev = self.button(_("\u2039  Previous"), (560, y, 300, 88), lambda: self.turn(-1),
                                name="previous", enabled=self.page > 0)
        self.button(_("Back"), (880, y, 240, 88), self.back, name="back")
        self.next = self.button(_("Next  \u203a"), (1140, y, 300, 88), lambda: self.turn(1),
                                name="next", enabled=self.page < self.pages() - 1)
        running = self._running_lesson()
        self.button(_("Back to the lesson") if running else _("Learn by playing"),
                    (1460, y, 400, 88), self._lesson, name="lesson")
        self.ring.focus(self.next if self.page < self.pages() - 1 else self.prev)

    def _running_lesson(self):
        """The guided game this page was opened from (its pause), if any."""
        return next((s for s in self.app.stack.scenes if s.teaches), None)

    def _lesson(self) -> None:
        """The guided game; opened from inside it, back to where it was (never a second)."""
        running = self._running_lesson()
        if running is None:
            open_screen(self.app, "lesson")
            return
        while self.app.stack.top is not running:
            self.app.pop()

    def pages(self) -> int:
        """How many pages this player's How to play has (their keys' pages last)."""
        return page_count(self.app.input.controls)

    def keys(self) -> tuple[tuple[Device, int], ...]:
        """The pages of this player's keys (key_pages)."""
        return key_pages(self.app.input.controls)

    def turn(self, step: int) -> None:
        page = min(self.pages() - 1, max(0, self.page + step))
        if page != self.page:
            self.page, self.t = page, 0.0
            focus_next = step > 0
            self.rebuild()
            target = self.next if focus_next and self.next.is_enabled else self.prev
            if not target.is_enabled:
                target = self.next
            self.ring.focus(target)

    def handle_more(self, event, action) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.turn(1 if event.key == pygame.K_PAGEDOWN else -1)
            return True
        return False

    def update(self, dt: float) -> None:
        still = (3, *range(self.pages() - len(self.keys()), self.pages()))
        if not looks.large() and self.page not in still:  # no example, no redraws while read
            self.t += dt * self.app.settings.animation_speed
            self.dirty = True

    # Drawing ----------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        keys = self.page - (self.pages() - len(self.keys()))
        if keys >= 0 and looks.large():
            self._device_page(surface, *self.keys()[keys])
            return
        surface.blit(look.panel(assets, words_box().size), words_box().topleft)
        if keys >= 0:
            self._keys_page(surface)
            return
        box = words_box()
        mode = None if self.page < len(PAGES) else mode_pages()[self.page - len(PAGES)]
        title, body = PAGES[self.page] if mode is None else (mode.words, GUIDE[mode.value][1])
        look.put(surface, assets, _(title), (box.left + 50, box.top + 34, self.title_w(), 80), 52,
                 look.INK, True, anchor="topleft")
        count = self._count(surface)
        para = self.paragraph(_(body), count.top - 8 - (box.top + 130))
        surface.blit(para, (box.left + 50, box.top + 130))
        if looks.large():
            return
        pygame.draw.rect(surface, look.FELT_DARK, DEMO_BOX, border_radius=28)
        pygame.draw.rect(surface, HELP_FRAME, DEMO_BOX, 4, border_radius=28)
        clip = surface.get_clip()
        surface.set_clip(DEMO_BOX.inflate(-8, -8))
        if mode is not None:
            mode_demos.draw(self.app.assets, surface, DEMO_BOX, mode.value, self.t)
        else:
            (self._demo_cycle, self._demo_move_in, self._demo_gravity, self._demo_score)[
                self.page](surface)
        surface.set_clip(clip)

    def _count(self, surface) -> pygame.Rect:
        """The page counter at the foot of the words' box (beside the title at a large text
        size); returns where the words above it end."""
        box = words_box()
        if looks.large():  # beside the title: the words take the page's foot too
            count_box = pygame.Rect(box.right - 240, box.top + 34, 200, 80)
            look.put(surface, self.app.assets, f"{self.page + 1} / {self.pages()}", count_box,
                     34, look.INK, anchor="topright")
            return pygame.Rect(box.left, box.bottom - 30, 0, 0)
        count_box = pygame.Rect(box.right - 240, box.bottom - 80, 200, 50)
        return look.put(surface, self.app.assets, f"{self.page + 1} / {self.pages()}", count_box,
                        34, look.INK, anchor="bottomright")

    def title_w(self) -> int:
        """The room of a page's title: beside the page counter at a large text size."""
        return words_box().w - (340 if looks.large() else 100)

    def _device_page(self, surface, device: Device, first: int) -> None:
        """A device's keys from line `first` on, on the whole page (a large text size)."""
        assets, box = self.app.assets, WIDE_BOX
        surface.blit(look.panel(assets, box.size), box.topleft)
        title = _("Keyboard") if device is Device.KEYBOARD else _("Gamepad")
        look.put(surface, assets, title, (box.left + 50, box.top + 34, self.title_w(), 80), 52,
                 look.INK, True, anchor="topleft")
        count = self._count(surface)
        lines = self.app.input.controls.guide_lines(device)[first:first + KEYS_A_PAGE]
        look.put(surface, assets, "\n".join(lines), (box.left + 50, box.top + 130, box.w - 100,
                                                     count.top - 8 - (box.top + 130)), 30,
                 look.INK, anchor="topleft")

    def _keys_page(self, surface) -> None:
        """The keys and the gamepad's buttons at the tables, as this player has bound them."""
        assets, controls = self.app.assets, self.app.input.controls
        look.put(surface, assets, _("Keyboard"), (TEXT_BOX.left + 50, TEXT_BOX.top + 34,
                                                 TEXT_BOX.w - 100, 80), 52, look.INK, True,
                 anchor="topleft")
        pygame.draw.rect(surface, look.FELT_DARK, DEMO_BOX, border_radius=28)
        pygame.draw.rect(surface, HELP_FRAME, DEMO_BOX, 4, border_radius=28)
        look.put(surface, assets, _("Gamepad"), (DEMO_BOX.left + 50, DEMO_BOX.top + 34,
                                                DEMO_BOX.w - 100, 80), 52, look.CREAM, True,
                 anchor="topleft")
        for device, box, colour in ((Device.KEYBOARD, TEXT_BOX, look.INK),
                                    (Device.GAMEPAD, DEMO_BOX, look.CREAM)):
            look.put(surface, assets, "\n".join(controls.guide_lines(device)),
                     (box.left + 50, box.top + 130, box.w - 100, box.h - 160), 30, colour,
                     anchor="topleft")

    def paragraph(self, body: str, height: int) -> pygame.Surface:
        """The page's words at the largest size whose last line ends above the page counter
        (a translation may be longer than the English)."""
        for size in range(max(38, looks.scaled(38)), 22, -2):
            para = look.wrapped(self.app.assets, body, size, words_box().width - 100,
                                spacing=1.35)
            if para.get_height() <= height:
                return para
        return para

    def _card(self, surface, name: str, center: tuple[float, float], width: int = CARD_W) -> None:
        mode_demos.card(surface, self.app.assets, name, center, width)

    def _caption(self, surface, words: str, colour=look.CREAM) -> None:
        mode_demos.caption(surface, self.app.assets, DEMO_BOX, words, colour)

    def _demo_cycle(self, surface) -> None:
        cx, cy = DEMO_BOX.centerx, DEMO_BOX.centery - 30
        spots = [(cx, cy - 200), (cx + 240, cy), (cx, cy + 200), (cx - 240, cy)]
        step = int(self.t / 1.4) % 4
        local = (self.t % 1.4) / 1.4
        for i in range(4):
            a, b = pygame.Vector2(spots[i]), pygame.Vector2(spots[(i + 1) % 4])
            d = (b - a).normalize()
            start, end = a + d * 120, b - d * 120
            active = i == step
            colour = look.GOLD if active else HELP_DOT
            pygame.draw.line(surface, colour, start, end, 10 if active else 6)
            side = pygame.Vector2(-d.y, d.x)
            head = [end + d * 10, end - d * 26 + side * 18, end - d * 26 - side * 18]
            pygame.draw.polygon(surface, colour, head)
        for i, name in enumerate(CYCLE):
            x, y = spots[i]
            if i == step:
                y -= 18 * math.sin(math.pi * min(1.0, local * 2))  # the scarer rears up
            if i == (step + 1) % 4 and local > 0.35:
                x += 7 * math.sin(local * 60)  # the scared one trembles
            self._card(surface, name, (x, y), 130)
        self._caption(surface, _(CYCLE_WORDS[step]))

    def _demo_move_in(self, surface) -> None:
        period = 4.2
        t = self.t % period
        move_in = int(self.t / period) % 2 == 1
        y = DEMO_BOX.centery - 20
        left, right = DEMO_BOX.centerx - 125, DEMO_BOX.centerx + 125
        # The empty place the cat leaves behind.
        if t > 1.0:
            rect = pygame.Rect(0, 0, CARD_W, CARD_H)
            rect.center = (right, y)
            pygame.draw.rect(surface, HELP_EDGE, rect, 4, border_radius=14)
        cat_x, cat_y = right, y
        if 0.5 < t < 1.0:
            cat_x += 8 * math.sin(t * 70)
        if t >= 1.0:
            cat_y -= 700 * _ease(_phase(t, 1.0, 1.5)) ** 1.5
        if t < 1.6:
            self._card(surface, "PC", (cat_x, cat_y))
        dog_x = left
        if move_in:
            dog_x = left + (right - left) * _ease(_phase(t, 1.7, 2.2))
        dog_y = y - 16 * math.sin(math.pi * _phase(t, 0.0, 0.5))
        self._card(surface, "OD", (dog_x, dog_y))
        if t > 1.7:
            self._caption(surface, captions()[1 if move_in else 0], look.GOLD)
        else:
            self._caption(surface, captions()[2])

    def _demo_gravity(self, surface) -> None:
        period = 4.0
        t = self.t % period
        gap = CARD_H + 14
        bottom = DEMO_BOX.bottom - 100 - CARD_H // 2  # leave room for the caption below
        left, right = DEMO_BOX.centerx - 125, DEMO_BOX.centerx + 125
        self._card(surface, "OD", (left, bottom - 14 * math.sin(math.pi * _phase(t, 0, 0.5))))
        # The bottom cat is scared away; the two cards above fall with gravity and settle.
        if t < 1.5:
            x = right + (8 * math.sin(t * 70) if 0.5 < t < 1.0 else 0)
            x += 900 * _ease(_phase(t, 1.0, 1.5)) ** 1.5
            self._card(surface, "YC", (x, bottom))
        fall = _phase(t, 1.5, 1.95) ** 2 * gap  # accelerating: distance grows with time squared
        settle = 10 * math.sin(math.pi * _phase(t, 1.95, 2.15))  # a small bounce on landing
        drop = fall - settle
        self._card(surface, "BM", (right, bottom - gap + drop))
        self._card(surface, "PE", (right, bottom - 2 * gap + drop))
        self._caption(surface, captions()[3] if t > 1.5 else captions()[2])

    def _demo_score(self, surface) -> None:
        assets = self.app.assets
        top = DEMO_BOX.top + 40
        room = DEMO_BOX.w - 100
        look.put(surface, assets, _("Your task cards"), (DEMO_BOX.left + 50, top, room, 52), 36,
                 look.CREAM, True, anchor="topleft")
        self._card(surface, "task_E", (DEMO_BOX.left + 140, top + 170), 130)
        self._card(surface, "task_Y", (DEMO_BOX.left + 300, top + 170), 130)
        look.put(surface, assets, _("Cards left on the table"), (DEMO_BOX.left + 50, top + 300,
                                                                 room, 52), 36, look.CREAM, True,
                 anchor="topleft")
        for i, (name, points) in enumerate((("YE", 2), ("YM", 1), ("OE", 1), ("PC", 0))):
            x = DEMO_BOX.left + 130 + i * 185
            self._card(surface, name, (x, top + 480), 130)
            look.put(surface, assets, f"+{points}" if points else "0", (x - 80, top + 576, 160, 64),
                     44, look.GOLD if points else HELP_SCORE, True, shadow=True, anchor="midtop")
