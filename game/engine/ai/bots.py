"""The computer opponents: the Bot protocol and the easy, normal and hard levels.

Thread safety: every bot keeps its memory in its own instance and the module holds only
constants, so bots may think in worker threads side by side; one bot must not be asked to
choose from two threads at once (the game asks each seat's bot in turn).
"""

from __future__ import annotations

import functools
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
    sparing_weights,
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
from game.engine.moves import Move
from game.engine.rng import Rng

# While the game goes on, each deal's scores become a share of winning through a softmax of
# this temperature: a lead of a couple of points is a good but not a sure thing.
TEMPERATURE = 1.0
# A move that lets the next player end the game is judged at least this much as if it did
# (more when most of its moves would end it).
THREAT_WEIGHT = 0.5
# Hard's model of the others: a normal bot's choice, or with this chance any move at all.
STRAY = 0.1
# Hard stops searching deals once those searched carry this share of the weight.
COVERAGE = 0.97
# The styles of player a searching bot can take the others for: "counting" weighs the deals
# of the others' cards by the cards each scared (the normal level); "careful" weighs every
# deal alike and expects the next player to take the end of the game best for itself
# whenever a move hands it one. (A third style, alike but not careful, measured no better.)
STYLES = ("counting", "careful")
# Normal and hard weigh at most this many deals at once (Teams of Eight has over a thousand).
MAX_DEALS = 256


class Bot(Protocol):
    """Anything with a level name and choose(view, rng, budget_s) -> a legal Move."""

    level: str

    def choose(self, view: SeatView, rng: Rng, budget_s: float) -> Move: ...


class Budget:
    """When a search stops: after `seconds` of think time, or — when `nodes` is given — after
    that many search nodes, whatever the machine's speed (repeatable bit for bit)."""

    def __init__(self, seconds: float, nodes: int | None = None) -> None:
        self.nodes = nodes
        self.used = 0
        self.deadline = time.perf_counter() + max(0.0, seconds)

    def tick(self, n: int = 1) -> None:
        self.used += n

    def spent(self) -> bool:
        if self.nodes is not None:
            return self.used >= self.nodes
        return time.perf_counter() > self.deadline


class NoMove(ValueError):
    """The bot was asked to move where no move is possible."""


def _moves(view: SeatView) -> tuple[Field, list[FastMove]]:
    field = encode(view.position)
    moves = gen_moves(field) if not view.over else []
    if not moves:
        raise NoMove("there is no legal move to choose")
    return field, moves


def pick_best(rng: Rng, moves: list, values: list[float]) -> FastMove:
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


