"""The table's worker process: bots think there and come back as they left, so a node budget
plays the same game as in a thread; a bot that cannot travel or a process that dies thinks in
the thread instead."""

from __future__ import annotations

import multiprocessing
import os

import pytest

from game.engine import Mode, new_game
from game.engine.ai import SKILLS, NormalBot, Skill, view_for
from game.engine.rng import Rng
from game.match.controller import Match
from game.match.thinker import Thinker, searches


def _moves(match: Match, count: int) -> list:
    played = []
    for _ in range(count):
        if match.over:
            break
        move = match.computer_move()
        match.play(move)
        played.append(move)
    return played


def test_a_node_budget_plays_the_same_game_in_the_process_as_in_a_thread():
    # Every level at the table, strongest first: the searching ones think in the worker.
    seats = max(Mode.STANDARD.player_counts)
    strongest = list(SKILLS)[::-1]
    levels = [strongest[i % len(strongest)] for i in range(seats)]
    state = new_game(Mode.STANDARD, [f"P{i}" for i in range(seats)], 12, 0, levels)
    games = []
    for process in (True, False):
        match = Match(state, undo=False, nodes=400, process=process)
        games.append(_moves(match, 10))
        if process:
            assert match.thinker is not None and match.thinker.mode == "process"
        match.close()
    assert games[0] == games[1] and len(games[0]) == 10


class _DiesInTheWorker(NormalBot):
    """A normal bot whose worker process dies in the middle of the choice."""

    def choose(self, view, rng, budget_s=0.0):
        if multiprocessing.parent_process() is not None:
            os._exit(3)
        return super().choose(view, rng, budget_s)


def test_a_worker_that_dies_leaves_the_choice_to_the_callers_thread():
    state = new_game(Mode.STANDARD, ["A", "B"], 5, 0)  # the bot is handed to the thinker
    thinker = Thinker()
    assert thinker.choose(_DiesInTheWorker(), view_for(state, 0), Rng(1), 0.1) is None
    assert thinker.mode == "thread"
    assert thinker.choose(NormalBot(), view_for(state, 0), Rng(1), 0.1) is None  # stays so
    thinker.close()


def test_a_bot_that_cannot_be_pickled_thinks_where_it_is():
    state = new_game(Mode.STANDARD, ["A", "B"], 5, 0)  # the bot is handed to the thinker
    bot = NormalBot()
    bot.choose = lambda view, rng, budget_s=0.0: None  # a test's or a tool's stand-in
    thinker = Thinker()
    assert thinker.choose(bot, view_for(state, 0), Rng(1), 0.1) is None
    assert thinker.mode == "thread"  # nothing was started for it
    thinker.close()


def test_the_level_says_which_bots_think_in_the_worker():
    # A new searching level needs one entry in the registry, no edit to the thinker.
    for level in SKILLS.levels():
        assert searches(level.make(10)) == level.searches
    assert any(level.searches for level in SKILLS.levels())
    SKILLS.register(Skill("deep-normal", lambda nodes: _Named("deep-normal"), "deep",
                             "deep", searches=True))
    try:
        assert searches(_Named("deep-normal")) and not searches(_Named("unregistered"))
    finally:
        SKILLS.unregister("deep-normal")


class _Named(NormalBot):
    """A normal bot under another level's name."""

    def __init__(self, level: str) -> None:
        self.level = level


class _SaysHowItRuns(NormalBot):
    """A normal bot that notes the scheduling class it chose its move in."""

    def choose(self, view, rng, budget_s=0.0):
        self.policy = os.sched_getscheduler(0)
        return super().choose(view, rng, budget_s)


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="the idle class is Linux's")
def test_a_servers_worker_thinks_only_on_cpu_that_nothing_else_wants():
    state = new_game(Mode.STANDARD, ["A", "B"], 5, 0)
    policies = []
    for idle in (True, False):
        thinker = Thinker(nicer=1, idle=idle)
        _move, bot, _rng = thinker.choose(_SaysHowItRuns(), view_for(state, 0), Rng(1), 0.0)
        thinker.close()
        policies.append(bot.policy)
    assert policies == [os.SCHED_IDLE, os.sched_getscheduler(0)]
