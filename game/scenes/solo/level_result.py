"""After a level: cards left, the title, stars, target met or missed, best; next, retry, solution."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.campaign.level_game import solution_line
from game.campaign.levels import Level
from game.campaign.progress import stars_for
from game.engine.scoring import solo_title, target_met
from game.engine.state import GameState
from game.i18n import _, ngettext
from game.match import par_words
from game.render import fit, looks
from game.render.field import FieldLayout, FieldRenderer
from game.render.palette import FELT_FRAME
from game.scenes.menu import CENTER_X, HEADING_BOX, MenuScene
from game.ui import campaign_look as cl
from game.ui import look
from game.ui.copy_result import BUTTON_RECT, NOTE_BOX, CopyResult

FIELD_AREA = pygame.Rect(360, 500, 1200, 400)
BUTTONS_Y = 950  # the row of buttons at the foot
STARS = stars_for(0, 0)  # the most a level earns: the scale the screen and the line show
WORDS_W = 2 * (BUTTON_RECT.x - 20) - 1920  # centred, clear of the Copy result corner


def star_row(stars: int) -> str:
    """The stars as the clipboard shows them: ★★☆ (three, as on the screen)."""
    return "\u2605" * stars + "\u2606" * (STARS - stars)


def share_line(level: Level, left: int, stars: int) -> str:
    """What Copy result puts on the clipboard after a level: its name, the cards left against
    par and the stars out of the three the screen shows."""
    return ngettext("Scare It! level \u201c%(name)s\u201d · %(n)d card left · par %(par)d · "
                    "%(stars)s", "Scare It! level \u201c%(name)s\u201d · %(n)d cards left · "
                    "par %(par)d · %(stars)s", left) % {
        "name": level.name, "n": left, "par": level.par, "stars": star_row(stars)}


def stars_in_words(line: str, stars: int) -> str:
    """The copied line with its star row in words, for the note on screen (the game's font
    has no star glyph; the stars themselves stand large above it)."""
    return line.replace(star_row(stars), stars_words(stars))


def cards_left(n: int) -> str:
    return ngettext("%(n)d card left", "%(n)d cards left", n) % {"n": n}


def how_stars_are_earned(par: int) -> str:
    """One line: par earns 3 stars, par + 1 earns 2, par + 2 earns 1."""
    return ngettext("Stars: 3 for %(n)d card left, 2 for %(one)d, 1 for %(two)d",
                    "Stars: 3 for %(n)d cards left, 2 for %(one)d, 1 for %(two)d", par) % {
        "n": par, "one": par + 1, "two": par + 2}


def goal_words(level: Level) -> str:
    """What a level asks, as a phrase: "leave 1 card", and which card to keep if it names one."""
    goal = ngettext("leave %(n)d card", "leave %(n)d cards", level.par) % {"n": level.par}
    if level.target is not None:
        goal = _("%(goal)s and keep %(card)s") % {"goal": goal, "card": level.target.object_label}
    return goal


def stars_words(stars: int) -> str:
    """The stars earned, in words: "2 of 3 stars"."""
    return ngettext("%(n)d of %(all)d star", "%(n)d of %(all)d stars", STARS) % {
        "n": stars, "all": STARS}


class LevelResultScene(MenuScene):
    waits_for_choice = True  # the key of the last move (or one just after it) replays nothing
    # The title keeps clear of the Copy result button in the corner, centred on the screen.
    heading_box = pygame.Rect(1920 - (BUTTON_RECT.x - 20), HEADING_BOX.y, WORDS_W,
                              HEADING_BOX.h)

    def __init__(self, app, level: Level, state: GameState, *, before: int | None = None,
                 hints: int = 0, solution_cards: int | None = None,
                 play: Callable[..., None], back_to_good: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.back_to_good = back_to_good  # par was missed: back to where it could be reached
        self.play = play  # play(level, **options): a fresh level table (next, retry, solution)
        self.level = level
        self.state = state
        self.before = before  # the best result before this game (None: first time)
        self.hints = hints
        self.solution_cards = solution_cards
        self.campaign = app.files.campaign()
        self.progress = app.files.progress()
        self.left = state.position.card_count()
        self.met = target_met(state)
        self.title = solo_title(state)
        self.stars = stars_for(self.left, level.par, self.met)
        self.heading = _(self.title) if self.title else _("No title this time")
        levels = self.campaign.levels
        i = next((k for k, lv in enumerate(levels) if lv.id == level.id), len(levels))
        self.next_level = levels[i + 1] if i + 1 < len(levels) else None
        self._told = False

    def enter(self) -> None:
        super().enter()
        pos = self.state.position
        area = FIELD_AREA.copy()  # below the lines (the frame clear of them), above the buttons
        area.top = max(FIELD_AREA.top, self.lines_bottom() - 9)
        area.h = FIELD_AREA.bottom - area.top
        self.field = FieldRenderer(self.app.assets,
                                   FieldLayout.around(pos, area, labels=False,
                                                      max_card_w=150))
        if self.stars and self.solution_cards is None:
            self.app.audio.play("win")

    def next_open(self) -> bool:
        return self.next_level is not None and \
            self.progress.level_unlocked(self.campaign, self.next_level.id)

    def build(self) -> None:
        count = 5 if self.back_to_good is not None else 4
        y, w, gap = BUTTONS_Y, 400 if count == 4 else 340, 30 if count == 4 else 16
        x = CENTER_X - (count * w + (count - 1) * gap) // 2
        rects = [(x + i * (w + gap), y, w, 92) for i in range(count)]
        label = _("Next level") if self.next_level is not None else _("Campaign done!")
        nxt = self.button(label, rects[0], self.next, name="next", enabled=self.next_open())
        retry = self.button(_("Retry"), rects[1], self.retry, name="retry")
        self.button(_("Show a solution"), rects[2], self.show_solution, name="solution")
        self.button(_("Levels"), rects[3], self.back, name="levels")
        if self.back_to_good is not None:
            good = self.button(_("Last good point"), rects[4], self.back_to_good, name="good")
            retry = good  # the quickest way on, after a miss
        self.copier = CopyResult(lambda: share_line(self.level, self.left, self.stars),
                                 lambda line: stars_in_words(line, self.stars))
        self.button(_("Copy result"), BUTTON_RECT, self.copier.copy, name="copy_result")
        self.ring.focus(nxt if self.stars and self.next_open() else retry)

    # Buttons ----------------------------------------------------------------------------
    def _play(self, level: Level, **kwargs) -> None:
        self.play(level, **kwargs)

    def next(self) -> None:
        if self.next_open():
            self._play(self.next_level)

    def retry(self) -> None:
        self._play(self.level)

    def show_solution(self) -> None:
        result = {"state": self.state, "before": self.before, "hints": self.hints}
        self._play(self.level, demo=solution_line(self.level), result=result)

    def back(self) -> None:
        self.app.audio.play("select")
        self.app.pop()  # the level select lies beneath

    def update(self, dt: float) -> None:
        if not self._told:
            self._told = True
            self.app.show_progress_notice()  # e.g. the result could not be saved

    # Words ------------------------------------------------------------------------------
    def spoken_lines(self) -> list[str]:
        """After the title: the level, its stars, the cards left and the lines under them."""
        return [_(self.level.name), stars_words(self.stars), cards_left(self.left),
                *self.lines()]

    # Drawing ----------------------------------------------------------------------------
    def lines(self) -> list[str]:
        level, lines = self.level, []
        if level.target is not None:
            word = level.target.label
            lines.append(_("Target met: the %(card)s is still on the field.") % {"card": word}
                         if self.met else
                         _("Target missed: the %(card)s was scared away, so no stars.")
                         % {"card": word})
        best = self.progress.best(level.id)
        if self.met and self.before is None:  # a first try is no "new best"
            lines.append(_("Your first result on this level."))
        elif self.met and self.left < self.before:
            lines.append(_("New best result for this level!"))
        elif best is not None:
            lines.append(_("Your best: %(cards)s.") % {"cards": cards_left(best)})
        if self.solution_cards is not None:
            lines.append(_("The solution you just watched leaves %(cards)s.")
                         % {"cards": cards_left(self.solution_cards)})
        lines.append(par_words(level.par))  # the "par 4" of the line above, explained
        lines.append(how_stars_are_earned(level.par))
        return lines

    def note_room(self, frame: pygame.Rect) -> pygame.Rect | None:
        """Where the Copy result note goes at a large text size: down the right-hand side
        under its button, clear of the field's `frame`, to the row of buttons (at 100 %: its
        own box)."""
        if not looks.large():
            return None
        left = max(NOTE_BOX.x, frame.right + 24)
        return pygame.Rect(left, NOTE_BOX.y, NOTE_BOX.right - left, BUTTONS_Y - 16 - NOTE_BOX.y)

    def lines_bottom(self) -> int:
        """Where the field's frame may begin: below the lines under the score."""
        return 398 + 40 * len(self.lines()) + 20

    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        words = pygame.Rect(0, 0, WORDS_W, 50)
        words.midtop = (CENTER_X, 174)
        fit.draw(surface, assets, self.level.name, words, 36, look.CREAM, anchor="midtop")
        row = cl.stars(assets, self.stars, 84, 16, STARS)
        surface.blit(row, row.get_rect(midtop=(CENTER_X, 228)))
        score = _("%(cards)s  \u00b7  par %(par)d") % {"cards": cards_left(self.left),
                                                        "par": self.level.par}
        fit.draw(surface, assets, score, pygame.Rect(60, 322, 1800, 72), 52, look.GOLD, True,
                 anchor="midtop", shadow=True)
        for i, line in enumerate(self.lines()):
            fit.draw(surface, assets, line, pygame.Rect(60, 396 + i * 40, 1800, 42), 30,
                     look.CREAM, anchor="midtop")
        lay = self.field.layout
        shift = max(0, self.lines_bottom() - (lay.rect.top - 15))  # lines grown since enter
        back = lay.rect.inflate(30, 30).move(0, shift)
        self.copier.draw(assets, surface, self.note_room(back), "topright")
        pygame.draw.rect(surface, FELT_FRAME, back, border_radius=18)
        for x, y, card in self.state.position.occupied():
            r = lay.card_rect((x, y)).move(0, shift)
            if self.level.target is not None and card == self.level.target:
                self.field.glow(surface, (x, y), "selected", (0, shift))
            self.field.card(surface, card.code, r.x, r.y)
