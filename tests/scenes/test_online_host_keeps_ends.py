"""A table hosted in a game window tells a far player its end after the host's window closed
(issue 51): the far window, away at the end, finds nobody at the table's address; Continue
tries for minutes, then says in plain words when the end will be shown, and keeps the save.
Once the host opens a table online again, its window's server answers for the finished table,
and Continue shows the scores. Continue's minutes are the join screen's clock (a test's)."""

from __future__ import annotations

import pytest

from game.engine.modes import Mode
from game.match.loading import saved_files
from game.online.shared.protocol import HOST, REMOTE
from game.online.window.hosting import HostedTable, SeatPlan, window_ends
from game.scenes.online.join import JoinScene
from game.scenes.online.play import OnlineKind
from game.scenes.online.words import trouble_words
from tests.online.helpers import LOOPBACK
from tests.scenes.drive import is_table
from tests.scenes.test_online import (  # noqa: F401 - app is the window fixture
    LIMIT,
    app,
    button_text_starting,
    join_by_typing,
    kept_records,
    play_by_mouse,
    press,
    run_until,
    top,
)
from tests.scenes.test_online_host_back import Clock

SEATS = [SeatPlan(HOST, "Anna"), SeatPlan(REMOTE, "")]


def hosting(port: int = 0) -> HostedTable:
    """Anna's window's table (its server keeps its ends in the per-user folder, as the
    Host screen's and Continue's do)."""
    return HostedTable(Mode.STANDARD, SEATS, listen=LOOPBACK, port=port, advertise=False,
                       stand_in_after=0.5, finished=window_ends()).open()


def anna_plays(hosted: HostedTable, sent: set) -> None:
    """Anna's move whenever it is her turn (seat 0), once each."""
    game = hosted.client.game
    if game is not None and not game.over and game.turn == 0 and len(game.moves) not in sent:
        sent.add(len(game.moves))
        hosted.client.send_move(game.legal_moves()[0], 0)


pytestmark = pytest.mark.slow  # online games through windows and a server (make test-slow)

def test_a_far_player_away_at_the_end_sees_it_once_the_host_opens_a_table_again(
        app, monkeypatch):  # noqa: F811
    clock = Clock()
    monkeypatch.setattr(JoinScene, "patience", 60.0)
    monkeypatch.setattr(JoinScene, "clock", staticmethod(clock))
    monkeypatch.setattr(JoinScene, "sleep", staticmethod(clock.sleep))
    hosted = hosting()
    again = None
    sent: set = set()
    try:
        join_by_typing(app, hosted.urls()[0], hosted.code, "Mia")
        run_until(app, lambda: is_table(app, OnlineKind))
        table = app.stack.top
        seen: list = []

        def both_play() -> None:
            anna_plays(hosted, sent)
            play_by_mouse(app, table, seen)

        run_until(app, lambda: len(table.state.moves) >= 3, LIMIT, both_play)
        app.go_to_menu()  # Mia's window is closed: the computer plays for her to the end
        run_until(app, lambda: hosted.client.ended is not None, LIMIT,
                  lambda: anna_plays(hosted, sent))
        port = hosted.port
        hosted.close()  # and Anna's window is closed after the end
        press(app, button_text_starting(app, "Continue"))
        scene = app.stack.top
        run_until(app, lambda: scene.joining is None, 60.0)  # a minute on its clock
        assert clock() >= 60.0 and top(app) == "JoinScene"
        assert scene.error == trouble_words("not-reached")
        assert len(saved_files()) == 1 and not kept_records()  # the save stays
        again = hosting(port)  # Anna plays online again: a new table, on the same port
        press(app, "Back")
        press(app, button_text_starting(app, "Continue"))
        run_until(app, lambda: top(app) == "ScoringScene", 30.0)
    finally:
        hosted.close()
        if again is not None:
            again.close()
    assert len(kept_records()) == 1  # the game is in Mia's Replays
    assert not saved_files()  # and no longer in Saved games
