"""The match each kind of table plays, made here in the midend: its seats, its line, whether it
has undo and how its computers think. The screens choose an occasion, never these."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.moves import Move
from game.engine.state import GameState
from game.match.controller import Match
from game.match.occasions import OCCASIONS, Occasion, occasion_of
from game.match.record import Record, record_of
from game.match.seats import HumanSeat, MoveSource


def deal_match(state: GameState) -> Match:
    """A fresh deal's match at a table, made as its occasion makes it (a deal played alone
    or the couch, by its mode): undo for a solo game only (the couch plays fair); the
    computers think in a worker process, leaving the table's frames their own core."""
    return Match(state, **occasion_of(record_of(state)).made(), process=True)


def again_match(match: Match) -> Match:
    """The same deal from its start as a fresh match: the same game (its id), occasion and
    policy."""
    return Match(match.start, undo=match.undo_allowed, daily=match.daily,
                 process=match.thinker is not None, game=match.game, occasion=match.occasion)


def level_match(state: GameState, level_id: str, par: int, line: Sequence[Move] = ()) -> Match:
    """A campaign level from its start (`state`), with undo, hints and par; with `line` (a
    solution) the line plays itself."""
    return Match(state, par=par, level=level_id, line=line, occasion="level")


def line_match(start: GameState, line: Sequence[Move]) -> Match:
    """A line that plays itself from `start` (a deal's solution, where it slipped): no undo."""
    return Match(start, line=line, undo=False)


def lesson_match(start: GameState, coach: MoveSource) -> Match:
    """The guided game: the player, and the lesson's scripted computer (`coach`); no undo."""
    return Match(start, seats=[HumanSeat(), coach], undo=False)


def solo_match(state: GameState, daily: str | None = None) -> Match:
    """A solo deal (the `daily` deal's date, if it is one): undo as in any puzzle."""
    return occasion_match(OCCASIONS["daily" if daily else "solo"], state, daily=daily)


def occasion_match(occasion: Occasion, state: GameState, **kept) -> Match:
    """A fresh match of `occasion` from `state`, made as the occasion makes it; `kept`: what
    it keeps beside (the daily deal's date)."""
    return Match(state, **occasion.made(), **kept, occasion=occasion.name)


def replay_match(record: Record) -> Match:
    """A kept game to step through: at its start, every move ready to be played again."""
    return Match.from_record(record, at_start=True, line=record.moves, undo=True)


def resumed_match(record: Record, par: int | None = None) -> Match:
    """A saved game back where it was left, as its occasion resumes it: a level's with its
    `par`, a solo deal's with undo, a couch game's without (its computers think in a worker
    process, as a fresh table's do)."""
    return Match.from_record(record, **occasion_of(record).resumed(par))


def show_match(state: GameState, line: Sequence[Move] | None, bot_budget_s: float) -> Match:
    """The kiosk's show: a puzzle's solved `line`, or the computers' game (thinking for
    `bot_budget_s` a move); no undo."""
    if line is not None:
        return Match(state, line=line, undo=False)
    return Match(state, undo=False, bot_budget_s=bot_budget_s)


def online_match(dealt: GameState, seats: Sequence[MoveSource], game: str | None = None,
                 played: Sequence[Move] = ()) -> Match:
    """An online table's game from its deal: every seat is the table's (this screen's people
    and the others), each move the state the table confirmed; no undo. `played`: the moves
    already played (a rejoin), played on it at once."""
    match = Match(dealt, seats=seats, undo=False, game=game, online=True)
    for move in played:
        match.play(move)
    return match


def computers_match(dealt: GameState, seats: Sequence[MoveSource], game: str) -> Match:
    """A game the computers play out with no table (simulate, tools): the `seats` given
    (choosing on the caller's thread), no undo."""
    return Match(dealt, seats=seats, undo=False, game=game)
