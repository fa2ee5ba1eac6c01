"""The couch table's helps for a learner (Settings → Help): a reminder to peek at the first
turn, the points so far beside the peeked cards, a question before a move that ends the game,
and a Hint button for the people at the table (an online table asks the end's question too)."""

from __future__ import annotations

import pygame

from game.controls import KeyedLine
from game.i18n import N_, _, ngettext
from game.match import Phase, describe_next, ends_game, hint_move, points_now
from game.render import looks
from game.render.palette import GOLD
from game.render.widgets import Button
from game.scenes.confirm import ConfirmScene
from game.scenes.table.commands import Reply
from game.scenes.table.section import Section
from game.ui import pointer

PROMPT = KeyedLine(
    "table",
    # TRANSLATORS: %(peek)s is a key or a gamepad button ("P", "Y").
    keys=N_("Look at your secret task cards first: press %(peek)s."),
    mouse=N_("Look at your secret task cards first: press Peek."))


class Learner(Section):
    """One table's helps, in the player's `settings`; `helps`: the couch's (not a level or a
    replay), `asks_end`: the ending move's question (an online table asks it too). The table
    hands it its view at a turn, a move and a tick and runs what it answers; as a part of the
    table it answers the Hint key (by the command's name) and draws the ring round Peek."""

    over = True

    def __init__(self, settings, helps: bool, asks_end: bool) -> None:
        self.settings = settings
        self.peeked: set[int] = set()  # the seats that have looked at their task cards
        self.told: set[int] = set()  # the seats reminded to peek
        self.asked = False  # the ending move was confirmed: play it without asking again
        self.prompt = ""  # the reminder to peek, as it was said
        self.on = helps
        self.asks_end = helps or asks_end
        self.button = self.peek = None  # the couch Hint button; what the ring goes round

    def _person(self, state, phase, solo: bool) -> bool:
        """A person is to move at a couch table (not solo, not a computer)."""
        return self.on and self._at_turn(state, phase, solo)

    @staticmethod
    def _at_turn(state, phase, solo: bool) -> bool:
        """A person at this screen is to move (not solo, not a computer)."""
        player = state.current_player
        return not solo and player is not None and not player.bot and phase is Phase.TURN

    # Building ------------------------------------------------------------------------------
    def build(self, buttons, assets, state, solo: bool) -> None:
        """The Hint button (the table's command "coach_hint"), where Move in shows once a
        scarer is chosen (a hint is for the start of a turn; Move in for after), when a
        person plays at a couch table."""
        self.peek = buttons.get("peek")
        if not self.on or solo or not self.settings.help_hint \
                or all(p.bot for p in state.players):
            return
        hint = Button(assets, buttons["move_in"].rect.copy(), _("Hint"), 30)
        hint.visible = False
        self.button = buttons.add("coach_hint", hint, "coach_hint")

    # Moments of the game -------------------------------------------------------------------
    def turn_begins(self) -> None:
        self.asked = False

    def prompting(self, state, phase, solo: bool, peek_shown: bool, on_top: bool) -> bool:
        """A person's first turn, and they have not peeked yet: the Peek button is pointed at
        (`peek_shown`, and the table `on_top`: never round a Peek under the hand-over)."""
        return self.settings.help_peek and self._person(state, phase, solo) \
            and bool(state.current_player.tasks) and state.turn not in self.peeked \
            and peek_shown and on_top

    def update(self, view, buttons, banner, on_top: bool) -> tuple[bool, str | None]:
        """One tick on the table the `view` shows (its `buttons`, its `banner`, `on_top`):
        whether something it shows changed, and the reminder to say, if it is time."""
        state, person = view.state, self._person(view.state, view.phase, view.solo)
        hint = self.button
        changed = False
        if hint is not None:  # never both: Move in is for a chosen scarer
            shown = person and not buttons.shows("move_in") and view.pick.selected is None
            if hint.visible != shown:
                hint.visible, changed = shown, True
        if view.peek_active and person:
            changed = self.looked(state.turn, banner) or changed
        if self.prompting(state, view.phase, view.solo, buttons.shows("peek"), on_top) \
                and state.turn not in self.told:
            self.told.add(state.turn)  # said once the table is seen (after a hand-over)
            self.prompt = PROMPT.words(view.controls, view.device)
            return changed, self.prompt
        return changed, None

    def looked(self, seat: int, banner) -> bool:
        """The seat has seen its task cards (here or on the hand-over screen; the reminder
        leaves the table's `banner`); True the first time."""
        if seat in self.peeked:
            return False
        self.peeked.add(seat)
        if banner.message == self.prompt:
            banner.message = ""
        return True

    def confirm(self, view, move) -> Reply | None:
        """The question "play it?" over the table when the move would end the game (asked
        once; yes plays it at the table); None: the move goes on."""
        if self.asked or not self.settings.help_end or not self.asks_end \
                or not self._at_turn(view.state, view.phase, view.solo) \
                or not ends_game(view.state, move):
            return None

        def ask(table) -> ConfirmScene:
            def yes() -> None:
                self.asked = True
                table.play(move)

            return ConfirmScene(table.app, _("This move ends the game \u2014 play it?"), yes,
                                yes=_("Play it"), no=_("Not yet"),
                                detail=_("It empties a column: the game ends and the points "
                                         "are counted."))
        return Reply(over=ask)

    def hint(self, view, start) -> Reply | None:
        """The hard computer's choice for this seat (from the game's `start`), lit on the
        field until the next move."""
        state = view.state
        if not self._person(state, view.phase, view.solo) or self.button is None:
            return None
        move = hint_move(state, start.position, state.turn)
        return Reply(light=move, sound="select", seconds=8, words=_("Hint: %(move)s") % {
            "move": describe_next(state.position, move, opens=False)})

    def handle(self, event, view=None) -> str | None:
        if self.button is not None and self.button.visible and \
                view.controls.action(event, "table") == "couch_hint":
            return "coach_hint"
        return None

    # Drawing -------------------------------------------------------------------------------
    def points_words(self, state, seat: int) -> str | None:
        """'7 points now': what the seat's task cards would score if the game (its `state`)
        ended now (None: the help is off, or this is no couch table)."""
        if not self.on or not self.settings.help_points:
            return None
        n = points_now(state, seat)
        return ngettext("%(n)d point now", "%(n)d points now", n) % {"n": n}

    def draw(self, surface: pygame.Surface, view) -> None:
        """A pulsing ring round Peek while the first turn waits for a look; an arrow instead
        while the keyboard cursor is on the field (one focus mark at a time)."""
        if not view.prompting:
            return
        if view.pick.cursor is not None:
            arrow = pointer.place(self.peek.rect, [], sides=pointer.LEFT_FIRST)
            if arrow is not None:
                pointer.draw(surface, *arrow, (looks.pulse(view.now) + 1) / 2)
                return
        grow = 6 + round(4 * looks.pulse(view.now))
        pygame.draw.rect(surface, GOLD, self.peek.rect.inflate(2 * grow, 2 * grow), 6,
                         border_radius=26)
