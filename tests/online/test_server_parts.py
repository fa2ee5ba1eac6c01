"""The server's parts without a network: claims that nobody answers, lobbies nobody holds,
a computer that fails, and a log that a flood cannot fill (issue 31)."""

from __future__ import annotations

import asyncio
import logging

import pytest

from game.engine.modes import Mode
from game.engine.moves import legal_moves
from game.online.server import server as server_module
from game.online.server.limits import Limits, Quieter
from game.online.server.server import BackgroundServer, Server
from game.online.server.table import CLAIM_WAIT, Table
from tests.online.helpers import LOOPBACK, RawPeer


def _started(plans=None) -> Table:
    plans = plans or [{"place": "host", "name": "Anna"}, {"place": "remote"}]
    table = Table("ABCDEF", Mode.STANDARD, plans, 1, seed=7, first=0)
    table.host_holds(1)
    table.join(2, "Dora")
    return table


def test_a_claim_nobody_answers_is_refused_after_its_wait():
    table = _started()
    table.drop(2, now=0.0)
    asked = table.join(3, "Dora", now=10.0)
    assert [m["type"] for _, m in asked] == ["claim-pending", "claim"]
    assert table.expire(10.0 + CLAIM_WAIT - 1) == []
    out = table.expire(10.0 + CLAIM_WAIT)
    assert (3, "claim-refused") in [(c, m.get("code")) for c, m in out]
    assert (1, "claim-settled") in [(c, m["type"]) for c, m in out]  # the host's prompt closes
    assert not table.claims


def test_a_stale_or_foreign_answer_to_a_claim_changes_nothing():
    table = _started([{"place": "host", "name": "Anna"}, {"place": "remote"}, {"place": "remote"}])
    table.join(4, "Ben")
    table.drop(2, now=0.0)
    claim = table.join(3, "Dora", now=1.0)[1][1]["claim"]
    for conn, claim_id in ((4, claim), (1, claim + 1)):  # not the host; no such claim
        try:
            table.admit(conn, claim_id, True)
            raise AssertionError("the answer was taken")
        except ValueError as err:
            assert err.code in ("not-host", "no-claim")
    assert table.seats[1].holder is None


def test_a_lobby_nobody_holds_goes_sooner_than_a_game():
    limits = Limits()
    srv = Server(limits=limits)
    lobby = Table("LOBBYA", Mode.STANDARD, [{"place": "host", "name": "A"}, {"place": "remote"}],
                  -1, seed=1)
    game = _started()
    for table in (lobby, game):
        for seat in table.seats:
            seat.holder = None
        srv.tables[table.code] = table
    srv.tidy(0.0)
    srv.tidy(limits.lobby_linger)
    assert list(srv.tables) == [game.code]
    srv.tidy(limits.linger)
    assert not srv.tables


def test_a_flood_of_one_log_line_is_said_a_few_times_then_counted():
    clock = [0.0]
    quiet = Quieter(most=5, window=10.0, clock=lambda: clock[0])
    records = [logging.LogRecord("s", logging.ERROR, "", 0, "refused %s", ("x",), None)
               for _ in range(1000)]
    kept = [r for r in records if quiet.filter(r)]
    assert len(kept) == 5
    clock[0] = 10.0
    late = logging.LogRecord("s", logging.ERROR, "", 0, "refused %s", ("x",), None)
    assert quiet.filter(late) and "995 more" in late.getMessage()


class _Broken:
    def choose(self, view, rng, budget):
        raise RuntimeError("a bug in a bot")


def test_a_computer_that_fails_plays_a_fallback_and_the_table_goes_on(monkeypatch, caplog):
    monkeypatch.setattr(server_module, "make_bot", lambda level: _Broken())
    background = BackgroundServer(LOOPBACK, 0, stand_in_after=None)
    port = background.start()
    try:
        peer = RawPeer(f"ws://{LOOPBACK}:{port}")
        peer.send({"type": "create", "mode": "standard", "first": 2, "seats": [
            {"place": "host", "name": "Anna"}, {"place": "computer", "level": "easy"}]})
        state = peer.until("state")
        moved = peer.until("moved")  # the computer moved in spite of its bug
        assert moved["seat"] == 1 and moved["number"] == 0
        from game.engine.position import parse_position
        assert moved["move"] == legal_moves(parse_position(state["position"]))[0].text
    finally:
        background.stop()
    assert "failed to choose" in caplog.text


def test_every_task_of_a_dropped_table_is_cancelled():
    async def main():
        srv = Server()

        async def forever():
            await asyncio.sleep(3600)

        table = _started()
        srv.tables[table.code] = table
        srv.thinking[table.code] = task = srv.own(forever(), "think")
        srv.drop_table(table.code)
        for _ in range(3):  # the cancel, then the done callback, each a turn of the loop
            await asyncio.sleep(0)
        assert task.cancelled() and srv.tasks_running == 0

    asyncio.run(main())


