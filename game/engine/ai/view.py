"""What one seat may know of a game: the SeatView a bot decides from, and view_for()."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.ai.fast import encode, from_move, play, settle, shrinks
from game.engine.cards import Card
from game.engine.modes import Mode
from game.engine.moves import Move
from game.engine.position import Position
from game.engine.rules import Rules
from game.engine.state import GameState, Task, deal_position


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """The public face of a seat: its name, its team (Teams of Two) and the bot level if any."""

    name: str
    team: int | None = None
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class SeatView:
    """The game as one seat sees it. Copies public fields only, so no path leads to the task
    cards of the other seats: the view holds neither the GameState nor other Player objects."""

    seat: int
    tasks: tuple[Task, ...]
    position: Position
    rules: Rules
    mode: Mode | None
    closed: int
    seats: tuple[SeatInfo, ...]
    turn: int
    moves: tuple[Move, ...]
    target: Card | None = None
    over: str | None = None
    start: Position | None = None  # the field as dealt, face up for all; None if unknown

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def first_player(self) -> int:
        """Who opened the game: every move passes the turn on, so it follows from the count."""
        n = len(self.seats)
        return (self.turn - len(self.moves)) % n if n else 0

    @property
    def teammates(self) -> tuple[int, ...]:
        """The other seats of this seat's team (empty outside Teams of Two)."""
        team = self.seats[self.seat].team if self.seats else None
        if team is None:
            return ()
        return tuple(i for i, s in enumerate(self.seats) if s.team == team and i != self.seat)


def view_for(state: GameState, seat: int, start: Position | None = None) -> SeatView:
    """Build the view of `state` for `seat` (0-based).

    `start` is the field the game began with; without it the dealt field of `state.seed` is
    used when replaying the moves on it leads to the current field.
    """
    if not 0 <= seat < len(state.players):
        raise ValueError(f"there is no seat {seat + 1}")
    if start is None:
        start = _dealt_field(state)
    seats = tuple(SeatInfo(p.name, p.team, p.bot) for p in state.players)
    return SeatView(
        seat=seat,
        tasks=tuple(state.players[seat].tasks),
        position=state.position,
        rules=state.rules,
        mode=state.mode,
        closed=state.closed,
        seats=seats,
        turn=state.turn,
        moves=tuple(state.moves),
        target=state.target,
        over=state.over,
        start=start,
    )


def _dealt_field(state: GameState) -> Position | None:
    if state.seed is None:
        return None
    dealt = deal_position(state.seed)
    field, closed = encode(dealt), 0
    try:
        for move in state.moves:
            m = from_move(move)
            field, closed, _ = settle(play(field, m), shrinks(m), closed, state.rules.closings_allowed)
    except IndexError:
        return None
    return dealt if field == encode(state.position) else None
