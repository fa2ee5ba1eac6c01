"""Desktop notifications (game/notifier.py) through the real route on Linux: desktop-notifier
speaks D-Bus to org.freedesktop.Notifications on a session bus of the test's own (dbus-daemon),
served by a small fake written with the same D-Bus library (dbus-fast); its click
(ActionInvoked) opens that table's link. Where no bus exists, it is said once, in words."""

# No `from __future__ import annotations`: dbus-fast reads the D-Bus signatures from them.

import asyncio
import shutil
import subprocess
import sys
import threading

import pytest

from game.notifier import Notifier

pytest.importorskip("dbus_fast")
from dbus_fast.aio import MessageBus  # noqa: E402
from dbus_fast.service import ServiceInterface, method, signal  # noqa: E402

LINK = "scare-it://home.local:8765/ABC"
# D-Bus signatures, named so the annotations read as values (dbus-fast takes them so).
S, U, INT, AS, DICT = "s", "u", "i", "as", "a{sv}"


class FakeNotifications(ServiceInterface):
    """What a desktop's notification daemon answers, and the notifications it was sent."""

    def __init__(self) -> None:
        super().__init__("org.freedesktop.Notifications")
        self.sent: list[tuple[str, str, list]] = []
        self.arrived = threading.Event()

    @method()
    def Notify(self, app_name: S, replaces_id: U, app_icon: S, summary: S, body: S,
               actions: AS, hints: DICT, expire_timeout: INT) -> U:
        self.sent.append((summary, body, list(actions)))
        self.arrived.set()
        return len(self.sent)

    @method()
    def GetCapabilities(self) -> AS:
        return ["actions", "body"]

    @method()
    def GetServerInformation(self) -> S * 4:
        return ["fake", "scare-it tests", "1", "1.2"]

    @method()
    def CloseNotification(self, nid: U) -> None:
        pass

    @signal()
    def ActionInvoked(self, nid: U, key: S) -> U + S:
        return [nid, key]

    @signal()
    def NotificationClosed(self, nid: U, reason: U) -> U + U:
        return [nid, reason]


@pytest.fixture
def session_bus(monkeypatch):
    """A private session bus (dbus-daemon) with the fake notification daemon on it."""
    daemon = shutil.which("dbus-daemon")
    if daemon is None:
        pytest.skip("dbus-daemon is not installed (Debian: dbus-daemon)")
    proc = subprocess.Popen([daemon, "--session", "--nofork", "--print-address=1"],
                            stdout=subprocess.PIPE, text=True)
    address = proc.stdout.readline().strip()
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    fake = FakeNotifications()

    async def serve():
        bus = await MessageBus(bus_address=address).connect()
        bus.export("/org/freedesktop/Notifications", fake)
        await bus.request_name("org.freedesktop.Notifications")
        return bus
    bus = asyncio.run_coroutine_threadsafe(serve(), loop).result(timeout=10)
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", address)
    yield fake, loop
    loop.call_soon_threadsafe(bus.disconnect)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(timeout=10)
    proc.terminate()
    proc.wait(timeout=10)


def test_a_notification_goes_through_the_session_bus_and_its_click_opens_the_table(session_bus):
    fake, loop = session_bus
    opened: list[str] = []
    clicked = threading.Event()

    def open_table(link: str) -> None:
        opened.append(link)
        clicked.set()
    notifier = Notifier(open_table)
    try:
        assert notifier.show("Your turn", "Table ABC. Players: Grandma", LINK).result(timeout=10)
        assert fake.sent == [("Your turn", "Table ABC. Players: Grandma", ["default", ""])]
        # The person clicks the notification: the daemon says which action, on the bus.
        loop.call_soon_threadsafe(fake.ActionInvoked, 1, "default")
        assert clicked.wait(timeout=10)
        assert opened == [LINK]
        assert notifier.missing is None
    finally:
        notifier.close()


def test_where_no_session_bus_exists_it_is_said_once_in_words(monkeypatch, capfd):
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/scare-it-bus")
    said: list[str] = []
    notifier = Notifier(lambda link: None, on_missing=said.append)
    try:
        assert notifier.show("Your turn", "Table ABC", LINK).result(timeout=10) is False
        assert notifier.show("Your turn", "Table XYZ", LINK).result(timeout=10) is False
    finally:
        notifier.close()
    assert len(said) == 1 and "notification" in said[0]
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err


def test_without_the_library_it_is_said_once_in_words(monkeypatch):
    """macOS installs no desktop-notifier (pyproject.toml says why): no notification, one line."""
    monkeypatch.setitem(sys.modules, "desktop_notifier", None)  # `import` fails as if absent
    said: list[str] = []
    notifier = Notifier(lambda link: None, on_missing=said.append)
    try:
        assert notifier.show("Your turn", "Table ABC", LINK).result(timeout=10) is False
        assert notifier.show("Your turn", "Table XYZ", LINK).result(timeout=10) is False
    finally:
        notifier.close()
    assert len(said) == 1
