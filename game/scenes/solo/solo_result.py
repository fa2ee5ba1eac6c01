"""The single-player result: cards left, the title earned, the target, the deal's seed."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.rng import next_seed
from game.engine.scoring import TITLES, solo_title, target_met
from game.engine.state import GameState, new_game
from game.i18n import _, ngettext
from game.render import looks
from game.render.field import FieldLayout, FieldRenderer
from game.render.palette import FELT_FRAME
from game.scenes.menu import CENTER_X, MenuScene
from game.scenes.solo.answer_box import AnswerBox
from game.ui import look

FIELD_AREA = pygame.Rect(360, 440, 1200, 450)
# The deal's best possible, where it slipped and the move that kept it (two lines' room), that
# move in the notation.
ANSWER = pygame.Rect(160, 258, 1600, 150)
# At a large text size (looks.large) the words have three lines' room (a slip alone at nine
# tenths of its size: answer_box) and the notation a taller line; the field of the cards left
# gives its room to them where too little is left for it.
ANSWER_LARGE = pygame.Rect(160, 258, 1600, 330)
LINE_H = 40
FIELD_LEAST = 200  # a field shorter than this is not shown (the words took its room)


def answer_rect() -> pygame.Rect:
    """Where the deal's best and the words under it go at the player's text size."""
    return ANSWER_LARGE if looks.large() else ANSWER


def title_ladder() -> list[str]:
    """What each count of cards left earns, from game.engine.scoring.TITLES, and what 5 or
    more earn (nothing yet), in two lines."""
    earned = [_("%(n)d: %(title)s") % {"n": n, "title": _(TITLES[n])} for n in sorted(TITLES)]
    half = (len(earned) + 1) // 2
    more = _("%(n)d or more: no title yet") % {"n": max(TITLES) + 1}
    return ["   ".join(earned[:half]), "   ".join([*earned[half:], more])]


class SoloResultScene(MenuScene):
    """The end of a solo deal; `again(state)` puts a deal (this one or a new one) on the table."""

    waits_for_choice = True  # the key of the last move (or one just after it) plays no new deal

    def __init__(self, app, state: GameState, start: GameState | None,
                 again: Callable[[GameState], None]) -> None:
        super().__init__(app)
        self.again = again
        self.state = state
        self.start = start or state
        self.title = solo_title(state)
        self.left = state.position.card_count()
        self.heading = _(self.title) if self.title else _("No title this time")
        self.answer: AnswerBox | None = None

    def enter(self) -> None:
        if self.answer is None:  # asked once, before the buttons it enables are built
            self.answer = AnswerBox(self, self.start, self.state)
        super().enter()
        pos = self.state.position
        area = self.free_area()
        self.pictured = area.h >= FIELD_LEAST
        self.field = FieldRenderer(self.app.assets,
                                   FieldLayout.around(pos, area, labels=False, max_card_w=150))
        if self.title:
            self.app.audio.play("win")

    def exit(self) -> None:
        super().exit()
        if self.answer is not None:
            self.answer.close()

    def update(self, dt: float) -> None:
        if self.answer is not None and self.answer.tick():
            self.dirty = True

    def answered(self, answer) -> None:
        """The deal's answer came in (a screen that keeps it says where)."""

    def build(self) -> None:
        w, gap, y = 336, 18, 940
        x = CENTER_X - (5 * w + 4 * gap) // 2
        rects = [(x + i * (w + gap), y, w, 92) for i in range(5)]
        self.button(_("Play again"), rects[0], self.play_again, name="again")
        self.button(_("New deal"), rects[1], self.new_deal, name="new")
        if self.answer is not None:
            self.answer.build(rects[2:4])
        self.button(_("Menu"), rects[4], self.app.go_to_menu, name="menu")

    def _play(self, state: GameState) -> None:
        self.again(state)

    def play_again(self) -> None:
        self._play(self.start)

    def new_deal(self) -> None:
        s = self.start
        names = [p.name for p in s.players] or [_("Player")]
        self._play(new_game(s.mode, names, next_seed(s.seed)))

    def footer(self) -> str:
        """The line under the field: the deal's seed, so it can be played again or shared."""
        seed = self.start.seed
        if seed is None:
            return ""
        return _("Deal %(seed)s \u2014 type it in the Solo menu to play it again") % {"seed": seed}

    def free_area(self) -> pygame.Rect:
        """The room below the words and above the footer: the field's."""
        area = FIELD_AREA.copy()
        area.top = max(FIELD_AREA.top, self.lines_top() + LINE_H * len(self.lines()) + 24)
        area.h = FIELD_AREA.bottom - area.top
        return area

    def lines_top(self) -> int:
        answer = answer_rect()
        return answer.bottom + 6 if self.answer is not None else answer.top + 6

    def lines(self) -> list[str]:
        """The words under the count: how to earn a title, the target, the title ladder."""
        lines = []
        if self.title is None and self.left > max(TITLES) and target_met(self.state):
            lines.append(ngettext("Leave %(n)d card or fewer to earn a title \u2014 try again!",
                                  "Leave %(n)d cards or fewer to earn a title \u2014 try again!",
                                  max(TITLES)) % {"n": max(TITLES)})
        if self.state.target is not None:
            word = self.state.target.label
            if target_met(self.state):
                lines.append(_("Target met: the %(card)s is still on the field.") % {"card": word})
            else:
                lines.append(_("Target missed: the %(card)s was scared away, so no title.")
                             % {"card": word})
        lines.extend(title_ladder())
        return lines

    def cards_left(self) -> str:
        return ngettext("%(n)d card left", "%(n)d cards left", self.left) % {"n": self.left}

    def spoken_lines(self) -> list[str]:
        """After the title: the cards left, the target, how to earn a title and the deal; the
        best possible follows when it is proven (AnswerBox)."""
        ladder = title_ladder()
        return [self.cards_left(), *(line for line in self.lines() if line not in ladder),
                *ladder, self.footer()]

    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        cards = self.cards_left()
        img = look.fitted(assets, cards, 60, 1040, look.GOLD, True, shadow=True)
        surface.blit(img, img.get_rect(midtop=(CENTER_X, 186)))
        if self.answer is not None:
            self.answer.draw(surface, answer_rect())
        for i, line in enumerate(self.lines()):
            text = look.fitted(assets, line, 30, 1500, look.CREAM)
            surface.blit(text, text.get_rect(midtop=(CENTER_X, self.lines_top() + i * LINE_H)))
        footer = self.footer()
        if footer:
            img = look.fitted(assets, footer, 32, 1700, look.GOLD, True)
            surface.blit(img, img.get_rect(midbottom=(CENTER_X, 922)))
        if not self.pictured:
            return
        lay = self.field.layout
        pygame.draw.rect(surface, FELT_FRAME, lay.rect.inflate(30, 30), border_radius=18)
        self.field.cards(surface, self.state.position)
        if self.state.target is not None:
            for x, y, card in self.state.position.occupied():
                if card == self.state.target:
                    self.field.glow(surface, (x, y), "selected")
                    self.field.card(surface, card.code, *lay.card_rect((x, y)).topleft)
