"""Player settings, saved as JSON in the pref folder; a corrupt file means defaults plus a notice."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields

from game.i18n import Refusal, _, reason, refused
from game.paths import pref_dir, write_atomic

FILE = "settings.json"
# The range each number of a remembered window size / position may take.
WINDOW_FIELDS = {"window_size": (320, 16384), "window_position": (-16384, 16384)}


@dataclass
class Settings:
    fullscreen: bool = False
    volume: float = 0.8
    muted: bool = False
    animation_speed: float = 1.0  # 0.5 slow .. 2.0 fast
    colour_symbols: bool = True
    computer_pace: float = 1.0  # seconds between computer moves, scaled
    # The window as the player left it (None: fit the desktop); see game.window.
    window_size: tuple[int, int] | None = None
    window_position: tuple[int, int] | None = None
    language: str = ""  # "" = the system's language; else a code the player chose (en, cs, de, pl)

    @classmethod
    def load(cls) -> tuple[Settings, str | None]:
        """Settings and a notice for the player (None when all went well)."""
        path = pref_dir() / FILE
        if not path.exists():
            return cls(), None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise Refusal(_("it holds no settings"))
            settings = cls()
            for f in fields(cls):
                if f.name in WINDOW_FIELDS:
                    # Absurd geometry is dropped quietly: the window then fits the desktop.
                    setattr(settings, f.name, _pair(data.get(f.name), *WINDOW_FIELDS[f.name]))
                elif f.name in data:
                    value = data[f.name]
                    default = getattr(settings, f.name)
                    if isinstance(default, bool):
                        if not isinstance(value, bool):
                            raise Refusal(_("the setting %(name)s is not on or off") % {"name": f.name})
                    elif isinstance(default, str):
                        if not isinstance(value, str):
                            raise Refusal(_("the setting %(name)s is not text") % {"name": f.name})
                    elif isinstance(default, float):
                        if isinstance(value, bool) or not isinstance(value, int | float):
                            raise Refusal(_("the setting %(name)s is not a number") % {"name": f.name})
                        value = float(value)
                    setattr(settings, f.name, value)
            settings.clamp()
            return settings, None
        except (OSError, ValueError, RecursionError) as err:  # deep nesting: damaged too
            return cls(), refused(_("Your settings file could not be read (%(why)s); the "
                                    "defaults are used.") % {"why": reason(err)}, err)

    def clamp(self) -> None:
        self.volume = min(1.0, max(0.0, self.volume))
        self.animation_speed = min(3.0, max(0.25, self.animation_speed))
        self.computer_pace = min(3.0, max(0.0, self.computer_pace))

    def save(self) -> None:
        try:
            write_atomic(pref_dir() / FILE, json.dumps(asdict(self), indent=2))
        except OSError:
            pass  # settings are a convenience; a read-only disk must not stop the game


def _pair(value, low: int, high: int) -> tuple[int, int] | None:
    """Two whole numbers within [low, high], or None for anything else."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in value):
        return None
    return value[0], value[1]
