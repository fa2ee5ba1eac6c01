"""Tables over days on a fake wall clock (issue 48): a deadline under "wait" and under
"computer", more time, a table closed 30 days past its deadline, a `status` that tells a
wrong token nothing, and all of it kept in the database."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from game.engine.modes import Mode
from game.engine.moves import legal_moves
from game.online.server import table as table_module
from game.online.server.finished import FinishedTables
from game.online.server.overdays import CLOSE_AFTER, Days
from game.online.server.server import Peer, Server
from game.online.server.store import Store
from game.online.server.table import Table
from game.online.shared.protocol import (
    DAY,
    PER_MOVE_CHOICES,
    SEATS_MAX,
    STATUS_MAX,
    ProtocolError,
    checked,
    parse_duration,
)

TWO = [{"place": "host", "name": "Anna"}, {"place": "remote"}]


class Family:
    """A server on a fake wall clock, and the connections of the people at its table."""

    def __init__(self, store: Store | None = None) -> None:
        self.now = 1_000_000.0
        self.server = Server(wall=lambda: self.now, clock=lambda: 0.0, budget=0.01, store=store,
                             finished=FinishedTables(clock=lambda: self.now))
        self._ids = 0

    def peer(self) -> Peer:
        self._ids += 1
        peer = Peer(self._ids, None, f"10.0.{self._ids}.5", hello=True)
        self.server.peers[peer.id] = peer
        return peer

    def ask(self, peer: Peer, message: dict) -> None:
        """A message read from `peer`; a refusal is queued as the reader would."""
        try:
            self.server._dispatch(peer, checked(message, True))
        except ProtocolError as err:
            peer.outbox.put_nowait(json.dumps({"type": "error", "code": err.code}))

    def leave(self, peer: Peer) -> None:
        """The connection is gone (what the server's handler does when it closes)."""
        del self.server.peers[peer.id]
        if peer.table is not None:
            self.server._deliver(peer.table.drop(peer.id, 0.0))
            self.server._kept(peer.table)

    def table(self, on_time: str = "wait", per_move: int = DAY) -> tuple[Table, Peer, Peer]:
        """Anna opens a table over days, Ben sits down: the game starts, Anna to move."""
        anna, ben = self.peer(), self.peer()
        self.ask(anna, {"type": "create", "mode": "standard", "seats": TWO, "first": 1,
                        "per_move": per_move, "on_time": on_time})
        table = anna.table
        self.ask(ben, {"type": "join", "code": table.code, "name": "Ben"})
        assert table.started and table.state.turn == 0
        return table, anna, ben

    def tick(self, seconds: float) -> None:
        self.now += seconds
        self.server.tidy(10.0 ** 7)  # the monotonic clock far past every live table's linger


def read(peer: Peer) -> list[dict]:
    out = []
    while not peer.outbox.empty():
        out.append(json.loads(peer.outbox.get_nowait()))
    return out


def other_than(token: str) -> str:
    """A token one letter off `token` (its last letter changed, never to itself)."""
    return token[:-1] + ("Q" if token[-1] != "Q" else "R")


def notes(table: Table) -> list[tuple[str, int, int]]:
    return [(n["note"], n["seat"], n["move"]) for n in table.days.notes]


def test_wait_reminds_at_a_quarter_left_and_never_plays_for_anyone():
    async def main():
        family = Family()
        table, anna, ben = family.table()
        family.leave(anna)
        family.leave(ben)  # nobody is connected: the table goes on all the same
        family.tick(0.75 * DAY - 1)
        assert notes(table) == []
        family.tick(1)
        assert notes(table) == [("reminder", 0, 0)]
        family.tick(0.25 * DAY)
        assert notes(table) == [("reminder", 0, 0), ("time-ran-out", 0, 0)]
        family.tick(9 * DAY)  # days pass: nothing is played, nobody stands in, it is kept
        assert table.state.moves == () and table.code in family.server.tables
        assert table.computer_turn() is None and table.seats[0].stand_in is None
        assert len(notes(table)) == 2
    asyncio.run(main())


def test_a_connected_player_is_told_the_reminder():
    async def main():
        family = Family()
        table, anna, ben = family.table()
        read(ben)
        family.tick(0.8 * DAY)
        told = [m for m in read(ben) if m["type"] == "notice"]
        assert [(m["note"], m["seat"]) for m in told] == [("reminder", 0)]
    asyncio.run(main())


def test_computer_plays_that_one_move_said_in_the_history_and_kept(tmp_path):
    async def main():
        store = Store(tmp_path / "t.sqlite3")
        family = Family(store)
        table, anna, ben = family.table("computer")
        family.leave(anna)
        family.leave(ben)
        family.tick(DAY)
        await family.server.thinking[table.code]
        assert len(table.state.moves) == 1 and table.state.turn == 1
        assert notes(table)[-1] == ("computer-moved", 0, 0)
        assert table.computer_turn() is None  # Ben's move is his own: his time starts now
        assert table.days.deadline == family.now + DAY
        family.tick(0)
        assert len(table.state.moves) == 1
        family.server.close()
        again, problems = Store(tmp_path / "t.sqlite3").tables(0.0)
        assert problems == [] and len(again) == 1
        kept = again[0]
        assert [m.text for m in kept.state.moves] == [m.text for m in table.state.moves]
        assert kept.days.notes == table.days.notes and kept.days.deadline == table.days.deadline
    asyncio.run(main())


def test_others_give_one_more_day_once_each_per_move():
    async def main():
        family = Family()
        table, anna, ben = family.table()
        due = table.days.deadline
        family.ask(anna, {"type": "more-time"})
        assert read(anna)[-1]["code"] == "your-move"
        read(ben)
        family.ask(ben, {"type": "more-time"})
        assert table.days.deadline == due + DAY
        told = read(anna)[-1]
        assert (told["type"], told["note"], told["seat"]) == ("notice", "more-time", 0)
        family.ask(ben, {"type": "more-time"})
        assert read(ben)[-1]["code"] == "more-time-given"
        family.tick(1.5 * DAY)  # past the first deadline, before the new one: nothing ran out
        assert [n[0] for n in notes(table)] == ["more-time"]
    asyncio.run(main())


def test_more_time_at_a_live_table_is_refused():
    async def main():
        family = Family()
        anna, ben = family.peer(), family.peer()
        family.ask(anna, {"type": "create", "mode": "standard", "seats": TWO})
        family.ask(ben, {"type": "join", "code": anna.table.code, "name": "Ben"})
        read(ben)
        family.ask(ben, {"type": "more-time"})
        assert read(ben)[-1]["code"] == "not-over-days"
    asyncio.run(main())


def test_a_table_untouched_30_days_past_its_deadline_is_closed_and_its_end_kept():
    async def main():
        family = Family()
        table, anna, ben = family.table()
        token = table.seats[1].token
        family.leave(anna)
        family.leave(ben)
        family.tick(DAY + CLOSE_AFTER - 1)
        assert table.code in family.server.tables
        family.tick(1)
        assert table.code not in family.server.tables
        assert notes(table)[-1][0] == "closed"
        back = family.peer()
        family.ask(back, {"type": "rejoin", "code": table.code, "token": token})
        told = read(back)
        assert [m["type"] for m in told][:3] == ["joined", "state", "over"]
        assert told[2]["reason"] == "closed" and "moves:" in told[2]["record"]
    asyncio.run(main())


def test_a_status_for_a_wrong_token_is_byte_for_byte_an_unknown_codes():
    async def main():
        family, empty = Family(), Family()
        table, anna, ben = family.table()
        for token in ("x" * 22, other_than(table.seats[0].token), "not a token at all"):
            asks = {"type": "status", "tables": [{"code": table.code, "token": token}]}
            answers = []
            for server in (family, empty):
                peer = server.peer()
                server.ask(peer, asks)
                answers.append(peer.outbox.get_nowait())
            assert answers[0] == answers[1]
            assert json.loads(answers[0])["tables"] == [{"code": table.code, "known": False}]
        peer = family.peer()
        family.ask(peer, {"type": "status", "tables": [
            {"code": table.code.lower(), "token": table.seats[1].token}]})
        entry = read(peer)[0]["tables"][0]
        assert entry["known"] and entry["seat"] == 1 and entry["turn"] == 0
        assert entry["deadline"] == table.days.deadline
    asyncio.run(main())


def test_a_status_compares_a_wrong_token_as_often_at_any_table_as_for_no_table(monkeypatch):
    compared = []

    def counted(a, b):
        compared.append(1)
        return a == b

    monkeypatch.setattr(table_module.hmac, "compare_digest", counted)

    async def main():
        family = Family()
        small, anna, _ben = family.table()
        computers = family.peer()
        family.ask(computers, {"type": "create", "mode": "standard", "per_move": DAY,
                               "seats": TWO + [{"place": "computer", "level": "easy"}]})
        counts = []
        for code in (small.code, computers.table.code, "CFHJKL"):
            compared.clear()
            family.ask(family.peer(), {"type": "status",
                                       "tables": [{"code": code, "token": "x" * 22}]})
            counts.append(len(compared))
        assert counts == [SEATS_MAX] * 3
        family.server.close()
    asyncio.run(main())


def test_a_status_asks_about_twenty_tables_at_most():
    async def main():
        family = Family()
        peer = family.peer()
        pair = {"code": "KTR4WM", "token": "x" * 22}
        family.ask(peer, {"type": "status", "tables": [pair] * STATUS_MAX})
        assert read(peer)[0]["type"] == "status"
        family.ask(peer, {"type": "status", "tables": [pair] * (STATUS_MAX + 1)})
        assert read(peer)[0]["code"] == "malformed"
    asyncio.run(main())


def test_over_days_a_lobby_keeps_its_seats_and_nobody_stands_in():
    async def main():
        family = Family()
        anna, ben, cleo = family.peer(), family.peer(), family.peer()
        family.ask(anna, {"type": "create", "mode": "standard", "per_move": 0,
                          "seats": TWO + [{"place": "remote"}]})
        table = anna.table
        family.ask(ben, {"type": "join", "code": table.code, "name": "Ben"})
        family.leave(anna)
        family.leave(ben)
        family.tick(DAY)  # a lobby over days is not let go for being empty
        assert table.code in family.server.tables and table.seats[1].name == "Ben"
        family.ask(cleo, {"type": "join", "code": table.code, "name": "Cleo"})
        assert table.started and table.days.deadline is None  # no limit
        family.leave(cleo)
        family.tick(20 * DAY)
        assert table.away(family.now, 0.0) == [] and table.code in family.server.tables
    asyncio.run(main())


def test_an_address_opens_twenty_tables_over_days_and_a_player_sits_at_twenty():
    async def main():
        family = Family()
        plans = TWO
        key = "k" * 22
        for number in range(21):
            peer = Peer(100 + number, None, "10.9.9.9", hello=True)
            family.server.peers[peer.id] = peer
            family.ask(peer, {"type": "create", "mode": "standard", "seats": plans,
                              "per_move": DAY, "player": key})
            answer = read(peer)
            kind = answer[0]["code"] if answer[0]["type"] == "error" else answer[0]["type"]
            assert kind == ("joined" if number < 20 else "too-many-days-tables")
        other = family.peer()
        family.ask(other, {"type": "create", "mode": "standard", "seats": plans,
                           "per_move": DAY, "player": key})
        assert read(other)[0]["code"] == "too-many-days-seats"
        family.server.close()
    asyncio.run(main())


def test_over_days_each_person_sits_at_their_own_computer():
    with pytest.raises(ProtocolError, match="own computer"):
        Table("ABCDEF", Mode.STANDARD, [{"place": "host", "name": "A"},
                                         {"place": "host", "name": "B"}], 1, seed=1,
              days=Days(DAY))


def test_every_time_the_window_offers_opens_a_table_over_days():
    async def main():
        family = Family()
        for per_move in PER_MOVE_CHOICES:
            peer = family.peer()
            family.ask(peer, {"type": "create", "mode": "standard", "seats": TWO,
                              "per_move": per_move})
            assert read(peer)[0]["type"] == "joined"
            assert peer.table.days.per_move == (per_move or None)
    asyncio.run(main())


@pytest.mark.parametrize("text,seconds", [("90s", 90), ("12h", 12 * 3600), ("2d", 2 * DAY),
                                          ("none", 0), ("14d", 14 * DAY)])
def test_a_moves_time_is_read_as_the_command_line_says_it(text, seconds):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["15d", "2x", "d", "-1d", "0s"])
def test_a_wrong_moves_time_is_said(text):
    with pytest.raises(ValueError, match="time"):
        parse_duration(text)