class TaskGuesses:
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

    The deals it cannot rule out are weighed (by `weights`, else alike). A move that ends the
    game is worth the seat's chance of winning with the cards as they are then. Any other move
    is worth a soft share of the lead (each deal's scores through a softmax); when it leaves the
    next player a move that ends the game, that end counts with a weight of at least
    THREAT_WEIGHT, judged by my chance of winning after it.
    """

    def __init__(
        self, view: SeatView, found: list[Deal] | None = None, weights: list[float] | None = None,
        careful: bool = False, temperature: float | tuple[float, ...] = 0.0,
    ) -> None:
        """`found` narrows the deals the seat weighs (hard's search passes the one sampled).
        A `careful` seat expects the next player to take the end best for itself whenever a
        move hands it one (instead of weighing that end at THREAT_WEIGHT)."""
        self.side, self.sides = sides_of(view)
        self.me = self.side[view.seat]
        self.careful = careful
        # The softmax tables per number of cards left (0-32): TEMPERATURE unless given; a
        # tuple gives the temperature for each number of cards left.
        if not isinstance(temperature, tuple):
            temperature = (temperature or TEMPERATURE,) * 33
        self.softs = _softs(temperature)
        self.next = self.side[(view.seat + 1) % view.players]
        full: dict[tuple, float] = {}
        self._careful: dict[tuple, float] = {}
        self.closings = view.rules.closings_allowed
        found = deals(view) if found is None else found
        weights = [1.0] * len(found) if weights is None else weights
        if len(found) > MAX_DEALS:  # Teams of Eight: an even spread of them is enough
            step = len(found) // MAX_DEALS + 1
            found, weights = found[::step], weights[::step]
        # A side holds at most two task cards, so its score is v[i] + v[j] where v counts the
        # cards left per colour (0-3) and animal (4-7), and v[8] = 0 pads a single card. Who of
        # the others holds what does not change this seat's chance, so those deals merge.
        compact: dict[tuple, float] = {}
        for deal, weight in zip(found, weights, strict=True):
            holds: list[list[int]] = [[] for _ in range(self.sides)]
            for seat, (colour, animal) in enumerate(deal):
                if colour >= 0:
                    holds[self.side[seat]].append(colour)
                if animal >= 0:
                    holds[self.side[seat]].append(4 + animal)
            pairs = [tuple(sorted(h + [8, 8])[:2]) for h in holds]
            if careful:
                # The next player's choice needs its own cards, mine, and the best of the rest.
                rest = tuple(sorted(p for i, p in enumerate(pairs) if i not in (self.me, self.next)))
                merged = (pairs[self.me], pairs[self.next], rest)
                full[merged] = full.get(merged, 0.0) + weight
            mine = pairs[self.me]
            others = tuple(sorted(p for i, p in enumerate(pairs) if i != self.me))
            compact[(mine, others)] = compact.get((mine, others), 0.0) + weight
        total = sum(compact.values()) or 1.0
        self.compact = [(mine, others, w / total) for (mine, others), w in compact.items()]
        self.full = [(*merged, w / total) for merged, w in full.items()]
        self._chances: dict[tuple[int, ...], float] = {}
        self._shares: dict[tuple[int, ...], float] = {}

    def chance(self, v: list[int]) -> float:
        """Chance of winning if the game ended with `v` cards left per colour and animal."""
        key = tuple(v)
        found = self._chances.get(key)
        if found is None:
            v = [*v, 0]
            found = 0.0
            for (i, j), others, weight in self.compact:
                mine = v[i] + v[j]
                tied = 1
                for a, b in others:
                    other = v[a] + v[b]
                    if other > mine:
                        break
                    tied += other == mine
                else:
                    found += weight / tied
            if len(self._chances) > 50_000:
                self._chances.clear()
            self._chances[key] = found
        return found

    def share(self, v: list[int]) -> float:
        """A soft chance of winning while the game goes on: each deal's scores as a softmax."""
        key = tuple(v)
        found = self._shares.get(key)
        if found is None:
            soft = self.softs[v[0] + v[1] + v[2] + v[3]]
            v = [*v, 0]
            found = 0.0
            for (i, j), others, weight in self.compact:
                mine = v[i] + v[j]
                found += weight / (1.0 + sum(soft[v[a] + v[b] - mine + 32] for a, b in others))
            if len(self._shares) > 50_000:
                self._shares.clear()
            self._shares[key] = found
        return found

    def handed(self, v: list[int], ends: tuple[int, ...]) -> float:
        """My chance of winning when the next player takes the end (card of `ends`) best for
        itself, with `v` cards left per colour and animal before it."""
        key = (tuple(v), ends)
        found = self._careful.get(key)
        if found is None:
            v = [*v, 0]
            found = 0.0
            cards = [_LOST[e] for e in sorted(set(ends))]
            for mine, theirs, others, weight in self.full:
                best: tuple = ()
                for lost in cards:
                    # Each side's score after this end: its two cards (8 pads a single one),
                    # less the point each of them loses with the card scared.
                    me = v[mine[0]] + v[mine[1]] - lost[mine[0]] - lost[mine[1]]
                    nxt = v[theirs[0]] + v[theirs[1]] - lost[theirs[0]] - lost[theirs[1]]
                    rest = [v[i] + v[j] - lost[i] - lost[j] for i, j in others]
                    rival = max(me, *rest) if rest else me
                    top = max(nxt, rival)
                    tied = (me == top) + (nxt == top) + rest.count(top)
                    mark = (1.0 / tied if nxt == top else 0.0, nxt - rival)
                    if not best or mark > best[:2]:
                        best = (*mark, me == top and 1.0 / tied)
                found += weight * best[2]
            if len(self._careful) > 50_000:
                self._careful.clear()
            self._careful[key] = found
        return found

    def values(self, field: Field, closed: int, tally: list[int], moves: list[FastMove]):
        """The value of each move, in order (this is the inner loop of the hard level)."""
        final = closed >= self.closings or len(field) == 1
        low = final and min(len(c) for c in field) <= 2
        totals = totals_of(tally)
        chance, share = self.chance, self.share
        count = len(moves)
        cache: dict[tuple, float] = {}
        now: list[int] | None = None  # the game-ending moves' cards on this field
        out = []
        for m in moves:
            sx, sy, tx, ty, move_in = m
            sideways = move_in and sx != tx
            c = field[tx][ty]
            column = sx if sideways else tx
            if final and len(field[column]) == 1:
                key: tuple = (c, -1)
            elif low and len(field[column]) > 2 and ty and not (sideways and sy == 0):
                # No bottom card changes and the column keeps two cards: the ends stay as now.
                if now is None:
                    now = ending_cards(field)
                key = (c, *now)
            elif low:
                key = (c, *ending_cards(play(field, m)))
            else:
                key = (c,)
            value = cache.get(key)
            if value is None:
                v = list(totals)
                v[c >> 2] -= 1
                v[4 + (c & 3)] -= 1
                if key[-1] == -1:
                    value = chance(v)
                else:
                    value = share(v)
                    if len(key) > 1 and self.careful:
                        value = self.handed(v, key[1:])
                    elif len(key) > 1:
                        # The next player may end the game: how likely, and how for me.
                        ends = 0.0
                        for e in key[1:]:
                            v[e >> 2] -= 1
                            v[4 + (e & 3)] -= 1
                            ends += chance(v)
                            v[e >> 2] += 1
                            v[4 + (e & 3)] += 1
                        p = max(THREAT_WEIGHT, (len(key) - 1) / count)
                        value += p * (ends / (len(key) - 1) - value)
                cache[key] = value
            out.append(value)
        return out


# Per card: which of the 9 score slots (4 colours, 4 animals, the pad) lose a point with it.
_LOST = [tuple(int(k == e >> 2 or k == 4 + (e & 3)) for k in range(9)) for e in range(16)]
@functools.lru_cache(maxsize=8)
def _softs(temperatures: tuple[float, ...]) -> list[list[float]]:
    """exp(d / t) for score differences d = -32..32 (indexed by d + 32), one table per number
    of cards left with its temperature t; built once per set of temperatures."""
    return [[math.exp((d - 32) / t) for d in range(65)] for t in temperatures]


def ending_cards(field: Field) -> list[int]:
    """The card each game-ending move on `field` scares (a column of one card emptied)."""
    out = []
    for x in range(len(field) - 1):
        left, right = field[x], field[x + 1]
        if not left or not right or (len(left) > 1 and len(right) > 1):
            continue
        a, b = left[0], right[0]
        if b & 3 == (a + 1) & 3:  # left scares right: staying empties right, moving in left
            out.extend([b] * ((len(right) == 1) + (len(left) == 1)))
        elif a & 3 == (b + 1) & 3:
            out.extend([a] * ((len(left) == 1) + (len(right) == 1)))
    out.sort()
    return out


def totals_of(tally: list[int]) -> list[int]:
    """Cards left per colour (0-3) and per animal (4-7)."""
    v = [0] * 8
    for c, n in enumerate(tally):
        if n:
            v[c >> 2] += n
            v[4 + (c & 3)] += n
    return v


class NormalBot:
    """One move ahead: its chance of winning after each move over the deals that fit the cards
    the others scared, and the game's end (its own, or one it would hand to the next player)."""

    level = "normal"

    def choose(self, view: SeatView, rng: Rng, budget_s: float = 0.0) -> Move:
        field, moves = _moves(view)
        if not _multiplayer(view):
            return to_move(moves[rng.below(len(moves))])
        found = deals(view)
        outlook = Outlook(view, found, sparing_weights(view, found))
        values = outlook.values(field, view.closed, counts(field), moves)
        return to_move(pick_best(rng, moves, values))


class HardBot:
    """Weighs the deals of the others' task cards by the moves they played, searches the
    likeliest to its next turn (the others playing like normal bots) and plays the move best
    on average. `width` moves are searched; `rounds` is how many turns of its own it looks at."""

    level = "hard"

    def __init__(
        self, max_samples: int = 96, rounds: int = 1, width: int = 8, nodes: int | None = None
    ) -> None:
        self.nodes = nodes  # a node budget instead of seconds (Budget)
        self.stray = STRAY  # the chance an other's move is not the modelled one
        # The styles of player the others may be (STYLES); hard assumes card counters only.
        self.styles: tuple[str, ...] = ("counting",)
        self.style_of: dict[tuple[int, tuple[int, int]], str] = {}
        self.coverage = COVERAGE
        self.max_samples = max_samples
        self.rounds = rounds
        self.width = width
        self.horizon = 0
        self._loglik: dict[tuple, float] = {}
        self._models: dict[tuple, Outlook] = {}
        self.sparing_memo: dict[tuple, float] = {}
        self._game: tuple = ()
        self._moves: tuple = ()
        self.fields: list = []

    def sync(self, view: SeatView) -> None:
        """Forget the models of the last game when this view is not a later turn of it."""
        history = (view.start, view.first_player, view.players, view.mode)
        if history != self._game or view.moves[: len(self._moves)] != self._moves:
            self._models.clear()
            self.sparing_memo.clear()
            self._game = history
        self._moves = view.moves
        self.fields = fields_before_moves(view)

    def outlook(
        self, view: SeatView, seat: int, tasks: tuple[int, int], upto: int | None = None,
        style: str = "counting",
    ) -> Outlook:
        """How `seat` would judge moves if it held `tasks` and played in `style` (STYLES),
        knowing the cards scared in the first `upto` moves (all by default)."""
        upto = len(view.moves) if upto is None else upto
        # Only a card counter's judgement depends on the moves played so far.
        key = (seat, tasks, upto if style == "counting" else -1, style)
        found = self._models.get(key)
        if found is None:
            colour, animal = tasks
            cards = tuple(
                ([Colour(colour)] if colour >= 0 else []) + ([Animal(animal)] if animal >= 0 else [])
            )
            turn = (view.first_player + upto) % view.players
            seen = replace(view, seat=seat, tasks=cards, moves=view.moves[:upto], turn=turn)
            hands = deals(seen)
            counting = style == "counting"
            weights = (sparing_weights(seen, hands, self.fields, self.sparing_memo)
                       if counting else None)
            found = Outlook(seen, hands, weights, careful=style == "careful")
            if len(self._models) > 4096:
                self._models.clear()
            self._models[key] = found
        return found

    def likelihoods(self, view: SeatView, found: list[Deal], until: Budget) -> list[float]:
        """How well each deal explains the moves the others played, if they play like normal
        bots (a move a normal bot would not choose keeps a small chance, STRAY).

        With more than one style of player in `self.styles` (STYLES), each seat plays either
        style, equally likely beforehand; which style explains a seat's moves better is kept in
        `self.style_of[(seat, tasks)]` for the search. Work is remembered between decisions;
        moves not weighed by `until` count next time.
        """
        n, first = view.players, view.first_player
        # per seat, per task cards: the log-likelihood of its moves for each style of player
        per_seat: dict[int, dict[tuple[int, int], list[float]]] = {}
        for i, (field, closed) in enumerate(self.fields):
            seat = (first + i) % n
            if seat == view.seat or until.spent():
                continue
            played = from_move(view.moves[i])
            prefix = (view.start, view.moves[: i + 1], seat)
            moves: list[FastMove] = []
            logs = per_seat.setdefault(seat, {})
            for tasks in {deal[seat] for deal in found}:
                row = logs.setdefault(tasks, [0.0] * len(self.styles))
                for j, style in enumerate(self.styles):
                    ll = self._loglik.get((prefix, tasks, style))
                    if ll is None:
                        moves = moves or gen_moves(field)
                        values = self.outlook(view, seat, tasks, i, style).values(
                            field, closed, counts(field), moves
                        )
                        best = max(values)
                        top = [m for m, v in zip(moves, values, strict=True) if v >= best - 1e-9]
                        p = self.stray / len(moves) + (
                            (1 - self.stray) / len(top) if played in top else 0)
                        ll = math.log(p)
                        if len(self._loglik) > 100_000:
                            self._loglik.clear()
                        self._loglik[(prefix, tasks, style)] = ll
                    row[j] += ll
        self.style_of = {}
        mixed: dict[tuple[int, tuple[int, int]], float] = {}
        for seat, logs in per_seat.items():
            for tasks, row in logs.items():
                top = max(row)
                mixed[(seat, tasks)] = top + math.log(sum(math.exp(v - top) for v in row))
                self.style_of[(seat, tasks)] = self.styles[row.index(top)]
        totals = [sum(mixed.get((seat, deal[seat]), 0.0) for seat in per_seat) for deal in found]
        top = max(totals, default=0.0)
        return [math.exp(v - top) for v in totals]

    def _model(self, view: SeatView, seat: int, tasks: tuple[int, int]) -> Outlook:
        """The seat as the search plays it: the style of player that best explains its moves."""
        return self.outlook(view, seat, tasks,
                            style=self.style_of.get((seat, tasks), self.styles[0]))

    def choose(self, view: SeatView, rng: Rng, budget_s: float = 0.3) -> Move:
        deadline = Budget(max(0.0, budget_s) * 0.85, self.nodes)
        field, moves = _moves(view)
        if len(moves) == 1 or not _multiplayer(view):
            return to_move(moves[rng.below(len(moves))])
        self.sync(view)
        # The normal level's opinion picks the few moves worth searching (and is the answer
        # if time runs out before one deal is searched); game-ending moves are always searched.
        first = self.outlook(view, view.seat, own_tasks(view))
        tally = counts(field)
        quick = first.values(field, view.closed, tally, moves)
        chosen = self.moves_to_search(view, field, moves, quick)
        candidates = [moves[i] for i in chosen]
        found = deals(view)
        if len(found) > MAX_DEALS:
            found = list(dict.fromkeys(found[rng.below(len(found))] for _ in range(MAX_DEALS)))
        # With a node budget the weighing always finishes (it is the same work on any machine).
        until = Budget(max(0.0, budget_s) * 0.4, None if self.nodes is None else 1 << 60)
        table = TaskGuesses(view, found, self.likelihoods(view, found, until))
        self.horizon = self.rounds * view.players
        # Deals are searched most likely first; their weights average the results.
        order = sorted(range(len(table.deals)), key=lambda k: -table.weights[k])
        goal = self.coverage * sum(table.weights)
        totals = [0.0] * len(candidates)
        covered = 0.0
        searched = 0
        for k in order[: self.max_samples]:
            pts, deal = table.points[k], table.deals[k]
            # The others as the players they seem to be, holding this deal's cards; itself as
            # knowing it.
            models = [
                self.own_outlook(view, deal) if s == view.seat else self._model(view, s, deal[s])
                for s in range(view.players)
            ]
            scores = scores_of(tally, pts)
            values = []
            for m in candidates:
                values.append(self._value(table, pts, models, field, tally, scores, m))
                deadline.tick(self._nodes())
                if deadline.spent():
                    break
            if len(values) < len(candidates):
                break
            w = table.weights[k]
            totals = [t + w * v for t, v in zip(totals, values, strict=True)]
            covered += w
            searched += 1
            if deadline.spent() or covered >= goal:
                break
        self.last_samples = searched
        if not searched:
            return to_move(pick_best(rng, moves, quick))
        # Searches that cannot tell moves apart leave the choice to the normal opinion.
        scale = 1e-3 * covered
        return to_move(pick_best(rng, candidates, [
            t + scale * quick[i] for t, i in zip(totals, chosen, strict=True)
        ]))

    def moves_to_search(self, view: SeatView, field: Field, moves: list[FastMove],
                        quick: list[float]) -> list[int]:
        """The moves to search (indices): the `width` best in the normal opinion, and every
        move that ends the game."""
        final = view.closed >= view.rules.closings_allowed
        ranked = sorted(range(len(moves)), key=lambda i: -quick[i])
        return ranked[: self.width] + [
            i for i in ranked[self.width:] if final and len(field[shrinks(moves[i])]) == 1
        ]

    def own_outlook(self, view: SeatView, deal: Deal) -> Outlook:
        """How this seat judges its next move in the search, knowing the deal."""
        return Outlook(view, [deal])

    def _reply(self, replies: list[FastMove], values: list[float]) -> FastMove:
        """The reply the search plays for another seat: the first of its best."""
        return replies[values.index(max(values))]

    def _nodes(self) -> int:
        """The nodes the last `_value` counts for: one line of play searched."""
        return 1

    def leaf_value(self, table, pts, models, field: Field, closed: int, tally, scores,
                   moves: list[FastMove], values: list[float]) -> float:
        """What the search's line is worth at my last turn in it: my best move's value."""
        return max(values)

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
                return self.leaf_value(table, pts, models, after, closed, tally, scores, replies,
                                  values)
            r = self._reply(replies, values)
            c = after[r[2]][r[3]]
            tally[c] -= 1
            scores = [s - row[c] for s, row in zip(scores, pts, strict=True)]
            after, closed, ended = settle(play(after, r), shrinks(r), closed, table.closings)
            if ended:
                return hard_share(scores, table.me)
            seat = (seat + 1) % table.n
            plies += 1
