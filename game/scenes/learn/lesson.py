"""The guided first game: the real table and session, a scripted friendly computer and a coach
(game/scenes/learn/coach.py) that teaches one idea at a time."""

from __future__ import annotations

from game.i18n import _
from game.match import CoachedSeat, lesson_match, lesson_start
from game.scenes.learn.coach import Coach
from game.scenes.learn.lesson_end import LessonEndScene
from game.scenes.table.panel import TableKind, couch_buttons, couch_pause, undo_sync
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
        self.coach: Coach | None = None  # made with the table (it drives it)

    def build(self, scene) -> None:
        super().build(scene)
        couch_buttons(scene)
        self.coach = Coach(scene, self.seat, auto=self.auto)

    def hint(self, view) -> str:
        return ""  # the coach's box says what to do

    def restart(self, scene) -> None:
        scene.app.replace(lesson_scene(scene.app))

    def pause(self, scene) -> None:
        couch_pause(scene)

    def sync(self, view, buttons) -> None:
        undo_sync(view, buttons)

    def allows(self, view, move) -> bool:
        return self.coach.accepts(move)

    def refused(self, words: str) -> bool:
        self.coach.refused(words)  # in the coach's box, not in the banner behind it
        return True

    def update(self) -> bool:
        self.coach.update()
        return True  # the ring pulses

    def parts(self, shared: tuple) -> tuple:
        return (*shared, self.coach)

    def finished(self, scene, state, finish) -> None:
        """The end screen counts the points; the lesson's offer sits over it."""
        scene.app.replace(LessonEndScene(scene.app, state))


def lesson_scene(app, on_finish=None, kind: LessonKind | None = None) -> PlayScene:
    """The table whose second seat is the lesson's scripted computer and whose moves the
    coach checks first (its LessonKind); `on_finish` says what follows."""
    kind = kind or LessonKind()
    start = lesson_start(_("Player %(n)d") % {"n": 1})
    match = lesson_match(start, kind.seat)
    return table_scene(app, match, on_finish=on_finish, keep=False, kind=kind)
