"""Input: keyboard, mouse and gamepad turned into the game's actions; gamepads come and go."""

from __future__ import annotations

from enum import Enum, auto

import pygame

from game.controls import DEFAULT, Controls, Device


class Action(Enum):
    UP = auto()
    DOWN = auto()
    LEFT = auto()
    RIGHT = auto()
    SELECT = auto()  # Enter / Space / gamepad south
    BACK = auto()  # Esc / gamepad east
    TOGGLE = auto()  # Tab / gamepad west: stay or move in
    PAUSE = auto()  # Start button (Esc also pauses in play)


# The actions a menu and the table's cursor read; their bindings live in game.controls.
_NAMES = {Action.UP: "up", Action.DOWN: "down", Action.LEFT: "left", Action.RIGHT: "right",
          Action.SELECT: "select", Action.BACK: "back", Action.TOGGLE: "toggle",
          Action.PAUSE: "pause"}

STICK_THRESHOLD = 0.6


# Which device an event shows the player is using (motion counts only for the mouse: a
# resting stick drifts).
_DEVICES = {pygame.KEYDOWN: Device.KEYBOARD, pygame.MOUSEBUTTONDOWN: Device.MOUSE,
            pygame.MOUSEMOTION: Device.MOUSE, pygame.FINGERDOWN: Device.MOUSE,
            pygame.CONTROLLERBUTTONDOWN: Device.GAMEPAD}

_DOWN = {pygame.KEYDOWN: pygame.KEYUP, pygame.CONTROLLERBUTTONDOWN: pygame.CONTROLLERBUTTONUP}


def key_of(event: pygame.event.Event) -> tuple | None:
    """Which key or pad button a press or release is (None: another event)."""
    if event.type in (pygame.KEYDOWN, pygame.KEYUP):
        return (Device.KEYBOARD, event.key)
    if event.type in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        return (Device.GAMEPAD, getattr(event, "instance_id", 0), event.button)
    return None


class Input:
    """Tracks connected gamepads and the last input (for kiosk idle time)."""

    def __init__(self, controls: Controls = DEFAULT) -> None:
        self.controls = controls  # the bindings in force (the player's, from the settings)
        self.controllers: dict[int, object] = {}
        self.just_pulled = False  # the last CONTROLLERDEVICEREMOVED was a pad in use
        self.last_input_tick = 0
        self.device = Device.MOUSE  # what the player used last (for the words of hints)
        self.held: set[tuple] = set()  # the keys and pad buttons down now (key_of)
        self._stick_held: dict[tuple[int, int], bool] = {}

    def process(self, event: pygame.event.Event) -> bool:
        """Keep the gamepad list current; True if the event was player input."""
        if event.type == pygame.CONTROLLERDEVICEADDED:
            try:
                from pygame._sdl2 import controller

                pad = controller.Controller(event.device_index)
                self.controllers[pad.as_joystick().get_instance_id()] = pad
            except (pygame.error, ImportError, AttributeError):
                pass  # an unusable pad is ignored; keyboard and mouse still work
            return False
        if event.type == pygame.CONTROLLERDEVICEREMOVED:
            # Only a pad that was in use counts as pulled (SDL also reports unusable ones).
            self.just_pulled = self.controllers.pop(getattr(event, "instance_id", -1), None) is not None
            return False
        device = _DEVICES.get(event.type)
        if device is not None:
            self.device = device
        which = key_of(event)
        if event.type in _DOWN:
            self.held.add(which)
        elif which is not None:
            self.held.discard(which)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.held.clear()  # what is let go elsewhere never comes back up here
        return event.type in (
            pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.FINGERDOWN,
            pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION,
        )

    def action(self, event: pygame.event.Event) -> Action | None:
        """The game action an event means, if any."""
        if event.type in (pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN):
            return next((a for a, name in _NAMES.items() if self.controls.means(name, event)),
                        None)
        if event.type == pygame.CONTROLLERAXISMOTION and event.axis in (
            pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY
        ):
            value = event.value / 32767
            key = (getattr(event, "instance_id", 0), event.axis)
            held = self._stick_held.get(key, False)
            if abs(value) < STICK_THRESHOLD / 2:
                self._stick_held[key] = False  # back to centre: the next push counts again
                return None
            if abs(value) >= STICK_THRESHOLD and not held:
                self._stick_held[key] = True
                if event.axis == pygame.CONTROLLER_AXIS_LEFTX:
                    return Action.RIGHT if value > 0 else Action.LEFT
                return Action.DOWN if value > 0 else Action.UP
        return None
