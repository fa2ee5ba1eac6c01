"""My tables (issue 48): every table over days this player sits at, on any server, with its
players, whose turn, the time left, the last move in words and a picture of its field; the
one where it is your turn opens by its kept token, says the moves since your last visit, and
your move takes you back to the list."""

from __future__ import annotations

import time

import pytest

from game.engine.modes import Mode
from game.online.client.client import OnlineClient
from game.online.client.tokens import window_store
from game.online.shared.protocol import DAY, WAIT
from game.scenes.online.play import OnlineKind
from game.scenes.table.view import snapshot
from tests.online.helpers import ServerProcess
from tests.scenes.drive import is_table
from tests.scenes.test_online import (  # noqa: F401 - app is the window fixture
    LIMIT,
    app,
    button_text_starting,
    click,
    play_by_mouse,
    press,
    run_until,
    top,
)

DAYS = {"per_move": 2 * DAY, "on_time": WAIT}
ANNA = {"place": "host", "name": "Anna"}


def wait_for(done, limit: float = 20.0) -> None:
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, "the table did not get there"
        time.sleep(0.02)


def tables_of_anna(url: str) -> tuple[str, str, OnlineClient]:
    """Anna's two tables over days, her tokens kept as the window keeps them: one where two
    computers moved first (her turn), one where far-away Ben is to move."""
    one = OnlineClient(url).connect()
    computers = [{"place": "computer", "level": "easy"}] * 2
    mine = one.create(Mode.STANDARD, [ANNA, *computers], first=1, days=DAYS)
    wait_for(lambda: one.game is not None and len(one.game.moves) == 2)
    window_store().keep(url, mine, dict(one.mirror.tokens), "Anna", days=True)
    one.close()
    two = OnlineClient(url).connect()
    theirs = two.create(Mode.STANDARD, [ANNA, {"place": "remote"}], first=1, days=DAYS)
    ben = OnlineClient(url).connect()
    ben.join(theirs, "Ben")
    wait_for(lambda: two.game is not None)
    window_store().keep(url, theirs, dict(two.mirror.tokens), "Anna", days=True)
    two.close()
    return mine, theirs, ben


@pytest.mark.slow  # a table server in its own process, and a window
def test_my_tables_lists_both_and_yours_opens_with_the_moves_since_and_a_move_returns(
        app):  # noqa: F811
    s = ServerProcess()
    ben = None
    try:
        mine, theirs, ben = tables_of_anna(s.url)
        app.go_to_menu()  # the title asks how the kept tables stand: one is yours to move
        run_until(app, lambda: any(getattr(e, "text", "").startswith("Your turn at")
                                   for e in app.stack.top.elements))
        assert button_text_starting(app, "Your turn at") == "Your turn at 1 table"
        press(app, "Your turn at 1 table")
        assert top(app) == "MyTablesScene"
        scene = app.stack.top
        run_until(app, lambda: scene.tables is not None)
        assert [t.code for t in scene.tables] == [mine, theirs]  # your turn first
        assert [t.your_turn for t in scene.tables] == [True, False]
        lines = scene.spoken_lines()
        assert any("Your turn" in line for line in lines)
        assert any("Ben" in line and "2 days left" in line for line in lines)
        assert "Your turn at 1 table" in scene.turn_words()
        press(app, scene.open_words(scene.tables[0]))
        run_until(app, lambda: is_table(app, OnlineKind))
        table = app.stack.top
        said = [table.banner.message, *table.banner.told]
        assert sum("While you waited" in words for words in said) == 2  # both computers' moves
        seen: list = []
        run_until(app, lambda: top(app) == "MyTablesScene", LIMIT,
                  lambda: play_by_mouse(app, table, seen))
        scene = app.stack.top
        run_until(app, lambda: scene.tables is not None)
        assert len(scene.tables) == 2
        # Ben's table: the time he has left, and one more day given from here, said to all.
        press(app, scene.open_words(scene.tables[-1]))
        run_until(app, lambda: is_table(app, OnlineKind))
        table = app.stack.top
        assert table.kind.panel.person(snapshot(table), 1) == "2 days left"
        run_until(app, lambda: table.buttons["more_time"].visible)
        click(app, table.buttons["more_time"].rect.center)
        run_until(app, lambda: "Ben: one more day for this move." in (
            table.banner.message, *table.banner.told))
        assert not table.buttons["more_time"].visible  # once for each move
        # Leaving for now asks first, says the seat waits, and comes back to the list
        # (leaving for good is offered beside it).
        table.pause_game()
        assert button_text_starting(app, "Leave for good") == "Leave for good"
        press(app, "Leave for now")
        assert "My tables" in app.stack.top.detail
        press(app, "Leave")
        assert top(app) == "MyTablesScene"
    finally:
        if ben is not None:
            ben.close()
        s.stop()
