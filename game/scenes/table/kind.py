"""The table kinds' base: what makes one table differ from another (table/panel.py draws the
couch's side panel, table/couch.py is the couch table's kind)."""

from __future__ import annotations

from collections.abc import Iterable

from game.controls import KeyedLine
from game.i18n import N_, _
from game.match import Phase
from game.scenes.table.commands import KindCommand, Reply
from game.scenes.table.panel import CouchPanel
from game.scenes.table.section import Section

# The banner once a scarer with a card beside it is picked: staying, or moving in.
SIDE_HOW = KeyedLine(
    "table",
    # TRANSLATORS: %(select)s and %(toggle)s are keys or gamepad buttons ("Enter", "Tab"; "A", "X").
    keys=N_("Pick a glowing card. To the side: %(select)s = stay, %(toggle)s then %(select)s = "
            "move in"),
    mouse=N_("Pick a glowing card. To the side: click = stay, drag onto it = move in"))

class TableKind:
    """What makes one table differ from another, as data and hooks the table scene calls with
    its view (never the scene): the panel's buttons and words, commands by name (restart,
    pause...: table/commands.py), the computer's pace, its parts and what follows the end. This base
    shows a panel and no button; the couch table (CouchTable), a solo deal with hints
    (solo/deal_table.py), a campaign level or a play-test (solo/level_table.py), a solution
    line (solo/solution_table.py), the lesson (learn/lesson.py), a replay (table/replay.py)
    and an online table (online/play.py) are kinds of their own, siblings, each a direct
    subclass of this one: what they share is data and the functions below (the couch's
    buttons), not a deeper class. Each is made with its room's table function, which builds
    the match (its seats: the move sources) and the one table scene. `pace` (a callable) sets
    how fast a computer's move shows, instead of the settings."""

    hold_end = False  # the last field stays until the table is left (a replay)
    teaches = False  # the guided game's (How to play leads back to it)
    asks_end = False  # besides the couch's: "This move ends the game — play it?" (Help)
    helps = False  # the couch's helps (Settings -> Help: a Hint button, the ring round Peek)

    def __init__(self, pace=None) -> None:
        self._pace = pace

    def pace(self, settings) -> float:
        """How long a computer's move takes to show, times the normal pace (the player's
        `settings`, unless the kind was given its own)."""
        return settings.computer_pace if self._pace is None else self._pace()

    picks = True  # the field takes the player's picks (False: the mouse only works buttons)
    buttons_while_moving = False  # a press on a button works even while a scare animates

    # Building ---------------------------------------------------------------------------
    def build(self, buttons, app, solo: bool) -> None:
        """The kind's buttons, added to the table's TableButtons `buttons` (in the `app`'s
        looks; `solo`: a one-seat table), each naming the command a click on it runs
        (table/commands.py)."""

    def make_panel(self, app, text) -> Section:
        """The kind's side panel (a part: table/section.py) in the `app`'s looks, its words
        through the TextCache `text`; the couch's unless it says."""
        return CouchPanel(app.assets, text)

    def opening_words(self) -> str | None:
        """What the banner says once the table is laid out (a level's hint), or None."""
        return None

    def spoken_lines(self, view, session) -> list[str]:
        """What the table that speaks says of the table the `view` shows (its `session`) on
        arrival, before its first turn (what the panel shows that the moves do not say)."""
        return []

    # Commands ---------------------------------------------------------------------------
    def commands(self) -> dict[str, KindCommand | str]:
        """The kind's own commands by name (its buttons', keys', "restart" and "pause"), or
        the name of another; the table has its own besides (table/commands.py)."""
        return {}

    def handle(self, event, view, keys) -> bool | str | None:
        """An event this kind of table answers itself, on the table the `view` shows (`keys`:
        the app's input, its controls): a command's name (the table runs it), True/False, or
        None: its parts' and the table's own."""
        return None

    def allows(self, view, move) -> bool | Reply:
        """Whether the player's move, on the table the `view` shows, goes to the session
        (True); else False, or what the table does instead (a coach's Reply)."""
        return True

    def refused(self, words: str) -> Reply | None:
        """Why a pick was refused, said by the kind (its Reply), or by the table: at once, and
        in the banner for a while (None)."""
        return None

    def update(self, view, now: float) -> Reply | None:
        """One tick at `now` of the kind's own parts on the table the `view` shows: a Reply
        the table plays (and draws anew), or None."""
        return None

    def looked_at(self, view) -> list:
        """The cells the kind points the player at on the table `view` shows (a coach's): a
        zoomed field shows them whole first."""
        return []

    listens = False  # hears what comes from outside the table (an online table's network)

    def listen(self, app, session, on_top: bool) -> Iterable[Reply]:
        """Before the table's tick (where the kind `listens`; it ticks on only while `on_top`):
        what came from outside, as Replies the table plays one by one."""
        return ()

    def left(self) -> None:
        """The table has been left and its seats stopped."""

    def finished(self, app, session, state, finish) -> None:
        """The end has been seen (the `session`'s final `state`, its `finish`): what comes
        next in the `app` (each kind says)."""

    # Words ------------------------------------------------------------------------------
    def hint(self, view) -> str:
        """The banner's words on the table the `view` shows: whose turn, what a computer is
        doing, what to pick next."""
        player = view.player
        if view.phase == Phase.COMPUTER and player is not None:
            if view.aim is not None:
                return _("%(name)s scares the lit card") % {"name": player.name}
            if view.computer_moving:
                return _("%(name)s picks a card to scare with") % {"name": player.name}
            dots = "." * (1 + int(view.now * 3) % 3)
            return _("%(name)s is thinking") % {"name": player.name} + dots
        if view.phase != Phase.TURN:
            return ""
        if view.pick.selected is None:
            if player is not None and not view.solo:
                return _("%(name)s, pick a card to scare with") % {"name": player.name}
            return _("Pick a card to scare with")
        if view.pick.side_targets:
            return SIDE_HOW.words(view.controls, view.device)
        return _("Now pick a glowing card to scare it")

    def speed(self) -> float:
        """How much faster than the settings a move animates (a replay's speed)."""
        return 1.0

    def peek_owner(self, state, phase):
        """The player whose task cards Peek shows in `state` at `phase`: on a couch, the one
        whose turn it is."""
        return state.current_player if phase == Phase.TURN else None

    def panel_words(self) -> object:
        """What the kind's panel shows besides the rest of the view, put into the view as it
        is made (hashable: the cached picture keys on it); None: nothing more."""
        return None

    def follow(self, view, buttons) -> None:
        """The `buttons` follow the table's `view` before anything is painted: Move in and
        Peek (where the kind has them) as the pick and the peek are, then what the kind's
        sync says."""
        pick = view.pick
        move_in, peek = buttons.get("move_in"), buttons.get("peek")
        if move_in is not None:
            move_in.visible = view.phase == Phase.TURN and pick.side_targets
            # A drag of a scarer is a move in (onto a side target): the button follows it.
            move_in.on = pick.move_in or pick.dragging
        if peek is not None:
            peek.on = view.peek_active
        self.sync(view, buttons)

    def sync(self, view, buttons) -> None:
        """The kind's `buttons` follow the table's `view` (after Move in and Peek)."""

    def parts(self, shared: tuple) -> tuple:
        """The table's parts, in drawing order (table/section.py), from the `shared` ones: the
        field (its lights are in the cached picture, its marks over it), the cached ones (the
        banner, the kind's panel, the buttons), then what is drawn over them each frame (the
        peeked cards, the learner's ring); a lesson adds its coach."""
        return shared
