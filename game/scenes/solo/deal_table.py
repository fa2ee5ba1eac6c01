"""A solo deal's table (random, seeded, advanced or the daily deal): the couch table's panel
with a Hint, as a campaign level has (H or the pad's Y); a hinted game says so in its record,
its statistics and its shared line."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.match import Phase, describe_next
from game.render.widgets import Button
from game.scenes.table.panel import (
    PANEL,
    TableKind,
    couch_buttons,
    couch_pause,
    couch_results,
    deal_again,
    undo_sync,
)

ROW_Y = 872  # the row of Move in (the right half now) and Hint (the left half)


class DealTable(TableKind):
    """The solo table with a Hint button and key: the couch's buttons, Move in beside Hint."""

    def build(self, scene) -> None:
        super().build(scene)
        assets, buttons = scene.app.assets, scene.buttons
        x = PANEL.x + 20
        couch_buttons(scene, pygame.Rect(x + 220, ROW_Y, 200, 76), 28)
        buttons.add("hint", Button(assets, pygame.Rect(x, ROW_Y, 200, 76), _("Hint"), 30),
                    lambda: self.ask_hint(scene))

    def restart(self, scene) -> None:
        deal_again(scene, self)

    def pause(self, scene) -> None:
        couch_pause(scene)

    def finished(self, scene, state, finish) -> None:
        couch_results(scene, state)

    def sync(self, view, buttons) -> None:
        undo_sync(view, buttons)
        buttons["hint"].visible = view.phase is Phase.TURN and not view.state.over

    def handle(self, scene, event) -> bool | None:
        if scene.app.input.controls.action(event, "level") == "hint":
            self.ask_hint(scene)
            return True
        return None

    def ask_hint(self, scene) -> None:
        """The first move of the best line found, lit on the field and said in words."""
        scene.finish_animation()
        if scene.state.over or scene.phase is not Phase.TURN:
            return
        answer = scene.session.hint()
        scene.picture.forget()
        if answer.move is None:
            scene.say(_("No hint found in time \u2014 ask again"))
            return
        light_hint(scene, answer.move)


def light_hint(scene, move) -> None:
    """A hinted move lit on the field (the keyboard cursor on its scarer) and said in words."""
    scene.pick.light(move)
    scene.app.audio.play("select")
    scene.say(_("Hint: %(move)s") % {"move": describe_next(scene.state.position, move,
                                                            opens=False)}, 8)
