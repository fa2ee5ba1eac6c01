"""The computer opponents: the Bot protocol and the easy, normal and hard levels."""

from __future__ import annotations

import math
import time
from dataclasses import replace
from typing import Protocol

from game.engine.ai.beliefs import (
    Deal,
    card_points,
    deals,
    fields_before_moves,
    own_tasks,
    side_points,
    sides_of,
)
from game.engine.ai.fast import (
    FastMove,
    Field,
    counts,
    encode,
    from_move,
    gen_moves,
    play,
    settle,
    shrinks,
    to_move,
)
from game.engine.ai.view import SeatView
from game.engine.cards import Animal, Colour
from game.engine.modes import Mode
from game.engine.moves import Move
from game.engine.rng import Rng

LEVELS = ("easy", "normal", "hard")

# Points are turned into a chance of winning with a softmax of this temperature: a lead of
# a couple of points is a good but not a sure thing while the game goes on.
TEMPERATURE = 2.0
# A move that lets the next player end the game is judged this much as if it ended it.
THREAT_WEIGHT = 0.4
# Hard's model of the others: a normal bot's choice, or with this chance any move at all.
STRAY = 0.1
# Hard stops searching deals once those searched carry this share of the weight.
COVERAGE = 0.97
# Normal and hard weigh at most this many deals at once (Teams of Eight has over a thousand).
MAX_DEALS = 256


# Outlooks of hypothetical seats, shared by all hard bots (they depend on no one's secrets).
_OUTLOOKS: dict[tuple, Outlook] = {}


class Bot(Protocol):
    """Anything with a level name and choose(view, rng, budget_s) -> a legal Move."""

    level: str

    def choose(self, view: SeatView, rng: Rng, budget_s: float) -> Move: ...


class NoMove(ValueError):
    """The bot was asked to move where no move is possible."""


def _moves(view: SeatView) -> tuple[Field, list[FastMove]]:
    field = encode(view.position)
    moves = gen_moves(field) if not view.over else []
    if not moves:
        raise NoMove("there is no legal move to choose")
    return field, moves


def _pick(rng: Rng, moves: list, values: list[float]) -> FastMove:
    """The best-valued move; equal values are broken at random so play does not repeat."""
    best = max(values)
    tied = [m for m, v in zip(moves, values, strict=True) if v >= best - 1e-9]
    return tied[rng.below(len(tied))]


def _multiplayer(view: SeatView) -> bool:
    return view.players > 1 and len(view.tasks) > 0


class EasyBot:
    """Mostly random, but it leaves its own cards alone when it can."""

    level = "easy"

    def choose(self, view: SeatView, rng: Rng, budget_s: float = 0.0) -> Move:
        field, moves = _moves(view)
        points = card_points(own_tasks(view))
        safe = [m for m in moves if not points[field[m[2]][m[3]]]]
        pool = safe or moves
        return to_move(pool[rng.below(len(pool))])


class _Table:
    """One decision's deals of task cards, their weights and their points per side."""

    def __init__(self, view: SeatView, found: list[Deal], weights: list[float]) -> None:
        self.side, self.sides = sides_of(view)
        self.me = self.side[view.seat]
        self.seat = view.seat
        self.n = view.players
        self.closings = view.rules.closings_allowed
        self.closed = view.closed
        self.deals = found
        self.weights = weights
        self.points = [side_points(d, self.side, self.sides) for d in found]


def scores_of(tally: list[int], table: list[list[float]]) -> list[float]:
    return [sum(n * row[c] for c, n in enumerate(tally) if n) for row in table]


def hard_share(scores: list[float], side: int) -> float:
    top = max(scores)
    if scores[side] < top - 1e-9:
        return 0.0
    return 1.0 / sum(1 for s in scores if s >= top - 1e-9)


