"""The expert level: information-set MCTS over deals weighed by the cards the others scared.

DealSearchBot is the expert of the rounds before (hard's search, the others taken for the style
of player they seem to be), kept to measure against and for its reading of the moves; the
expert searches with ISMCTS (ismcts.py) instead.
"""

from __future__ import annotations

from game.engine.ai.beliefs import Deal, own_tasks, sparing_weights
from game.engine.ai.bots import (
    STYLES,
    Budget,
    HardBot,
    Outlook,
    ending_cards,
    hard_share,
    totals_of,
)
from game.engine.ai.fast import FastMove, Field, counts, gen_moves, play, settle, shrinks
from game.engine.ai.ismcts import ISMCTSBot
from game.engine.ai.view import SeatView
from game.engine.moves import Move
from game.engine.rng import Rng

# How sure a lead of a few points is, by the cards left on the field: the softmax temperature
# of its own lead at its next turn. Fitted to who went on to win from 5,375 positions of
# expert against three sampling bots with no end handed over (tools/fit_temperature.py),
# then smoothed: early in the game a lead says little (high temperature), late a lot.
_FITTED = {0: 1.1, 14: 1.2, 16: 1.25, 18: 1.6, 20: 1.85, 22: 1.9, 24: 2.4, 26: 3.0, 28: 4.2,
           30: 7.0, 32: 8.0}


def _by_cards_left(points: dict[int, float]) -> tuple[float, ...]:
    """One temperature per number of cards left (0-32), straight lines between the points."""
    keys = sorted(points)
    out = []
    for n in range(33):
        lo = max(k for k in keys if k <= n)
        hi = min(k for k in keys if k >= n)
        step = 0.0 if hi == lo else (n - lo) / (hi - lo)
        out.append(points[lo] + (points[hi] - points[lo]) * step)
    return tuple(out)


# The deal search's settings (the expert of the rounds before), each measured against the
# sampling benchmark bot (docs/BOTS.md).
EXPERT = {
    "styles": STYLES,  # the styles of player the others may be (every one the bots know)
    "stray": 0.4,  # a move the modelled player would not choose keeps this share
    "width": 12,  # candidate moves searched (besides every move that ends the game)
    "wary": True,  # at its next turn it expects the next player to take any end handed over
    "temperature": _by_cards_left(_FITTED),  # the softmax of its own lead at its next turn
    "follow": True,  # ... but follows a handed end to the reply the next player would choose
}


class DealSearchBot(HardBot):
    """The expert of the rounds before: hard's search, with these changes measured against a
    stronger opponent than normal:

    - each other seat is taken for a card counter (a normal bot) or a careful player (who
      weighs every deal alike and expects the next player to take any end it is handed),
      whichever explains its moves so far better; the deals are weighed over both;
    - the card reading is less sure of itself (STRAY 0.4), so one odd move settles nothing;
    - moves that leave the same field are searched once, and more of them (`width`);
    - the others' equal replies are drawn at random, and at its next turn it judges its own
      moves as a careful player would (`wary`), with a lead worth more the fewer cards are
      left (`temperature`);
    - where its best move at that turn hands the next player an end of the game, the search
      asks that player's model whether it would take it (`follow`): players rarely end a
      game they would lose, so counting on it made expert far too sure of itself.
    """

    level = "deal-search"

    def __init__(self, nodes: int | None = None) -> None:
        super().__init__(nodes=nodes, width=EXPERT["width"])
        self.styles = EXPERT["styles"]
        self.stray = EXPERT["stray"]
        self.wary = EXPERT["wary"]
        self.temperature = EXPERT["temperature"]
        self.follow = EXPERT["follow"]
        self._rng = Rng(0)
        self._asked = 4

    def choose(self, view: SeatView, rng: Rng, budget_s: float = 0.3) -> Move:
        self._rng = rng  # the others' equal replies are drawn from the game's generator
        return super().choose(view, rng, budget_s)

    def _nodes(self) -> int:
        # A line of play asks its players about four times; a handed end followed to the reply
        # asks once more, and counts for more, so a node budget stays a measure of work.
        return max(1, round(self._asked / 4))

    def _value(self, table, pts, models, field: Field, tally, scores, m: FastMove) -> float:
        self._asked = 4
        return super()._value(table, pts, models, field, tally, scores, m)

    def leaf_value(self, table, pts, models, field, closed, tally, scores, moves, values) -> float:
        """My best move at my last turn in the line; a move that hands the next player an
        end of the game is worth what follows the reply that player's model chooses."""
        final = closed >= table.closings or len(field) == 1
        if not self.follow or not final:
            return max(values)
        nxt = (table.seat + 1) % table.n
        best = -1.0
        # Best first; a move's careful value bounds what following it can show, closely
        # enough to stop once the rest cannot beat the best found.
        for i in sorted(range(len(moves)), key=lambda i: -values[i]):
            if values[i] <= best:
                break
            m = moves[i]
            after, shut, ended = settle(play(field, m), shrinks(m), closed, table.closings)
            if ended or not ending_cards(after):
                best = max(best, values[i])
                continue
            c = field[m[2]][m[3]]
            left = list(tally)
            left[c] -= 1
            now = [s - row[c] for s, row in zip(scores, pts, strict=True)]
            replies = gen_moves(after)
            self._asked += 1
            r = self._reply(replies, models[nxt].values(after, shut, left, replies))
            e = after[r[2]][r[3]]
            then = [s - row[e] for s, row in zip(now, pts, strict=True)]
            if settle(play(after, r), shrinks(r), shut, table.closings)[2]:
                best = max(best, hard_share(then, table.me))
            else:
                left[e] -= 1
                best = max(best, models[table.seat].share(totals_of(left)))
        return best

    def moves_to_search(self, view: SeatView, field: Field, moves: list[FastMove],
                        quick: list[float]) -> list[int]:
        """Like hard's, but moves that scare the same card and leave the same field count once
        (a vertical scare and its move-in, or two equal cards side by side)."""
        seen: set[tuple] = set()
        going: list[int] = []
        ending: list[int] = []
        for i in sorted(range(len(moves)), key=lambda i: -quick[i]):
            m = moves[i]
            after, closed, ended = settle(play(field, m), shrinks(m), view.closed,
                                          view.rules.closings_allowed)
            key = (field[m[2]][m[3]], after, closed)
            if key in seen:
                continue
            seen.add(key)
            if ended:
                ending.append(i)
            elif len(going) < self.width:
                going.append(i)
        return going + ending

    def own_outlook(self, view: SeatView, deal: Deal) -> Outlook:
        return Outlook(view, [deal], careful=self.wary, temperature=self.temperature)

    def _reply(self, replies: list[FastMove], values: list[float]) -> FastMove:
        """One of the seat's best replies at random: equal replies leave different fields."""
        best = max(values)
        tied = [r for r, v in zip(replies, values, strict=True) if v >= best - 1e-9]
        return tied[self._rng.below(len(tied))]


