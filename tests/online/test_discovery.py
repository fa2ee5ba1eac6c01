"""Tables advertised and listed over mDNS, on the loopback interface only (127.0.0.1)."""

from __future__ import annotations

import time

import pytest

from game.engine.modes import Mode
from game.online.client.discovery import Advert, Browser, browse, table_mark
from game.online.shared.protocol import HOST, REMOTE
from game.online.window.hosting import HostedTable, SeatPlan
from tests.online.helpers import LOOPBACK, finish, host, server, spawn

ONLY_LOOPBACK = [LOOPBACK]


def _until(browser: Browser, test, seconds: float = 10.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = [t for t in browser.listings() if test(t)]
        if found:
            return found[0]
        time.sleep(0.1)
    raise AssertionError(f"not heard within {seconds} s: {browser.listings()}")


@pytest.mark.slow  # real mDNS on the loopback, polled (make test-slow: make test's five minutes)
def test_an_advertised_table_is_listed_updated_and_gone():
    browser = Browser(ONLY_LOOPBACK)
    advert = Advert("Grandma Eva", 47001, [LOOPBACK], mode="teams", seats=4, free=3,
                    interfaces=ONLY_LOOPBACK)
    try:
        listing = _until(browser, lambda t: t.url.endswith(":47001"))
        assert (listing.url, listing.host, listing.mode, listing.seats, listing.free, listing.code) \
            == (f"ws://{LOOPBACK}:47001", "Grandma Eva", "teams", 4, 3, None)
        advert.update(free=1)
        _until(browser, lambda t: t.url.endswith(":47001") and t.free == 1)
    finally:
        advert.close()
    deadline = time.monotonic() + 10
    while any(t.url.endswith(":47001") for t in browser.listings()):
        assert time.monotonic() < deadline, "the table stayed listed after it closed"
        time.sleep(0.1)
    browser.close()


@pytest.mark.slow  # real mDNS on the loopback, polled (make test-slow: make test's five minutes)
def test_a_shared_code_and_a_long_name_travel():
    name = "Babička Eva z Brna\u2028" + "ž" * 40
    advert = Advert(name, 47002, [LOOPBACK], mode="standard", seats=2, free=1, code="KTR4WM",
                    interfaces=ONLY_LOOPBACK)
    try:
        found = [t for t in browse(3.0, ONLY_LOOPBACK) if t.url.endswith(":47002")]
    finally:
        advert.close()
    assert found and found[0].code == "KTR4WM" and found[0].host == name


def test_a_tables_mark_is_its_own_and_stays_when_it_is_opened_again():
    first = table_mark({0: "host-token-a", 2: "couch-token"})
    assert first == table_mark({2: "couch-token", 0: "host-token-a"})  # by seat, not order
    assert first != table_mark({0: "host-token-b"})  # a new table: new tokens, a new mark
    assert first.isalnum() and "host-token-a" not in first and table_mark({}) is None


@pytest.mark.slow  # real mDNS on the loopback, polled (make test-slow: make test's five minutes)
def test_the_hosts_table_is_listed_with_its_mark():
    hosted = HostedTable(Mode.STANDARD, [SeatPlan(HOST, "Eva"), SeatPlan(REMOTE, "")],
                         port=0, listen=LOOPBACK, interfaces=ONLY_LOOPBACK).open()
    try:
        mark = table_mark(hosted.client.mirror.tokens)
        listing = _until_browsed(lambda t: t.url.endswith(f":{hosted.port}"))
        assert mark is not None and listing.table == mark and listing.code is None
    finally:
        hosted.close()


def _until_browsed(test, seconds: float = 10.0):
    browser = Browser(ONLY_LOOPBACK)
    try:
        return _until(browser, test, seconds)
    finally:
        browser.close()


@pytest.mark.slow  # real mDNS on the loopback, polled (make test-slow: make test's five minutes)
def test_host_advertise_and_the_tables_command():
    with server() as s:
        h, code = host(s.url, "--mode", "all-included", "--seats", "3", "--bot", "easy",
                       "--name", "Anna", "--advertise", "--interface", LOOPBACK)
        lister = spawn("tables", "--seconds", "3", "--interface", LOOPBACK)
        rc, lines, err = finish(lister)
        assert rc == 0, err
        ours = [line.split("\t") for line in lines if line.startswith(s.url)]
        assert ours == [[s.url, "Anna", "all-included", "2/3 free", "-"]], lines
        h.kill()
        finish(h)
