"""The table kinds' base, the couch table's kind, and its side panel (buttons, seats, words)."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.controls import KeyedLine
from game.engine.scoring import TITLES
from game.i18n import N_, _
from game.match import Phase, team_letter
from game.render.hud import scare_cycle
from game.render.palette import (
    CREAM,
    FELT_PANEL,
    GOLD,
    INK,
    LAST_MOVE,
    MUTED,
    PALE,
    WOOD,
    seat_colour,
)
from game.render.widgets import Button
from game.scenes.registry import screen
from game.scenes.table.commands import KindCommand, Reply
from game.scenes.table.pause import PauseScene
from game.scenes.table.scoring import ScoringScene
from game.scenes.table.section import PANEL, Section
from game.ui.task_cards import scoring_lines, task_image
from game.ui.team_badge import draw_team_badge

LAST_WORDS = pygame.Rect(PANEL.x + 30, 756, 400, 110)  # the panel's "Last move" words
ROOM = PANEL.width - 60  # the width of the panel's words
# The banner once a scarer with a card beside it is picked: staying, or moving in.
SIDE_HOW = KeyedLine(
    "table",
    # TRANSLATORS: %(select)s and %(toggle)s are keys or gamepad buttons ("Enter", "Tab"; "A", "X").
    keys=N_("Pick a glowing card. To the side: %(select)s = stay, %(toggle)s then %(select)s = "
            "move in"),
    mouse=N_("Pick a glowing card. To the side: click = stay, drag onto it = move in"))
SEATS_Y = 140  # the seats' list, under whose turn it is
MODE_Y = 406  # the mode's name, under the seats


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
            return SIDE_HOW.words(view.controls, view.input_kind)
        return _("Now pick a glowing card to scare it")

    def speed(self) -> float:
        """How much faster than the settings a move animates (a replay's speed)."""
        return 1.0

    def peek_owner(self, state, phase):
        """The player whose task cards Peek shows in `state` at `phase`: on a couch, the one
        whose turn it is."""
        return state.current_player if phase == Phase.TURN else None

    def idle_key(self) -> tuple:
        """More that the cached panel depends on."""
        return ()

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
        undo = Button(assets, pygame.Rect(x, 968, 132, 84), _("Undo"), 30)
        redo = Button(assets, pygame.Rect(x + 144, 968, 132, 84), _("Redo"), 30)
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
    return Reply(over=lambda table: PauseScene(app, restart=table.restart,
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


class CouchPanel(Section):
    """The couch and solo table's side panel: whose turn, the seats, the solo deal's goal, the
    last move and the mode, from the snapshot."""

    rect = PANEL
    cached = True

    def __init__(self, assets, text) -> None:
        self.assets, self.text = assets, text
        self.cycle = scare_cycle(assets, (420, 300))

    def paint(self, surf: pygame.Surface) -> None:
        """The panel's fixed parts, painted once into the table background."""
        pygame.draw.rect(surf, FELT_PANEL, PANEL)
        pygame.draw.line(surf, WOOD, PANEL.topleft, PANEL.bottomleft, 6)
        surf.blit(self.cycle, (PANEL.x + 20, 452))

    def person(self, seat: int) -> str:
        """What the panel says under a person's name (an online table: where they play)."""
        return _("human")

    def note_w(self) -> int:
        """Room kept at the right of each seat's line for a note (an online seat's place)."""
        return 0

    def draw(self, surface: pygame.Surface, view) -> None:
        x0 = PANEL.x + 30
        text, assets, state = self.text, self.assets, view.state
        shown = view.shown
        player = shown.current_player
        over = not view.animating and bool(state.over)
        if view.solo:
            text.draw(surface, view.title, (x0, 24, ROOM, 62), 44, True)
            left = state.position.card_count()
            text.draw(surface, _("Cards left: %(n)d") % {"n": left}, (x0, 92, ROOM, 52), 36,
                      True, GOLD)
            if state.target is not None:
                # Two cards of the kind may lie on the field: either one counts, say so.
                twins = sum(1 for *_xy, card in state.position.occupied()
                            if card == state.target) > 1
                keep = _("Keep one of these:") if twins else _("Keep this one:")
                # The words beside the card, never under it.
                text.draw(surface, keep, (x0, 150, 250, 64), 28)
                view.field.card(surface, state.target.code, x0 + 270, 150, 110)
                label = state.target.label
                text.draw(surface, label, (x0, 226, 250, 80), 26, True)
                goal_y = 320
            else:
                goal_y = 160
            goal = _("Leave as few cards as you can \u2014 one card: %(title)s") % {
                "title": _(TITLES[1])}
            text.draw(surface, goal, (x0, goal_y, ROOM, 402 - goal_y), 26, False, PALE,
                      spacing=0.95)
        elif over:
            text.draw(surface, _("Game over"), (x0, 24, ROOM, 64), 46, True)
            text.draw(surface, _("Any key: the scores"), (x0, 88, ROOM, 40), 26, False, PALE)
            draw_seats(state.players, text, assets, surface, x0, SEATS_Y, None,
                       self.note_w())
        elif player is not None:
            colour = seat_colour(shown.turn, player.team)
            if player.team is not None:
                draw_team_badge(surface, assets, player.team, (x0 + 16, 62), 20)
            else:
                pygame.draw.circle(surface, colour, (x0 + 16, 62), 16)
            # A long name: smaller, then on two lines, left-aligned beside the seat's dot.
            text.draw(surface, _("Turn: %(name)s") % {"name": player.name},
                      (x0 + 44, 30, PANEL.right - x0 - 64, 64), 46, True, anchor="midleft")
            kind = view.bot_label if player.bot else self.person(shown.turn)
            if player.team is not None:
                kind = _("Team %(letter)s \u2014 %(kind)s") % {"letter": team_letter(player.team),
                                                                "kind": kind}
            text.draw(surface, kind, (x0 + 44, 88, ROOM - 44, 40), 26, False, PALE)
            draw_seats(state.players, text, assets, surface, x0, SEATS_Y, shown.turn,
                       self.note_w())
        draw_last_words(view, text, surface)
        text.draw(surface, _(state.mode.label) if state.mode else "",
                  (x0, MODE_Y, ROOM, 40), 24, False, MUTED)


def draw_last_words(view, text, surface: pygame.Surface) -> None:
    """The last move in plain words on the panel ("Ben's dog scared the cat on c2")."""
    words = view.last_words
    if not words:
        return
    x, y = LAST_WORDS.topleft
    text.draw(surface, _("Last move"), (x, y, LAST_WORDS.width, 30), 22, True, LAST_MOVE)
    text.draw(surface, words, (x, y + 30, LAST_WORDS.width, LAST_WORDS.height - 30), 22,
              False, PALE, spacing=0.84)


def seat_label(player) -> str:
    """A seat's name in the list: a computer's with "(computer)" after it, one message so a
    translator sees the spacing (a name that has a bracket already is left as it is)."""
    if player.bot and "(" not in player.name:
        return _("%(name)s (computer)") % {"name": player.name}
    return player.name


SEAT_BADGE = 17  # a team badge's radius in the seat list: its letter about 18 px tall


def seat_step(count: int) -> int:
    """The height of one seat's row in the panel's list."""
    return min(36, 262 // max(1, count))


def heading_and_seats(count: int) -> pygame.Rect:
    """The panel's top: whose turn it is, then the list of `count` seats."""
    return pygame.Rect(PANEL.x, 0, PANEL.w, SEATS_Y + count * seat_step(count))


# The smallest a seat's name gets: the size an eight-seat list uses anyway. A long first
# word ("Bartholomew") in bold, as the current seat beside an online table's widest place
# word, fits its room at this size where the general floor would break it over two lines.
SEAT_FLOOR = 20


def draw_seats(players, text, assets, surface, x0: int, y0: int, turn: int | None,
               note_w: int = 0) -> None:
    """The seats' names, the current one marked; a long name gets smaller, then loses its
    "(computer)", then shows its first word, clear of `note_w` at the right."""
    step = seat_step(len(players))
    size = 26 if step >= 30 else 20
    for i, p in enumerate(players):
        y = y0 + i * step
        current = i == turn
        if p.team is not None:  # the team's letter too: teams told apart without colour
            draw_team_badge(surface, assets, p.team, (x0 + 16, y + step // 2),
                            min(SEAT_BADGE, step // 2))
        else:
            pygame.draw.circle(surface, seat_colour(i, p.team), (x0 + 16, y + step // 2), 8)
        label = seat_label(p)
        room = pygame.Rect(x0 + 40, y, PANEL.right - 30 - (x0 + 40) - 24 - note_w, step)
        first = (p.name.split() or [p.name])[0]
        at = text.draw(surface, label, room, size, current, CREAM if current else MUTED,
                       "midleft", shorter=(p.name, first), floor=SEAT_FLOOR)
        if current:  # the pointer after the name, inside the panel
            text.draw(surface, "<", (at.right + 6, y, 24, step), size, True, GOLD, "midleft")


class PeekBox(Section):
    """The current player's own task cards, only while they hold Peek (never cached)."""

    over = True

    def __init__(self, assets, text) -> None:
        self.assets, self.text = assets, text

    def box(self, view) -> pygame.Rect:
        """Where the cards show: taller when the points they make now are said under them."""
        return pygame.Rect(PANEL.x + 10, 560, 440, 400) if view.points is None else \
            pygame.Rect(PANEL.x + 10, 500, 440, 460)

    def draw(self, surface: pygame.Surface, view) -> None:
        player, points = view.peek_owner, view.points
        if player is None:
            return
        text = self.text
        box = self.box(view)
        pygame.draw.rect(surface, CREAM, box, border_radius=24)
        pygame.draw.rect(surface, GOLD, box, 6, border_radius=24)
        text.draw(surface, _("Task cards: %(name)s") % {"name": player.name},
                  (box.x + 20, box.y + 10, box.width - 40, 46), 30, True, INK, "midtop",
                  shorter=(_("Your task cards"),))  # a long name: only its owner looks
        n = len(player.tasks)
        w = 136 if n > 1 else 150  # room below for how the cards score
        total = n * w + (n - 1) * 20
        for i, task in enumerate(player.tasks):
            x = box.centerx - total // 2 + i * (w + 20)
            surface.blit(self.assets.card_image(task_image(task), w), (x, box.y + 64))
        top = box.y + 64 + round(w * 1.4) + 14
        bottom = box.bottom - (10 if points is None else 64)
        text.draw(surface, " ".join(scoring_lines(player)), (box.x + 15, top, 410, bottom - top),
                  22, False, INK, "midtop")
        if points is not None:
            text.draw(surface, points, (box.x + 15, bottom + 4, 410, 50), 34, True, INK, "center")
