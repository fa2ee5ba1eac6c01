"""The guided first game: the real table and session, a scripted friendly computer and a coach
(game/scenes/learn/coach.py) that teaches one idea at a time."""

from __future__ import annotations

from game.i18n import _
from game.match import CoachedSeat, HumanSeat, Match, lesson_start
from game.scenes.learn.coach import Coach
from game.scenes.learn.lesson_end import LessonEndScene
from game.scenes.table.panel import TableKind
from game.scenes.table.play import PlayScene


class LessonKind(TableKind):
    """The guided game's table: the coach (the scene's `coach`) checks each move first, answers
    input of its own, pulses its ring and draws over the table; the coach's words instead of
    the banner's, and a restart that starts the lesson again."""

    def hint(self, scene) -> str:
        return ""  # the coach's box says what to do

    def restart(self, scene) -> None:
        scene.app.replace(LessonScene(scene.app))

    def allows(self, scene, move) -> bool:
        return scene.coach.accepts(move)

    def handle(self, scene, event) -> bool | None:
        if scene.director is None and scene.coach.handle(event):
            return True
        return super().handle(scene, event)

    def update(self, scene) -> bool:
        scene.coach.update()
        return True  # the ring pulses

    def sections(self, scene) -> tuple:
        return (*super().sections(scene), scene.coach)

    def finished(self, scene, state, finish) -> None:
        """The end screen counts the points; the lesson's offer sits over it."""
        scene.app.replace(LessonEndScene(scene.app, state))


class LessonScene(PlayScene):
    """A PlayScene whose second seat is the lesson's scripted computer and whose moves the
    coach checks first (its LessonKind). `auto`: the coach plays the player's part too (the
    kiosk's attract loop shows the lesson to passers-by), and `on_finish` says what follows."""

    teaches = True  # How to play, opened from its pause, leads back here (not to a second one)

    def __init__(self, app, auto: bool = False, on_finish=None, kind=None) -> None:
        self.seat = CoachedSeat()
        start = lesson_start(_("Player %(n)d") % {"n": 1})
        match = Match(start, seats=[HumanSeat(), self.seat], undo=False)
        super().__init__(app, match, on_finish=on_finish, keep=False, kind=kind or LessonKind())
        self.coach = Coach(self, self.seat, auto=auto)
