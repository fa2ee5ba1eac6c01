"""The choices of the last new game (new_game.json), remembered for the next game and start."""

from __future__ import annotations

import json

from game.engine.ai import SKILLS
from game.engine.modes import Mode
from game.files import FileFault, read_text
from game.i18n import _
from game.names import clean_name, friendly_name
from game.paths import pref_dir, write_atomic

NAME_MAX = 24  # room for "Computer 1 (normal)" and its translations
MEMORY_FILE = "new_game.json"  # the last game's choices, for the next game and the next start


def default_memory() -> dict:
    """The choices before any game: two players, made-up names, humans at every seat."""
    return {"mode": Mode.DEFAULT, "count": 2, "names": [_("Player %(n)d") % {"n": i + 1}
                                                         for i in range(8)],
            "levels": [None] * 8, "auto": [True] * 8, "first": 0, "seed": ""}


def kiosk_memory() -> dict:
    """A kiosk visitor's first choices: a computer in the second seat (a visitor mostly comes
    alone) at the level a seat gets when nobody chose; never read from or kept for another."""
    memory = default_memory()
    memory["levels"][1] = SKILLS.default
    return memory


def load_memory() -> dict:
    """The choices saved at the last start; defaults when there are none or they are damaged
    (remembering is a convenience: a bad file is simply replaced at the next start)."""
    memory = default_memory()
    try:
        data = json.loads(read_text(pref_dir() / MEMORY_FILE))
    except (OSError, FileFault, ValueError, RecursionError):
        return memory
    if not isinstance(data, dict):
        return memory
    if "levels" not in data:  # a file of before each seat's level was named so
        data["levels"] = data.get("kinds")
    try:
        memory["mode"] = Mode.parse(str(data.get("mode", Mode.DEFAULT.value)))
    except ValueError:
        pass
    count = data.get("count")
    if isinstance(count, int) and not isinstance(count, bool) and 1 <= count <= 8:
        memory["count"] = count
    names = data.get("names")
    if isinstance(names, list):  # cleaned as if typed: a line break would break the save
        data["names"] = [clean_name(v, NAME_MAX) if isinstance(v, str) else None for v in names]
    for key, ok in (("names", lambda v: isinstance(v, str) and 0 < len(v) <= NAME_MAX),
                    ("levels", lambda v: v is None or v in SKILLS),
                    ("auto", lambda v: isinstance(v, bool))):
        values = data.get(key)
        if isinstance(values, list):
            for i, value in enumerate(values[:8]):
                if ok(value):
                    memory[key][i] = value
    first = data.get("first")
    if isinstance(first, int) and not isinstance(first, bool) and 0 <= first <= 8:
        memory["first"] = first
    return memory


def save_memory(memory: dict) -> None:
    """Keep the choices for the next game (its seed is for that game only)."""
    data = dict(memory, mode=memory["mode"].value, seed="")  # a seed is for one game only
    try:
        write_atomic(pref_dir() / MEMORY_FILE, json.dumps(data, indent=1))
    except OSError:
        pass  # a read-only disk: the choices are simply not remembered


def made_up_name(memory: dict, seat: int) -> str:
    """A seat's name until a player types one: 'Player 2', or a computer's friendly name
    ('Whiskers'; its level shows beside it at the table), none a player typed here."""
    if memory["levels"][seat] is None:
        return _("Player %(n)d") % {"n": seat + 1}
    number = sum(1 for k in memory["levels"][:seat + 1] if k is not None)
    typed = {name for name, auto in zip(memory["names"], memory["auto"], strict=False) if not auto}
    return friendly_name(number, typed)
