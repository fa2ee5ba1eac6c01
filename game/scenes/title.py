"""Title / main menu over drifting, tumbling cards (standing still with reduced motion)."""

from __future__ import annotations

import math
import random

import pygame

from game import i18n
from game.i18n import N_, _
from game.paths import pref_dir
from game.render import looks
from game.render.assets import CARD_RATIO
from game.scenes.menu import CENTER_X, MenuScene
from game.scenes.message import MessageScene
from game.scenes.registry import open_screen, screen
from game.ui import look

ANGLE_STEP = 6  # tumbling cards turn in whole steps so every rotated face is cached once
WIDTHS = (110, 140, 170)  # not a colour
CALM_AFTER = 25.0  # seconds without input before the cards settle and the menu costs no CPU
FACES = ("YE", "OD", "PC", "BM", "YC", "OM", "PE", "BD", "back")
LOGO = ("Scare It!", 180, 90)  # words, size, top
# TRANSLATORS: two lines under the logo; put the line break (\n) where it reads best.
TAGLINE = (N_("Elephant scares dog, dog scares cat,\ncat scares mouse, mouse scares elephant."),
           38, 322, 48)  # words, size, top, line step
TOKENS_FILE = "tokens.json"  # the window's kept seat tokens (game/online/client/tokens.py)
CLEAR_MARGIN = 24  # room between the words and the nearest edge a drifting card can reach


def tagline_lines() -> list[str]:
    """The tagline's lines in the player's language: one sentence, broken where the translator
    put its line break."""
    return _(TAGLINE[0]).split("\n")


class _Flyer:
    """One background card drifting down like a leaf, never across the words in `clear`
    (the x-span of the logo and the tagline)."""

    def __init__(self, rng: random.Random, spread: bool,
                 clear: tuple[int, int] = (CENTER_X, CENTER_X)) -> None:
        self.rng = rng
        self.clear = clear
        self.reset(spread)

    def reset(self, spread: bool) -> None:
        rng = self.rng
        self.name = rng.choice(FACES)
        self.width = rng.choice(WIDTHS)
        self.sway = rng.uniform(20, 60)
        # Cards drift down the two sides, leaving the words and the buttons clear: however it
        # turns and sways, a card's edge stays CLEAR_MARGIN away from the words.
        reach = math.hypot(self.width / 2, self.width * CARD_RATIO / 2) + self.sway + CLEAR_MARGIN
        left, right = self.clear
        self.x = rng.choice((rng.uniform(-40, max(-40, left - reach)),
                             rng.uniform(min(1960, right + reach), 1960)))
        self.y = rng.uniform(-200, 1080) if spread else rng.uniform(-420, -260)
        self.vy = rng.uniform(35, 80) * (self.width / 140)  # big cards are "nearer": faster
        self.phase = rng.uniform(0, math.tau)
        self.angle = rng.uniform(0, 360)
        self.spin = rng.uniform(-40, 40)

    def update(self, dt: float, pace: float) -> None:
        self.y += self.vy * dt * pace
        self.phase += dt * 0.8 * pace
        self.angle += self.spin * dt * pace
        if self.y > 1080 + 260:
            self.reset(False)

    def draw(self, surface: pygame.Surface, assets) -> None:
        step = round(self.angle / ANGLE_STEP) * ANGLE_STEP
        image = assets.card_turned(self.name, self.width, step)
        x = self.x + math.sin(self.phase) * self.sway
        surface.blit(image, image.get_rect(center=(round(x), round(self.y))))


def words_span(assets) -> tuple[int, int]:
    """The x-span of the logo and the tagline, which the drifting cards keep clear of."""
    words, size = LOGO[:2]
    widest = assets.font(size, True).size(words)[0]
    size = TAGLINE[1]
    widest = max([widest] + [assets.font(size).size(line)[0] for line in tagline_lines()])
    return CENTER_X - widest // 2, CENTER_X + widest // 2


