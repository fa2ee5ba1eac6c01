"""Join a table on a computer with no network (issue 45 #9): zeroconf cannot listen anywhere,
the Join screen says so and a table on this computer is still joined by its address."""

from __future__ import annotations

import pytest

from game.online.client import discovery
from game.scenes.online import join as join_screen
from game.scenes.online.join import JoinScene
from tests.online.helpers import LOOPBACK, RawPeer, server
from tests.scenes.drive import pump
from tests.scenes.test_online import app, press, run_until, top, type_into  # noqa: F401


class _NoInterfaces:
    """zeroconf on a laptop offline: it finds no IPv4 interface to listen on."""

    def __init__(self, *args, **kwargs) -> None:
        raise RuntimeError("No interfaces to listen on, check that any interfaces have IP "
                           "version IPVersion.V4Only")


@pytest.fixture
def offline(monkeypatch):
    monkeypatch.setattr(discovery, "Zeroconf", _NoInterfaces)
    monkeypatch.setattr(join_screen, "Browser", discovery.Browser)  # the real one this time


def test_the_network_list_says_no_network_as_an_oserror(offline):
    with pytest.raises(OSError, match="network"):
        discovery.Browser()


def test_the_join_screen_survives_no_network_and_joins_a_table_on_this_computer(app, offline):  # noqa: F811
    app.push(JoinScene(app))
    pump(app)
    scene = app.stack.top
    assert top(app) == "JoinScene" and scene.browser is None
    assert scene.offline  # said on the screen: no network, an address still works
    with server() as s:
        host = RawPeer(s.url)
        host.send({"type": "create", "mode": "standard",
                   "seats": [{"place": "host", "name": "Anna"}, {"place": "remote"}]})
        code = host.until("joined")["code"]
        type_into(app, "name", "Ben")
        type_into(app, "address", f"{LOOPBACK}:{s.port}")
        type_into(app, "code", code)
        press(app, "Join")
        run_until(app, lambda: top(app) != "JoinScene" or scene.error, 20.0)
        assert top(app) in ("LobbyScene", "PlayScene"), scene.error  # at the table
        host.close()
