"""The Session is the table's only door: its commands answer with beats, its views change
nothing (hint, the way back to a good point, a replay's steps and pause, the end's task
cards shown, a deal dealt again, a game carried on at a fresh table)."""

from __future__ import annotations

from dataclasses import replace

from game.campaign.level_game import level_state
from game.campaign.levels import DEFAULT_ROOT, load_campaign
from game.engine.modes import Mode
from game.engine.solver import can_reach
from game.engine.state import apply
from game.match import session as beats
from game.match.controller import Match
from game.match.session import Phase, Session
from game.match.tables import deal_match
from tests.match.helpers import dealt, random_line
from tests.match.test_session import Saver

CAMPAIGN = load_campaign(DEFAULT_ROOT)


def test_the_way_back_to_a_good_point_is_a_command_that_answers_with_beats():
    level = CAMPAIGN.level("long-drop")
    session = Session(Match(level_state(level), par=level.par))
    session.begin()
    bad = next(m for m in session.state.legal_moves()
               if not can_reach(apply(session.state, m)[0].position, level.par, level.target))
    session.offer(bad)
    session.move_shown()
    assert session.hint().reachable is False and session.known_reachable() is False
    said = session.back_to_good()
    assert said is not None and isinstance(said[0], beats.Moved)
    assert session.state == session.start and session.phase is Phase.TURN
    assert session.can_redo  # the bad line can still be redone


def test_a_game_carried_on_at_a_fresh_table_is_the_same_game_where_it_stood():
    level = CAMPAIGN.level("long-drop")
    session = Session(Match(level_state(level), par=level.par))
    session.begin()
    session.offer(session.state.legal_moves()[0])
    session.move_shown()
    state = session.state
    again = Session(session.carry_on(), par=level.par)
    assert session.phase is Phase.DONE  # the old table is done with it
    assert again.state == state and again.ply == 1 and again.start == session.start
    assert again.begin() and again.phase is Phase.TURN


def test_no_good_point_behind_says_none_and_leaves_the_pointer():
    level = CAMPAIGN.level("long-drop")
    session = Session(Match(level_state(level), par=level.par))
    session.begin()
    assert session.back_to_good() is None and session.index == 0


def test_a_replay_steps_forward_and_back_and_holds_its_clock():
    start = dealt(Mode.STANDARD, 2, 3, bots=["easy", "easy"])
    moves, _end = random_line(start, 3, limit=4)
    match = Match(start, line=moves, undo=True)
    for move in moves:
        match.play(move)
    match.jump(0)
    session = Session(match, pace=lambda: 0.0, hold_end=True)
    session.begin()
    assert session.step_back() is None  # the start: nothing before it
    said = session.step_forward()
    assert [type(b) for b in said][:1] == [beats.Played] and session.ply == 1
    assert session.shown(animating=True) == match.states[0]  # the panel shows the field before
    assert session.shown(animating=False) == session.state
    session.move_shown()
    said = session.step_back()
    assert isinstance(said[0], beats.Moved) and session.ply == 0
    session.hold(True)
    assert session.update(10.0) == []  # held: the line's clock stands still
    session.hold(False)
    assert session.update(10.0)  # let go: it goes on
    session.close()


def test_the_end_shows_every_task_card_in_the_whole_history():
    full = dealt(Mode.STANDARD, 2, 11)
    hidden = replace(full, players=tuple(p if i == 0 else replace(p, tasks=())
                                         for i, p in enumerate(full.players)))
    session = Session(Match(hidden, undo=False))
    session.begin()
    session.offer(session.state.legal_moves()[0])
    tasks = tuple(p.tasks for p in full.players)
    assert session.reveal(tasks) == [beats.Revealed(tasks)]
    assert session.start.players == full.players
    assert session.state.players[1].tasks == full.players[1].tasks
    assert session.ply == 1  # the pointer stays where it was


def test_a_deal_dealt_again_is_the_same_game_from_its_start_and_its_save_goes():
    saver = Saver()
    session = Session(deal_match(dealt(Mode.SOLO, 1, 9)), saver=saver)
    session.begin()
    session.offer(session.state.legal_moves()[0])
    assert session.saved
    fresh = session.deal_again()
    assert fresh.state == session.start and fresh.game == session.game
    assert fresh.undo_allowed == session.undo_allowed and saver.forgot == 1
    fresh.close()
    session.close()


def test_a_fresh_deal_has_undo_alone_only():
    solo, couch = deal_match(dealt(Mode.SOLO, 1, 2)), deal_match(dealt(Mode.STANDARD, 3, 2))
    assert solo.undo_allowed and not couch.undo_allowed
    solo.close()
    couch.close()
