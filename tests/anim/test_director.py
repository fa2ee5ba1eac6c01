"""The director ends with every card where the engine says it is, for any move in any rules."""

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.anim import easing
from game.anim.director import Director
from game.engine import Rules, apply, deal_position, initial_state
from game.engine.rng import Rng


def place(cell):
    return cell[0] * 100, -cell[1] * 150, 60


def place_after(cell):
    return cell[0] * 100 + 50, -cell[1] * 150, 55


def random_move(seed, plies, rules):
    """(state, state after, events) of a random move after `plies` random ones, or None."""
    rng = Rng(seed)
    state = initial_state(deal_position(seed), rules)
    for _ in range(plies):
        moves = state.legal_moves()
        if not moves:
            return None
        state, _ = apply(state, rng.choice(moves))
    moves = state.legal_moves()
    if not moves:
        return None
    new, events = apply(state, rng.choice(moves))
    return state, new, events


def test_easing_endpoints():
    for f in (easing.in_quad, easing.out_quad, easing.in_out_cubic,
              easing.out_back, easing.fall):
        assert abs(f(0.0)) < 1e-9 and abs(f(1.0) - 1) < 1e-9
    assert easing.hop(0) == 0 and abs(easing.hop(1)) < 1e-9
    assert abs(easing.shake(1.0)) < 1e-9
    # the fall accelerates: the second fifth covers more ground than the first
    assert easing.fall(0.28) - easing.fall(0.14) > easing.fall(0.14) - easing.fall(0.0)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 30),
       rules=st.sampled_from(list(Rules)), finish=st.booleans())
def test_sprites_end_where_the_engine_puts_cards(seed, plies, rules, finish):
    played = random_move(seed, plies, rules)
    assume(played is not None)  # a game over before the move: no move to animate
    state, new, events = played
    sounds = []
    after = place_after if new.position.width != state.position.width else place
    d = Director(state.position, events, place, after, speed=1.0, sound=sounds.append)
    if finish:
        d.finish()
    else:
        for _ in range(200):
            d.update(1 / 60)
    assert d.done
    if finish:
        assert sounds == []  # a skipped animation is silent
    else:
        assert sounds and sounds[0] == "scare"
    expected = {(x, y): card for x, y, card in new.position.occupied()}
    assert {cell: s.card for cell, s in d.cells.items()} == expected
    for cell, s in d.cells.items():
        x, y, w = after(cell)
        assert (round(s.x), round(s.y), s.width) == (x, y, w)
    assert len(d.gone) == 1


def test_speed_scales_duration():
    state = initial_state(deal_position(3), Rules.STANDARD)
    move = state.legal_moves()[0]
    _, events = apply(state, move)
    slow = Director(state.position, events, place, speed=1.0)
    fast = Director(state.position, events, place, speed=2.0)
    ticks = {}
    for name, d in (("slow", slow), ("fast", fast)):
        n = 0
        while not d.done:
            d.update(1 / 60)
            n += 1
        ticks[name] = n
    assert ticks["fast"] < ticks["slow"]
    # every step is between 150 and 400 ms at speed 1
    for step in slow.steps:
        assert 0.15 <= step.duration <= 0.4


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 30), rules=st.sampled_from(list(Rules)))
def test_reduced_motion_never_moves_a_card_between_places(seed, plies, rules):
    """Without motion every card is, in every frame, where it rested before the step or where
    it rests after it (fading), and the end is the engine's as with motion."""
    played = random_move(seed, plies, rules)
    assume(played is not None)  # a game over before the move: no move to animate
    state, new, events = played
    after = place_after if new.position.width != state.position.width else place
    d = Director(state.position, events, place, after, motion=False)
    cells = [(x, y) for x in range(state.position.width) for y in range(state.position.height)]
    rests = {place(c)[:2] for c in cells} | {after(c)[:2] for c in cells}
    faded = False
    while not d.done:
        d.update(1 / 60)
        for s in d.sprites():
            assert (round(s.x), round(s.y)) in rests
            faded = faded or s.alpha < 1
    assert faded
    expected = {(x, y): card for x, y, card in new.position.occupied()}
    assert {cell: s.card for cell, s in d.cells.items()} == expected
    for cell, s in d.cells.items():
        assert (round(s.x), round(s.y), s.alpha) == (*after(cell)[:2], 1.0)


def test_a_column_closing_is_reported_as_its_event():
    """The director says when a column closes (the table lays the field out anew then), with
    the engine's event, and never for another step."""
    from game.engine.events import ColumnClosed
    found = None
    for seed in range(200):
        for plies in range(0, 31):
            got = random_move(seed, plies, Rules.SOLO)
            if got and any(isinstance(e, ColumnClosed) for e in got[2]):
                found = got
                break
        if found:
            break
    assert found is not None
    old, _new, events = found
    closed: list = []
    begun: list = []
    d = Director(old.position, events, place, place_after, on_close=closed.append,
                 on_begin=begun.append)
    d.finish()
    assert closed == [e for e in events if isinstance(e, ColumnClosed)]
    assert len(begun) == len(d.steps) - len(closed)  # a closing step is told only as a close
