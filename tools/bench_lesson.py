"""The guided first game, timed: how long it takes a player who follows it, and the kiosk's.

Run: .venv/bin/python tools/bench_lesson.py [--quick] [--wpm N] [--reaction S]

A simulated follower plays the lesson through the real scenes (the title's "Learn by playing",
the lesson on the real session and table, the coach, the end screen) by posted mouse
events, at the real frame time: the App's virtual clock moves one TICK (1/60 s) a frame, and
every animation and the computer's moves run at the default settings (animation speed 1.0,
computer pace 1.0). So the figures are the game's time, not this machine's speed, and a busy
machine does not change them.

The follower reads each coach text (the words on screen at that step) at WPM words a minute,
then does what the step asks, each click or drag REACTION seconds after the last thing it did
or saw. Defaults: a 9-year-old (CHILD: 100 words a minute, reading to themselves; 1.5 s to
find and press each thing); an adult (ADULT: 200 words a minute, 1.0 s) is timed beside it,
and a child who makes one wrong try at each step that forgives one (then reads the hint).

The kiosk's lesson (the attract loop's, played by the coach itself) is timed too: each step's
seconds on screen, and the reading speed its captions ask of a passer-by.

--quick: the child alone, and the kiosk (a few seconds; make test-slow runs it).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.app import TICK, App  # noqa: E402
from game.match import lesson  # noqa: E402

DRAW_EVERY = 30  # frames between two draws (2 Hz): the times are the clock's, not the drawing's
DRAG_S = 0.5  # a drag across one card, once pressed
LIMIT_S = 600.0  # a lesson that has not ended by then is stuck: said, and the tool fails


@dataclass(frozen=True)
class Follower:
    """Who plays the lesson: reading speed, the time to each click, one wrong try a step."""

    name: str
    wpm: float
    reaction: float
    wrong: bool = False

    def reading(self, words: str) -> float:
        return len(words.split()) * 60.0 / self.wpm


CHILD = Follower("a 9-year-old", 100, 1.5)
ADULT = Follower("an adult", 200, 1.0)


class Clock:
    """The app, stepped frame by frame on its virtual clock; events handed to it at once."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.frames = 0

    def wait(self, seconds: float) -> None:
        for _ in range(max(1, round(seconds / TICK))):
            self.tick()

    def tick(self) -> None:
        app = self.app
        for event in pygame.event.get():
            app.dispatch(event)
        app.step(TICK)
        self.frames += 1
        if self.frames % DRAW_EVERY == 0:
            app.draw()
        if app.now > LIMIT_S:
            raise SystemExit(f"the lesson did not end in {LIMIT_S:.0f} s: stuck at "
                             f"{type(app.stack.top).__name__}")

    def until(self, done) -> None:
        while not done():
            self.tick()

    def send(self, *events) -> None:
        for type_, attrs in events:
            pygame.event.post(pygame.event.Event(type_, **attrs))
        self.tick()
        self.app.draw()  # what the next look finds (the coach's "Got it" is placed in a draw)

    def click(self, pos) -> None:
        self.send((pygame.MOUSEBUTTONDOWN, {"button": 1, "pos": pos}),
                  (pygame.MOUSEBUTTONUP, {"button": 1, "pos": pos}))

    def drag(self, start, end) -> None:
        self.send((pygame.MOUSEBUTTONDOWN, {"button": 1, "pos": start}))
        steps = max(2, round(DRAG_S / TICK))
        for i in range(1, steps + 1):
            pos = (start[0] + (end[0] - start[0]) * i // steps,
                   start[1] + (end[1] - start[1]) * i // steps)
            self.send((pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (1, 0, 0)}))
        self.send((pygame.MOUSEBUTTONUP, {"button": 1, "pos": end}))


def _settled(scene) -> bool:
    from game.match.session import Phase

    return scene.director is None and scene.phase in (Phase.TURN, Phase.COMPUTER, Phase.OVER)


def _enter(clock: Clock, scene, move, who: Follower) -> None:
    """A move by mouse, as the table teaches it: the scarer, then the target (a move in: a
    drag onto it)."""
    lay = scene.field.layout
    clock.wait(who.reaction)
    clock.click(lay.center(move.scarer))
    clock.wait(who.reaction)
    if move.move_in and not move.vertical:
        clock.drag(lay.center(move.scarer), lay.center(move.target))
    else:
        clock.click(lay.center(move.target))


def _wrong_try(clock: Clock, scene, step, who: Follower) -> None:
    """One wrong try, then the hint read."""
    if step.does == lesson.PEEK:
        clock.wait(who.reaction)
        clock.click(scene.field.layout.center((0, 0)))  # a card, not Peek
    else:
        right = lesson.LINE_MOVES[step.ply]
        wrong = next(m for m in scene.state.legal_moves() if m.canonical() != right.canonical())
        _enter(clock, scene, wrong, who)
    clock.wait(who.reading(scene.kind.coach.hint))


