"""The host's table without a window: its seat plans in the protocol's words, its own server
on a taken port, and the addresses it is found at."""

from __future__ import annotations

import ipaddress
import socket

from game.engine.modes import Mode
from game.online.shared.protocol import COMPUTER, HOST, REMOTE, SEAT_KINDS
from game.online.window.hosting import HostedTable, SeatPlan, local_addresses, plans_of
from tests.online.helpers import LOOPBACK


def test_every_seat_plan_is_a_kind_the_protocol_knows():
    plans = plans_of([SeatPlan(HOST, "Eva"), SeatPlan(REMOTE, ""), SeatPlan(COMPUTER, "", "hard")])
    assert [p["kind"] for p in plans] == ["host", "remote", "computer"]
    assert all(p["kind"] in SEAT_KINDS for p in plans)
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
