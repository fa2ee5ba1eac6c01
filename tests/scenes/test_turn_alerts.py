"""While the game runs, its tables over days are asked off the frame thread (game/turn_alerts.py):
a table that became the player's is told by a desktop notification, and a click on it opens
that table in the running game (Join a table, its address and code filled in)."""

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
