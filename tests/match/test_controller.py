"""The match controller: history and pointer, move sources, bots off the frame loop, hints, words."""

from __future__ import annotations

import threading

import pytest

from game.engine.ai import SKILLS
from game.engine.modes import Mode
from game.engine.moves import Move
from game.engine.position import parse_position
from game.engine.rng import Rng
from game.engine.rules import Rules
from game.engine.state import IllegalMove, Player, apply, initial_state
from game.match.controller import BOT, HUMAN, LINE, LineEnded, Match
from game.match.record import read_record
from game.match.seats import ComputerSeat, HumanSeat
from game.match.words import describe_move
from tests.match.helpers import dealt, random_line


def test_undo_redo_and_a_new_move_cuts_the_redo_tail():
    match = Match(dealt(Mode.SOLO, 1, 3))
    moves, _ = random_line(match.state, 1, 3)
    for move in moves:
        match.play(move)
    third = match.state
    assert match.undo() is not None and match.undo() is not None
    assert match.ply == 1 and match.can_redo and match.redo_move() == moves[1]
    state, events = match.redo()
    assert state.moves == tuple(moves[:2]) and events  # redo brings the events to animate
    match.play(moves[2])  # the move redo would play keeps the tail
    assert match.state == third and not match.can_redo
    match.undo()
    other = next(m for m in match.state.legal_moves() if m != moves[2])
    match.play(other)
    assert not match.can_redo and match.state.moves[-1] == other


def test_undo_is_a_policy_of_the_caller():
    match = Match(dealt(Mode.STANDARD, 2, 3), undo=False)
    match.play(match.state.legal_moves()[0])
    assert not match.can_undo and match.undo() is None and match.ply == 1


def test_restart_is_a_step_that_undo_takes_back():
    match = Match(dealt(Mode.SOLO, 1, 8))
    match.play(match.state.legal_moves()[0])
    played = match.state
    assert match.restart() == match.start and match.last_move is None
    assert match.undo() == played
    assert match.redo_move() is None  # the step after is the restart, not a move


def test_undo_turn_skips_the_computers_moves():
    match = Match(dealt(Mode.STANDARD, 3, 4, bots=[None, "easy", "easy"]))
    while match.source_of() != HUMAN:
        match.play(match.computer_move())
    mine = match.state
    match.play(mine.legal_moves()[0])
    match.play(match.computer_move())
    match.play(match.computer_move())
    assert match.undo_turn() == mine


def test_the_last_move_its_events_and_words():
    start = dealt(Mode.STANDARD, 2, 12)
    match = Match(start)
    assert match.last_move is None and match.last_events == [] and match.describe_last() is None
    move = start.legal_moves()[0]
    match.play(move)
    assert match.last_move == move and match.last_events == apply(start, move)[1]
    assert match.describe_last() == describe_move(start, move)
    assert match.describe_last().startswith(f"{start.current_player.name}: ")
    assert match.move_list() == [match.describe_last()]
    second = match.state.legal_moves()[0]
    before = match.state
    match.play(second)
    assert match.move_list() == [describe_move(start, move), describe_move(before, second)]
    match.restart()
    assert match.move_list() == [] and match.moves == ()
    match.undo()
    assert len(match.move_list()) == 2 and match.moves == (move, second)


def test_a_move_in_plain_words():
    state = initial_state(parse_position("YC .. OE/PM BD YE"), Rules.STANDARD,
                          players=(Player("Ben"), Player("Ann")))
    assert describe_move(state, Move((2, 0), (1, 0), True)) == \
        "Ben: the yellow elephant scared the blue dog on b1 and moved in"
    solo = initial_state(parse_position("YC .. OE/PM BD YE"), Rules.SOLO,
                         players=(Player("You"),))
    assert describe_move(solo, Move((0, 1), (0, 0))) == \
        "The yellow cat scared the purple mouse on a1"


def test_an_illegal_move_is_refused_and_changes_nothing():
    match = Match(dealt(Mode.SOLO, 1, 5))
    with pytest.raises(IllegalMove):
        match.play(Move((0, 0), (0, 3)))
    assert match.ply == 0 and len(match.states) == 1


def test_one_bot_per_seat_for_the_whole_game():
    levels = list(SKILLS)[::-1]  # every level, strongest first (a node budget: quick)
    match = Match(dealt(Mode.ALL_INCLUDED, len(levels), 6, bots=levels), nodes=40)
    bots = dict(match.bots)
    assert [b.level for b in bots.values()] == levels
    while not match.over:
        match.play(match.computer_move())
        assert match.bots == bots and all(match.bots[s] is bots[s] for s in bots)


def test_a_bot_thinks_in_a_worker_thread_and_poll_brings_its_move():
    match = Match(dealt(Mode.STANDARD, 2, 7, bots=["normal", "normal"]))
    seen = {}
    bot = match.bots[match.state.turn]
    choose = bot.choose

    def spy(view, rng, budget):
        seen["thread"] = threading.current_thread()
        seen["tasks"] = [view.tasks]
        return choose(view, rng, budget)

    bot.choose = spy
    match.start_thinking()
    move = match.wait(30)
    assert seen["thread"] is not threading.main_thread()
    assert move in match.state.legal_moves() and match.ply == 0  # not played: the scene plays it
    assert match.poll() is None and not match.thinking
    match.close()


def test_a_bot_error_surfaces_on_the_callers_thread():
    match = Match(dealt(Mode.STANDARD, 2, 7, bots=["easy", "easy"]))

    def broken(view, rng, budget):
        raise RuntimeError("bot bug")

    match.bots[match.state.turn].choose = broken
    match.start_thinking()
    with pytest.raises(RuntimeError, match="bot bug"):
        match.wait(30)
    match.close()


