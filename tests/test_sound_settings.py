"""Music, effects and speech at their own volumes: the single volume of older settings files
migrates to all three, nothing lost; the music loops exist and are gentle."""

import json
import wave
from pathlib import Path

import pytest

from game.settings import RANGES, Settings

MUSIC = Path(__file__).resolve().parents[1] / "assets" / "music"
VOLUMES = ("music_volume", "effects_volume", "speech_volume")


@pytest.mark.parametrize("old", [0.0, 0.3, 1.0])
def test_the_old_single_volume_becomes_all_three(tmp_path, monkeypatch, old):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"volume": old, "muted": True}))
    settings, notice = Settings.load()
    assert notice is None and settings.muted
    assert [getattr(settings, v) for v in VOLUMES] == [old] * 3
    settings.save()
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert "volume" not in saved and [saved[v] for v in VOLUMES] == [old] * 3


def test_new_volumes_win_over_an_old_one_left_in_the_file(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"volume": 0.9, "music_volume": 0.2}))
    settings, notice = Settings.load()
    assert notice is None and settings.music_volume == 0.2
    assert settings.effects_volume == Settings().effects_volume


def test_every_volume_has_a_range():
    assert set(VOLUMES) <= set(RANGES)


@pytest.mark.parametrize("name", ["menu", "table"])
def test_each_music_loop_is_mono_16_bit_gentle_and_long_enough_to_loop(name):
    with wave.open(str(MUSIC / f"{name}.wav"), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
        frames = w.readframes(w.getnframes())
        seconds = w.getnframes() / w.getframerate()
    samples = memoryview(frames).cast("h")
    peak = max(abs(s) for s in samples) / 32767
    assert seconds >= 20 and 0.1 < peak <= 0.35  # under the effects' peaks (0.45 - 0.75)
    # a seamless loop: the last sample leads into the first without a jump
    assert abs(samples[-1] - samples[0]) < 0.02 * 32767
