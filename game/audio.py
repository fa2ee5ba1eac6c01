"""Sound effects that respect volume and mute; silent when there is no sound device."""

from __future__ import annotations

import pygame


class Audio:
    """The sound device is opened by `start()`: the app calls it right after the first frame
    (opening it can take a sound server tens of milliseconds), and a sound asked for sooner
    opens it then."""

    def __init__(self, assets, settings) -> None:
        self.assets = assets
        self.settings = settings
        self.enabled: bool | None = None  # None: not started yet

    def start(self) -> None:
        if self.enabled is not None:
            return
        try:
            pygame.mixer.init()
            self.enabled = True
        except pygame.error:
            self.enabled = False  # no sound card: play silently

    def play(self, name: str) -> None:
        if self.settings.muted or self.settings.volume <= 0:
            return
        self.start()
        if not self.enabled:
            return
        sound = self.assets.sound(name)
        if sound is not None:
            sound.set_volume(self.settings.volume)
            sound.play()
