"""Desktop notifications ("your turn at a table over days") through desktop-notifier: D-Bus's
org.freedesktop.Notifications on Linux, the Notification Center on macOS, WinRT on Windows.

The library is asyncio-based: its loop runs on a thread of its own here, so neither the frame
loop nor the watcher waits for a desktop. A click on a notification calls `on_click` with the
link the notification was sent with, on that thread.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future

from game import paths
from game.i18n import _

APP_NAME = "Scare It!"
ICON = "icons/128x128.png"


def _quiet_library() -> None:
    """The library logs a failed send with its traceback; a missing route is said once in
    words instead (Notifier.missing), so its log stays with it."""
    log = logging.getLogger("desktop_notifier")
    log.propagate = False
    if not log.handlers:
        log.addHandler(logging.NullHandler())


class Notifier:
    """Shows notifications; `missing` holds the words said once where the computer has no
    route for them (no session bus, no notification daemon), and `on_missing` hears them."""

    def __init__(self, on_click: Callable[[str], None],
                 on_missing: Callable[[str], None] | None = None) -> None:
        _quiet_library()
        self.on_click = on_click
        self.on_missing = on_missing
        self.missing: str | None = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="notifier",
                                        daemon=True)
        self._thread.start()
        self._desktop = None  # made on the loop's thread, at the first notification

    def show(self, title: str, body: str, link: str) -> Future:
        """Send one notification (never waits); the future says whether it was shown."""
        return asyncio.run_coroutine_threadsafe(self._send(title, body, link), self._loop)

    async def _send(self, title: str, body: str, link: str) -> bool:
        try:
            from desktop_notifier import DesktopNotifier, Icon  # its import finds the platform
        except ImportError:  # not installed here (macOS: pyproject.toml says why)
            self._say_missing()
            return False
        if self._desktop is None:
            icon = paths.ASSETS / ICON
            self._desktop = DesktopNotifier(APP_NAME, Icon(path=icon) if icon.is_file() else None)
        shown = asyncio.Event()
        await self._desktop.send(title, body, on_dispatched=shown.set,
                                 on_clicked=lambda: self.on_click(link))
        if not shown.is_set():  # the library swallowed the failure: say it once, in words
            self._say_missing()
        return shown.is_set()

    def _say_missing(self) -> None:
        if self.missing is not None:
            return
        self.missing = _("This computer shows no desktop notifications (no notification "
                         "service answers), so you are not told when it is your turn.")
        if self.on_missing is not None:
            self.on_missing(self.missing)

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)
