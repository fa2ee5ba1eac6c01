"""A solo deal's table (random, seeded, advanced or the daily deal): the couch table's panel
with a Hint, as a campaign level has (H or the pad's Y); a hinted game says so in its record,
its statistics and its shared line."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.match import Phase, describe_next
from game.render.widgets import Button
from game.scenes.table.commands import Before, KindCommand, Reply
from game.scenes.table.couch import COUCH_COMMANDS, couch_buttons, couch_results, undo_sync
from game.scenes.table.kind import TableKind
from game.scenes.table.panel import PANEL, solo_goal

ROW_Y = 872  # the row of Move in (the right half now) and Hint (the left half)


class DealTable(TableKind):
    """The solo table with a Hint button and key: the couch's buttons, Move in beside Hint."""

    def build(self, buttons, app, solo: bool) -> None:
        assets = app.assets
        x = PANEL.x + 20
        couch_buttons(buttons, assets, solo, pygame.Rect(x + 220, ROW_Y, 200, 76), 28)
        buttons.add("hint", Button(assets, pygame.Rect(x, ROW_Y, 200, 76), _("Hint"), 30),
                    "hint")

    def commands(self) -> dict[str, KindCommand | str]:
        return {**COUCH_COMMANDS, "hint": KindCommand(ask_hint, Before.FINISH)}

    def spoken_lines(self, view, session) -> list[str]:
        """The panel in words on arrival: the deal, the cards left and the goal."""
        state = view.state
        return [_(session.occasion.heading),
                _("Cards left: %(n)d") % {"n": state.position.card_count()}, *solo_goal(state)]

    def finished(self, app, session, state, finish) -> None:
        couch_results(app, session, state)

    def sync(self, view, buttons) -> None:
        undo_sync(view, buttons)
        buttons["hint"].visible = view.phase is Phase.TURN and not view.state.over

    def handle(self, event, view, keys) -> str | None:
        return "hint" if keys.controls.action(event, "level") == "hint" else None


def ask_hint(app, session) -> Reply | None:
    """The first move of the best line found, lit on the field and said in words."""
    if session.state.over or session.phase is not Phase.TURN:
        return None
    answer = session.hint()
    if answer.move is None:
        return Reply(words=_("No hint found in time \u2014 ask again"))
    return hint_reply(session, answer.move)


def hint_reply(session, move) -> Reply:
    """A hinted move lit on the field (the keyboard cursor on its scarer) and said in words."""
    return Reply(light=move, sound="select", seconds=8, words=_("Hint: %(move)s") % {
        "move": describe_next(session.state.position, move, opens=False)})
