"""The menu at an online table: the game is not paused (the others play on), so it says so.

There is no undo, redo or restart at a shared table; Moves so far and How to play are here,
and Leave the table says first what becomes of this screen's seats. Over days there are two
ways to leave: for now (the seat waits) and for good (a computer plays it to the end).
"""

from __future__ import annotations

from game.i18n import N_, _
from game.online.client.tokens import window_store
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
        client = table.kind.client
        state = client.game
        # Over days a running game may be left for good too: one more button.
        self.for_good = (client.days is not None and state is not None and state.over is None
                         and table.kind.hosted is None)
        if self.for_good:
            self.panel_size = (820, 790)

    def build(self) -> None:
        rows = 5 if self.for_good else 4
        rects = self.column(self.panel_rect.top + 150, rows, gap=22, width=600, height=88)
        self.button(_("Back to the table"), rects[0], self.back, name="resume")
        self.button(_("Moves so far"), rects[1], self._moves, name="moves")
        self.button(_("How to play"), rects[2], self._rules, name="rules")
        if not self.for_good:
            self.button(_("Leave the table"), rects[3], self._leave, name="quit")
            return
        self.button(_("Leave for now"), rects[3], self._leave, name="quit")
        self.button(_("Leave for good"), rects[4], self._ask_leave_for_good, name="for_good")

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


    def _ask_leave_for_good(self) -> None:
        self.app.push(confirm_leave_for_good(self.app, self._leave_for_good))

    def _leave_for_good(self) -> None:
        """Each seat of this screen goes to a computer (the table tells everyone); its tokens
        open nothing now, so they are forgotten; then, as leaving for now, home."""
        client = self.table.kind.client
        for _seat, token in sorted(client.mirror.tokens.items()):
            client.leave(token)
        window_store().forget(client.url, client.code)
        (self.table.kind.home or self.app.go_to_menu)()


def confirm_leave_for_good(app, on_yes) -> ConfirmScene:
    """The question before a table over days is left for good (it cannot be undone)."""
    return ConfirmScene(app, _("Leave this table for good?"), on_yes, yes=_("Leave for good"),
                        no=_("Keep my seat"),
                        detail=_("A computer plays your seat; you cannot come back."))


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
