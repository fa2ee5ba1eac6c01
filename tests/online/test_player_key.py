"""The window's player key (issue 48): made once, kept in the per-user folder, and sent with
a create or join so a server's cap of tables over days per player counts window players too.
Each server is sent a key of its own (derived from the one kept), so two servers cannot tell
they see the same player."""

from __future__ import annotations

from game.engine.modes import Mode
from game.online.client.player_key import FILE_NAME, player_key
from game.online.server.server import BackgroundServer
from game.online.shared.protocol import DAY, is_token
from game.online.window.hosting import SeatPlan, open_on_server
from game.online.window.joining import Joining
from tests.online.helpers import LOOPBACK


def test_the_key_is_made_once_kept_and_different_for_each_server(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    one = player_key("ws://eva.local:8765")
    assert is_token(one) and (tmp_path / FILE_NAME).is_file()
    assert player_key("EVA.local") == one  # the same server however it is typed
    assert player_key("wss://club.org") != one
    (tmp_path / FILE_NAME).write_text("  \n")  # a damaged key: a new one is made and kept
    fresh = player_key("ws://eva.local:8765")
    assert is_token(fresh) and fresh != one and player_key("ws://eva.local:8765") == fresh


def test_a_window_host_and_joiner_over_days_are_counted_by_their_keys(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    s = BackgroundServer(LOOPBACK, 0)
    url = f"ws://{LOOPBACK}:{s.start()}"
    try:
        host = open_on_server(url.removeprefix("ws://"), Mode.STANDARD,
                              [SeatPlan("host", "Anna"), SeatPlan("remote", "")], first=0,
                              days={"per_move": DAY, "on_time": "wait"})
        code = host.code
        ben = Joining(url, code, "Ben").run()
        kept = s.call(lambda server: [seat.player for seat in server.tables[code].seats])
        assert kept.result(5) == [player_key(url)] * 2
        host.close()
        ben.close()
    finally:
        s.stop()
