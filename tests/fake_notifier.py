"""A stand-in for game.notifier.Notifier that keeps what it was to show (tests/test_notifier.py
drives the real one on a session bus of its own)."""

from __future__ import annotations

from concurrent.futures import Future


class FakeNotifier:
    made: list[FakeNotifier] = []  # every one made, newest last

    def __init__(self, on_click, on_missing=None) -> None:
        self.on_click, self.shown = on_click, []
        FakeNotifier.made.append(self)

    def show(self, title, body, link) -> Future:
        self.shown.append((title, body, link))
        done = Future()
        done.set_result(True)
        return done

    def close(self) -> None:
        pass
