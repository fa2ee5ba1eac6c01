"""The session's turn flow, without pygame: pacing beats, hand-overs, undo, the end kept once."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.ai import SKILLS
from game.engine.modes import Mode
from game.engine.state import new_game
from game.match import session as beats
from game.match.controller import Match
from game.match.profile import Finish
from game.match.session import Session
from tests.match.helpers import dealt, random_line


class Profile:
    """A profile that remembers what it was asked to keep (the real one writes files)."""

    def __init__(self) -> None:
        self.kept = []

    def finish(self, record, final, par=None, online=False):
        self.kept.append((record.game, final))
        return Finish(before=None)


class Saver:
    def __init__(self) -> None:
        self.texts: list[str] = []
        self.forgot = 0
        self.flushed = 0

    def save(self, text: str, game: str | None = None) -> None:
        self.texts.append(text)

    def flush(self) -> None:
        self.flushed += 1

    def forget(self, game: str | None = None) -> None:
        self.forgot += 1


def run(session: Session, dt: float = 0.1, limit: int = 100000) -> list:
    """Tick the session, settling every animation at once, until it is done; every beat."""
    seen = list(session.begin())
    for _ in range(limit):
        if session.phase == beats.Phase.DONE:
            return seen
        if session.phase == beats.Phase.ANIM:
            seen += session.move_shown()
        elif session.phase == beats.Phase.TURN:
            seen += session.offer(session.state.legal_moves()[0])
        else:
            if session.phase == beats.Phase.COMPUTER:
                session.match.ready(30)
            seen += session.update(dt)
    raise AssertionError("the session never ended")


def test_a_computer_thinks_shows_its_scarer_then_its_target_then_scares():
    start = dealt(Mode.STANDARD, 2, 5, bots=["easy", "easy"])
    session = Session(Match(start, undo=False))
    said = run(session)
    kinds = [type(b) for b in said]
    first = kinds.index(beats.ThinkStarted)
    assert kinds[first:first + 4] == [beats.ThinkStarted, beats.ShowScarer, beats.ShowTarget,
                                      beats.Played]
    shown = next(b for b in said if isinstance(b, beats.ShowScarer))
    played = next(b for b in said if isinstance(b, beats.Played))
    assert shown.cell == played.move.scarer
    assert kinds[-3:] == [beats.Kept, beats.GameEnds, beats.Finished]
    session.close()


def test_the_pace_is_the_settings_and_instant_is_instant():
    start = dealt(Mode.STANDARD, 2, 8, bots=["easy", "easy"])
    slow, fast = Session(Match(start, undo=False), pace=lambda: 2.0), \
        Session(Match(start, undo=False), pace=lambda: 0.0)
    ticks = []
    for session in (slow, fast):
        session.begin()
        n = 0
        while session.phase != beats.Phase.ANIM:
            session.match.ready(30)
            session.update(1 / 60)
            n += 1
        ticks.append(n)
        session.close()
    assert ticks[0] > 60 * 2 * (beats.THINK_S + beats.SHOW_S + beats.AIM_S) - 2
    assert ticks[1] <= 4


def test_two_people_hand_over_after_the_field_has_rested():
    start = dealt(Mode.STANDARD, 2, 3)
    session = Session(Match(start, undo=False), rest_s=lambda: 0.5)
    said = session.begin()
    assert isinstance(said[0], beats.HandOver)  # a resumed or new couch game opens covered
    said = session.offer(session.state.legal_moves()[0])
    assert isinstance(said[0], beats.Played)
    assert session.move_shown() == [] and session.phase == beats.Phase.REST
    assert session.update(0.4) == []
    said = session.update(0.2)
    assert [type(b) for b in said] == [beats.HandOver, beats.TurnBegins]
    assert said[0].seat == session.state.turn


def test_against_computers_no_hand_over_and_undo_takes_back_the_reply_too():
    start = dealt(Mode.STANDARD, 2, 11, bots=[None, "easy"])
    session = Session(Match(start, undo=True), pace=lambda: 0.0)
    said = session.begin()
    assert not any(isinstance(b, beats.HandOver) for b in said)
    while session.phase != beats.Phase.TURN or session.match.ply < 2:
        if session.phase == beats.Phase.ANIM:
            session.move_shown()
        elif session.phase == beats.Phase.TURN:
            session.offer(session.state.legal_moves()[0])
        else:
            session.match.ready(30)
            session.update(1.0)
    assert session.match.source_of() == "human"
    said = session.undo()
    assert isinstance(said[0], beats.Moved) and session.match.ply == 0
    session.close()


def test_the_end_is_kept_once_at_the_last_move_before_the_save_goes():
    start = dealt(Mode.SOLO, 1, 4)
    moves, end = random_line(start, 2)
    profile, saver = Profile(), Saver()
    session = Session(Match(start), profile=profile, saver=saver)
    session.begin()
    for move in moves[:-1]:
        session.offer(move)
        session.move_shown()
        assert profile.kept == [] and saver.forgot == 0
    said = session.offer(moves[-1])
    # Kept at the very move: the finished save on disk first, then the profile, then the save goes.
    assert [type(b) for b in said] == [beats.Played, beats.Kept]
    assert len(profile.kept) == 1 and profile.kept[0][1] == end
    assert saver.flushed == 1 and saver.forgot == 1
    assert len(saver.texts) == len(moves)  # saved after every move, the last one too
    assert "result: in progress" not in saver.texts[-1]


def test_a_restart_before_the_last_move_keeps_nothing():
    start = dealt(Mode.SOLO, 1, 6)
    moves, _end = random_line(start, 3)
    profile = Profile()
    session = Session(Match(start), profile=profile)
    session.begin()
    for move in moves[:-1]:
        session.offer(move)
        session.move_shown()
    session.restart()
    assert profile.kept == [] and session.match.ply == 0


def test_a_line_that_stops_short_stops_the_table():
    start = dealt(Mode.STANDARD, 3, 9)
    moves, _end = random_line(start, 4, 5)
    session = Session(Match(start, line=moves), pace=lambda: 0.0)
    said = run_until(session, beats.Phase.STOPPED)
    assert isinstance(said[-1], beats.Stopped) and session.match.ply == 5


def run_until(session, phase):
    said = list(session.begin())
    while session.phase != phase:
        said += session.move_shown() if session.phase == beats.Phase.ANIM else session.update(1.0)
    return said


@settings(max_examples=10, deadline=None)
@given(mode=st.sampled_from([m for m in Mode if not m.solo]), seed=st.integers(0, 10**6),
       data=st.data())
def test_every_mode_and_level_plays_out_through_the_same_flow(mode, seed, data):
    """Any registered mode with seats of any registered level reaches its end by the beats
    alone; every Played beat's move is the match's next move (nothing played twice)."""
    n = data.draw(st.sampled_from(mode.player_counts))
    levels = [data.draw(st.sampled_from(list(SKILLS))) for _ in range(n)]
    start = dealt(mode, n, seed, bots=levels)
    match = Match(start, undo=False, nodes=10, threaded=False)
    said = run(Session(match, pace=lambda: 0.0))
    played = [b.move for b in said if isinstance(b, beats.Played)]
    assert tuple(played) == match.moves and match.over


def test_offering_out_of_turn_is_refused():
    # The computer opens: while it thinks, and while its move is shown, a person's move is
    # refused and nothing is played.
    start = new_game(Mode.STANDARD, ["Robo", "Anna"], 5, first_player=0, bots=["easy", None])
    session = Session(Match(start, threaded=False), pace=lambda: 0.0)
    session.begin()
    assert session.phase == beats.Phase.COMPUTER
    move = start.legal_moves()[0]
    with pytest.raises(ValueError, match="no person is to move"):
        session.offer(move)
    assert session.state == start
    while session.phase == beats.Phase.COMPUTER:
        session.update(1.0)
    assert session.phase == beats.Phase.ANIM and len(session.state.moves) == 1
    with pytest.raises(ValueError, match="no person is to move"):
        session.offer(session.state.legal_moves()[0])
    assert len(session.state.moves) == 1
    session.close()
