"""Immutable game state for every mode, dealing, and apply(state, move) -> (state, events)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.engine.cards import Animal, Card, Colour, full_deck
from game.engine.events import ColumnClosed, Event, GameOver
from game.engine.modes import Mode
from game.engine.moves import Move, legal_moves, play_on_field, why_illegal
from game.engine.position import Position
from game.engine.rng import Rng
from game.engine.rules import Rules

Task = Animal | Colour

COLUMN_EMPTIED = "column emptied"
NO_MOVE = "no move"


class IllegalMove(ValueError):
    """A move that cannot be played where it is played; the message names it."""


@dataclass(frozen=True, slots=True)
class Player:
    """A seat at the table. `bot` is None for a human, else the computer's level name."""

    name: str
    tasks: tuple[Task, ...] = ()
    team: int | None = None
    bot: str | None = None

    @property
    def animal_task(self) -> Animal | None:
        return next((t for t in self.tasks if isinstance(t, Animal)), None)

    @property
    def colour_task(self) -> Colour | None:
        return next((t for t in self.tasks if isinstance(t, Colour)), None)


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything Undo would restore: the field, the column rules, the seats and whose turn."""

    position: Position
    rules: Rules = Rules.STANDARD
    mode: Mode | None = None
    players: tuple[Player, ...] = ()
    turn: int = 0
    closed: int = 0
    over: str | None = None
    target: Card | None = None  # Single player, advanced: a card like this must remain
    seed: int | None = None
    moves: tuple[Move, ...] = field(default=())

    @property
    def current_player(self) -> Player | None:
        return self.players[self.turn] if self.players else None

    def legal_moves(self) -> list[Move]:
        return [] if self.over else legal_moves(self.position)


def initial_state(position: Position, rules: Rules = Rules.STANDARD, **kwargs) -> GameState:
    """A state for a given field. Empty columns in it are handled as if they had just emptied
    (RULES.md: for all-included the given position counts as having no closed column yet)."""
    state = GameState(position=position, rules=rules, **kwargs)
    columns = list(position.columns)
    closed = 0
    over = None
    x = 0
    while x < len(columns):
        if not columns[x] and closed < rules.closings_allowed and len(columns) > 1:
            del columns[x]
            closed += 1
            continue
        if not columns[x] and rules is not Rules.SOLO:
            over = COLUMN_EMPTIED
        x += 1
    state = replace(state, position=Position(tuple(columns), position.height), closed=closed)
    if over is None and not legal_moves(state.position):
        over = NO_MOVE
    return replace(state, over=over)


def apply(state: GameState, move: Move) -> tuple[GameState, list[Event]]:
    """Play one move. Returns the new state and the events, in the order they happened."""
    if state.over:
        raise IllegalMove(f"{move}: the game is over ({state.over})")
    move = move.canonical()
    reason = why_illegal(state.position, move)
    if reason:
        raise IllegalMove(reason)
    position, events = play_on_field(state.position, move)
    closed, over = state.closed, None
    emptied = next((x for x, c in enumerate(position.columns) if not c), None)
    if emptied is not None:
        if closed < state.rules.closings_allowed and position.width > 1:
            events.append(ColumnClosed(emptied))
            columns = position.columns[:emptied] + position.columns[emptied + 1:]
            position = Position(columns, position.height)
            closed += 1
        else:
            over = COLUMN_EMPTIED
    if over is None and not legal_moves(position):
        over = NO_MOVE
    if over:
        events.append(GameOver(over))
    turn = state.turn if over or not state.players else (state.turn + 1) % len(state.players)
    new_state = replace(
        state, position=position, closed=closed, over=over, turn=turn, moves=state.moves + (move,)
    )
    return new_state, events


def apply_all(state: GameState, moves) -> tuple[GameState, list[Event]]:
    """Apply several moves in order; returns the final state and all events."""
    events: list[Event] = []
    for move in moves:
        state, more = apply(state, move)
        events.extend(more)
    return state, events


def deal_position(seed: int) -> Position:
    """A shuffled 4x8 field; the same seed gives the same deal on every run and platform."""
    return _deal(Rng(seed))


def _deal(rng: Rng) -> Position:
    deck = full_deck()
    rng.shuffle(deck)
    # Cards fill the field in reading order: top row left to right, then downward.
    rows = [deck[r * 8:(r + 1) * 8] for r in range(4)]
    columns = tuple(tuple(rows[3 - y][x] for y in range(4)) for x in range(8))
    return Position(columns, 4)


def new_game(
    mode: Mode,
    names: list[str],
    seed: int,
    first_player: int | None = None,
    bots: list[str | None] | None = None,
    position: Position | None = None,
) -> GameState:
    """Deal a new game: field, task cards without replacement, and the first player.

    `names` are in seating (clockwise) order. `first_player` None picks one at random.
    Everything comes from `seed`, so a seed plus the list of moves replays the game exactly.
    """
    n = len(names)
    if n not in mode.player_counts:
        counts = ", ".join(map(str, mode.player_counts))
        raise ValueError(f"{mode.label} is for {counts} players, not {n}")
    bots = list(bots) if bots else [None] * n
    rng = Rng(seed)
    field_position = _deal(rng) if position is None else position
    if first_player is None:
        first_player = rng.below(n)
    if not 0 <= first_player < n:
        raise ValueError(f"there is no player {first_player + 1}")
    types = list(Animal)
    colours = list(Colour)
    rng.shuffle(types)
    rng.shuffle(colours)
    tasks = mode.deal_tasks(rng, n, first_player, types, colours)
    teams = [mode.team_of(i, n) for i in range(n)]
    target = Card(colours[0], types[0]) if mode.target else None
    players = tuple(Player(names[i], tasks[i], teams[i], bots[i]) for i in range(n))
    return initial_state(
        field_position, mode.rules, mode=mode, players=players, turn=first_player,
        target=target, seed=seed,
    )
