"""The scene stack: paired lifecycle calls, events top-down until consumed, overlays drawn over."""

from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.scenes.stack import SceneStack


class Probe(Scene):
    def __init__(self, name: str, log: list, consume: bool = False, opaque: bool = True) -> None:
        super().__init__(app=None)
        self.name, self.log, self.consume, self.opaque = name, log, consume, opaque

    def enter(self):
        self.log.append(f"enter {self.name}")

    def exit(self):
        self.log.append(f"exit {self.name}")

    def pause(self):
        self.log.append(f"pause {self.name}")

    def resume(self):
        super().resume()
        self.log.append(f"resume {self.name}")

    def handle(self, event):
        self.log.append(f"event {self.name}")
        return self.consume

    def draw(self, surface):
        self.log.append(f"draw {self.name}")


def test_lifecycle_calls_are_paired_and_ordered():
    log: list[str] = []
    stack = SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    stack.push(a)
    stack.push(b)
    stack.replace(c)
    stack.pop()
    stack.clear(Probe("d", log))
    assert log == ["enter a", "pause a", "enter b", "exit b", "enter c", "exit c", "resume a",
                   "exit a", "enter d"]
    starts = sum(e.startswith(("enter", "resume")) for e in log)
    ends = sum(e.startswith(("exit", "pause")) for e in log)
    assert starts == ends + 1  # only d is still live


def test_events_go_top_down_until_consumed():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Probe("bottom", log))
    stack.push(Probe("middle", log, consume=True))
    stack.push(Probe("top", log))
    log.clear()
    assert stack.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0))
    assert log == ["event top", "event middle"]


def test_overlays_draw_over_the_scene_beneath():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Probe("hidden", log))
    stack.push(Probe("play", log))
    stack.push(Probe("pause", log, opaque=False))
    stack.push(Probe("confirm", log, opaque=False))
    log.clear()
    stack.draw(pygame.Surface((4, 4)))
    assert log == ["draw play", "draw pause", "draw confirm"]
    assert not stack.dirty
    stack.pop()
    assert stack.dirty  # the resumed overlay asks for a redraw


def test_popping_an_empty_stack_is_harmless():
    stack = SceneStack()
    assert stack.pop() is None
    stack.update(0.1)
    assert stack.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0)) is False


def test_a_scene_is_removed_from_wherever_it_is_and_the_ones_above_stay():
    log: list[str] = []
    stack = SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    for scene in (a, b, c):
        stack.push(scene)
    log.clear()
    stack.remove(b)  # an overlay something was pushed above
    assert stack.scenes == (a, c) and log == ["exit b"]
    stack.remove(c)  # the top one: as pop() does
    assert stack.scenes == (a,) and log == ["exit b", "exit c", "resume a"]
    stack.remove(b)  # gone already: nothing happens
    assert stack.scenes == (a,) and log == ["exit b", "exit c", "resume a"]


class BrokenExit(Probe):
    def exit(self):
        super().exit()
        raise RuntimeError(f"{self.name} failed to leave")


def test_clearing_after_a_failure_removes_every_scene_and_hands_back_each_failure():
    log: list[str] = []
    stack = SceneStack()
    for scene in (Probe("a", log), BrokenExit("b", log), BrokenExit("c", log)):
        stack.push(scene)
    failures = stack.clear_after_failure()
    assert len(stack) == 0
    assert [line for line in log if line.startswith("exit")] == ["exit c", "exit b", "exit a"]
    assert len(failures) == 2 and "c failed to leave" in failures[0] and "b failed" in failures[1]


def test_a_scene_drives_a_child_scene_through_a_stack_of_its_own():
    """The kiosk's demo keeps its table on a stage: entered, ticked, drawn, told of a new
    language and left there, each call once."""
    log: list[str] = []

    class Child(Probe):
        def update(self, dt):
            self.log.append(f"update {self.name}")

        def language_changed(self):
            self.log.append(f"language {self.name}")

    stage = SceneStack()
    child = Child("table", log)
    stage.clear(child)
    assert stage.dirty
    stage.update(1 / 60)
    stage.draw(pygame.Surface((4, 4)))
    assert not stage.dirty and not child.dirty
    stage.language_changed()
    stage.clear()
    stage.release_left()
    assert log == ["enter table", "update table", "draw table", "language table", "exit table"]
