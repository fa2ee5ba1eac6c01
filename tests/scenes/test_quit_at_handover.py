"""Finding 2 of issue 32, the window's ✕ while "Pass to Anna" shows: the real loop's end writes
the last move's save before the program ends, so the next start offers Continue at that move
on its first frame, even when the disk is slow and the save was still waiting at the ✕. The
race is staged by events, not by the clock: the disk answers only once the program's end asks
for the pending saves, so a loop that ended without them would find no save."""

from __future__ import annotations

import threading
import time

import pygame

from game.match import saving
from game.match.loading import load_game
from tests.scenes.drive import click, name, new_app, press, pump


def test_the_x_at_a_hand_over_keeps_the_last_move_for_the_next_start(prefs, monkeypatch):
    app = new_app("mouse")
    app.go_to_menu()
    pump(app, 2)
    press(app, "new_game")
    press(app, "start")  # two people at the couch: a hand-over after each move
    table = next(s for s in app.stack.scenes if type(s).__name__ == "PlayScene")
    while name(app) == "HandoverScene":
        press(app, "continue")
    slow, close = saving.save_game, app.saver.close
    writing, answered = threading.Event(), threading.Event()

    def slow_disk(*args, **kwargs):
        writing.set()
        # The disk answers when the program's end waits for it (a writer error fails the test).
        assert answered.wait(30), "the save still waits for the disk: nothing waited for it"
        return slow(*args, **kwargs)

    def end_waits_for_the_disk():
        answered.set()
        close()

    monkeypatch.setattr(saving, "save_game", slow_disk)
    monkeypatch.setattr(app.saver, "close", end_waits_for_the_disk)
    move = next(m for m in table.state.legal_moves() if not m.move_in)
    click(app, table.field.layout.center(move.scarer))
    click(app, table.field.layout.center(move.target))
    end = time.monotonic() + 30
    while name(app) != "HandoverScene":  # "Pass to Ben"
        assert time.monotonic() < end, name(app)
        pump(app, 1)
    played = table.state.moves
    assert len(played) == 1
    assert writing.wait(30) and not answered.is_set()  # the ✕ comes while the save waits
    pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frames = None  # the real loop, in real time, until the ✕ ends it
    assert app.run() == 0 and not app.running
    record, notice = load_game()
    assert notice is None and record is not None and record.moves == played

    app = new_app("mouse")  # the next start: Continue on the title at once
    app.go_to_menu()
    pump(app, 1)
    assert any("#continue" in e.object_ids for e in app.stack.top.elements)
    assert app.stack.top.saved.moves == played
    app.saver.close()
