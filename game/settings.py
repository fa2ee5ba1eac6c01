"""Player settings, saved as JSON in the pref folder; a damaged file: defaults, a notice, kept aside."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from typing import ClassVar

from game.files import FileFault, read_text, shown
from game.i18n import LANGUAGES, FileRefused, _, reason
from game.paths import keep_aside, pref_dir, write_atomic

FILE = "settings.json"
# The range each number of a remembered window size / position may take.
WINDOW_FIELDS = {"window_size": (320, 16384), "window_position": (-16384, 16384)}
# The range of each number; a file with a number outside it is damaged (the game never wrote it).
RANGES = {"music_volume": (0.0, 1.0), "effects_volume": (0.0, 1.0), "speech_volume": (0.0, 1.0),
          "animation_speed": (0.25, 3.0), "computer_pace": (0.0, 3.0), "text_size": (1.0, 2.0)}
# Settings -> Accessibility: Card size (large: the table gives its field the whole height).
CARD_SIZES = ("normal", "large")
LARGE_CARDS = "large"
# The learner's helps (Settings -> Help): on for a new player, off in a file from before them.
HELPS = ("help_peek", "help_points", "help_end", "help_hint")
# Set: the game starts as for a player who knows it (no guided game offered, helps off). The
# tests set it for every game they start, so a test that teaches says so.
VETERAN = "SCARE_IT_VETERAN"


def _new_player() -> bool:
    return not os.environ.get(VETERAN)


# Before music and speech there was one volume: a file that still has it gives it to all three.
OLD_VOLUME = "volume"


@dataclass
class Settings:
    fullscreen: bool = False
    music_volume: float = 0.5
    effects_volume: float = 0.8
    speech_volume: float = 1.0
    muted: bool = False
    speech: bool = False  # the table speaks (game.speech)
    animation_speed: float = 1.0  # 0.5 slow .. 2.0 fast
    colour_symbols: bool = True
    computer_pace: float = 1.0  # seconds between computer moves, scaled
    # The window as the player left it (None: fit the desktop); see game.window.
    window_size: tuple[int, int] | None = None
    window_position: tuple[int, int] | None = None
    language: str = ""  # "" = the system's language; else a code the player chose (en, cs, de, pl)
    text_size: float = 1.0  # 1.0 = 100 %, up to 2.0 = 200 %
    high_contrast: bool = False
    reduced_motion: bool = False  # fades instead of slides and falls
    card_size: str = CARD_SIZES[0]  # one of CARD_SIZES; a file from before it: normal
    # The player's own bindings: action name -> binding texts ("key:ctrl+z"), read by
    # game.controls (an unusable one keeps its defaults, with a notice).
    controls: dict = field(default_factory=dict)
    # Settings -> Help: a prompt to peek at the first turn, the points so far while peeking,
    # "This move ends the game — play it?", a Hint button for people at a couch table.
    help_peek: bool = field(default_factory=_new_player)
    help_points: bool = field(default_factory=_new_player)
    help_end: bool = field(default_factory=_new_player)
    help_hint: bool = field(default_factory=_new_player)
    # "New here? Learn in 2 minutes" was offered (once, at the first launch).
    lesson_offered: bool = field(default_factory=lambda: not _new_player())
    # Not a setting (never written): a damaged file that could not be moved aside is left as
    # it is, so this run's settings are not saved over it.
    keep_file: ClassVar[bool] = False

    @classmethod
    def load(cls) -> tuple[Settings, str | None]:
        """Settings and a notice for the player (None when all went well). A damaged file
        (not JSON, a value of the wrong type or out of range, not a regular file, too large)
        gives the defaults and is kept aside as settings.json.damaged-<time>."""
        path = pref_dir() / FILE
        try:
            text = read_text(path)
        except FileNotFoundError:
            return cls(), None
        except FileFault as fault:
            return cls._damaged(path, fault.words)
        try:
            return cls._from(json.loads(text)), None
        except (ValueError, RecursionError) as err:  # deep nesting: damaged too
            return cls._damaged(path, reason(err))

    @classmethod
    def _from(cls, data) -> Settings:
        """Settings from the file's table; ValueError names the first bad value."""
        if not isinstance(data, dict):
            raise FileRefused(_("it holds no settings"))
        settings = cls()
        if OLD_VOLUME in data and not any(name in data for name in
                                          ("music_volume", "effects_volume", "speech_volume")):
            data = dict(data)
            for name in ("music_volume", "effects_volume", "speech_volume"):
                data[name] = data[OLD_VOLUME]
        if not any(name in data for name in (*HELPS, "lesson_offered")):
            # A file from before the helps: a player who knows the game.
            for name in HELPS:
                setattr(settings, name, False)
            settings.lesson_offered = True
        for f in fields(cls):
            if f.name in WINDOW_FIELDS:
                # Absurd geometry is dropped quietly: the window then fits the desktop.
                setattr(settings, f.name, _pair(data.get(f.name), *WINDOW_FIELDS[f.name]))
            elif f.name in data:
                value = data[f.name]
                default = getattr(settings, f.name)
                if isinstance(default, bool):
                    if not isinstance(value, bool):
                        raise ValueError(f"{f.name} must be true or false")
                elif isinstance(default, dict):
                    if not isinstance(value, dict) or not all(
                            isinstance(v, list) and all(isinstance(t, str) for t in v)
                            for v in value.values()):
                        raise ValueError(f"{f.name} must be a table of lists of text")
                elif isinstance(default, str):
                    if not isinstance(value, str):
                        raise ValueError(f"{f.name} must be text")
                elif isinstance(default, float):
                    low, high = RANGES[f.name]
                    if isinstance(value, bool) or not isinstance(value, int | float) \
                            or not low <= value <= high:  # also NaN, and 400-digit numbers
                        raise ValueError(f"{f.name} must be a number from {low} to {high}")
                    value = float(value)
                setattr(settings, f.name, value)
        if settings.language and settings.language not in LANGUAGES:
            raise ValueError(f"language must be one of {', '.join(LANGUAGES)}")
        if settings.card_size not in CARD_SIZES:
            raise ValueError(f"card_size must be one of {', '.join(CARD_SIZES)}")
        return settings

    @classmethod
    def _damaged(cls, path, why: str) -> tuple[Settings, str]:
        """Defaults, and the damaged file kept aside (or, if it cannot be moved, left alone:
        this run's settings are then not saved over it)."""
        settings = cls()
        backup = keep_aside(path, "damaged")
        if backup is None:
            settings.keep_file = True
            return settings, _("Your settings file could not be read (%(why)s); defaults are "
                               "used and the file is left as it is.") % {"why": why}
        return settings, _("Your settings file could not be read (%(why)s); defaults are used. "
                           "It was kept as %(name)s.") % {"why": why, "name": shown(backup.name)}

    def clamp(self) -> None:
        for name, (low, high) in RANGES.items():
            setattr(self, name, min(high, max(low, getattr(self, name))))

    def save(self) -> None:
        if self.keep_file:
            return  # a damaged file that could not be moved aside is not overwritten
        data = asdict(self)
        for name, (low, high) in RANGES.items():  # what is written always reads back
            data[name] = min(high, max(low, data[name]))
        try:
            write_atomic(pref_dir() / FILE, json.dumps(data, indent=2))
        except OSError:
            pass  # settings are a convenience; a read-only disk must not stop the game


def _pair(value, low: int, high: int) -> tuple[int, int] | None:
    """Two whole numbers within [low, high], or None for anything else."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in value):
        return None
    return value[0], value[1]
