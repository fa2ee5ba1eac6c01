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

ANNA = {"place": "host", "name": "Anna"}


def test_kept_tables_over_days_are_listed_and_an_ended_one_says_so(tmp_path):
    store = TokenStore(tmp_path / "tokens.json")
    with server() as s:
        days = OnlineClient(s.url).connect()
        code = days.create(Mode.STANDARD, [ANNA, {"place": "remote"}], first=1,
                           days={"per_move": DAY, "on_time": "wait"})
        store.keep(s.url, code, dict(days.mirror.tokens), "Anna", days=True)
        live = OnlineClient(s.url).connect()
        live_code = live.create(Mode.STANDARD, [ANNA, {"place": "remote"}])
        store.keep(s.url, live_code, dict(live.mirror.tokens), "Anna")
        store.keep(s.url, "ABC-DEF", {0: "x" * 22}, "Anna", days=True)  # ended meanwhile
        looked = look_up(TokenStore.load(store.path))
        days.close()
        live.close()
    assert [(t.code, t.ended) for t in looked.tables] == [(code, False), ("ABCDEF", True)]
    assert looked.unreached == ()


def test_leaving_a_kept_table_for_good_hands_the_seat_to_a_computer_and_forgets_it(tmp_path):
    from game.online.client.mirror import Noted
    from game.online.window.my_tables import leave_for_good

    store = TokenStore(tmp_path / "tokens.json")
    with server() as s:
        anna = OnlineClient(s.url).connect()
        code = anna.create(Mode.STANDARD, [ANNA, {"place": "remote"}], first=1,
                           days={"per_move": DAY, "on_time": "wait"})
        ben = OnlineClient(s.url).connect()
        ben.join(code, "Ben")
        store.keep(s.url, code, dict(ben.mirror.tokens), "Ben", days=True)
        ben.close()
        table, = look_up(store).tables
        leave_for_good(table, store)
        told = anna.wait(5)
        while told is not None and told != Noted("left", 1, 0):
            told = anna.wait(5)
        assert told == Noted("left", 1, 0)  # Anna is told: a computer plays Ben's seat
        assert store.get(s.url, code) is None
        assert TokenStore.load(store.path).get(s.url, code) is None
        anna.close()


def test_my_tables_reach_every_shard_behind_a_front_door(tmp_path, monkeypatch):
    """Behind a front door each code's first symbol names its shard: the look-up asks each
    table over its /t/CODE path, so the tables of both shards are listed (over /new, one
    shard answered for all and the other's tables read as ended). The front door here is a
    stand-in that routes by the path as packaging/haproxy.cfg does."""
    from game.online.client import client as client_module
    from game.online.shared.protocol import shard_of

    store = TokenStore(tmp_path / "tokens.json")
    door = "ws://front-door.invalid:1"
    real_connect = client_module.connect
    with server("--shard", "0/2") as first, server("--shard", "1/2") as second:
        shards = (first.url, second.url)

        def routed_by_the_door(url, **options):
            path = url.removeprefix(door)
            code = path.removeprefix("/t/") if path.startswith("/t/") else None
            return real_connect((shards[shard_of(code, 2)] if code else first.url) + path,
                                **options)

        codes = []
        for url in shards:
            client = OnlineClient(url).connect()
            codes.append(client.create(Mode.STANDARD, [ANNA, {"place": "remote"}],
                                       days={"per_move": DAY, "on_time": "wait"}))
            store.keep(door, codes[-1], dict(client.mirror.tokens), "Anna", days=True)
            client.close()
        monkeypatch.setattr(client_module, "connect", routed_by_the_door)
        looked = look_up(TokenStore.load(store.path))
    assert {shard_of(code, 2) for code in codes} == {0, 1}
    assert sorted((t.code, t.ended) for t in looked.tables) == sorted((c, False) for c in codes)
