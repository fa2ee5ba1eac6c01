"""The online table (issue 51, finding 5): with Help on it asks "This move ends the game — play
it?" before a move that would end the game goes to the table, at the host's screen and at a far
screen alike; every screen counts down to the computer playing for an away person, from the
time the table says. The table is this process's own server (for the question, reopened at a
move where an ending scare is possible; the far screen takes its seat back by its token)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.engine import apply
from game.engine.modes import Mode
from game.engine.state import new_game
from game.match.learner import ends_game
from game.match.record import Hosted, record_of
from game.online.client.client import OnlineClient
from game.online.shared.protocol import HOST, REMOTE
from game.online.window.hosting import HostedTable, SeatPlan
from game.scenes.online.link import TableLink
from game.scenes.online.play import online_scene
from game.scenes.table.view import snapshot
from tests.online.helpers import LOOPBACK
from tests.scenes.drive import pump
from tests.scenes.test_online import (  # noqa: F401 - app is the window fixture
    app,
    press,
    run_until,
    top,
)

TOKENS = ("a" * 22, "b" * 22)


def ending_record(seat: int):
    """A hosted save of Eva (the host) and Mia (far away) where `seat` is to move and one of
    its scares empties a column."""
    for seed in range(300):
        start = new_game(Mode.STANDARD, ["Eva", "Mia"], seed, 0, [None, None])
        state, moves = start, []
        while not state.over:
            if state.turn == seat and any(ends_game(state, m) for m in state.legal_moves()):
                return replace(record_of(start, moves), online=Hosted(
                    "KTR4WM", 0, (HOST, REMOTE), TOKENS)), state
            move = state.legal_moves()[-1]
            state, _ = apply(state, move)
            moves.append(move)
    raise AssertionError("no deal found")


@pytest.mark.parametrize("screen", ["host", "far"])
def test_an_online_move_that_ends_the_game_is_asked_before_it_is_sent(app, screen):  # noqa: F811
    seat = 0 if screen == "host" else 1
    record, state = ending_record(seat)
    hosted = HostedTable.reopen(record, listen=LOOPBACK, advertise=False,
                                stand_in_after=None).open()
    far = None
    try:
        if screen == "host":
            table = online_scene(app, hosted.client, hosted)
        else:
            far = OnlineClient(f"ws://{LOOPBACK}:{hosted.port}").connect()
            far.resume(hosted.code, [TOKENS[1]])
            table = online_scene(app, far)
        app.settings.help_end = True
        app.stack.clear(table)
        run_until(app, lambda: app.stack.top is table and table.kind.allows(table, None))
        assert table.state.turn == seat and len(table.state.moves) == len(state.moves)
        move = next(m for m in table.state.legal_moves() if ends_game(table.state, m))
        table.play(move)
        pump(app)
        assert top(app) == "ConfirmScene"  # was: sent at once
        pump(app, 10)
        assert len(hosted.client.game.moves) == len(state.moves)  # nothing went to the table
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                        scancode=0))  # "Not yet"
        pump(app)
        assert app.stack.top is table and len(table.state.moves) == len(state.moves)
        table.play(move)
        pump(app)
        press(app, "Play it")
        run_until(app, lambda: hosted.client.game.over)  # "Play it": the move went
    finally:
        app.settings.help_end = False
        app.go_to_menu()
        pump(app)
        if far is not None:
            far.close()
        hosted.close()


def test_every_screen_counts_down_to_the_computer_playing_for_an_away_player(app, monkeypatch):  # noqa: F811
    now = [500.0]  # this screen's clock, moved by the test
    monkeypatch.setattr(TableLink, "clock", staticmethod(lambda: now[0]))
    hosted = HostedTable(Mode.STANDARD, [SeatPlan(HOST, "Eva"), SeatPlan(REMOTE, ""),
                                         SeatPlan(REMOTE, "")], listen=LOOPBACK, port=0,
                         advertise=False, stand_in_after=120.0, first=1).open()
    url = f"ws://{LOOPBACK}:{hosted.port}"
    ben, mia = OnlineClient(url).connect(), OnlineClient(url).connect()
    try:
        ben.join(hosted.code, "Ben")
        mia.join(hosted.code, "Mia")
        run_until(app, lambda: hosted.client.game is not None)
        table = online_scene(app, hosted.client, hosted)
        app.stack.clear(table)
        ben.close()  # Ben's window is gone at his turn
        run_until(app, lambda: not hosted.client.seats[1].connected
                  and mia.seats[1].computer_in is not None)
        assert mia.seats[1].computer_in == 120  # the table's word reaches every screen
        assert snapshot(table).hint == \
            "Ben is away: the computer plays for them when the time is up (2:00)"
        now[0] += 18.0
        pump(app)
        assert snapshot(table).hint == \
            "Ben is away: the computer plays for them when the time is up (1:42)"
        assert table.kind.link.where_words(hosted.client.seats[1])[0] == "away (1:42)"
    finally:
        app.go_to_menu()
        pump(app)
        mia.close()
        hosted.close()
