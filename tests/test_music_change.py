"""A change of screen changes the music without holding the frame: the old loop fades, and the
next one loads on a later frame, once the fade is over (SDL_mixer's load waits for a fading
loop: loading at once held the frame for the whole 0.8 s fade at every change of screen)."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from game import audio as audio_module
from game.audio import Audio


class FakeMusic:
    """pygame.mixer.music as SDL_mixer behaves: busy while a loop plays or fades."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.busy = False
        self.broken: set[str] = set()

    def load(self, path: str) -> None:
        assert not self.busy, "load while the old loop still fades: the frame would wait"
        name = path.rsplit("/", 1)[-1]
        self.calls.append(f"load {name}")
        if name in self.broken:
            raise pygame.error("no such tune")

    def play(self, loops: int = 0, fade_ms: int = 0) -> None:
        self.busy = True

    def fadeout(self, ms: int) -> None:
        self.calls.append("fadeout")

    def get_busy(self) -> bool:
        return self.busy

    def set_volume(self, volume: float) -> None:
        pass


def _audio(monkeypatch) -> tuple[Audio, FakeMusic]:
    music = FakeMusic()
    monkeypatch.setattr(audio_module.pygame.mixer, "music", music)
    settings = SimpleNamespace(muted=False, music_volume=0.5, effects_volume=0.5)
    sound = Audio(None, settings)
    sound.enabled = True
    return sound, music


def test_the_next_loop_loads_once_the_old_one_has_faded(monkeypatch):
    sound, music = _audio(monkeypatch)
    sound.want_music("menu")
    assert music.calls == ["load menu.wav"] and sound.playing == "menu"
    for _frame in range(3):  # the table's screen: the menu's loop fades over these frames
        sound.want_music("table")
    assert music.calls == ["load menu.wav", "fadeout"] and sound.playing is None
    music.busy = False  # the fade is over
    sound.want_music("table")
    assert music.calls == ["load menu.wav", "fadeout", "load table.wav"]
    assert sound.playing == "table"


def test_a_loop_that_will_not_load_is_tried_once_and_the_game_stays_quiet(monkeypatch):
    sound, music = _audio(monkeypatch)
    monkeypatch.setattr(audio_module, "fell_back", lambda path, err, instead: None)
    music.broken.add("menu.wav")
    for _frame in range(5):  # asked for each frame: not loaded (and logged) each frame
        sound.want_music("menu")
    assert sound.playing is None and music.calls == ["load menu.wav"]
    sound.want_music("table")  # the next screen's loop still plays
    assert sound.playing == "table"
