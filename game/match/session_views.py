"""What the table may read of a Session's game: read-only views of its Match, never the Match."""

from __future__ import annotations

from game.engine.state import GameState
from game.match.occasions import Occasion, occasion_of


class SessionViews:
    """The Session's windows onto its Match (`self.match`): the states, the pointer, what undo
    may do, the moves in words, the par. The table reads these and changes nothing through
    them; every change is a Session command that answers with beats."""

    match: object  # the Match (game/match/controller.py) the Session runs

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def start(self) -> GameState:
        """The state the game began from."""
        return self.match.start

    @property
    def index(self) -> int:
        """The history pointer: 0 at the start (a restart is a step of its own)."""
        return self.match.index

    @property
    def ply(self) -> int:
        """The moves on the field since the start."""
        return self.match.ply

    @property
    def undo_allowed(self) -> bool:
        """The table's policy: undo and redo at all (solo and campaign; not on a couch)."""
        return self.match.undo_allowed

    @property
    def can_undo(self) -> bool:
        return self.match.can_undo

    @property
    def can_redo(self) -> bool:
        return self.match.can_redo

    @property
    def can_step_forward(self) -> bool:
        """A move taken back (or a replay's next move) waits to be played again."""
        return self.match.redo_move() is not None

    @property
    def daily(self) -> str | None:
        """The daily deal's date, or None."""
        return self.match.daily

    @property
    def game(self) -> str:
        """The game's own id (kept across Continue)."""
        return self.match.game

    @property
    def hints_used(self) -> int:
        return self.match.hints_used

    def shown(self, animating: bool) -> GameState:
        """The state the panel shows: while a move animates, the one before it."""
        if animating and self.match.index:
            return self.match.states[self.match.index - 1]
        return self.match.state

    def move_list(self) -> list[str]:
        """Every move from the start to the current state, in words, oldest first."""
        return self.match.move_list()

    def describe_last(self, named: bool = True) -> str | None:
        """The last move in words (not `named`: without the mover's name), None at the start."""
        return self.match.describe_last(named)

    def last_cells(self):
        """The last move's scarer and scared cells, where they are now (None: no move)."""
        return self.match.last_cells()

    def moves_since_turn_of(self, seat: int) -> list[str]:
        """The others' moves since `seat` last moved, in words, oldest first."""
        return self.match.moves_since_turn_of(seat)

    def known_reachable(self) -> bool | None:
        """Whether par can still be reached, as far as is known without solving (None: not
        known, or no par)."""
        return self.match.known_reachable()

    def record(self):
        """The game so far as a record (game/match/record.py): the review reads it."""
        return self.match.record()

    @property
    def occasion(self) -> Occasion:
        """The occasion of this game (game/match/occasions.py), as its record names it."""
        return occasion_of(self.match.record())
