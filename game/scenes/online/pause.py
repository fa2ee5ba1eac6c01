"""The menu at an online table: the game is not paused (the others play on), so it says so.

There is no undo, redo or restart at a shared table; Moves so far and How to play are here,
and Leave the table says first what becomes of this screen's seats.
"""

from __future__ import annotations

from game.i18n import N_, _
from game.online.shared.protocol import show_code
from game.scenes.confirm import ConfirmScene
from game.scenes.learn.how_to_play import HowToPlayScene
from game.scenes.overlay import OverlayScene
from game.scenes.table.moves import MovesScene


class OnlinePauseScene(OverlayScene):
    """Over the online `table`, which keeps listening to the table while this is open: the
    others' moves, the connection and the host's save go on (the moves show on return)."""

    heading = N_("The table plays on")
    panel_size = (820, 680)
    back_on_pause = True  # Start on a gamepad goes back to the table too

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.heading = _(type(self).heading)
        self.table = table

    def build(self) -> None:
        rects = self.column(self.panel_rect.top + 150, 4, gap=22, width=600, height=88)
        self.button(_("Back to the table"), rects[0], self.back, name="resume")
        self.button(_("Moves so far"), rects[1], self._moves, name="moves")
        self.button(_("How to play"), rects[2], self._rules, name="rules")
        self.button(_("Leave the table"), rects[3], self._leave, name="quit")

    def update(self, dt: float) -> None:
        self.table.update(dt)  # under its menu the table only listens

    def _moves(self) -> None:
        self.app.push(MovesScene(self.app, self.table.session.move_list()))

    def _rules(self) -> None:
        self.app.push(HowToPlayScene(self.app))

    def _leave(self) -> None:
        home = self.table.kind.home or self.app.go_to_menu  # My tables' table: the list
        self.app.push(ConfirmScene(self.app, _("Leave the table?"), home,
                                   yes=_("Leave"), no=_("Stay at the table"),
                                   detail=leave_words(self.table.kind)))


def leave_words(kind) -> str:
    """What leaving does to this screen's seats, said before it is done."""
    code = show_code(kind.client.code or "")
    if kind.client.days is not None:  # over days nobody needs to be there
        return _("Your seat waits for you and the others see you are away. Come back to "
                 "this table from My tables on the title screen, whenever you like.")
    if kind.hosted is not None:
        return _("The table closes for everyone at it. Continue on the title screen opens it "
                 "again where it was; the others come back with the code %(code)s.") \
            % {"code": code}
    return _("Your seat waits for you: join again with the code %(code)s and your name. "
             "While you are away, the host may let the computer play it.") % {"code": code}