def test_limits_count_an_ipv6_home_as_one_address():
    from game.online.server.limits import address_key

    assert address_key("2001:db8:1:2::5") == address_key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::5") != address_key("2001:db8:1:2::5")
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert address_key("192.0.2.7") == "192.0.2.7"


def test_a_table_takes_only_a_few_claims_at_once():
    from game.online.server.table import CLAIMS_AT_ONCE

    names = [f"P{i}" for i in range(CLAIMS_AT_ONCE + 1)]
    table = Table("ABCDEF", Mode.ALL_INCLUDED, [{"place": "host", "name": "Anna"}]
                  + [{"place": "remote"}] * len(names), 1, seed=7, first=0)
    table.host_holds(1)
    for conn, name in enumerate(names, start=2):
        table.join(conn, name)
    for conn in range(2, 2 + len(names)):
        table.drop(conn, now=0.0)
    for conn, name in enumerate(names[:-1], start=10):  # one claim for each away seat
        table.join(conn, name, now=1.0)
    try:
        table.join(99, names[-1], now=1.0)
        raise AssertionError("the host would be flooded with questions")
    except ValueError as err:
        assert err.code == "busy"


def test_a_seat_taken_over_by_its_token_tells_the_connection_it_left():
    table = _started()
    out = table.take_over(9, 1)
    assert (2, {"type": "taken", "seat": 1}) in out
    assert table.held_by(9) == [1] and table.held_by(2) == []
    try:
        table.rejoin(10, table.seats[1].token)  # while 9 holds it, a token alone is refused
        raise AssertionError("a token unseated a connected player")
    except ValueError as err:
        assert err.code == "seat-connected"


def test_the_servers_computers_think_in_a_worker_process_not_beside_peoples_moves():
    from game.match.thinker import Thinker

    thinker = Thinker()
    background = BackgroundServer(LOOPBACK, 0, stand_in_after=None, thinker=thinker)
    port = background.start()
    try:
        peer = RawPeer(f"ws://{LOOPBACK}:{port}")
        peer.send({"type": "create", "mode": "standard", "first": 2, "seats": [
            {"place": "host", "name": "Anna"}, {"place": "computer", "level": "hard"}]})
        assert peer.until("moved", timeout=60)["seat"] == 1
        assert thinker.mode == "process"
    finally:
        background.stop()


def test_the_collectors_pauses_are_counted_while_installed_and_only_then():
    import gc

    from game.online.server.pauses import GcPauses

    pauses = GcPauses()
    pauses.install()
    try:
        gc.collect()  # a full collection
        gc.collect(0)
    finally:
        pauses.remove()
    gc.collect()
    figures = pauses.figures()
    assert figures["gc_pauses"] == 2 and figures["gc_full"] == 1
    assert figures["gc_ms_max"] >= figures["gc_ms_total"] / 2  # the longer of the two


class _Cycle:
    """Garbage only a full collection frees, once it has reached the oldest generation."""

    def __init__(self) -> None:
        self.me = self


def test_the_servers_collections_free_new_garbage_at_once_and_the_old_only_in_full():
    import gc
    import weakref

    from game.online.server.collector import FullCollection

    was_on = gc.isenabled()
    gc.disable()  # as `serve` runs: only its own calls collect
    try:
        full = FullCollection(now=100.0, every=60.0, after=3)
        kept = _Cycle()
        full.young()  # it lives on: frozen
        old = weakref.ref(kept)
        del kept
        new = _Cycle()
        young = weakref.ref(new)
        del new
        full.young()
        assert young() is None  # garbage made since the last young collection: freed
        assert old() is not None  # frozen: no young collection walks it again
        assert not full.due(159.0)
        assert full.due(160.0)
        full.run(160.0)
        assert old() is None  # the full collection walks the frozen too
        for _ in range(3):  # closed connections bring it sooner
            full.connection_closed()
        assert full.due(161.0) and not FullCollection(now=161.0, after=3).due(161.0)
    finally:
        gc.unfreeze()
        if was_on:
            gc.enable()


def test_work_handed_to_the_servers_loop_answers_or_raises_where_it_is_read():
    background = BackgroundServer(LOOPBACK, 0, stand_in_after=None)
    background.start()
    try:
        assert background.call(lambda server: len(server.tables)).result(10) == 0
        with pytest.raises(ZeroDivisionError):  # never lost on the loop
            background.call(lambda server: 1 / 0).result(10)
    finally:
        background.stop()
    assert background.call(lambda server: 1).result(10) is None  # stopped: no server
