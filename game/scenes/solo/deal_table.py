"""A solo deal's table (random, seeded, advanced or the daily deal): the couch table's panel
with a Hint, as a campaign level has (H or the pad's Y); a hinted game says so in its record,
its statistics and its shared line."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.match import Phase, describe_next
from game.render.widgets import Button
from game.scenes.table.panel import PANEL, TableKind, solo_goal

ROW_Y = 872  # the row of Move in (the right half now) and Hint (the left half)


class DealTable(TableKind):
    """The solo table with a Hint button and key."""

    def build(self, scene) -> None:
        super().build(scene)
        assets, buttons = scene.app.assets, scene.buttons
        x = PANEL.x + 20
        buttons.replace("move_in", Button(assets, pygame.Rect(x + 220, ROW_Y, 200, 76),
                                          _("Move in: off"), 28, on_label=_("Move in: on")))
        buttons.add("hint", Button(assets, pygame.Rect(x, ROW_Y, 200, 76), _("Hint"), 30),
                    lambda: self.ask_hint(scene))

    def spoken_lines(self, scene) -> list[str]:
        """The panel in words on arrival: the deal, the cards left and the goal."""
        state = scene.state
        return [_(scene.session.occasion.heading),
                _("Cards left: %(n)d") % {"n": state.position.card_count()}, *solo_goal(state)]

    def sync(self, scene) -> None:
        super().sync(scene)
        scene.buttons["hint"].visible = scene.phase is Phase.TURN and not scene.state.over

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
