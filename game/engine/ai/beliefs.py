"""Who might hold which task card: the deals consistent with a seat's view, and their weights.

A deal (hypothesis) gives every seat its task cards as `(colour, animal)` ints, -1 for none.
Tasks are dealt without replacement and by the mode's pattern, so a seat's own cards, its
team and (in All Included) the seat order already rule most deals out. The hard level weighs
the rest by the moves played so far: a player who keeps scaring yellow cards probably does
not hold yellow (HardBot.likelihoods).
"""

from __future__ import annotations

from itertools import permutations, product

from game.engine.ai.fast import Field, counts, encode, from_move, gen_moves, play, settle, shrinks
from game.engine.ai.view import SeatView
from game.engine.cards import Animal, Colour
from game.engine.modes import ALTERNATE, NO_TASKS, PAIRS, TEAM_HALVES

Tasks = tuple[int, int]  # (colour, animal); -1 where the seat holds no such card
Deal = tuple[Tasks, ...]


def _deal(view: SeatView) -> str:
    """How the seat's mode dealt the task cards (its spec says); a bare field deals pairs."""
    return view.mode.deal if view.mode is not None else PAIRS


def own_tasks(view: SeatView) -> Tasks:
    colour = next((int(t) for t in view.tasks if isinstance(t, Colour)), -1)
    animal = next((int(t) for t in view.tasks if isinstance(t, Animal)), -1)
    return colour, animal


def sides_of(view: SeatView) -> tuple[list[int], int]:
    """Each seat's side (its team in Teams of Two, else itself) and the number of sides."""
    if _deal(view) == TEAM_HALVES and all(s.team is not None for s in view.seats):
        side = [s.team for s in view.seats]
        return side, max(side) + 1
    return list(range(view.players)), view.players


def deals(view: SeatView) -> list[Deal]:
    """Every deal of task cards consistent with the mode, this seat's cards and its team."""
    n, me = view.players, view.seat
    mine = own_tasks(view)
    others = [s for s in range(n) if s != me]
    if n <= 1 or _deal(view) == NO_TASKS:
        return [tuple(mine if s == me else (-1, -1) for s in range(n))]
    free_colours = [c for c in range(4) if c != mine[0]]
    free_animals = [a for a in range(4) if a != mine[1]]
    out: list[Deal] = []
    if _deal(view) == ALTERNATE:
        # Dealt in turn order from the first player: type, colour, type, colour...
        first = view.first_player
        animal_seats = [s for s in others if (s - first) % n % 2 == 0]
        colour_seats = [s for s in others if (s - first) % n % 2 == 1]
        for animals in permutations(free_animals, len(animal_seats)):
            for colours in permutations(free_colours, len(colour_seats)):
                deal = [(-1, -1)] * n
                deal[me] = mine
                for s, a in zip(animal_seats, animals, strict=True):
                    deal[s] = (-1, a)
                for s, c in zip(colour_seats, colours, strict=True):
                    deal[s] = (c, -1)
                out.append(tuple(deal))
        return out
    if _deal(view) == TEAM_HALVES and view.teammates:
        mate = view.teammates[0]
        teams: dict[int, list[int]] = {}
        for s in others:
            if s != mate:
                teams.setdefault(view.seats[s].team, []).append(s)
        pairs = list(teams.values())
        for mate_value in range(4):
            # The teammate holds the other task card (animal or colour); teams hold distinct types and colours.
            mate_tasks = (mate_value, -1) if mine[1] >= 0 else (-1, mate_value)
            team_colour = mine[0] if mine[0] >= 0 else mate_value
            team_animal = mine[1] if mine[1] >= 0 else mate_value
            colours_left = [c for c in range(4) if c != team_colour]
            animals_left = [a for a in range(4) if a != team_animal]
            for colours in permutations(colours_left, len(pairs)):
                for animals in permutations(animals_left, len(pairs)):
                    for flips in product((0, 1), repeat=len(pairs)):
                        deal = [(-1, -1)] * n
                        deal[me], deal[mate] = mine, mate_tasks
                        for (a_seat, b_seat), c, a, f in zip(
                            pairs, colours, animals, flips, strict=True
                        ):
                            if f:
                                a_seat, b_seat = b_seat, a_seat
                            deal[a_seat], deal[b_seat] = (c, -1), (-1, a)
                        out.append(tuple(deal))
        return out
    # Standard: every other seat holds one type and one colour.
    for colours in permutations(free_colours, len(others)):
        for animals in permutations(free_animals, len(others)):
            deal = [(-1, -1)] * n
            deal[me] = mine
            for s, c, a in zip(others, colours, animals, strict=True):
                deal[s] = (c, a)
            out.append(tuple(deal))
    return out


