"""A stop signal from the operating system ends a kiosk cleanly (what `systemctl stop` sends),
while the window's close button still does not."""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import sys

import pygame
import pytest


def start_kiosk(tmp_path) -> subprocess.Popen:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SCARE_IT_PREFS=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "game", "--kiosk", "--frames", "10000000"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    # The kiosk says when it runs (and so has its handlers); wait for that line, boundedly.
    # A selector, not select(): a test worker may hold more than 1024 files by now.
    with selectors.DefaultSelector() as waiting:
        waiting.register(proc.stderr, selectors.EVENT_READ)
        ready = waiting.select(60)
    line = proc.stderr.readline() if ready else ""
    if "kiosk mode running" not in line:
        proc.kill()
        proc.wait()
        pytest.fail(f"the kiosk did not start: {line!r}")
    return proc


@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT"])
def test_a_stop_signal_ends_the_kiosk_with_status_0(tmp_path, name):
    proc = start_kiosk(tmp_path)
    try:
        assert proc.poll() is None, "the kiosk keeps running until it is told to stop"
        proc.send_signal(getattr(signal, name))
        assert proc.wait(timeout=30) == 0
        assert (tmp_path / "settings.json").is_file(), "it ended through the loop's clean exit"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.fixture
def kiosk_app(tmp_path, monkeypatch):
    """An in-process kiosk; its window is closed afterwards (a second SCALED window on top of a
    first can abort inside SDL)."""
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    from game.app import App

    yield lambda: App(frames=3, kiosk=True)
    pygame.quit()


def test_the_close_button_still_does_not_end_the_kiosk(kiosk_app):
    app = kiosk_app()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE))
    for event in pygame.event.get():
        app.dispatch(event)
    assert app.running


def test_the_old_handlers_come_back_after_the_kiosk(kiosk_app):
    before = signal.getsignal(signal.SIGTERM)
    app = kiosk_app()
    assert app.run() == 0
    assert signal.getsignal(signal.SIGTERM) == before


def test_a_stop_signal_during_start_up_is_not_lost(kiosk_app):
    """Before the loop runs, SDL's own handler turns SIGTERM into a quit event; the kiosk's
    loop, starting, takes a waiting quit event as that signal."""
    app = kiosk_app()
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # what SDL's handler posts
    app.frames = 10_000_000
    assert app.run() == 0 and app.ticks < 10
