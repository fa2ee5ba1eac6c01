"""Sound effects and background music, each at its own volume (mute silences both); silent
when there is no sound device."""

from __future__ import annotations

import pygame

from game.paths import ASSETS
from game.render.assets import fell_back

FADE_MS = 800  # one tune gives way to the other this gently


class Audio:
    """The sound device is opened by `start()`: the app calls it right after the first frame
    (opening it can take a sound server tens of milliseconds), and a sound asked for sooner
    opens it then. `want_music(name)` says which loop should play (assets/music/NAME.wav,
    made by tools/make_music.py): menus and the table each have theirs."""

    def __init__(self, assets, settings) -> None:
        self.assets = assets
        self.settings = settings
        self.enabled: bool | None = None  # None: not started yet
        self.wanted: str | None = None  # the loop the screen on top asks for
        self.playing: str | None = None
        self.broken: set[str] = set()  # loops that would not load (said once, then quiet)

    def start(self) -> None:
        if self.enabled is not None:
            return
        try:
            pygame.mixer.init()
            self.enabled = True
        except pygame.error:
            self.enabled = False  # no sound card: play silently
        self._music()

    def play(self, name: str) -> None:
        if self.settings.muted or self.settings.effects_volume <= 0:
            return
        self.start()
        if not self.enabled:
            return
        sound = self.assets.sound(name)
        if sound is not None:
            sound.set_volume(self.settings.effects_volume)
            sound.play()

    def want_music(self, name: str | None) -> None:
        """The loop for the screen on top (None: quiet); started once the device is open.
        Called each frame: a change waits for the old loop's fade before the next one loads."""
        self.wanted = name
        if self.enabled and self._tune() != self.playing:
            self._music()

    def volumes_changed(self) -> None:
        """A slider or Mute moved: the music follows at once (effects at their next sound)."""
        if self.enabled:
            self._music()

    def _tune(self) -> str | None:
        quiet = self.settings.muted or self.settings.music_volume <= 0
        return None if quiet or self.wanted in self.broken else self.wanted

    def _music(self) -> None:
        if not self.enabled:
            return
        name = self._tune()
        if name != self.playing:
            if self.playing is not None:
                pygame.mixer.music.fadeout(FADE_MS)
                self.playing = None
            # SDL_mixer's load waits for a fading loop to end: loading now would hold the
            # frame for the whole fade (0.8 s at each change of screen). A later frame loads.
            if pygame.mixer.music.get_busy():
                return
            if name is not None:
                path = ASSETS / "music" / f"{name}.wav"
                try:
                    pygame.mixer.music.load(str(path))
                    pygame.mixer.music.play(loops=-1, fade_ms=FADE_MS)
                except (OSError, pygame.error) as err:
                    fell_back(path, err, "quiet")
                    self.broken.add(name)  # said once: not tried again every frame
                    return
                self.playing = name
        pygame.mixer.music.set_volume(self.settings.music_volume)
