"""While the game runs, its tables over days are asked off the frame thread (game/turn_alerts.py):
a table that became the player's is told by a desktop notification, and a click on it opens
that table in the running game: by its kept token (as My tables opens a row), or, with no
token kept, at Join a table with its address and code filled in."""

from __future__ import annotations

from game.online.client.turns import TurnChecker, Watched
from game.turn_alerts import TurnAlerts
from tests.fake_notifier import FakeNotifier
from tests.scenes.drive import name, pump

LINK = "scare-it://192.168.1.20:9000/KTR4WM"


def ask(server, pairs):
    return [{"code": code, "known": True, "seat": 1, "started": True, "over": False, "turn": 1,
             "moves": 4, "deadline": None, "per_move": None, "names": ["Grandma", "Ben"]}
            for code, _token in pairs]


def test_a_click_on_a_turn_notification_opens_that_table_in_the_game(app):
    alerts = TurnAlerts(lambda: [Watched("ws://192.168.1.20:9000", "KTR4WM", "tok")],
                        checker=TurnChecker(ask, clock=lambda: 0.0), notifier=FakeNotifier)
    app.turn_alerts = alerts
    alerts.watch.round()  # what its thread does every few minutes
    (title, body, link), = alerts.notifier.shown
    assert title == "Your turn" and "Grandma" in body and link == LINK
    alerts.notifier.on_click(link)  # on the notifier's thread, in life
    pump(app)
    assert name(app) == "JoinScene"
    assert app.stack.top.code_entry.get_text() == "KTR4WM"
    alerts.stop()


def opened_at(monkeypatch) -> list:
    """Which kept table My tables opens by its tokens (no server asked: the open is noted)."""
    from game.online.client.client import OnlineError
    from game.online.window import my_tables as window
    from game.scenes.online import my_tables

    opened: list = []

    def open_again(table, insecure=False, timeout=8.0):
        opened.append((table.held.server, table.code, table.held.tokens))
        raise OnlineError("unreachable", "not in this test")

    monkeypatch.setattr(my_tables, "open_again", open_again)
    monkeypatch.setattr(my_tables, "look_up", lambda store, insecure=False: window.Looked((), ()))
    return opened


def keep_days_seat() -> None:
    from game.online.client.tokens import window_store

    window_store().keep("ws://192.168.1.20:9000", "KTR4WM", {1: "tok"}, "Ben", days=True)


def test_a_click_on_a_kept_table_over_days_opens_it_by_its_token(app, monkeypatch):
    opened = opened_at(monkeypatch)
    keep_days_seat()
    alerts = TurnAlerts(lambda: [Watched("ws://192.168.1.20:9000", "KTR4WM", "tok")],
                        checker=TurnChecker(ask, clock=lambda: 0.0), notifier=FakeNotifier)
    app.turn_alerts = alerts
    alerts.watch.round()
    (_title, _body, link), = alerts.notifier.shown
    alerts.notifier.on_click(link)
    pump(app)
    for _ in range(50):
        if opened:
            break
        pump(app, draw=False)
    assert name(app) == "MyTablesScene"  # not Join a table: the table itself is opened
    assert opened == [("ws://192.168.1.20:9000", "KTR4WM", ((1, "tok"),))]
    alerts.stop()


def test_the_watchers_link_starts_the_game_at_that_table(app, monkeypatch):
    """`scare-it watch` starts the game with the link (game.app.run's `invite`): the same."""
    opened = opened_at(monkeypatch)
    keep_days_seat()
    app.go_to_menu()
    app.open_invite(LINK)  # what run(invite=link) does once the window is up
    for _ in range(50):
        if opened:
            break
        pump(app, draw=False)
    assert name(app) == "MyTablesScene"
    assert opened == [("ws://192.168.1.20:9000", "KTR4WM", ((1, "tok"),))]
