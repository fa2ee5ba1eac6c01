"""The couch and solo table's side panel (seats, words), which other kinds' panels build on;
the kinds' base is in table/kind.py, the couch table's kind in table/couch.py."""

from __future__ import annotations

import pygame

from game.engine.scoring import TITLES
from game.i18n import _, current
from game.match import team_letter
from game.render import fit, looks
from game.render.assets import CARD_RATIO
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
from game.scenes.table.flow import GAP, SEATS_Y, flows, lines, seats_y, sub_height
from game.scenes.table.seat_room import (
    SEAT_BADGE,
    at_size,
    dot_radius,
    name_left,
    name_room,
    pointer_room,
)
from game.scenes.table.section import PANEL, Section
from game.ui.team_badge import draw_team_badge

LAST_WORDS = pygame.Rect(PANEL.x + 30, 756, 400, 110)  # the panel's "Last move" words
LAST_HEAD = 30  # the "Last move" heading's row in LAST_WORDS; the words have the rest
ROOM = PANEL.width - 60  # the width of the panel's words
MODE_Y = 406  # the mode's name, under the seats
TARGET_W = 110  # the width of a solo deal's card to keep on the panel
FLOW_END = LAST_WORDS.bottom  # where the flowing words end: above Move in


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

    def person_shorter(self, view) -> list[str]:
        """Shorter words for the line under whose turn it is, where the person's own (an
        online seat's place) would keep a long name from its two lines at a large size."""
        return []

    def note_w(self, view) -> int:
        """Room kept at the right of each seat's line for a note (an online seat's place)."""
        return 0

    def note_h(self, view) -> int:
        """Room kept under each seat's name for a note (an online seat's place, at a large
        text size, where the name keeps the line's width)."""
        return 0

    def turn_heading(self, surface: pygame.Surface, players, player, whom: list[str],
                     under: pygame.Rect) -> pygame.Rect:
        """Whose turn it is at a large text size, across the panel: on one line at TURN_LEAST
        or larger, the whole name or else its first word (as the seats' list shows it, where
        no other seat's name begins with that word); else so on two lines, where the line
        under it (`whom`: its wordings, in `under`) holds one line at its size above the
        seats; else the whole name smaller, as at 100 %. Returns the room of the line under
        it."""
        x0 = PANEL.x + 30
        # To 14 px from the edge: Czech "Na tahu: Wilhelmina" holds one line at TURN_LEAST.
        box = pygame.Rect(x0, 30, PANEL.right - 14 - x0, 64)
        wordings = turn_wordings(players, player)
        at = _from_fitting(self.assets, wordings, box.size, 46, TURN_LEAST)
        anchor = "midleft"
        font = self.assets.font(looks.scaled(26))
        if at is None and any(font.size(words)[0] <= under.w for words in whom):
            box.h = seats_y() - GAP - lines(26) - GAP // 2 - box.y
            at, anchor = _from_fitting(self.assets, wordings, box.size, 46, TURN_LEAST), "topleft"
        if at is None:
            box.h, at, anchor = 64, 0, "midleft"
        rect = self.text.draw(surface, wordings[at], box, 46, True, anchor=anchor,
                              shorter=tuple(wordings[at + 1:]))
        if anchor == "midleft":
            return under
        top = rect.bottom + GAP // 2
        return pygame.Rect(under.x, top, under.w, seats_y() - GAP - top)

    def foot(self, view) -> list[str]:
        """The words under the seats at a large text size, before the last move: the mode.
        Each on a line of its own, or two side by side where both fit at their size."""
        state = view.state
        return [_(state.mode.label) if state.mode else ""]

    def merges(self, view) -> bool:
        """Large text: a solo deal's mode ("Single player \u2014 advanced") is its title
        ("Single player") with more, so it stands as the title instead of under the goal."""
        mode = _(view.state.mode.label) if view.state.mode else ""
        return view.solo and self.flowing() and bool(mode) and mode.startswith(view.title or "\0")

    def draw(self, surface: pygame.Surface, view) -> None:
        x0 = PANEL.x + 30
        text, assets, state = self.text, self.assets, view.state
        shown = view.shown
        player = shown.current_player
        over = not view.animating and bool(state.over)
        mode = _(state.mode.label) if state.mode else ""
        merged = self.merges(view)
        if view.solo:
            # Each line as tall as the text size makes it (at 100 %: 24, 92, 150).
            # Below a large text size the old places hold (the goal keeps its room under them).
            title_h, count_h = (max(62, lines(44)), max(52, lines(36))) if self.flowing() \
                else (62, 52)
            title = mode if merged else view.title
            if merged and assets.font(looks.scaled(44), True).size(mode)[0] > ROOM:
                title_h = 2 * lines(44)
            text.draw(surface, title, (x0, 24, ROOM, title_h), 44, True)
            left = state.position.card_count()
            count_y = 24 + title_h + 6
            text.draw(surface, _("Cards left: %(n)d") % {"n": left}, (x0, count_y, ROOM,
                                                                     count_h), 36, True, GOLD)
            y = count_y + count_h + 6
            words = solo_goal(state)
            if state.target is not None:
                # The words beside the card, never under it. Large text: the card at the
                # panel's right (its words a wider column), its name under both, across.
                keep_h = max(64, 2 * lines(28) if self.flowing() else 0)
                card_x = x0 + ROOM - TARGET_W if self.flowing() else x0 + 270
                text.draw(surface, words[0], (x0, y, card_x - x0 - 20, keep_h), 28)
                view.field.card(surface, state.target.code, card_x, y, TARGET_W)
                if self.flowing():
                    name_y = max(y + keep_h, y + round(TARGET_W * CARD_RATIO)) + 12
                    at = text.draw(surface, words[1], (x0, name_y, ROOM, 2 * lines(26)), 26,
                                   True)
                    goal_y = at.bottom + 14
                else:
                    name_h = max(80, 2 * lines(26))
                    text.draw(surface, words[1], (x0, y + keep_h + 12, 250, name_h), 26, True)
                    goal_y = y + keep_h + 12 + name_h + 14
            else:
                goal_y = y + 10
            # Room kept for the last move and the mode; at large text the mode's only where it
            # is not the title, the last move's once a move is made (till then the goal has
            # it), the goal keeping the room of its words at the floor.
            mode_h = 0 if merged else 2 * lines(24) + GAP
            last_h = 4 * lines(22) if merged else 3 * 90  # its heading and three lines
            kept = last_h if view.index > 0 else mode_h
            bottom = max(FLOW_END - kept, goal_y + _least_height(assets, words[-1], 0.95)) \
                if self.flowing() else 402
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
            who = view.bot_label if player.bot else self.person(view, shown.turn)
            if player.team is not None:
                # The placeholder keeps its name: the catalogues translate this message as is.
                who = _("Team %(letter)s \u2014 %(kind)s") % {"letter": team_letter(player.team),
                                                               "kind": who}
            beside = x0 + (2 * badge + 8 if flows() else 44)
            under = pygame.Rect(beside, 88, PANEL.right - 30 - beside, sub_height())
            whom = [who]
            if flows():
                shorter = [] if player.bot else self.person_shorter(view)
                if player.team is not None:  # the team alone, at its size, before all smaller
                    whom.append(_("Team %(letter)s") % {"letter": team_letter(player.team)})
                    shorter = []
                one_line = under
                under = self.turn_heading(surface, state.players, player, whom + shorter, under)
                if under != one_line:  # the name on two lines: the shorter words if need be
                    whom += shorter
                whom = at_size(assets, whom, under.size, 26, False)
            else:
                # A long name: smaller, then on two lines, left-aligned beside the seat's dot.
                text.draw(surface, _("Turn: %(name)s") % {"name": player.name},
                          (x0 + 44, 30, PANEL.right - 20 - x0 - 44, 64), 46, True,
                          anchor="midleft")
            mark = (x0 + badge - 4, under.y + lines(26) // 2) if flows() else (x0 + 16, 62)
            if player.team is not None:
                draw_team_badge(surface, assets, player.team, mark, badge)
            else:
                pygame.draw.circle(surface, colour, mark, 16)
            text.draw(surface, whom[0], under, 26, False, PALE, shorter=tuple(whom[1:]))
            below = draw_seats(state.players, text, assets, surface, x0, seats_y(), shown.turn,
                               self.note_w(view), self.note_h(view))
        else:
            below = SEATS_Y
        if not self.flowing():
            draw_last_words(view, text, surface)
            mode = _(state.mode.label) if state.mode else ""
            text.draw(surface, mode, (x0, MODE_Y, ROOM, 40), 24, False, MUTED)
            return
        self.draw_foot(surface, view, below)

    def draw_foot(self, surface: pygame.Surface, view, below: int) -> None:
        """Large text: the mode (and a kind's lines: `foot`) under what ends at `below`, then
        the last move in the room left."""
        mode = _(view.state.mode.label) if view.state.mode else ""
        foot = [words for words in self.foot(view) if not (self.merges(view) and words == mode)]
        below = draw_foot_lines(surface, self.text, foot, below)
        draw_last_words(view, self.text, surface, below + GAP)


def draw_foot_lines(surface: pygame.Surface, text, foot: list[str], below: int) -> int:
    """The panel's `foot` lines at a large text size, under what ends at `below`: each on a
    line of its own, or two side by side where both fit at their size. Returns where they end."""
    x0 = PANEL.x + 30
    font = text.assets.font(looks.scaled(24))
    if len(foot) == 2 and sum(font.size(words)[0] for words in foot) + 20 <= ROOM:
        box = (x0, below + GAP, ROOM, lines(24))
        text.draw(surface, foot[1], box, 24, False, MUTED, "topright")
        foot = foot[:1]
    below += GAP
    for words in foot:  # one after the other, as lines of one paragraph
        below = text.draw(surface, words, (x0, below, ROOM, 2 * lines(24)), 24,
                          False, MUTED, "topleft").bottom
    return below


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


# The smallest whose turn it is gets at a large text size (flows): 1.8 times as tall as its
# line at fit.FLOOR, where a long name takes it at 100 %.
TURN_LEAST = 39


def turn_wordings(players, player) -> list[str]:
    """Whose turn it is in words: the whole name, then its first word where that tells the
    seat apart (no other seat's name begins with it)."""
    words = [_("Turn: %(name)s") % {"name": player.name}]
    first = (player.name.split() or [player.name])[0]
    others = [(p.name.split() or [p.name])[0] for p in players if p is not player]
    if first != player.name and first not in others:
        words.append(_("Turn: %(name)s") % {"name": first})
    return words


def _from_fitting(assets, wordings: list[str], box, size: int, least: int) -> int | None:
    """The index of the first of `wordings` that fits `box` at `least` or larger (`size` as
    the player's text size makes it at most), or None."""
    for k, words in enumerate(wordings):
        chosen = fit.choose(assets, words, box, size, True, floor=least)
        if chosen.fits and chosen.size >= least:
            return k
    return None


def _least_height(assets, words: str, spacing: float) -> int:
    """How tall `words` are across the panel's words at the smallest size text shrinks to."""
    font = assets.font(fit.FLOOR)
    count = len(fit.break_lines(font, words, ROOM))
    return max(1, round(font.get_linesize() * spacing)) * (count - 1) + font.get_height()


def draw_last_words(view, text, surface: pygame.Surface, top: int | None = None,
                    bare: bool = False) -> None:
    """The last move in plain words on the panel ("Ben's dog scared the cat on c2"), at its
    place or from `top` down to the end of the flowing words (a large text size); `bare`: at
    a large size, without its heading where the words fit at their size only so."""
    words = view.last_words
    if not words:
        return
    x, y = LAST_WORDS.x, LAST_WORDS.y if top is None else top
    bottom = LAST_WORDS.bottom if top is None else FLOW_END
    head = lines(22) if top is not None else LAST_HEAD
    # A long name in a long language ("Maximilian Wojciechowski" in German) can need four
    # lines where three fit: then the words go without the name (the seats' list shows whose).
    wordings = [words, *((view.last_short,) if view.last_short and view.last_short != words
                         else ())]
    if top is not None:  # large text: a shorter wording at its size before a longer smaller
        box = (LAST_WORDS.width, bottom - y - head)
        large = at_size(text.assets, wordings, box, 22, False, spacing=LAST_SPACING)
        if bare and large is wordings:  # none fits under the heading: the words alone
            head = 0
            box = (LAST_WORDS.width, bottom - y)
            large = at_size(text.assets, wordings, box, 22, False, spacing=LAST_SPACING)
        wordings = large
    if head:
        text.draw(surface, _("Last move"), (x, y, LAST_WORDS.width, head), 22, True, LAST_MOVE)
    text.draw(surface, wordings[0], (x, y + head, LAST_WORDS.width, bottom - y - head), 22,
              False, PALE, spacing=LAST_SPACING, shorter=tuple(wordings[1:]))


LAST_SPACING = 0.84  # the last move's lines, closer than a paragraph's


def seat_label(player) -> str:
    """A seat's name in the list: a computer's with "(computer)" after it, one message so a
    translator sees the spacing (a name that has a bracket already is left as it is)."""
    if player.bot and "(" not in player.name:
        return _("%(name)s (computer)") % {"name": player.name}
    return player.name


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
            dot = dot_radius()
            pygame.draw.circle(surface, seat_colour(i, p.team),
                               (x0 + (dot if flows() else badge - 1), y + step // 2), dot)
        label = seat_label(p)
        left = name_left(step, p.team, x0)
        room = pygame.Rect(left, y, name_room(step, x0, p.team, assets) - note_w, step)
        wordings = [label, p.name, (p.name.split() or [p.name])[0]]
        if flows():  # large text: a shorter wording at its size before a longer one smaller
            wordings = at_size(text.assets, wordings, room.size, size, current, smaller=True)
        at = text.draw(surface, wordings[0], room, size, current, CREAM if current else MUTED,
                       "midleft", shorter=tuple(wordings[1:]), floor=SEAT_FLOOR)
        if current:  # the pointer after the name, inside the panel
            width = pointer_room(assets) - 6
            text.draw(surface, "<", (at.right + 6, y, width, step), size, True, GOLD, "midleft")
    return y0 + len(players) * (step + note_h)