class Outlook:
    """How a seat that knows only its own task cards judges moves one ahead (the normal level).

    Every deal it cannot rule out counts the same. A move that ends the game is worth the
    seat's chance of winning with the cards as they are then (over those deals); a move that
    lets the next player end it is judged the same way (THREAT_WEIGHT of it); any other move
    by a soft lead over the expected scores of the others.
    """

    def __init__(self, view: SeatView, found: list[Deal] | None = None) -> None:
        """`found` narrows the deals the seat weighs (hard's search passes the one sampled)."""
        self.side, self.sides = sides_of(view)
        self.me = self.side[view.seat]
        self.closings = view.rules.closings_allowed
        found = deals(view) if found is None else found
        if len(found) > MAX_DEALS:  # Teams of Eight: an even spread of them is enough
            found = found[:: len(found) // MAX_DEALS + 1]
        tables = [side_points(d, self.side, self.sides) for d in found]
        self.expected = [
            [sum(t[s][c] for t in tables) / len(tables) for c in range(16)]
            for s in range(self.sides)
        ]
        # A side holds at most two task cards, so its score is v[i] + v[j] where v counts the
        # cards left per colour (0-3) and animal (4-7), and v[8] = 0 pads a single card. Who of
        # the others holds what does not change this seat's chance, so those deals merge.
        compact: dict[tuple, int] = {}
        for deal in found:
            holds: list[list[int]] = [[] for _ in range(self.sides)]
            for seat, (colour, animal) in enumerate(deal):
                if colour >= 0:
                    holds[self.side[seat]].append(colour)
                if animal >= 0:
                    holds[self.side[seat]].append(4 + animal)
            pairs = [tuple(sorted(h + [8, 8])[:2]) for h in holds]
            mine = pairs[self.me]
            others = tuple(sorted(p for i, p in enumerate(pairs) if i != self.me))
            compact[(mine, others)] = compact.get((mine, others), 0) + 1
        self.compact = [(mine, others, n) for (mine, others), n in compact.items()]
        self.decay = [[math.exp(-p / TEMPERATURE) for p in row] for row in self.expected]
        self.total = len(found)
        self._chances: dict[tuple[int, ...], float] = {}

    def chance(self, totals: list[int], removed: int) -> float:
        """Chance of winning if the game ended now, with one card of kind `removed` less;
        `totals` counts the cards left per colour and per animal (see _totals)."""
        v = list(totals)
        v[removed >> 2] -= 1
        v[4 + (removed & 3)] -= 1
        key = tuple(v)
        found = self._chances.get(key)
        if found is None:
            v.append(0)
            won = 0.0
            for (i, j), others, weight in self.compact:
                mine = v[i] + v[j]
                tied = 1
                for a, b in others:
                    other = v[a] + v[b]
                    if other > mine:
                        break
                    tied += other == mine
                else:
                    won += weight / tied
            found = won / self.total
            if len(self._chances) > 50_000:
                self._chances.clear()
            self._chances[key] = found
        return found

    def values(self, field: Field, closed: int, tally: list[int], moves: list[FastMove]):
        """The value of each move, in order (this is the inner loop of the hard level)."""
        me, closings, width = self.me, self.closings, len(field)
        scores = [sum(n * row[c] for c, n in enumerate(tally) if n) for row in self.expected]
        top = max(scores)
        base = [math.exp((s - top) / TEMPERATURE) for s in scores]
        decay = self.decay
        final = closed >= closings or width == 1
        threats_possible = final and min(len(c) for c in field) <= 2
        ripe = [x for x in range(width) if _ripe(field, x)] if threats_possible else []
        totals = None
        cache: dict[tuple[int, int], float] = {}
        out = []
        for m in moves:
            sx, tx = m[0], m[2]
            c = field[tx][m[3]]
            if final and len(field[sx if m[4] and sx != tx else tx]) == 1:
                sharp = 2
            elif threats_possible:
                # Only the columns beside the two that changed can change ripeness.
                lo, hi = min(sx, tx) - 1, max(sx, tx) + 1
                if any(x < lo or x > hi for x in ripe):
                    sharp = 1
                else:
                    after = play(field, m)
                    sharp = any(_ripe(after, x) for x in range(max(lo, 0), min(hi + 1, width)))
            else:
                sharp = 0
            value = cache.get((c, sharp))
            if value is None:
                value = base[me] * decay[me][c] / sum(
                    b * d[c] for b, d in zip(base, decay, strict=True)
                )
                if sharp:
                    if totals is None:
                        totals = _totals(tally)
                    chance = self.chance(totals, c)
                    value = chance if sharp == 2 else value + THREAT_WEIGHT * (chance - value)
                cache[(c, sharp)] = value
            out.append(value)
        return out


def _ripe(field: Field, x: int) -> bool:
    """A column with one card that a single scare can empty."""
    col = field[x]
    if len(col) != 1:
        return False
    a = col[0] & 3
    if x and field[x - 1] and ((field[x - 1][0] & 3) - a) & 3 in (1, 3):
        return True
    nx = x + 1
    return nx < len(field) and bool(field[nx]) and ((field[nx][0] & 3) - a) & 3 in (1, 3)


def _totals(tally: list[int]) -> list[int]:
    """Cards left per colour (0-3) and per animal (4-7)."""
    v = [0] * 8
    for c, n in enumerate(tally):
        if n:
            v[c >> 2] += n
            v[4 + (c & 3)] += n
    return v


class NormalBot:
    """One move ahead: its own chance of winning after each move, and the game's end."""

    level = "normal"

    def choose(self, view: SeatView, rng: Rng, budget_s: float = 0.0) -> Move:
        field, moves = _moves(view)
        if not _multiplayer(view):
            return to_move(moves[rng.below(len(moves))])
        values = Outlook(view).values(field, view.closed, counts(field), moves)
        return to_move(_pick(rng, moves, values))


class HardBot:
    """Weighs the deals of the others' task cards by the moves they played, searches the
    likeliest to its next turn (the others playing like normal bots) and plays the move best
    on average. `width` moves are searched; `rounds` is how many turns of its own it looks at."""

    level = "hard"

    def __init__(self, max_samples: int = 96, rounds: int = 1, width: int = 8) -> None:
        self.max_samples = max_samples
        self.rounds = rounds
        self.width = width
        self.horizon = 0
        self._loglik: dict[tuple, float] = {}

    def _outlook(self, view: SeatView, seat: int, tasks: tuple[int, int]) -> Outlook:
        """How `seat` would judge moves if it held `tasks` (kept between decisions and games:
        it depends only on the table's shape, not on the field)."""
        dealt_in_order = view.mode in (Mode.ALL_INCLUDED, Mode.ALL_INCLUDED_YOUNG)
        first = view.first_player if dealt_in_order else 0
        teams = tuple(s.team for s in view.seats)
        key = (view.players, view.mode, first, teams, view.rules, seat, tasks)
        found = _OUTLOOKS.get(key)
        if found is None:
            colour, animal = tasks
            cards = tuple(
                ([Colour(colour)] if colour >= 0 else []) + ([Animal(animal)] if animal >= 0 else [])
            )
            found = Outlook(replace(view, seat=seat, tasks=cards))
            if len(_OUTLOOKS) > 4096:
                _OUTLOOKS.clear()
            _OUTLOOKS[key] = found
        return found

    def _likelihoods(self, view: SeatView, found: list[Deal], until: float) -> list[float]:
        """How well each deal explains the moves the others played, if they play like normal
        bots (a move a normal bot would not choose keeps a small chance, STRAY).

        Work is remembered between decisions; moves not weighed by `until` count next time.
        """
        logs = [0.0] * len(found)
        n, first = view.players, view.first_player
        for i, (field, closed) in enumerate(fields_before_moves(view)):
            seat = (first + i) % n
            if seat == view.seat or time.perf_counter() > until:
                continue
            played = from_move(view.moves[i])
            prefix = (view.start, view.moves[: i + 1], seat)
            moves: list[FastMove] = []
            per_tasks: dict[tuple[int, int], float] = {}
            for k, deal in enumerate(found):
                tasks = deal[seat]
                ll = per_tasks.get(tasks)
                if ll is None:
                    ll = self._loglik.get((prefix, tasks))
                    if ll is None:
                        moves = moves or gen_moves(field)
                        values = self._outlook(view, seat, tasks).values(
                            field, closed, counts(field), moves
                        )
                        best = max(values)
                        top = [m for m, v in zip(moves, values, strict=True) if v >= best - 1e-9]
                        p = STRAY / len(moves) + ((1 - STRAY) / len(top) if played in top else 0)
                        ll = math.log(p)
                        if len(self._loglik) > 100_000:
                            self._loglik.clear()
                        self._loglik[(prefix, tasks)] = ll
                    per_tasks[tasks] = ll
                logs[k] += ll
        top = max(logs, default=0.0)
        return [math.exp(v - top) for v in logs]

    def choose(self, view: SeatView, rng: Rng, budget_s: float = 0.3) -> Move:
        deadline = time.perf_counter() + max(0.0, budget_s) * 0.85
        field, moves = _moves(view)
        if len(moves) == 1 or not _multiplayer(view):
            return to_move(moves[rng.below(len(moves))])
        # The normal level's opinion picks the few moves worth searching (and is the answer
        # if time runs out before one deal is searched); game-ending moves are always searched.
        first = self._outlook(view, view.seat, own_tasks(view))
        tally = counts(field)
        quick = first.values(field, view.closed, tally, moves)
        final = view.closed >= view.rules.closings_allowed
        ranked = sorted(range(len(moves)), key=lambda i: -quick[i])
        chosen = ranked[: self.width] + [
            i for i in ranked[self.width:] if final and len(field[shrinks(moves[i])]) == 1
        ]
        candidates = [moves[i] for i in chosen]
        found = deals(view)
        if len(found) > MAX_DEALS:
            found = list(dict.fromkeys(found[rng.below(len(found))] for _ in range(MAX_DEALS)))
        until = time.perf_counter() + max(0.0, budget_s) * 0.4
        table = _Table(view, found, self._likelihoods(view, found, until))
        self.horizon = self.rounds * view.players
        # Deals are searched most likely first; their weights average the results.
        order = sorted(range(len(table.deals)), key=lambda k: -table.weights[k])
        goal = COVERAGE * sum(table.weights)
        totals = [0.0] * len(candidates)
        covered = 0.0
        searched = 0
        for k in order[: self.max_samples]:
            pts, deal = table.points[k], table.deals[k]
            # The others as normal bots holding this deal's cards; itself as knowing it.
            models = [
                Outlook(view, [deal]) if s == view.seat else self._outlook(view, s, deal[s])
                for s in range(view.players)
            ]
            scores = scores_of(tally, pts)
            values = []
            for m in candidates:
                values.append(self._value(table, pts, models, field, tally, scores, m))
                if time.perf_counter() > deadline:
                    break
            if len(values) < len(candidates):
                break
            w = table.weights[k]
            totals = [t + w * v for t, v in zip(totals, values, strict=True)]
            covered += w
            searched += 1
            if covered >= goal or time.perf_counter() > deadline:
                break
        self.last_samples = searched
        if not searched:
            return to_move(_pick(rng, moves, quick))
        # Searches that cannot tell moves apart leave the choice to the normal opinion.
        scale = 1e-3 * covered
        return to_move(_pick(rng, candidates, [
            t + scale * quick[i] for t, i in zip(totals, chosen, strict=True)
        ]))

    def _value(self, table, pts, models, field: Field, tally, scores, m: FastMove) -> float:
        """My chance of winning after `m` in one deal, the others replying as normal bots
        would until my next turn, then my best move judged one ahead by one who knows the deal."""
        tally = list(tally)
        c = field[m[2]][m[3]]
        tally[c] -= 1
        scores = [s - row[c] for s, row in zip(scores, pts, strict=True)]
        after, closed, ended = settle(play(field, m), shrinks(m), table.closed, table.closings)
        if ended:
            return hard_share(scores, table.me)
        seat = (table.seat + 1) % table.n
        plies = 1
        while True:
            replies = gen_moves(after)
            if not replies:
                return hard_share(scores, table.me)
            values = models[seat].values(after, closed, tally, replies)
            if seat == table.seat and plies >= self.horizon:
                return max(values)
            r = replies[values.index(max(values))]
            c = after[r[2]][r[3]]
            tally[c] -= 1
            scores = [s - row[c] for s, row in zip(scores, pts, strict=True)]
            after, closed, ended = settle(play(after, r), shrinks(r), closed, table.closings)
            if ended:
                return hard_share(scores, table.me)
            seat = (seat + 1) % table.n
            plies += 1


def make_bot(level: str) -> Bot:
    """A bot of the named level: 'easy', 'normal' or 'hard'."""
    key = level.strip().lower()
    if key == "easy":
        return EasyBot()
    if key == "normal":
        return NormalBot()
    if key == "hard":
        return HardBot()
    raise ValueError(f"unknown bot level '{level}' (choose {', '.join(LEVELS)})")
