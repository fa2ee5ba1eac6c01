"""Information-set MCTS: its fast playout step finds exactly what the plain one does, and the
search plays legal, repeatable moves in every mode."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.engine.ai import ExpertBot, view_for
from game.engine.ai import ismcts as ismcts_module
from game.engine.ai.beliefs import deals, side_points, sides_of
from game.engine.ai.fast import encode, ending_moves, free_moves, gen_moves, shrinks, spare_table
from game.engine.ai.ismcts import ISMCTSBot, shares
from game.engine.modes import Mode
from game.engine.moves import legal_moves
from game.engine.rng import Rng
from game.engine.state import apply, new_game
from tests.engine.helpers import MULTI, NAMES, played


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 30),
       row=st.lists(st.integers(0, 2), min_size=16, max_size=16))
def test_the_one_pass_steps_find_the_plain_moves_in_order(seed, plies, row):
    state = played(new_game(Mode.ALL_INCLUDED, NAMES[:2], seed, first_player=0), plies, seed)
    field = encode(state.position)
    moves = gen_moves(field)
    assert free_moves(field, spare_table(tuple(row))) == [
        m for m in moves if not row[field[m[2]][m[3]]]]
    assert ending_moves(field) == [m for m in moves if len(field[shrinks(m)]) == 1]


def _view(mode: Mode, n: int, seed: int, plies: int):
    state = played(new_game(mode, NAMES[:n], seed, first_player=seed % n), plies, seed)
    return None if state.over else view_for(state, state.turn)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), mode=st.sampled_from(MULTI), plies=st.integers(0, 14),
       smart=st.booleans(), private=st.booleans(), spare=st.booleans(), pair=st.booleans(),
       data=st.data())
def test_the_fast_path_chooses_exactly_as_the_plain_one(seed, mode, plies, smart, private, spare,
                                                         pair, data):
    n = data.draw(st.sampled_from(mode.player_counts))
    view = _view(mode, n, seed, plies)
    assume(view is not None)  # the game ended within the plies
    bots = [ISMCTSBot(nodes=1500, smart=smart, private=private, fast=fast)
            for fast in (True, False)]
    for bot in bots:
        bot.spare, bot.pair, bot.ends = spare, pair, smart
    moves = [bot.choose(view, Rng(seed), 0.0) for bot in bots]
    assert moves[0] == moves[1]
    assert bots[0].iterations == bots[1].iterations and bots[0].plies == bots[1].plies


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 14))
def test_stopping_once_the_choice_is_settled_plays_the_same_move(seed, plies, monkeypatch_module):
    view = _view(Mode.STANDARD, 4, seed, plies)
    assume(view is not None)  # the game ended within the plies
    early = ISMCTSBot(nodes=3000).choose(view, Rng(seed), 0.0)
    with monkeypatch_module.context() as patch:
        patch.setattr(ismcts_module, "settled", lambda stats, left: False)
        full = ISMCTSBot(nodes=3000).choose(view, Rng(seed), 0.0)
    assert early == full


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), mode=st.sampled_from(MULTI), data=st.data())
def test_the_search_plays_legal_moves_to_the_end(seed, mode, data):
    n = data.draw(st.sampled_from(mode.player_counts))
    bots = [ISMCTSBot(nodes=200, smart=seat % 2 == 1) for seat in range(n)]
    state = new_game(mode, NAMES[:n], seed, first_player=seed % n)
    rng = Rng(seed)
    while not state.over:
        move = bots[state.turn].choose(view_for(state, state.turn), rng, 1.0)
        assert move in state.legal_moves()
        state, _ = apply(state, move)


@pytest.mark.parametrize("make", [ISMCTSBot, ExpertBot])
def test_a_node_budget_repeats_the_same_game(make):
    # Two bots on the same node budget, seeds and deal play the same game move for move.
    games = []
    for _ in range(2):
        state = new_game(Mode.STANDARD, NAMES[:3], 41, first_player=0)
        start, rng, bot = state.position, Rng(5), make(nodes=600)
        while not state.over:
            state, _ = apply(state, bot.choose(view_for(state, state.turn, start=start), rng, 0.0))
        games.append(state.moves)
    assert games[0] == games[1]


def test_win_shares_split_a_tie():
    assert shares([3, 5, 5, 1]) == [0.0, 0.5, 0.5, 0.0]
    assert shares([7, 2]) == [1.0, 0.0]
    assert sum(shares([4, 4, 4])) == pytest.approx(1.0)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 12), data=st.data())
def test_sparing_seats_choose_a_free_move_or_an_end_while_there_is_one(seed, plies, data):
    # In the tree of a real search, the next seat's choice in any deal (`spare`) is a move
    # worth nothing to it in that deal or one that ends the game, whenever there is one; with
    # the `ends` rule it takes a winning end and never a losing one while it has another move.
    view = _view(Mode.STANDARD, 4, seed, plies)
    assume(view is not None)  # the game ended within the plies
    bot = ISMCTSBot(nodes=800)
    bot.spare = True
    found = deals(view)
    root = bot.search(view, encode(view.position), found, None, Random(seed), 0.0)
    nodes = [kid for kid in root.kids if kid is not None and kid.moves and None in kid.stats]
    assume(nodes)
    node = nodes[data.draw(st.integers(0, len(nodes) - 1))]
    side, sides = sides_of(view)
    pts = side_points(found[data.draw(st.integers(0, len(found) - 1))], side, sides)
    mover = side[(view.seat + 1) % view.players]
    row, closings = pts[mover], view.rules.closings_allowed
    scores = [data.draw(st.integers(0, 20)) for _ in range(sides)]
    stats, uniform = node.stats[None], Random(seed).random
    ends_rule = data.draw(st.booleans())
    for _ in range(30):
        pool = bot.tree_choices(node, pts, mover, scores, True, ends_rule, closings)
        i, _made = bot.tree_pick(node, stats, pool, closings, uniform, 0.7)
        ends = [j for j, end in enumerate(node.ends) if end]
        won = [j for j in ends if shares([x - r[node.targets[j]] for x, r in
                                          zip(scores, pts, strict=True)])[mover] >= 0.5]
        if ends_rule and won:
            assert i in won
            continue
        if ends_rule and len(ends) < len(node.moves):
            assert i not in ends
        free = [j for j, t in enumerate(node.targets) if not row[t] or node.ends[j]]
        if ends_rule:
            free = [j for j in free if j not in ends]
        assert i in free or not free
        stats.n[i] += 1
        stats.w[i] += uniform()
        stats.total += 1


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), mode=st.sampled_from(MULTI), plies=st.integers(0, 10),
       data=st.data())
def test_blind_seats_judge_by_the_deals_they_cannot_rule_out(seed, mode, plies, data):
    # `blind`: another seat scores an iteration in a deal of its own view: its own task cards
    # as imagined, the searching seat's cards unknown to it. A blind search plays legal moves.
    n = data.draw(st.sampled_from(mode.player_counts))
    view = _view(mode, n, seed, plies)
    assume(view is not None)  # the game ended within the plies
    bot = ISMCTSBot(nodes=400)
    bot.blind = True
    found = deals(view)
    side, sides = sides_of(view)
    blind = bot.blind_tables(view, found, side, sides, Random(seed))
    me = view.seat
    deal = found[data.draw(st.integers(0, len(found) - 1))]
    for seat, (colour, animal) in enumerate(deal):
        if seat == me:
            continue
        theirs = blind[seat, deal[seat]]
        assert theirs and len(theirs) == len(set(theirs))
        own = {colour} - {-1} | {4 + animal} - {3}
        for option in theirs:  # the seat reads its own cards as it holds them
            assert own <= set(option[side[seat]])
        if side[seat] != side[me]:  # ... and cannot tell which cards the searching seat holds
            assert len({option[side[me]] for option in theirs}) > 1
    traits = [data.draw(st.integers(0, 8)) for _ in range(8)] + [0]
    removed = data.draw(st.lists(st.integers(0, 15), max_size=8))
    path = [(None, 0, side[s], s) for s in range(n)]
    mine_changed = tuple((0, 0) if s == me else deal[s] for s in range(n))
    seen = bot.blind_scores(blind, deal, traits, removed, path, me, side, 0.0, Random(seed).random)
    assert seen == bot.blind_scores(blind, mine_changed, traits, removed, path, me, side, 0.0,
                                    Random(seed).random)
    assert set(seen) == {s for s in range(n) if s != me}
    assert bot.choose(view, Rng(seed), 0.0) in legal_moves(view.position)
