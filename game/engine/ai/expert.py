"""The expert level: hard's search, with the others taken for the kind of player they seem to be."""

from __future__ import annotations

from game.engine.ai.beliefs import Deal
from game.engine.ai.bots import HardBot, Outlook
from game.engine.ai.fast import FastMove, Field, play, settle, shrinks
from game.engine.ai.view import SeatView
from game.engine.moves import Move
from game.engine.rng import Rng

# Expert's settings, each measured against the sampling benchmark bot (docs/BOTS.md).
EXPERT = {
    "kinds": ("counting", "careful"),  # the kinds of player the others may be (bots.KINDS)
    "stray": 0.4,  # a move the modelled player would not choose keeps this share
    "width": 12,  # candidate moves searched (besides every move that ends the game)
    "wary": True,  # at its next turn it expects the next player to take any end handed over
    "temperature": 2.0,  # the softmax of its own lead at its next turn (flatter than normal)
}


class ExpertBot(HardBot):
    """Hard's search, with four changes measured against a stronger opponent than normal:

    - each other seat is taken for a card counter (a normal bot) or a careful player (who
      weighs every deal alike and expects the next player to take any end it is handed),
      whichever explains its moves so far better; the deals are weighed over both;
    - the card reading is less sure of itself (STRAY 0.4), so one odd move settles nothing;
    - moves that leave the same field are searched once, and more of them (`width`);
    - the others' equal replies are drawn at random, and at its next turn it judges its own
      moves as a careful player would (`wary`).
    """

    level = "expert"

    def __init__(self, nodes: int | None = None) -> None:
        super().__init__(nodes=nodes, width=EXPERT["width"])
        self.kinds = EXPERT["kinds"]
        self.stray = EXPERT["stray"]
        self.wary = EXPERT["wary"]
        self.temperature = EXPERT["temperature"]
        self._rng = Rng(0)

    def choose(self, view: SeatView, rng: Rng, budget_s: float = 0.3) -> Move:
        self._rng = rng  # the others' equal replies are drawn from the game's generator
        return super().choose(view, rng, budget_s)

    def _candidates(self, view: SeatView, field: Field, moves: list[FastMove],
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

    def _own(self, view: SeatView, deal: Deal) -> Outlook:
        return Outlook(view, [deal], careful=self.wary, temperature=self.temperature)

    def _reply(self, replies: list[FastMove], values: list[float]) -> FastMove:
        """One of the seat's best replies at random: equal replies leave different fields."""
        best = max(values)
        tied = [r for r, v in zip(replies, values, strict=True) if v >= best - 1e-9]
        return tied[self._rng.below(len(tied))]
