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
from game.scenes.table.section import Section
from game.ui import pointer

PROMPT = KeyedLine(
    "table",
    # TRANSLATORS: %(peek)s is a key or a gamepad button ("P", "Y").
    keys=N_("Look at your secret task cards first: press %(peek)s."),
    mouse=N_("Look at your secret task cards first: press Peek."))


class Learner(Section):
    """One table's helps; the scene calls it at a turn, a move and a tick, and it is a part
    of the table: the Hint key's events and the ring drawn round Peek."""

    over = True

    def __init__(self, scene) -> None:
        self.scene = scene
        self.peeked: set[int] = set()  # the seats that have looked at their task cards
        self.told: set[int] = set()  # the seats reminded to peek
        self.asked = False  # the ending move was confirmed: play it without asking again
        self.prompt = ""  # the reminder to peek, as it was said
        self.on = scene.kind.helps  # the couch table (not a level or a replay)
        self.asks_end = self.on or scene.kind.asks_end  # an online table asks this one too

    @property
    def settings(self):
        return self.scene.app.settings

    def _person(self) -> bool:
        """A person is to move at a couch table (not solo, not a computer)."""
        return self.on and self._at_turn()

    def _at_turn(self) -> bool:
        """A person at this screen is to move (not solo, not a computer)."""
        s = self.scene
        player = s.player
        return not s.solo and player is not None and not player.bot and s.phase is Phase.TURN

    # Building ------------------------------------------------------------------------------
    def build(self) -> None:
        """The Hint button, where Move in shows once a scarer is chosen (a hint is for the
        start of a turn; Move in for after), when a person plays at a couch table."""
        s = self.scene
        self.button = None  # the couch Hint button, when this table has one
        self.peek = s.buttons.get("peek")  # what the ring goes round
        if not self.on or s.solo or not self.settings.help_hint \
                or all(p.bot for p in s.state.players):
            return
        hint = Button(s.app.assets, s.buttons["move_in"].rect.copy(), _("Hint"), 30)
        hint.visible = False
        self.button = s.buttons.add("coach_hint", hint, self.hint)

    # Moments of the game -------------------------------------------------------------------
    def turn_begins(self) -> None:
        self.asked = False

    def prompting(self) -> bool:
        """A person's first turn, and they have not peeked yet: the Peek button is pointed at
        (once the table shows: never round a Peek that waits under the hand-over)."""
        s = self.scene
        return self.settings.help_peek and self._person() and bool(s.player.tasks) \
            and s.state.turn not in self.peeked and s.buttons.shows("peek") \
            and s.app.stack.top is s

    def update(self) -> bool:
        """One tick; True when something it shows changed (the table is drawn again)."""
        s = self.scene
        hint = self.button
        changed = False
        if hint is not None:  # never both: Move in is for a chosen scarer
            shown = self._person() and not s.buttons.shows("move_in") \
                and s.pick.selected is None
            if hint.visible != shown:
                hint.visible, changed = shown, True
        if s.peek.active and self._person():
            changed = self.looked(s.state.turn) or changed
        if self.prompting() and s.state.turn not in self.told and s.app.stack.top is s:
            self.told.add(s.state.turn)  # said once the table is seen (after a hand-over)
            self.prompt = PROMPT.words(s.app.input.controls, s.app.input.device)
            s.say(self.prompt, 8)
        return changed

    def looked(self, seat: int) -> bool:
        """The seat has seen its task cards (here or on the hand-over screen); True the first
        time."""
        if seat in self.peeked:
            return False
        self.peeked.add(seat)
        banner = self.scene.banner
        if banner.message == self.prompt:
            banner.message = ""
        return True

    def confirm(self, move) -> bool:
        """True when the move waits for "play it?" (it would end the game); asked once."""
        s = self.scene
        if self.asked or not self.settings.help_end or not self.asks_end \
                or not self._at_turn() or not ends_game(s.state, move):
            return False

        def yes() -> None:
            self.asked = True
            s.play(move)

        s.app.push(ConfirmScene(s.app, _("This move ends the game \u2014 play it?"), yes,
                                yes=_("Play it"), no=_("Not yet"),
                                detail=_("It empties a column: the game ends and the points "
                                         "are counted.")))
        return True

    def hint(self) -> None:
        """The hard computer's choice for this seat, lit on the field until the next move."""
        s = self.scene
        if not self._person() or self.button is None:
            return
        move = hint_move(s.state, s.session.start.position, s.state.turn)
        s.picture.forget()
        s.pick.light(move)
        s.app.audio.play("select")
        s.say(_("Hint: %(move)s") % {"move": describe_next(s.state.position, move, opens=False)},
              8)

    def handle(self, event, view=None) -> bool | None:
        if self.button is not None and self.button.visible and \
                self.scene.app.input.controls.action(event, "table") == "couch_hint":
            self.hint()
            return True
        return None

    # Drawing -------------------------------------------------------------------------------
    def points_words(self, seat: int) -> str | None:
        """'7 points now': what the seat's task cards would score if the game ended now
        (None: the help is off, or this is no couch table)."""
        if not self.on or not self.settings.help_points:
            return None
        n = points_now(self.scene.state, seat)
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
