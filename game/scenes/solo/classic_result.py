"""Classic solo and the daily deal: the best result per deal is kept, then the solo result shows."""

from __future__ import annotations

from datetime import date

import pygame

from game.campaign.stats import share_line
from game.engine.scoring import target_met
from game.engine.state import GameState
from game.i18n import _, format_date
from game.match import (
    Match,
    Record,
    cards_words,
    occasion_of,
    record_of,
    resumed_match,
    solo_match,
)
from game.scenes.menu import HEADING_BOX
from game.scenes.solo.deal_table import DealTable
from game.scenes.solo.solo_result import SoloResultScene
from game.scenes.table.play import table_scene
from game.ui.copy_result import BUTTON_RECT, CopyResult

# Where Copy result's note may go when the field gave its room to the words: above the footer
# (its line ends at 922, up to 44 px tall).
NOTE_ROOM = pygame.Rect(60, 0, 1800, 872)


def best_of(app, record: Record) -> int | None:
    """The best result kept for the deal of `record` (None: none yet)."""
    return occasion_of(record).best(app.files.progress(), record)


def continue_solo(app, record: Record) -> None:
    """A saved solo deal (or the daily deal) back on its table, pushed over the title."""
    match = resumed_match(record)
    play_solo(app, match, date.fromisoformat(match.daily) if match.daily else None, push=True)


def play_solo(app, state: GameState | Match, daily: date | None = None, *,
              push: bool = False) -> None:
    """Deal `state` on the table (or put a resumed Match back on it, pushed over the title);
    a deal played before says the best result kept for it. The session keeps the result at
    the last move; the result screen shows it."""
    match = state if isinstance(state, Match) else \
        solo_match(state, daily.isoformat() if daily else None)

    def finished(end: GameState, finish) -> None:
        game = table.session  # the game's own views: its start, the hints it took, its id
        show_result(app, end, game.start, daily, finish.before if finish is not None else None,
                    hints=game.hints_used, game=game.game)

    table = table_scene(app, match, on_finish=finished, kind=DealTable())
    start = table.session.start
    (app.push if push else app.replace)(table)
    best = best_of(app, table.session.record())
    if best is not None:
        deal = _("today's deal") if daily else _("deal %(seed)s") % {"seed": start.seed}
        table.say(_("Your best on %(deal)s: %(cards)s. Pick a card to scare with")
                  % {"deal": deal, "cards": cards_words(best)}, 99)


def show_result(app, end: GameState, start: GameState, daily: date | None = None,
                before: int | None = None, *, hints: int = 0, game: str | None = None) -> None:
    """The result of a solo deal (kept already by the table's session) in place of the table."""
    app.replace(ClassicResultScene(app, end, start, daily=daily, before=before, hints=hints,
                                   game=game))


class ClassicResultScene(SoloResultScene):
    """The table's solo result, plus the best result for this deal (or today's deal)."""

    # The heading keeps clear of the Copy result button in the corner, centred on the screen.
    heading_box = pygame.Rect(1920 - (BUTTON_RECT.x - 20), HEADING_BOX.y,
                              2 * (BUTTON_RECT.x - 20) - 1920, HEADING_BOX.h)

    def __init__(self, app, state: GameState, start: GameState, *, daily: date | None = None,
                 before: int | None = None, hints: int = 0, game: str | None = None) -> None:
        super().__init__(app, state, start, again=self._again)
        self.hints = hints
        self.game = game  # the game's id: its Recent statistics line gets the deal's best
        self.daily = daily
        self.before = before
        self.best = best_of(app, record_of(start, daily=daily.isoformat() if daily else None))
        self._told = False

    def build(self) -> None:
        super().build()
        self.copier = CopyResult(lambda: share_line(self.state, daily=self.daily,
                                                    hints=self.hints, best=self.proven_best()))
        self.button(_("Copy result"), BUTTON_RECT, self.copier.copy, name="copy_result")

    def draw_content(self, surface) -> None:
        super().draw_content(surface)
        # Large: the note in the field's room, which the words took (see SoloResultScene)
        top = self.free_area().top
        room = None if self.pictured else \
            pygame.Rect(NOTE_ROOM.x, top, NOTE_ROOM.w, NOTE_ROOM.bottom - top)
        self.copier.draw(self.app.assets, surface, room)

    def proven_best(self) -> int | None:
        answer = self.answer.answer if self.answer is not None else None
        return answer.best.count if answer is not None and answer.best.proven else None

    def answered(self, answer) -> None:
        """The deal's best is proven: kept beside this result in the statistics."""
        self.app.files.statistics().note_best(self.game, answer.best.count, answer.best.proven)

    def _again(self, state: GameState) -> None:
        same_deal = state.seed == self.start.seed
        play_solo(self.app, state, self.daily if same_deal else None)

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self._told:
            self._told = True
            self.app.show_progress_notice()

    def footer(self) -> str:
        """The deal's seed (or the day), and the best result kept for it."""
        seed = self.start.seed
        deal = _("Daily deal %(date)s") % {"date": format_date(self.daily)} if self.daily \
            else _("Deal %(seed)s") % {"seed": seed}
        if self.best is None:
            return super().footer() if not self.daily else deal
        left = self.state.position.card_count()
        if target_met(self.state) and self.before is None:  # nothing earlier to beat
            return _("%(deal)s  \u00b7  Your first result on this deal") % {"deal": deal}
        if target_met(self.state) and left < self.before:
            return _("%(deal)s  \u00b7  New best for this deal!") % {"deal": deal}
        return _("%(deal)s  \u00b7  Best for this deal: %(cards)s") % {
            "deal": deal, "cards": cards_words(self.best)}
