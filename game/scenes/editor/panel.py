"""The puzzle editor's proof part: the panel's heading, the draft's problem, the solver's answer."""

from __future__ import annotations

import pygame

from game.campaign.draft import Draft
from game.campaign.live_solver import LiveSolver
from game.i18n import _, format_decimal
from game.render import fit, looks
from game.render.palette import BAD, CREAM, GOLD, MUTED
from game.scenes.editor.layout import BUTTON_TOP, DOTS_S, PANEL


class ProofPanel:
    """The live solver's latest answer about the draft, and the panel's top that shows it (its
    dots step while it searches)."""

    def __init__(self, assets, solver: LiveSolver) -> None:
        self.assets = assets
        self.solver = solver
        self.answer = solver.answer()
        self.dots = 0
        self.dots_timer = DOTS_S

    def ask(self, draft: Draft) -> None:
        """The draft changed: the solver starts on it at once (an empty field: it rests)."""
        if draft.card_count():
            self.solver.ask(draft.position(), draft.target)
        else:
            self.solver.cancel()
        self.answer = self.solver.answer()

    def tick(self, dt: float) -> bool:
        """Take the solver's latest answer; True when the panel looks different."""
        changed = False
        answer = self.solver.answer()
        if answer != self.answer:
            self.answer = answer
            changed = True
        if answer.searching:
            self.dots_timer -= dt
            if self.dots_timer <= 0:
                self.dots_timer = DOTS_S
                self.dots = (self.dots + 1) % 4
                changed = True
        return changed

    def proven(self) -> bool:
        """The answer shown is the proof about the draft as it is now."""
        return self.answer.proven and self.answer.ticket == self.solver.answer().ticket

    def lines(self, draft: Draft) -> list[tuple[str, int, bool, tuple]]:
        """The solver's answer as (words, size, bold, colour) lines for the panel."""
        answer = self.answer
        if not draft.card_count():
            return [(_("Place some cards"), 30, True, MUTED)]
        if answer.proven:
            if answer.count is None:
                # TRANSLATORS: two lines on screen; put the line break (\n) where it reads best.
                return [(_("The target can never\nstay on the field"), 32, True, BAD)]
            return [(_("Fewest cards that can remain"), 26, False, MUTED),
                    (str(answer.count), 72, True, GOLD),
                    (_("proved in %(s)s s") % {"s": format_decimal(answer.seconds, 2)}, 22, False,
                     MUTED)]
        lines = [(_("Searching") + "." * self.dots, 30, True, CREAM)]
        if answer.count is not None:
            lines.append((_("best found so far: %(n)d") % {"n": answer.count}, 28, False, GOLD))
        return lines

    def words(self, draft: Draft) -> str:
        """The answer as the table that speaks says it (the searching dots left out)."""
        answer = self.answer
        if draft.card_count() and answer.proven and answer.count is not None:
            return _("Fewest cards that can remain: %(n)d") % {"n": answer.count}
        if draft.card_count() and not answer.proven:
            return _("Searching") if answer.count is None else \
                _("best found so far: %(n)d") % {"n": answer.count}
        return self.lines(draft)[0][0]

    def draw(self, surface: pygame.Surface, draft: Draft) -> None:
        """The heading, the draft's problem above the buttons, and the answer between them."""
        assets = self.assets
        x0 = PANEL.x + 30
        fit.draw(surface, assets, _("Make a puzzle"), pygame.Rect(x0, 20, PANEL.w - 50, 54),
                 40, CREAM, True, anchor="topleft")
        y = 92
        problem = draft.problem() if draft.card_count() else None
        last = BUTTON_TOP - 14
        if problem:  # the problem first, above the buttons: at a large text size the answer
            # gives way to it (the panel's top is the problem's: the voice says the answer)
            if looks.large():
                tall = BUTTON_TOP - 10 - y
            else:
                tall = min(BUTTON_TOP - 10 - (y + 60),
                           2 * assets.font(looks.scaled(24)).get_linesize())
            room = pygame.Rect(x0, BUTTON_TOP - 10 - tall, PANEL.w - 50, tall)
            last = fit.draw(surface, assets, problem, room, 24, BAD, anchor="bottomleft").top - 4
            if looks.large():
                return
        for words, size, bold, colour in self.lines(draft):
            # small words may take two lines, and a sentence the translator broke takes both
            tall = size + 30 if size > 30 and "\n" not in words else 2 * size + 26
            if looks.large():  # two lines at the player's size
                tall = 2 * assets.font(looks.scaled(size), bold).get_linesize()
            least = assets.font(min(size, fit.FLOOR)).get_height()
            if y + least > last and y > 92:
                break  # no room left at this text size: the rest (how long the proof took) waits
            tall = max(min(tall, last - y), least)
            # large: the panel's whole width but its rims (two lines of Polish at 48 px)
            room = pygame.Rect(PANEL.x + 20, y, PANEL.w - 36, tall) if looks.large() \
                else pygame.Rect(x0, y, PANEL.w - 50, tall)
            rect = fit.draw(surface, assets, words, room, size, colour, bold, anchor="topleft")
            y = rect.bottom + 4