# tools/fit_careless.py: four plain ISMCTS (10,000 plies) scare one of their own cards with a
# free move at hand as often as 0.21 - 0.23 says, the sampling bots as 0.17; the normal level's 0.1
# made the expert sure of the wrong deal whenever a strong player gave up a card on purpose.
CARELESS_FITTED = 0.23
# A reading's earlier name, as tournament options written before it (tools/tournament.py) say it.
EARLIER_READINGS = {"kinds": "styles"}


class ExpertBot(ISMCTSBot):
    """Information-set MCTS (ismcts.py) whose deals of the others' task cards are drawn by how
    well they explain the cards each seat scared (players spare their own), not alike, and in
    whose tree every other seat judges the game as it sees it (`blind`): not knowing this
    seat's cards, as no player at the table does.

    `nodes` is a budget of plies searched; the reading is not counted and always runs to the
    end then. The refinements measured and left off at the table's budget (see docs/BOTS.md)
    stay as settings: `smart` playouts, `private` statistics per seat's own task cards, the
    deal search's `reading = "styles"`, root `width`, cut playouts (`horizon`), and from
    ISMCTSBot the others sparing their cards in the tree (`spare`) and every mover taking a
    winning end there (`ends`); `pair` playouts and `end_temperature` are written, not measured.
    """

    level = "expert"

    def __init__(self, nodes: int | None = None) -> None:
        super().__init__(nodes=nodes)
        self.reader = DealSearchBot(nodes=nodes)
        # How the deals are drawn: "styles" by the deal search's reading of the moves (each
        # other seat a card counter or a careful player), "sparing" by the cards each seat
        # scared (players spare their own: the normal level's card counting), "none" alike;
        # each weight to the power `sharpness` (below 1 trusts the reading less).
        self.reading = "sparing"
        self.sharpness = 1.0
        # The "sparing" reading's chance that a player who could spare its cards scares one:
        # higher than the normal level's, as fitted to strong players (tools/fit_careless.py).
        self.careless = CARELESS_FITTED
        self.width = 0  # root moves searched, best first in the one-ply opinion; 0: all
        self.temperature = EXPERT["temperature"]  # a cut playout's lead, by cards left
        self.blind = True

    @property
    def style_of(self) -> dict[tuple[int, tuple[int, int]], str]:
        """Which style of player (bots.STYLES) each other seat with those task cards seems."""
        return self.reader.style_of

    def weights(self, view: SeatView, found: list[Deal], budget_s: float) -> list[float] | None:
        reading = EARLIER_READINGS.get(self.reading, self.reading)
        if reading == "none":
            return None
        reader = self.reader
        reader.sync(view)
        if reading == "sparing":
            weights = sparing_weights(view, found, reader.fields, reader.sparing_memo,
                                      self.careless)
        else:
            until = Budget(max(0.0, budget_s) * 0.3, None if self.nodes is None else 1 << 60)
            weights = reader.likelihoods(view, found, until)
        if self.sharpness != 1.0:
            weights = [w ** self.sharpness for w in weights]
        return weights

    def candidates(self, view: SeatView, field: Field, moves: list[FastMove]) -> list[int] | None:
        if not self.width:
            return None
        reader = self.reader
        quick = reader.outlook(view, view.seat, own_tasks(view)).values(
            field, view.closed, counts(field), moves)
        reader.width = self.width
        return reader.moves_to_search(view, field, moves, quick)
