"""The table kinds' base and the couch table's side panel (seats, words); the couch table's
kind is in table/couch.py."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.controls import KeyedLine
from game.engine.scoring import TITLES
from game.i18n import N_, _, current
from game.match import Phase, team_letter
from game.render import fit, looks
from game.render.hud import scare_cycle
from game.render.palette import (
    CREAM,
    FELT_PANEL,
    GOLD,
    LAST_MOVE,
    MUTED,
    PALE,
    WOOD,
    seat_colour,
)
from game.scenes.table.commands import KindCommand, Reply
from game.scenes.table.flow import GAP, SEATS_Y, flows, lines, seats_y, sub_height
from game.scenes.table.section import PANEL, Section
from game.ui.team_badge import draw_team_badge

LAST_WORDS = pygame.Rect(PANEL.x + 30, 756, 400, 110)  # the panel's "Last move" words
LAST_HEAD = 30  # the "Last move" heading's row in LAST_WORDS; the words have the rest
ROOM = PANEL.width - 60  # the width of the panel's words
# The banner once a scarer with a card beside it is picked: staying, or moving in.
SIDE_HOW = KeyedLine(
    "table",
    # TRANSLATORS: %(select)s and %(toggle)s are keys or gamepad buttons ("Enter", "Tab"; "A", "X").
    keys=N_("Pick a glowing card. To the side: %(select)s = stay, %(toggle)s then %(select)s = "
            "move in"),
    mouse=N_("Pick a glowing card. To the side: click = stay, drag onto it = move in"))
MODE_Y = 406  # the mode's name, under the seats
FLOW_END = LAST_WORDS.bottom  # where the flowing words end: above Move in


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


class CouchPanel(Section):
    """The couch and solo table's side panel: whose turn, the seats, the solo deal's goal, the
    last move and the mode, from the snapshot."""

    rect = PANEL
    cached = True

    def __init__(self, assets, text) -> None:
        self.assets, self.text = assets, text
        self.cycles: dict[tuple, pygame.Surface] = {}  # by language and text size

    @property
    def cycle(self) -> pygame.Surface:
        """The scare cycle's picture in the language and text size on screen."""
        key = (current(), looks.text_size)
        if key not in self.cycles:
            self.cycles = {key: scare_cycle(self.assets, (420, 300))}
        return self.cycles[key]

    def flowing(self) -> bool:
        """Whether the words flow down the panel (see `flows`) into the cycle's room."""
        return flows()

    def paint(self, surf: pygame.Surface) -> None:
        """The panel's fixed parts, painted once into the table background."""
        pygame.draw.rect(surf, FELT_PANEL, PANEL)
        pygame.draw.line(surf, WOOD, PANEL.topleft, PANEL.bottomleft, 6)
        if not self.flowing():
            surf.blit(self.cycle, (PANEL.x + 20, 452))

    def person(self, view, seat: int) -> str:
        """What the panel says under a person's name (an online table: where they play)."""
        return _("human")

    def note_w(self, view) -> int:
        """Room kept at the right of each seat's line for a note (an online seat's place)."""
        return 0

    def note_h(self, view) -> int:
        """Room kept under each seat's name for a note (an online seat's place, at a large
        text size, where the name keeps the line's width)."""
        return 0

    def foot(self, view) -> list[str]:
        """The words under the seats at a large text size, before the last move: the mode.
        Each on a line of its own, or two side by side where both fit at their size."""
        state = view.state
        return [_(state.mode.label) if state.mode else ""]

    def draw(self, surface: pygame.Surface, view) -> None:
        x0 = PANEL.x + 30
        text, assets, state = self.text, self.assets, view.state
        shown = view.shown
        player = shown.current_player
        over = not view.animating and bool(state.over)
        if view.solo:
            # Each line as tall as the text size makes it (at 100 %: 24, 92, 150).
            # Below a large text size the old places hold (the goal keeps its room under them).
            title_h, count_h = (max(62, lines(44)), max(52, lines(36))) if self.flowing() \
                else (62, 52)
            text.draw(surface, view.title, (x0, 24, ROOM, title_h), 44, True)
            left = state.position.card_count()
            count_y = 24 + title_h + 6
            text.draw(surface, _("Cards left: %(n)d") % {"n": left}, (x0, count_y, ROOM,
                                                                     count_h), 36, True, GOLD)
            y = count_y + count_h + 6
            words = solo_goal(state)
            if state.target is not None:
                # The words beside the card, never under it.
                keep_h = max(64, 2 * lines(28) if self.flowing() else 0)
                text.draw(surface, words[0], (x0, y, 250, keep_h), 28)
                view.field.card(surface, state.target.code, x0 + 270, y, 110)
                text.draw(surface, words[1], (x0, y + keep_h + 12, 250, max(80, 2 * lines(26))),
                          26, True)
                goal_y = y + keep_h + 12 + max(80, 2 * lines(26)) + 14
            else:
                goal_y = y + 10
            bottom = FLOW_END - 3 * 90 if self.flowing() else 402  # room kept for the last move
            end = text.draw(surface, words[-1], (x0, goal_y, ROOM, bottom - goal_y), 26, False,
                            PALE, spacing=0.95)
            below = end.bottom
        elif over:
            text.draw(surface, _("Game over"), (x0, 24, ROOM, 64), 46, True)
            text.draw(surface, _("Any key: the scores"), (x0, 88, ROOM, sub_height()), 26, False,
                      PALE)
            below = draw_seats(state.players, text, assets, surface, x0, seats_y(), None,
                               self.note_w(view), self.note_h(view))
        elif player is not None:
            colour = seat_colour(shown.turn, player.team)
            # Large text: the seat's badge (its letter grown with the text) or dot beside the
            # line under the name, which keeps the panel's width.
            badge = 31 if flows() else 20
            mark = (x0 + badge - 4, 88 + lines(26) // 2) if flows() else (x0 + 16, 62)
            if player.team is not None:
                draw_team_badge(surface, assets, player.team, mark, badge)
            else:
                pygame.draw.circle(surface, colour, mark, 16)
            # A long name: smaller, then on two lines, left-aligned beside the seat's dot.
            left = x0 if flows() else x0 + 44
            text.draw(surface, _("Turn: %(name)s") % {"name": player.name},
                      (left, 30, PANEL.right - 20 - left, 64), 46, True, anchor="midleft")
            who = view.bot_label if player.bot else self.person(view, shown.turn)
            if player.team is not None:
                # The placeholder keeps its name: the catalogues translate this message as is.
                who = _("Team %(letter)s \u2014 %(kind)s") % {"letter": team_letter(player.team),
                                                               "kind": who}
            beside = x0 + (2 * badge + 8 if flows() else 44)
            text.draw(surface, who, (beside, 88, PANEL.right - 30 - beside, sub_height()), 26,
                      False, PALE)
            below = draw_seats(state.players, text, assets, surface, x0, seats_y(), shown.turn,
                               self.note_w(view), self.note_h(view))
        else:
            below = SEATS_Y
        mode = _(state.mode.label) if state.mode else ""
        if not self.flowing():
            draw_last_words(view, text, surface)
            text.draw(surface, mode, (x0, MODE_Y, ROOM, 40), 24, False, MUTED)
            return
        # Large text: the mode (and a kind's lines) under what is above, then the last move in
        # the room left.
        foot = self.foot(view)
        font = assets.font(looks.scaled(24))
        if len(foot) == 2 and sum(font.size(words)[0] for words in foot) + 20 <= ROOM:
            box = (x0, below + GAP, ROOM, lines(24))
            text.draw(surface, foot[1], box, 24, False, MUTED, "topright")
            foot = foot[:1]
        below += GAP
        for words in foot:  # one after the other, as lines of one paragraph
            below = text.draw(surface, words, (x0, below, ROOM, 2 * lines(24)), 24,
                              False, MUTED, "topleft").bottom
        draw_last_words(view, text, surface, below + GAP)


def solo_goal(state) -> list[str]:
    """A solo deal's goal on the panel: the target card to keep (the words, the card) if
    there is one, then how few cards to leave."""
    goal = _("Leave as few cards as you can \u2014 one card: %(title)s") % {
        "title": _(TITLES[1])}
    if state.target is None:
        return [goal]
    # Two cards alike may lie on the field: either one counts, say so.
    twins = sum(1 for *_xy, card in state.position.occupied() if card == state.target) > 1
    return [_("Keep one of these:") if twins else _("Keep this one:"), state.target.label, goal]


def draw_last_words(view, text, surface: pygame.Surface, top: int | None = None) -> None:
    """The last move in plain words on the panel ("Ben's dog scared the cat on c2"), at its
    place or from `top` down to the end of the flowing words (a large text size)."""
    words = view.last_words
    if not words:
        return
    x, y = LAST_WORDS.x, LAST_WORDS.y if top is None else top
    bottom = LAST_WORDS.bottom if top is None else FLOW_END
    head = lines(22) if top is not None else LAST_HEAD
    text.draw(surface, _("Last move"), (x, y, LAST_WORDS.width, head), 22, True, LAST_MOVE)
    # A long name in a long language ("Maximilian Wojciechowski" in German) can need four
    # lines where three fit: then the words go without the name (the seats' list shows whose).
    shorter = (view.last_short,) if view.last_short and view.last_short != words else ()
    text.draw(surface, words, (x, y + head, LAST_WORDS.width, bottom - y - head), 22,
              False, PALE, spacing=0.84, shorter=shorter)


def seat_label(player) -> str:
    """A seat's name in the list: a computer's with "(computer)" after it, one message so a
    translator sees the spacing (a name that has a bracket already is left as it is)."""
    if player.bot and "(" not in player.name:
        return _("%(name)s (computer)") % {"name": player.name}
    return player.name


SEAT_BADGE = 17  # a team badge's radius in the seat list: its letter about 18 px tall


SEATS_ROOM = 262  # the seats' list's height at most (larger text: SEATS_ROOM_FLOWING)
SEATS_ROOM_FLOWING = 450


def seat_step(count: int, note_h: int = 0) -> int:
    """The height of one seat's name in the panel's list: taller with larger text, as long as
    the list (each name with `note_h` under it) keeps to its room."""
    room = SEATS_ROOM_FLOWING if flows() else SEATS_ROOM
    return min(max(36, round(36 * looks.text_size)), room // max(1, count) - note_h)


def heading_and_seats(count: int) -> pygame.Rect:
    """The panel's top: whose turn it is, then the list of `count` seats."""
    return pygame.Rect(PANEL.x, 0, PANEL.w, seats_y() + count * seat_step(count))


# The smallest a seat's name gets: the size an eight-seat list uses anyway. A long first
# word ("Bartholomew") in bold, as the current seat beside an online table's widest place
# word, fits its room at this size where the general floor would break it over two lines.
SEAT_FLOOR = 20


def draw_seats(players, text, assets, surface, x0: int, y0: int, turn: int | None,
               note_w: int = 0, note_h: int = 0) -> int:
    """The seats' names, the current one marked; a long name gets smaller, then loses its
    "(computer)", then shows its first word, clear of `note_w` at the right and of `note_h`
    under it. Returns where the list ends."""
    step = seat_step(len(players), note_h)
    size = 26 if step >= 30 else 20
    for i, p in enumerate(players):
        y = y0 + i * (step + note_h)
        current = i == turn
        # The badge and its letter grow with the text (teams told apart without colour).
        badge = min(round(SEAT_BADGE * looks.text_size), step // 2)
        if p.team is not None:
            draw_team_badge(surface, assets, p.team, (x0 + badge - 1, y + step // 2), badge)
        else:
            pygame.draw.circle(surface, seat_colour(i, p.team), (x0 + badge - 1, y + step // 2),
                               round(8 * looks.text_size))
        label = seat_label(p)
        left = x0 + 2 * badge + 6
        room = pygame.Rect(left, y, name_room(step, x0) - note_w, step)
        wordings = [label, p.name, (p.name.split() or [p.name])[0]]
        if flows():  # large text: a shorter wording at its size before a longer one smaller
            wordings = _at_size(text.assets, wordings, room.size, size, current)
        at = text.draw(surface, wordings[0], room, size, current, CREAM if current else MUTED,
                       "midleft", shorter=tuple(wordings[1:]), floor=SEAT_FLOOR)
        if current:  # the pointer after the name, inside the panel
            text.draw(surface, "<", (at.right + 6, y, looks.scaled(24), step), size, True, GOLD,
                      "midleft")
    return y0 + len(players) * (step + note_h)


def name_room(step: int, x0: int = PANEL.x + 30) -> int:
    """The width a seat's line has for its name and a note beside it (right of its badge,
    left of the turn's pointer), the list's seats `step` tall."""
    badge = min(round(SEAT_BADGE * looks.text_size), step // 2)
    return PANEL.right - 30 - (x0 + 2 * badge + 6) - looks.scaled(24)


def _at_size(assets, wordings: list[str], box, size: int, bold: bool) -> list[str]:
    """`wordings` from the first that fits `box` nearly at the player's text size on (or as
    tall as the box's height takes: eight seats' rows)."""
    floor = looks.scaled(size) * 9 // 10
    while floor > size and assets.font(floor, bold).get_height() > box[1]:
        floor -= 1
    for k, words in enumerate(wordings):
        if fit.choose(assets, words, box, floor, bold, floor=floor).fits:
            return wordings[k:]
    return wordings
