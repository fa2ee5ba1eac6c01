"""My tables' look-up (issue 48): the kept tables over days as their server tells them, your
turn first; a kept table over days the server no longer has open is listed as ended (opening
it shows its end, which goes to Replays); a live table's tokens are not listed."""

from __future__ import annotations

from game.engine.modes import Mode
from game.online.client.client import OnlineClient
from game.online.client.tokens import TokenStore
from game.online.shared.protocol import DAY
from game.online.window.my_tables import look_up
from tests.online.helpers import server

ANNA = {"kind": "host", "name": "Anna"}


def test_kept_tables_over_days_are_listed_and_an_ended_one_says_so(tmp_path):
    store = TokenStore(tmp_path / "tokens.json")
    with server() as s:
        days = OnlineClient(s.url).connect()
        code = days.create(Mode.STANDARD, [ANNA, {"kind": "remote"}], first=1,
                           days={"per_move": DAY, "on_time": "wait"})
        store.keep(s.url, code, dict(days.mirror.tokens), "Anna", days=True)
        live = OnlineClient(s.url).connect()
        live_code = live.create(Mode.STANDARD, [ANNA, {"kind": "remote"}])
        store.keep(s.url, live_code, dict(live.mirror.tokens), "Anna")
        store.keep(s.url, "ABC-DEF", {0: "x" * 22}, "Anna", days=True)  # ended meanwhile
        looked = look_up(TokenStore.load(store.path))
        days.close()
        live.close()
    assert [(t.code, t.ended) for t in looked.tables] == [(code, False), ("ABCDEF", True)]
    assert looked.unreached == ()