def play(who: Follower) -> tuple[list[tuple[lesson.Step, int, float]], float, float]:
    """The lesson played by `who`: each step with its words' length and seconds, the seconds
    to the end screen, and the end screen's own (its words read, a choice made)."""
    from game.scenes.registry import open_screen

    app = App(frames=1, windowed=True)
    app.settings.lesson_offered = True
    app.go_to_menu()
    clock = Clock(app)
    clock.wait(0.5)
    open_screen(app, "lesson")  # as the title's "Learn by playing" opens it
    scene = app.stack.top
    start = app.now
    steps = []
    while scene.kind.coach.current is not None:
        step, at, began = scene.kind.coach.current, scene.kind.coach.step, app.now
        clock.until(lambda: _settled(scene))
        words = scene.kind.coach.words(scene.state, app.input.device)
        clock.wait(who.reading(words))
        if who.wrong and step.wrong:
            _wrong_try(clock, scene, step, who)
        if step.does == lesson.READ:
            clock.wait(who.reaction)
            clock.click(scene.kind.coach.got_it.rect.center)
        elif step.does == lesson.PEEK:
            clock.wait(who.reaction)
            clock.click(scene.buttons["peek"].rect.center)  # a tap keeps them shown
        elif step.does == lesson.PLAY:
            _enter(clock, scene, lesson.LINE_MOVES[step.ply], who)
        clock.until(lambda at=at: scene.kind.coach.step != at)
        steps.append((step, len(words.split()), app.now - began))
    clock.until(lambda: type(app.stack.top).__name__ == "LessonEndScene")
    played = app.now - start
    end = app.stack.top
    clock.wait(who.reading(end.words) + who.reaction)  # the points, the last words, a choice
    app.saver.close()
    pygame.quit()
    return steps, played, who.reading(end.words) + who.reaction


def kiosk() -> tuple[list[tuple[lesson.Step, int, float]], float, float]:
    """The attract loop's lesson: each step's seconds, the lesson's, and the rest after it."""
    from game.scenes.kiosk.attract import AttractScene, Show

    app = App(frames=1, windowed=True)
    attract = AttractScene(app)
    app.stack.clear(attract)
    clock = Clock(app)
    attract.show_lesson()  # what the loop shows after every LESSON_EVERY shows
    start = app.now
    steps = []
    coach = attract.table.kind.coach
    while attract.phase is Show.TABLE and coach.current is not None:
        step, at, began = coach.current, coach.step, app.now
        words = coach.words(attract.table.state, app.input.device)
        clock.until(lambda at=at: coach.step != at or attract.phase is not Show.TABLE)
        steps.append((step, len(words.split()), app.now - began))
    clock.until(lambda: attract.phase is Show.REST)
    shown = app.now - start
    clock.until(lambda: not attract.lesson)
    rest = app.now - start - shown
    app.saver.close()
    pygame.quit()
    return steps, shown, rest


def _report(title: str, steps, total: float, end: float | None) -> None:
    print(title)
    for n, (step, words, seconds) in enumerate(steps, start=1):
        print(f"  step {n} {step.does:5} {words:3d} words  {seconds:5.1f} s")
    print(f"  to the end screen: {total:.1f} s")
    if end is not None:
        print(f"  the end screen read, a choice made: {end:.1f} s  -> in all {total + end:.1f} s"
              f" ({(total + end) / 60:.1f} min)")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the child and the kiosk only")
    parser.add_argument("--wpm", type=float, default=CHILD.wpm,
                        help="the child's reading speed, words a minute")
    parser.add_argument("--reaction", type=float, default=CHILD.reaction,
                        help="the child's seconds to each click")
    args = parser.parse_args(argv)
    prefs = tempfile.mkdtemp(prefix="scare-lesson-time-")
    os.environ["SCARE_IT_PREFS"] = prefs  # a first start's settings: the defaults
    try:
        return _run(args)
    finally:
        shutil.rmtree(prefs, ignore_errors=True)


def _run(args) -> int:
    child = Follower(CHILD.name, args.wpm, args.reaction)
    followers = [child] if args.quick else [
        child, Follower(child.name + ", one wrong try a step", child.wpm, child.reaction, True),
        ADULT]
    print(f"virtual clock, {1 / TICK:.0f} frames a second; default animation speed and "
          "computer pace; by mouse")
    for who in followers:
        steps, total, end = play(who)
        _report(f"{who.name} ({who.wpm:.0f} words a minute, {who.reaction:.1f} s a click):",
                steps, total, end)
    steps, shown, rest = kiosk()
    _report("the kiosk's lesson (played by the coach):", steps, shown, None)
    print(f"  then the rest before the next show: {rest:.1f} s  -> in all {shown + rest:.1f} s")
    asks = [words * 60 / seconds for _step, words, seconds in steps]
    print("  the reading speed its captions ask for, words a minute: "
          + ", ".join(f"{a:.0f}" for a in asks) + f" (the most: {max(asks):.0f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