def test_a_database_of_before_tables_over_days_is_read(tmp_path):
    path = tmp_path / "old.sqlite3"
    old = Table("KTR4WM", Mode.STANDARD, TWO, 1, seed=3)
    setup = {k: v for k, v in old.snapshot().items() if k not in ("days", "closed")}
    for seat in setup["seats"]:
        seat.pop("player")
    with sqlite3.connect(path) as db:
        db.executescript("CREATE TABLE tables (code TEXT PRIMARY KEY, setup TEXT NOT NULL);"
                         "CREATE TABLE moves (code TEXT NOT NULL, number INTEGER NOT NULL, "
                         "move TEXT NOT NULL, PRIMARY KEY (code, number));")
        db.execute("INSERT INTO tables VALUES (?, ?)", ("KTR4WM", json.dumps(setup)))
    db.close()
    store = Store(path)
    tables, problems = store.tables(0.0)
    assert problems == [] and [t.code for t in tables] == ["KTR4WM"] and tables[0].days is None
    store.keep(tables[0])  # written with the new column
    store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT deadline FROM tables").fetchall() == [(None,)]


def test_a_moves_new_deadline_is_kept_with_the_move_itself(tmp_path):
    """Killed right after a move is written (before anything else is): the table comes back
    with that move's deadline, not the one before, and a computer's move still said."""
    async def main():
        store = Store(tmp_path / "t.sqlite3")
        family = Family()
        table, anna, ben = family.table("computer")
        family.now += DAY
        table.tick(family.now)  # the time ran out: a computer plays Anna's move
        seat, _level, view = table.computer_turn()
        move = legal_moves(view.position)[0]
        table.play(None, seat, move.text, 0, keep=lambda state: store.moved(table, state))
        store.close()  # nothing more written: as a kill -9 here
        kept = Store(tmp_path / "t.sqlite3").tables(0.0)[0][0]
        assert kept.days.deadline == family.now + DAY == table.days.deadline
        assert kept.days.notes == table.days.notes and kept.days.notes[-1]["note"] == "computer-moved"
    asyncio.run(main())


def test_a_status_tells_the_time_for_each_move_and_the_names_at_the_table():
    """A watcher words "your turn" with the other players' names and reminds at a quarter of
    `per_move` left: both come in the status of a token that sits there."""
    async def main():
        family = Family()
        table, anna, ben = family.table(per_move=2 * DAY)
        peer = family.peer()
        family.ask(peer, {"type": "status", "tables": [
            {"code": table.code, "token": table.seats[1].token}]})
        entry = read(peer)[0]["tables"][0]
        assert entry["per_move"] == 2 * DAY and entry["names"] == ["Anna", "Ben"]
    asyncio.run(main())
