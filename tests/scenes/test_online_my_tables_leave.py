"""Leaving a table over days for good from My tables (issue 48): asked first, then the seat
goes to a computer (game.online.window.my_tables.leave_for_good, tested against a server in
tests/online/test_my_tables_lookup.py) and the list is asked again."""

from __future__ import annotations

from game.online.client.tokens import HeldSeats
from game.online.window.my_tables import Looked, MyTable
from game.scenes.online import my_tables
from tests.scenes.drive import name, pump
from tests.scenes.test_online import button, click, press

SEATS = [{"seat": 0, "place": "host", "name": "Anna", "taken": True, "connected": False},
         {"seat": 1, "place": "remote", "name": "Ben", "taken": True, "connected": False}]
TABLE = MyTable(HeldSeats("ws://eva.local:8765", "KTR4WM", ((1, "tok"),), "Ben", 0.0,
                          days=True),
                {"known": True, "started": True, "over": False, "turn": 0, "deadline": None,
                 "mode": "standard", "seats": SEATS, "per_move": 0})


def test_my_tables_asks_before_a_table_is_left_for_good(app, monkeypatch):
    left: list = []
    monkeypatch.setattr(my_tables, "look_up", lambda store, insecure=False: Looked((TABLE,), ()))
    monkeypatch.setattr(my_tables, "leave_for_good",
                        lambda table, store, insecure=False: left.append(table.code))
    app.go_to_menu()
    app.push(my_tables.MyTablesScene(app))
    scene = app.stack.top
    for _ in range(100):
        if scene.tables is not None:
            break
        pump(app, draw=False)
    press(app, "Leave this table")
    assert name(app) == "ConfirmScene"
    assert app.stack.top.question == "Leave this table for good?"
    assert app.stack.top.detail == "A computer plays your seat; you cannot come back."
    click(app, button(app, "Keep my seat").rect.center)  # no: nothing is left
    pump(app)
    assert name(app) == "MyTablesScene" and left == []
    press(app, "Leave this table")
    press(app, "Leave for good")
    for _ in range(100):
        if left and scene.leaving is None:
            break
        pump(app, draw=False)
    assert left == ["KTR4WM"] and name(app) == "MyTablesScene"


class _Client:
    """What the table menu reads of a table over days' connection, its leaves noted."""

    url, code, days = "ws://eva.local:8765", "KTR4WM", object()

    def __init__(self) -> None:
        from types import SimpleNamespace

        self.game = SimpleNamespace(over=None)
        self.mirror = SimpleNamespace(tokens={1: "tok"})
        self.left: list[str] = []

    def leave(self, token: str) -> None:
        self.left.append(token)


def test_the_table_menu_leaves_for_good_after_asking_and_forgets_the_token(app):
    from types import SimpleNamespace

    from game.online.client.tokens import window_store
    from game.scenes.online.pause import OnlinePauseScene

    window_store().keep(_Client.url, _Client.code, {1: "tok"}, "Ben", days=True)
    went: list = []
    client = _Client()
    table = SimpleNamespace(kind=SimpleNamespace(client=client, hosted=None,
                                                 home=lambda: went.append("home")),
                            update=lambda dt: None)
    app.go_to_menu()
    app.push(OnlinePauseScene(app, table))
    pump(app)
    assert button(app, "Leave for now")
    press(app, "Leave for good")
    assert app.stack.top.question == "Leave this table for good?" and client.left == []
    press(app, "Leave for good")  # the question's own yes
    assert client.left == ["tok"] and went == ["home"]
    assert window_store().get(_Client.url, _Client.code) is None
