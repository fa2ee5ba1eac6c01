"""A campaign level on the match controller: undo/redo round trips, restart as an undoable step,
par reachability, hints (what the old campaign Session did, now Match's)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.campaign.level_game import level_state, solution_line
from game.campaign.levels import DEFAULT_ROOT, load_campaign
from game.engine import apply
from game.engine.solver import can_reach, replay_count
from game.match.controller import Match

CAMPAIGN = load_campaign(DEFAULT_ROOT)


def level(level_id):
    return CAMPAIGN.level(level_id)


def session_for(level_id):
    lv = level(level_id)
    return Match(level_state(lv), par=lv.par, level=lv.id)


def play_some(session, choices):
    """Play moves picked by index from each state's legal moves; stops at the end."""
    for pick in choices:
        moves = session.state.legal_moves()
        if not moves:
            break
        session.play(moves[pick % len(moves)])


def test_undo_redo_round_trip():
    s = session_for("the-long-table")
    play_some(s, [0, 3, 1, 2])
    seen = list(s.states)
    end = s.state
    while s.can_undo:
        s.undo()
    assert s.state == s.start and s.index == 0
    assert s.undo() is None
    while s.can_redo:
        before = s.state
        move = s.redo_move()
        assert apply(before, move)[0] == s.redo()[0]
    assert s.state == end and s.states == seen
    assert s.redo() is None


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 50), max_size=12), st.integers(0, 12),
       st.lists(st.integers(0, 50), max_size=4))
def test_history_invariants(first, back, second):
    s = session_for("full-house")
    play_some(s, first)
    for _ in range(back):
        s.undo()
    play_some(s, second)
    # Every step in the history is one legal move from the step before it.
    for a, b in zip(s.states, s.states[1:], strict=False):
        assert len(b.moves) == len(a.moves) + 1 and apply(a, b.moves[-1])[0] == b
    assert 0 <= s.index < len(s.states)


def test_a_new_move_cuts_the_redo_tail_but_replaying_keeps_it():
    s = session_for("the-long-table")
    play_some(s, [0, 0, 0])
    s.undo()
    s.undo()
    tail = len(s.states)
    s.play(s.redo_move())  # the same move redo would play
    assert len(s.states) == tail and s.can_redo
    other = next(m for m in s.state.legal_moves() if m != s.redo_move())
    s.play(other)
    assert not s.can_redo and len(s.states) == s.index + 1


def test_restart_is_a_step_that_can_be_undone():
    s = session_for("the-long-table")
    play_some(s, [1, 1])
    played = s.state
    assert s.restart() == s.start
    assert s.index == 3 and s.redo_move() is None
    assert s.undo() == played
    s.redo()
    assert s.state == s.start and s.known_reachable() is True


def test_hint_keeps_par_reachable_and_is_counted():
    s = session_for("orange-giant")  # the level whose first hint needs a few solver tries
    answer = s.hint(budget_s=None)  # no clock in tests: the game itself uses 0.1 s a try
    assert answer.move in s.state.legal_moves() and answer.reachable is True
    after, _ = apply(s.state, answer.move)
    assert can_reach(after.position, s.par, s.state.target)
    assert s.hints_used == 1


def test_out_of_reach_is_said_and_undo_goes_back_to_the_last_good_point():
    lv = level("long-drop")
    s = Match(level_state(lv), par=lv.par)
    bad = next(m for m in s.state.legal_moves()
               if not can_reach(apply(s.state, m)[0].position, lv.par, lv.target))
    s.play(bad)
    answer = s.hint(budget_s=None)
    assert answer.move is None and answer.reachable is False
    assert s.known_reachable() is False
    assert s.undo_to_reachable(budget_s=None) == s.start
    assert s.can_redo  # the bad line can still be redone


def test_finished_states_need_no_solver():
    s = Match(level_state(level("cat-and-mouse")), par=1)
    s.play(s.state.legal_moves()[0])
    assert s.state.over and s.known_reachable() is True


def test_solution_line_reaches_par_on_every_level():
    for lv in CAMPAIGN.levels[::7]:
        assert replay_count(lv.position, solution_line(lv), lv.target) == lv.par
