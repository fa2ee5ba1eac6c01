"""The solver's hint on every campaign level's start keeps par reachable."""

import pytest

from game.campaign.levels import DEFAULT_ROOT, load_campaign
from game.engine import Rules, apply, initial_state, legal_moves, solver

LEVELS = load_campaign(DEFAULT_ROOT).levels


@pytest.mark.parametrize("level", LEVELS, ids=[lv.id for lv in LEVELS])
def test_hint_keeps_par_reachable(level):
    # No time budget here: tests never depend on the machine's speed.
    move = solver.hint(level.position, level.par, budget_s=None, target=level.target)
    assert move is not None and move in legal_moves(level.position)
    state, _ = apply(initial_state(level.position, Rules.SOLO), move)
    after = solver.solve(state.position, target=level.target)
    assert after.count == level.par
