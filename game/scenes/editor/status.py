"""The puzzle editor's status part: the line that says what happened, and the key help."""

from __future__ import annotations

import pygame

from game.controls import BINDABLE, Device
from game.render import fit, looks
from game.render.palette import BAD, GOLD, MUTED
from game.scenes.editor.input import HELP
from game.scenes.editor.layout import keys_box, message_box


class StatusLines:
    """The message over the field (a refusal in red) and the help lines under it, which name
    the player's own bindings."""

    def __init__(self, assets) -> None:
        self.assets = assets
        self.message, self.bad = "", False
        self.shorter: tuple[str, ...] = ()  # wordings for when the message is too long

    def say(self, words: str, bad: bool = False, shorter: tuple[str, ...] = ()) -> None:
        """Show `words` (with shorter wordings for a narrow line) until the next message."""
        self.message, self.bad, self.shorter = words, bad, shorter

    def draw(self, surface: pygame.Surface, controls, device: Device) -> None:
        """The help lines for keys and pad (at a large text size only the line of the `device`
        in hand, the pad's after a pad press, on two lines), then the message."""
        keys = keys_box()
        devices = helped(device)
        for i, device in enumerate(devices):
            box = pygame.Rect(keys.x, keys.y + i * keys.h // len(devices), keys.w,
                              keys.h // len(devices))
            fit.draw(surface, self.assets, controls.help_line(device, HELP), box, 22, MUTED,
                     floor=16)
        if self.message:
            fit.draw(surface, self.assets, self.message, message_box(), 30,
                     BAD if self.bad else GOLD, True, shorter=self.shorter)


def helped(device: Device) -> tuple[Device, ...]:
    """The devices whose help line is shown while the player holds `device`."""
    if not looks.large():
        return BINDABLE
    return (Device.GAMEPAD,) if device == Device.GAMEPAD else (Device.KEYBOARD,)