class TitleScene(MenuScene):
    flyer_count = 14

    def __init__(self, app) -> None:
        super().__init__(app)
        self._deal_flyers()
        self.pace = 1.0  # eases to 0 when calm, back to 1 on input
        self.calm_at = app.now + CALM_AFTER
        self.saved = None  # the game Continue brings back (read when the buttons are built)
        self.seen: tuple = ()  # the saved games as they were when the buttons were built
        self.turns = 0  # kept tables over days where it is your turn (issue 48)
        self.turns_asked = None  # the question, off the frame
        self.turns_fresh = False  # the count was just heard (the buttons built for it)

    def _deal_flyers(self) -> None:
        rng = random.Random(2018)  # the same pretty opening every time (and in screenshots)
        clear = words_span(self.app.assets)
        self.flyers = [_Flyer(rng, True, clear) for _ in range(self.flyer_count)]
        self.flyers.sort(key=lambda f: f.width)  # small (far) cards behind big (near) ones

    def language_changed(self) -> None:
        """The tagline's width changed: deal the drifting cards again clear of the new words
        (the title is covered by Settings while this happens, so nothing jumps)."""
        super().language_changed()
        self._deal_flyers()

    def build(self) -> None:
        self.saved = words = None
        self.seen = self.app.saver.listing()
        if self.seen:  # the record reader and the engine load only for a saved game
            self.saved, words = screen("continue_line")(self.app) or (None, None)
            self.seen = self.app.saver.listing()  # a damaged one set aside, a finished one kept
        if self.saved is not None:  # Continue on top: a smaller column fits under the tagline
            rects = self.column(440, 7, gap=12, width=760, height=74)
            full, short = (_("Continue: %(game)s") % {"game": w} for w in words)
            self.button(full, rects.pop(0), self._continue, name="continue",
                        shorter=(short, _("Continue")))
            for r in rects:
                r.inflate_ip(520 - r.width, 0)
        else:
            rects = self.column(462, 6, gap=14, width=520, height=82)
        first = rects[0].inflate(-(rects[0].width // 2 + 6), 0)  # New game and Join share a row
        # A kiosk's visitors play here, never online: New game has the row to itself.
        self.button(_("New game"), rects[0] if self.app.kiosk else
                    first.move(-(first.width // 2 + 6), 0), self._new_game, name="new_game")
        solo = rects[1].inflate(-(rects[1].width // 2 + 6), 0)  # Solo beside the guided game
        self.button(_("Solo"), solo.move(-(solo.width // 2 + 6), 0), self._solo, name="solo")
        half = rects[2].inflate(-(rects[2].width // 2 + 6), 0)  # Replays and Statistics share a row
        self.button(_("Replays"), half.move(-(half.width // 2 + 6), 0), self._replays,
                    name="replays")
        self.button(_("Statistics"), half.move(half.width // 2 + 6, 0), self._statistics,
                    name="statistics")
        half = rects[3].inflate(-(rects[3].width // 2 + 6), 0)  # How to play beside Saved games
        self.button(_("How to play"), half.move(-(half.width // 2 + 6), 0), self._rules,
                    name="how_to_play")
        self.button(_("Saved games"), half.move(half.width // 2 + 6, 0), self._saved_games,
                    name="saved_games", shorter=(_("Saved"),))
        quit_words = _("Back to the demo") if self.app.kiosk else _("Quit")
        if self.app.kiosk or not (pref_dir() / TOKENS_FILE).exists():
            self.button(_("Settings"), rects[4], self._settings, name="settings")
            # At a kiosk a visitor's Quit goes back to the demo (game/kiosk.py): say so.
            self.button(quit_words, rects[5], self.app.quit, name="quit")
        else:  # tables online are kept: My tables has a row, saying where you are to move
            self.button(self._my_tables_words(), rects[4],
                        lambda: open_screen(self.app, "my_tables"), name="my_tables",
                        shorter=(_("My tables"),))
            half = rects[5].inflate(-(rects[5].width // 2 + 6), 0)
            self.button(_("Settings"), half.move(-(half.width // 2 + 6), 0), self._settings,
                        name="settings")
            self.button(quit_words, half.move(half.width // 2 + 6, 0), self.app.quit,
                        name="quit")
            self._ask_turns()
        # After Quit in the focus ring: the keys through the rest of the menu stay as they were.
        self.button(_("Learn to play"), solo.move(solo.width // 2 + 6, 0),
                    lambda: open_screen(self.app, "lesson"), name="lesson")
        # Last in the focus ring (Up from New game reaches it): the keys through the rest of
        # the menu stay as they were. Left out at a kiosk (greyed, it said nothing of why).
        if not self.app.kiosk:
            self.button(_("Join a table"), first.move(first.width // 2 + 6, 0), self._join,
                        name="join")

    def _my_tables_words(self) -> str:
        return screen("turn_words")(self.turns) if self.turns else _("My tables")

    def _ask_turns(self) -> None:
        """At how many kept tables over days it is your turn (asked off the frame, once each
        time the buttons are built; the online code loads only when tables are kept)."""
        if self.turns_asked is None and not self.turns_fresh:
            self.turns_asked = screen("ask_turns")(self.app)
        self.turns_fresh = False

    def _turns_heard(self) -> None:
        asked = self.turns_asked
        if asked is None or not asked.done:
            return
        self.turns_asked = None
        turns = 0 if asked.error is not None else asked.result
        if turns != self.turns:
            self.turns, self.turns_fresh = turns, True  # the rebuild asks nothing again
            self.rebuild()

    # The screens the title leads to are imported when first opened (game/scenes/registry.py).
    def _replays(self) -> None:
        open_screen(self.app, "replays")

    def _saved_games(self) -> None:
        open_screen(self.app, "saved_games")

    def _continue(self) -> None:
        record, self.saved = self.saved, None
        open_screen(self.app, "continue", record)

    def _new_game(self) -> None:
        open_screen(self.app, "setup")

    def _join(self) -> None:
        open_screen(self.app, "join")

    def _solo(self) -> None:
        open_screen(self.app, "solo")

    def _statistics(self) -> None:
        open_screen(self.app, "statistics")

    def _rules(self) -> None:
        open_screen(self.app, "how_to_play")

    def _settings(self) -> None:
        open_screen(self.app, "settings")

    def back(self) -> None:
        pass  # Esc on the title does nothing: Quit is one button away, no accidental exits

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN,
                          pygame.CONTROLLERBUTTONDOWN, pygame.FINGERDOWN):
            self.calm_at = self.app.now + CALM_AFTER  # the cards stir again
        return super().handle(event)

    def resume(self) -> None:
        super().resume()
        if self.seen != self.app.saver.listing() or (self.seen and self.saved is None):
            self.rebuild()  # a game was saved, left, finished, discarded or taken above
        self.calm_at = self.app.now + CALM_AFTER

    def update(self, dt: float) -> None:
        self._turns_heard()
        notice = i18n.take_notice()  # a language whose words failed to load: say so once
        if notice:
            self.app.push(MessageScene(self.app, notice))
            return
        if not self.app.settings.lesson_offered and not self.app.kiosk:  # the first launch
            self.app.settings.lesson_offered = True
            self.app.settings.save()
            open_screen(self.app, "lesson_offer")
            return
        if looks.reduced_motion:  # Settings -> Reduced motion: the cards stand where they are
            self.pace = 0.0
            return
        target = 1.0 if self.app.now < self.calm_at else 0.0
        if self.pace == 0.0 == target:
            return  # at rest: nothing moves, nothing is drawn
        self.pace += max(-dt / 2.0, min(dt / 0.5, target - self.pace))  # slow to rest, quick to wake
        self.pace = min(1.0, max(0.0, self.pace))
        for flyer in self.flyers:
            flyer.update(dt, self.pace)
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        surface.blit(look.backdrop(assets), (0, 0))
        for flyer in self.flyers:
            flyer.draw(surface, assets)
        # The words last, above the cards (which keep clear of them anyway).
        words, size, top = LOGO
        look.put(surface, assets, words, (60, top, 1800, round(size * 1.5)), size, look.GOLD, True,
                 shadow=True, anchor="midtop")
        _words, size, top, step = TAGLINE
        for i, line in enumerate(tagline_lines()):
            look.put(surface, assets, line, (60, top + i * step, 1800, round(size * 1.4)), size, look.CREAM,
                     shadow=True, anchor="midtop")
        self.ring.draw(surface)
