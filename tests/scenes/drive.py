"""Driving the app in scene tests: posted events, logic ticks and draws, the scene on top."""

from __future__ import annotations

import pygame

from game.app import TICK


def pump(app, ticks: int = 2) -> None:
    """Hand the posted events to the app, then step and draw, `ticks` times."""
    for _ in range(ticks):
        for event in pygame.event.get():
            app.dispatch(event)
        app.step(TICK)
        app.draw()


def key(app, k, mod=0, text="") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=text, scancode=0))
    pump(app)


def pad(app, button) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=0))
    pump(app)


def click(app, pos, button=1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos))
    pump(app)


def name(app) -> str:
    """The class name of the scene on top."""
    return type(app.stack.top).__name__