def test_a_move_thought_for_an_undone_state_is_dropped():
    match = Match(dealt(Mode.STANDARD, 2, 9, bots=[None, "easy"]))
    if match.source_of() != HUMAN:
        match.play(match.computer_move())
    match.play(match.state.legal_moves()[0])
    match.start_thinking()
    match.undo()
    assert not match.thinking and match.poll() is None
    match.close()


def test_the_bot_sees_only_its_own_seat():
    match = Match(dealt(Mode.STANDARD, 3, 2, bots=["easy"] * 3))
    views = []
    for bot in match.bots.values():
        choose = bot.choose
        bot.choose = lambda view, rng, budget, choose=choose: views.append(view) or \
            choose(view, rng, budget)
    match.play(match.computer_move())
    view = views[0]
    assert type(view).__name__ == "SeatView"  # holds no GameState, no other seat's tasks
    assert view.tasks == match.start.players[view.seat].tasks


def test_a_scripted_line_plays_itself_and_says_when_it_ends():
    start = dealt(Mode.SOLO, 1, 14)
    line, end = random_line(start, 3, 5)
    match = Match(start, line=line)
    assert match.sources == (LINE,)
    for _ in line:
        match.start_thinking()
        match.play(match.poll())
    assert match.state.position == end.position
    if not match.over:
        with pytest.raises(LineEnded):
            match.computer_move()


def test_seats_from_the_players_and_a_bad_seat():
    start = dealt(Mode.STANDARD, 3, 1, bots=[None, "hard", None])
    assert Match(start).sources == (HUMAN, BOT, HUMAN)
    assert [seat.recorded_as for seat in Match(start).seats] == ["human", "hard", "human"]
    with pytest.raises(ValueError):
        Match(start, seats=[HumanSeat(), HumanSeat()])  # three players
    with pytest.raises(ValueError):
        ComputerSeat("genius", 0, 1)  # no such level


def test_hints_for_solo_campaign_and_couch():
    solo = Match(dealt(Mode.SOLO, 1, 30))
    answer = solo.hint(0.2)
    assert answer.move in solo.state.legal_moves() and solo.hints_used == 1
    level = initial_state(parse_position("YC .. OE/PM BD YE"), Rules.SOLO, mode=Mode.SOLO,
                          players=(Player("You"),))
    campaign = Match(level, par=1, level="1-1")
    answer = campaign.hint()
    assert answer.reachable is True and answer.move in level.legal_moves()
    couch = Match(dealt(Mode.STANDARD, 2, 30))
    assert couch.hint().move in couch.state.legal_moves()


def test_par_out_of_reach_and_the_way_back():
    level = initial_state(parse_position("YC .. OE/PM BD YE"), Rules.SOLO, mode=Mode.SOLO,
                          players=(Player("You"),))
    line, end = next((line, end) for seed in range(50)
                     for line, end in [random_line(level, seed)]
                     if end.position.card_count() > 1)
    match = Match(level, par=1)
    for move in line:
        match.play(move)
    assert match.known_reachable() is False
    assert match.hint().move is None and match.hint().reachable is False
    back = match.undo_to_reachable()
    assert back is not None and match.reachable() is True and match.ply < len(line)


def test_resume_from_a_save_and_step_through_a_replay():
    start = dealt(Mode.ALL_INCLUDED, 4, 77, bots=["easy", None, "normal", None])
    moves, end = random_line(start, 5)
    match = Match(start)
    for move in moves[:6]:
        match.play(move)
    resumed = Match.from_record(read_record(match.save_text()))
    assert resumed.state == match.state and resumed.start == start
    assert resumed.sources == match.sources
    for move in moves[6:]:
        match.play(move)
    record_text = match.record_text()
    full = Match.from_record(read_record(record_text), at_start=True)
    assert full.ply == 0 and full.state == start
    while full.can_redo:
        full.redo()
    assert full.state == end
    full.jump(3)
    assert full.ply == 3


def test_the_attract_shows_run_on_the_controller():
    """A solver line plays a solo deal to its end; bots play a whole game through poll()."""
    from game.engine.solver import best_line, clear_memo

    solo = dealt(Mode.SOLO_ADVANCED, 1, 23)
    solution = best_line(solo.position, 0.05, target=solo.target)
    clear_memo()
    match = Match(solo, line=solution.moves)
    while not match.over:
        match.start_thinking()
        match.play(match.poll())
    assert match.state.position.card_count() == solution.count
    game = Match(dealt(Mode.TEAMS, 4, 23, bots=["hard", "normal", "easy", "hard"]),
                 bot_budget_s=0.01, undo=False)
    while not game.over:
        game.start_thinking()
        move = None
        while move is None:
            move = game.wait(30)
        game.play(move)
    game.close()
    assert read_record(game.record_text()).final_state() == game.state


def test_the_last_move_is_marked_where_its_cards_are_now():
    """The scarer's cell follows it (moved in, fallen, a column closed); the scared card's
    cell is None once its column closed up."""
    from game.engine.events import ColumnClosed

    for seed in range(40):
        match = Match(dealt(Mode.SOLO, 1, seed))
        assert match.last_cells() is None
        rng = Rng(seed)
        while not match.over:
            before = match.state
            move = rng.choice(before.legal_moves())
            _state, events = match.play(move)
            scarer, scared = match.last_cells()
            assert match.state.position.card_at(*scarer) == before.position.card_at(*move.scarer)
            closed = [e.column for e in events if isinstance(e, ColumnClosed)]
            if closed and closed[0] == move.target[0]:
                assert scared is None
            elif not closed:
                assert scared == move.target
        match.undo()
        assert match.last_cells() is not None or match.index == 0
