"""Pause overlay: resume, how to play, restart and quit to menu (both confirmed first)."""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import N_, _
from game.scenes.confirm import ConfirmScene
from game.scenes.overlay import OverlayScene
from game.scenes.registry import open_screen
from game.scenes.table.moves import MovesScene


class PauseScene(OverlayScene):
    heading = N_("Paused")
    panel_size = (760, 680)
    back_on_pause = True  # Start on a gamepad resumes too

    def __init__(self, app, restart: Callable[[], None] | None = None,
                 moves: Callable[[], list[str]] | None = None, kept: bool = True) -> None:
        super().__init__(app)
        # A save of the game exists for Continue (a kept table saves from its first move on:
        # before it, or at a play-test or a shared puzzle, quitting loses the deal).
        self.kept = kept
        self.heading = _(type(self).heading)  # in the player's language when it opens
        self.restart = restart
        self.moves = moves  # the game's moves in words (Match.move_list), for "Moves so far"

    def build(self) -> None:
        count = 5 if self.moves is not None else 4
        if count == 5:
            self.panel_size = (760, 780)
        rects = self.column(self.panel_rect.top + 150, count, gap=22, width=520, height=88)
        self.button(_("Resume"), rects[0], self.back, name="resume")
        if self.moves is not None:
            self.button(_("Moves so far"), rects.pop(1), self._moves, name="moves")
        self.button(_("How to play"), rects[1], self._rules, name="rules")
        self.button(_("Restart"), rects[2], self._restart, name="restart",
                    enabled=self.restart is not None)
        self.button(_("Quit to menu"), rects[3], self._quit, name="quit")

    def _moves(self) -> None:
        self.app.push(MovesScene(self.app, self.moves()))

    def _rules(self) -> None:
        open_screen(self.app, "how_to_play")

    # The question takes this menu's place (one panel at a time): "Keep playing" goes back to
    # the game, as it says.
    def _restart(self) -> None:
        self.app.replace(ConfirmScene(self.app, _("Restart this game?"), self.restart,
                                      yes=_("Restart"), no=_("Keep playing"),
                                      detail=_("The cards are dealt again from the start.")))

    def _quit(self) -> None:
        self.app.replace(ConfirmScene(self.app, _("Quit to the menu?"), self.app.go_to_menu,
                                      yes=_("Quit"), no=_("Keep playing"),
                                      detail=_("Continue on the title screen brings this game "
                                               "back.") if self.kept
                                      else _("This game is not kept.")))