def card_points(tasks: Tasks) -> list[int]:
    """Points each remaining card (0..15) gives a holder of these tasks."""
    colour, animal = tasks
    return [(c >> 2 == colour) + (c & 3 == animal) for c in range(16)]


def side_points(deal: Deal, side: list[int], side_count: int) -> list[list[int]]:
    table = [[0] * 16 for _ in range(side_count)]
    for seat, tasks in enumerate(deal):
        row = table[side[seat]]
        for c, p in enumerate(card_points(tasks)):
            row[c] += p
    return table


def fields_before_moves(view: SeatView) -> list[tuple[Field, int]]:
    """The field (and closed-column count) before each move, replayed from the field the
    game started with; empty when the view does not know that field."""
    if view.start is None:
        return []
    field, closed = encode(view.start), 0
    closings = view.rules.closings_allowed
    out = []
    try:
        for move in view.moves:
            out.append((field, closed))
            m = from_move(move)
            field, closed, _ = settle(play(field, m), shrinks(m), closed, closings)
    except IndexError:  # a start field that does not fit the moves: weigh nothing
        return []
    return out


# A player who could have spared its own cards scares one of them this rarely.
CARELESS = 0.1


def sparing_weights(
    view: SeatView, found: list[Deal], fields: list | None = None, memo: dict | None = None,
    careless: float = CARELESS,
) -> list[float]:
    """How well each deal explains the moves the others played, if every player spares its
    own cards when it can (the card counting of a family player: whoever scared a yellow
    card probably does not hold yellow). `fields` may pass fields_before_moves(view) (or a
    longer history's), `memo` a dict kept between calls on the same game; `careless` is how
    often a player who could have spared its cards scares one of them."""
    weights = [1.0] * len(found)
    n, first = view.players, view.first_player
    fields = fields_before_moves(view) if fields is None else fields
    memo = {} if memo is None else memo
    for i, (field, _closed) in enumerate(fields[: len(view.moves)]):
        seat = (first + i) % n
        if seat == view.seat:
            continue
        move = view.moves[i]
        scared = field[move.target[0]][move.target[1]]
        moves: list = []
        per_tasks: dict[Tasks, float] = {}
        for k, deal in enumerate(found):
            tasks = deal[seat]
            likelihood = per_tasks.get(tasks)
            if likelihood is None:
                likelihood = memo.get((i, tasks, careless))
            if likelihood is None:
                points = card_points(tasks)
                moves = moves or gen_moves(field)
                spare = sum(1 for m in moves if not points[field[m[2]][m[3]]])
                if not spare:
                    likelihood = 1.0
                elif points[scared]:
                    likelihood = careless / len(moves)
                else:
                    likelihood = (1 - careless) / spare + careless / len(moves)
                memo[(i, tasks, careless)] = likelihood
            per_tasks[tasks] = likelihood
            weights[k] *= likelihood
        top = max(weights, default=1.0)
        if top < 1e-100:  # keep the numbers in range over long games
            weights = [w / top for w in weights]
    return weights


__all__ = [
    "CARELESS", "Deal", "Tasks", "card_points", "counts", "deals", "fields_before_moves",
    "side_points", "sides_of", "sparing_weights",
]
