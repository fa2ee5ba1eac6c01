"""The couch table's kind (CouchTable) and what other kinds share of it: its buttons, its
pause, its commands and its results."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.render.widgets import Button
from game.scenes.registry import screen
from game.scenes.table.commands import KindCommand, Reply
from game.scenes.table.kind import TableKind
from game.scenes.table.pause import PauseScene
from game.scenes.table.scoring import ScoringScene
from game.scenes.table.section import PANEL


class CouchTable(TableKind):
    """The couch table (and a solo deal without hints): Move in, Pause, Undo and Redo (solo),
    Peek (a couch's task cards); Restart deals the same game again; its end, the scores or
    the solo result."""

    helps = True

    def build(self, buttons, app, solo: bool) -> None:
        couch_buttons(buttons, app.assets, solo)

    def commands(self) -> dict[str, KindCommand | str]:
        return COUCH_COMMANDS

    def finished(self, app, session, state, finish) -> None:
        couch_results(app, session, state)

    def sync(self, view, buttons) -> None:
        undo_sync(view, buttons)


def couch_buttons(buttons, assets, solo: bool, move_in: pygame.Rect | None = None,
                  move_in_size: int = 30) -> None:
    """The couch's buttons: Move in (at `move_in`, else across the panel), Pause, Undo and
    Redo (`solo`: the three share a row), Peek (hidden until a turn with task cards)."""
    x = PANEL.x + 20
    left = pygame.Rect(x, 968, 200, 84)
    if solo:  # Undo, Redo and Pause share the row
        pause = Button(assets, pygame.Rect(x + 288, 968, 132, 84), _("Pause"), 30)
        undo = Button(assets, pygame.Rect(x, 968, 132, 84), _("Undo"), 30, arrow=-1)
        redo = Button(assets, pygame.Rect(x + 144, 968, 132, 84), _("Redo"), 30, arrow=1)
    else:
        pause = Button(assets, pygame.Rect(x + 220, 968, 200, 84), _("Pause"), 32)
        undo = Button(assets, left, _("Undo"), 32)
        redo = Button(assets, left, _("Redo"), 32)
    undo.visible = redo.visible = solo
    buttons.add("move_in", move_in_button(assets, move_in or pygame.Rect(x, 872, 420, 76),
                                          move_in_size), "move_in")
    buttons.add("pause", pause, "pause")
    buttons.add("undo", undo, "undo")
    buttons.add("redo", redo, "redo")
    add_peek(buttons, assets, left)


def move_in_button(assets, rect: pygame.Rect, size: int = 30) -> Button:
    """Move in (scare a card to the side), lit while it is on."""
    return Button(assets, rect, _("Move in: off"), size, on_label=_("Move in: on"))


def add_peek(buttons, assets, rect: pygame.Rect) -> None:
    """Peek at `rect`, held to show the task cards (hidden until a turn with task cards)."""
    peek = Button(assets, rect, _("Peek"), 32, on_label=_("Hide"))
    peek.visible = False
    buttons.add("peek", peek, hold="peek")


def undo_sync(view, buttons) -> None:
    """Undo and Redo greyed while there is nothing to take back or play again."""
    buttons["undo"].enabled = view.can_undo
    buttons["redo"].enabled = view.can_redo


def couch_pause(app, session) -> Reply:
    """The couch's pause: the pause screen over the table (its task cards covered)."""
    return Reply(over=lambda table: PauseScene(app, restart=lambda: table.commands.run("restart"),
                                               moves=session.move_list, kept=session.saved))


# The couch's commands besides the table's own: the same deal again, its pause.
COUCH_COMMANDS: dict[str, KindCommand | str] = {"restart": "deal_again", "pause": KindCommand(couch_pause)}


def couch_results(app, session, state) -> None:
    """The end has been seen: the results (the same deal again opens a fresh table)."""
    def again(state) -> None:
        app.replace(screen("table")(app, state))

    if session.occasion.solo:
        app.replace(screen("solo_result")(app, state, session.start, again))
    else:
        app.replace(ScoringScene(app, state, again, record=session.record()))
