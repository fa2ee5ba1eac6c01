"""The guided first game: the real table and session, a scripted friendly computer and a coach
(game/scenes/learn/coach.py) that teaches one idea at a time."""

from __future__ import annotations

from game.i18n import _
from game.match import CoachedSeat, lesson_match, lesson_start
from game.scenes.learn.coach import Coach
from game.scenes.learn.lesson_end import LessonEndScene
from game.scenes.learn.lesson_panel import CYCLE, LessonPanel
from game.scenes.table.commands import KindCommand, Reply
from game.scenes.table.couch import couch_buttons, couch_pause, undo_sync
from game.scenes.table.kind import TableKind
from game.scenes.table.play import PlayScene, table_scene


class LessonKind(TableKind):
    """The guided game's table: its seat is the lesson's scripted computer, and its coach (a
    part of the table) checks each move first, answers input of its own, pulses its ring and
    draws over the table; the coach's words instead of the banner's (a refused pick's too),
    and a restart that
    starts the lesson again. `auto`: the coach plays the player's part too (the kiosk)."""

    teaches = True  # How to play, opened from its pause, leads back here (not to a second one)

    def __init__(self, auto: bool = False, pace=None) -> None:
        super().__init__(pace)
        self.auto = auto
        self.seat = CoachedSeat()
        self.coach: Coach | None = None  # made with the table's buttons (it points at Peek)

    def build(self, buttons, app, solo: bool) -> None:
        couch_buttons(buttons, app.assets, solo)
        self.coach = Coach(app.assets, app.input, buttons["peek"], self.seat, app.now,
                           auto=self.auto)

    def make_panel(self, app, text) -> LessonPanel:
        return LessonPanel(app.assets, text)

    def panel_words(self) -> str | None:
        """CYCLE while the coach's step points at the scare cycle (a large text size shows
        it only then)."""
        step = self.coach.current if self.coach is not None else None
        return CYCLE if step is not None and step.points_at == "cycle" else None

    def spoken_lines(self, view, session) -> list[str]:
        return self.coach.spoken(view)  # the first step's words, on arrival

    def hint(self, view) -> str:
        return ""  # the coach's box says what to do

    def commands(self) -> dict[str, KindCommand | str]:
        return {"restart": KindCommand(lambda app, session: app.replace(lesson_scene(app))),
                "pause": KindCommand(couch_pause)}

    def sync(self, view, buttons) -> None:
        undo_sync(view, buttons)

    def allows(self, view, move) -> bool | Reply:
        return self.coach.accepts(move) or self.coach.wrong(view.device)

    def refused(self, words: str) -> Reply:
        return self.coach.refused(words)  # in the coach's box, not in the banner behind it

    def update(self, view, now: float) -> Reply:
        return self.coach.update(view, now) or Reply()  # the ring pulses: drawn anew each tick

    def looked_at(self, view) -> list:
        """The cards the coach's step rings (on a zoomed field, shown whole)."""
        step = self.coach.current
        return [] if step is None or step.points_at else \
            [cell for cell in step.cells if view.state.position.card_at(*cell) is not None]

    def parts(self, shared: tuple) -> tuple:
        return (*shared, self.coach)

    def finished(self, app, session, state, finish) -> None:
        """The end screen counts the points; the lesson's offer sits over it."""
        app.replace(LessonEndScene(app, state))


def lesson_scene(app, on_finish=None, kind: LessonKind | None = None) -> PlayScene:
    """The table whose second seat is the lesson's scripted computer and whose moves the
    coach checks first (its LessonKind); `on_finish` says what follows."""
    kind = kind or LessonKind()
    start = lesson_start(_("Player %(n)d") % {"n": 1})
    match = lesson_match(start, kind.seat)
    return table_scene(app, match, on_finish=on_finish, keep=False, kind=kind)
