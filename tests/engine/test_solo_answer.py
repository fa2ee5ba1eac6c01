"""Solo answers: the best equals the exact solver's, the solution replays to it, the slip is a
move after which the best truly got worse, targets turn impossible, budgets say unproven."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Rules, apply, deal_position, initial_state, parse_position
from game.engine.modes import Mode
from game.engine.rng import Rng
from game.engine.scoring import TITLES, target_met
from game.engine.solo_answer import Best, answer
from game.engine.solver import solve
from game.engine.state import new_game
from game.engine.work import Cancelled


def random_game(position, seed, target=None, limit=None):
    """The states of a random solo game on `position` (to the end, or `limit` moves)."""
    rng = Rng(seed)
    states = [initial_state(position, Rules.SOLO, target=target)]
    while not states[-1].over and (limit is None or len(states) <= limit):
        states.append(apply(states[-1], rng.choice(states[-1].legal_moves()))[0])
    return states


def exact(state, target):
    return solve(state.position, target).count


def answered(seed, advanced):
    """A random solo (or advanced) game of this seed: its start, states, moves and answer."""
    game = new_game(Mode.SOLO_ADVANCED if advanced else Mode.SOLO, ["You"], seed)
    states = random_game(game.position, seed, game.target)
    moves = [s.moves[-1] for s in states[1:]]
    # A budget well past the heaviest field seen (a cold solver needed over 500,000 nodes for
    # one field of advanced deal 3024384): these tests are about what is proven, the budget
    # running out has its own test below.
    return game, states, moves, answer(game.position, moves, game.target, nodes=5_000_000)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), advanced=st.booleans())
def test_the_best_after_every_move_is_the_exact_solvers(seed, advanced):
    game, states, _moves, found = answered(seed, advanced)
    assert found.best == Best(exact(states[0], game.target))
    assert [b.count for b in found.after] == [exact(s, game.target) for s in states[1:]]
    assert all(b.proven for b in found.after)
    # The solution replays legally to the best (and keeps the target).
    end = states[0]
    for move in found.solution:
        end = apply(end, move)[0]
    assert end.over and end.position.card_count() == found.best.count and target_met(end)
    assert found.title == TITLES.get(found.best.count)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), advanced=st.booleans())
def test_the_slip_is_the_first_move_after_which_the_best_got_worse(seed, advanced):
    game, states, moves, found = answered(seed, advanced)
    bests = [found.best, *found.after]
    slip = found.slip
    worse = [i for i in range(1, len(bests)) if bests[i].worse_than(bests[i - 1])]
    if slip is None:
        assert worse == []
        return
    assert slip.number == worse[0] and slip.played == moves[slip.number - 1]
    before, after = states[slip.number - 1], states[slip.number]
    assert (slip.before, slip.after) == (bests[slip.number - 1], bests[slip.number])
    # Truly worse, by the solver itself: and the move named keeps the best of before.
    kept = exact(before, game.target)
    assert kept is not None
    assert exact(after, game.target) is None or exact(after, game.target) > kept
    assert exact(apply(before, slip.kept)[0], game.target) == kept
    # The line shown on the table from there starts with that move and reaches it.
    assert slip.line[0] == slip.kept
    end = before
    for move in slip.line:
        end = apply(end, move)[0]
    assert end.over and end.position.card_count() == kept and target_met(end)


def test_a_target_lost_is_impossible_from_that_move_on():
    for seed in range(200):
        game, states, _moves, found = answered(seed, True)
        if found.slip is not None and found.slip.after.impossible:
            break
    else:
        pytest.fail("no random advanced game lost its target")
    lost = found.slip.number
    assert all(b.impossible and b.text() == "impossible" for b in found.after[lost - 1:])
    assert exact(states[lost], game.target) is None
    assert found.slip.before.count is not None


def test_a_finished_field_is_its_own_best():
    position = parse_position("YC .. OE/PM BD YE")
    states = random_game(position, 3)
    found = answer(position, [s.moves[-1] for s in states[1:]])
    assert found.after[-1] == Best(states[-1].position.card_count())


def test_a_budget_too_small_says_unproven_never_a_guess():
    position = deal_position(36)
    found = answer(position, (), nodes=1)
    assert found.best == Best(None, proven=False) and found.best.text() == "unproven"
    assert found.solution == () and found.title is None
    assert not solve(position, nodes=1).proven
    assert solve(position, nodes=10**7) == solve(position)


def test_an_unproven_field_hides_no_slip():
    assert not Best(None, proven=False).worse_than(Best(1))
    assert not Best(5).worse_than(Best(None, proven=False))
    assert Best(None).worse_than(Best(7)) and Best(2).worse_than(Best(1))
    assert not Best(1).worse_than(Best(1))


def test_progress_reaches_one_and_cancel_stops():
    position = deal_position(5)
    states = random_game(position, 5, limit=6)
    moves = [s.moves[-1] for s in states[1:]]
    heard = []
    answer(position, moves, progress=heard.append)
    assert heard == sorted(heard) and heard[-1] == 1.0 and len(heard) == len(states)
    with pytest.raises(Cancelled):
        answer(position, moves, cancelled=lambda: True)
