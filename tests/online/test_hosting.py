"""The host's table without a window: its seat plans in the protocol's words, its own server
on a taken port, and the addresses it is found at."""

from __future__ import annotations

import ipaddress
import socket
import threading

from game.engine.modes import Mode
from game.online.server.table import Table
from game.online.shared.protocol import COMPUTER, HOST, REMOTE, SEAT_PLACES
from game.online.window.host_save import HostSaver
from game.online.window.hosting import HostedTable, SeatPlan, local_addresses, plans_of
from tests.online.helpers import LOOPBACK


def test_every_seat_plan_is_a_kind_the_protocol_knows():
    plans = plans_of([SeatPlan(HOST, "Eva"), SeatPlan(REMOTE, ""), SeatPlan(COMPUTER, "", "hard")])
    assert [p["place"] for p in plans] == ["host", "remote", "computer"]
    assert all(p["place"] in SEAT_PLACES for p in plans)
    assert plans[0]["name"] == "Eva" and plans[2]["level"] == "hard"


def test_the_host_takes_another_port_when_its_own_is_taken():
    taken = socket.socket()
    taken.bind((LOOPBACK, 0))
    taken.listen()
    port = taken.getsockname()[1]
    table = HostedTable(Mode.STANDARD, [SeatPlan(HOST, "Eva"), SeatPlan(REMOTE, "")],
                        listen=LOOPBACK, port=port, advertise=False)
    try:
        table.open()
        assert table.port != port and table.code
        assert table.urls() == [f"ws://{LOOPBACK}:{table.port}"]
        assert table.client.mine == (0,)
    finally:
        table.close()
        taken.close()


def test_this_computers_addresses_are_ipv4():
    for address in local_addresses():
        assert ipaddress.ip_address(address).version == 4


class Writer:
    """The window's SaveWriter as the host's saver uses it: the texts saved, by game."""

    def __init__(self) -> None:
        self.saved: list[tuple[str, str]] = []

    def save(self, text: str, game: str) -> None:
        self.saved.append((text, game))

    def flush(self) -> None:
        """Nothing waits: every save is in `saved` already."""

    def forget(self, game: str) -> None:
        self.saved = [s for s in self.saved if s[1] != game]


def test_the_hosts_save_reads_its_table_on_the_servers_loop_only(monkeypatch):
    """The host's saver asks the server's loop for the table's game and writes what comes
    back: the table is read on the server's thread, never the window's."""
    readers = []
    saved = Table.saved

    def read(table, *args, **kwargs):
        readers.append(threading.current_thread())
        return saved(table, *args, **kwargs)

    monkeypatch.setattr(Table, "saved", read)
    table = HostedTable(Mode.STANDARD, [SeatPlan(HOST, "Eva"), SeatPlan(COMPUTER, "", "easy")],
                        listen=LOOPBACK, port=0, advertise=False, first=0)
    writer = Writer()
    try:
        table.open()
        saver = HostSaver(writer, table, "g1")
        saver.catch_up()
        assert len(writer.saved) == 1 and writer.saved[0][1] == "g1"
        assert readers and threading.current_thread() not in readers
        assert {t.name for t in readers} == {"scare-it-server"}
        saver.follow()  # asks again; nothing new at the table: nothing more is written
        saver.catch_up()
        assert len(writer.saved) == 1 and saver.saved == 0
    finally:
        table.close()
