"""Sound effects that respect volume and mute; silent when there is no sound device."""

from __future__ import annotations

import pygame


class Audio:
    def __init__(self, assets, settings) -> None:
        self.assets = assets
        self.settings = settings
        try:
            pygame.mixer.init()
            self.enabled = True
        except pygame.error:
            self.enabled = False  # no sound card: play silently

    def play(self, name: str) -> None:
        if not self.enabled or self.settings.muted or self.settings.volume <= 0:
            return
        sound = self.assets.sound(name)
        if sound is not None:
            sound.set_volume(self.settings.volume)
            sound.play()
