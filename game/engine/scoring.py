"""Scoring for every mode: task-card points, team totals, winners and ties, solo titles."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.cards import Card
from game.engine.state import GameState, Player
from game.i18n import N_

# English keys: the scene that shows a title passes it through _() when it draws it.
TITLES = {1: N_("King of the Beasts"), 2: N_("Lord of the Animals"), 3: N_("Tamer"),
          4: N_("Animal Trainer")}


@dataclass(frozen=True, slots=True)
class Score:
    """One player's points: colour matches plus animal matches (a card matching both gives 2)."""

    colour_points: int
    animal_points: int

    @property
    def total(self) -> int:
        return self.colour_points + self.animal_points


def score_player(player: Player, cards: list[Card]) -> Score:
    colour, animal = player.colour_task, player.animal_task
    return Score(
        sum(1 for c in cards if colour is not None and c.colour == colour),
        sum(1 for c in cards if animal is not None and c.animal == animal),
    )


def earns(player: Player, card: Card) -> bool:
    """True when this remaining card gives the player at least one point."""
    return card.colour == player.colour_task or card.animal == player.animal_task


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a multiplayer game: each seat's score, team totals and the winners."""

    scores: tuple[Score, ...]
    team_totals: dict[int, int]
    winners: tuple[int, ...]  # seat indices; every member of a winning team is listed
    winning_sides: int  # how many players (or teams) share the victory

    @property
    def tie(self) -> bool:
        return self.winning_sides > 1


def result(state: GameState) -> Result:
    """Score every player on the cards left; highest wins, ties share the victory."""
    cards = state.position.cards()
    scores = tuple(score_player(p, cards) for p in state.players)
    teams: dict[int, int] = {}
    for player, score in zip(state.players, scores, strict=True):
        if player.team is not None:
            teams[player.team] = teams.get(player.team, 0) + score.total
    if teams:
        best = max(teams.values())
        winners = tuple(i for i, p in enumerate(state.players) if teams[p.team] == best)
        sides = sum(1 for total in teams.values() if total == best)
    else:
        best = max((s.total for s in scores), default=0)
        winners = tuple(i for i, s in enumerate(scores) if s.total == best)
        sides = len(winners)
    return Result(scores, teams, winners, sides)


def solo_title(state: GameState) -> str | None:
    """The title a finished solo game earns, or None (5+ cards, or the advanced target missed)."""
    if not target_met(state):
        return None
    return TITLES.get(state.position.card_count())


def target_met(state: GameState) -> bool:
    """Single player, advanced: a card matching the target is among the cards that remain."""
    return state.target is None or state.target in state.position.cards()


def title_for(count: int) -> str | None:
    return TITLES.get(count)
