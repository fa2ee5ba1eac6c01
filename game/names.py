"""Names (players', puzzles'), cleaned where they are typed, pasted and loaded, so every
record, save and level file holds them.

A name is one line of visible text: every line break (\\n, \\r, \\v, \\f, U+0085, U+2028,
U+2029, \\x1c-\\x1e) and every other space character becomes one plain space, control and
invisible format characters go, the ends are trimmed. Such a name survives a save and a
record unchanged (game.match.record escapes what its syntax needs).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection

# The friendly names a computer seat nobody named gets, in seating order (the lesson's computer
# is the first). Pets' names, the same in every language, like a player's own; as many as a
# table has seats, so no two computers at one table share one.
FRIENDLY_NAMES = ("Whiskers", "Biscuit", "Pepper", "Noodle", "Clover", "Pip", "Maple", "Bramble")

# Format characters that belong inside a name: the joiners of emoji and of Indic scripts.
_KEPT_FORMAT = {"\u200c", "\u200d"}


def typed_name(text: str) -> str:
    """A name box's text while it is being typed: breaks and controls become spaces (so
    the box shows what will be kept), nothing else changes — the cursor stays where it was."""
    return "".join(_one(ch) for ch in text)


def clean_name(text: str, limit: int | None = None) -> str:
    """The name as the game keeps it: one line, single spaces, trimmed, at most `limit`
    characters, cut between words where it can be ("" when nothing visible is left: the
    caller gives a made-up name)."""
    name = " ".join(typed_name(text).split())
    if limit is not None and len(name) > limit:
        cut = name[:limit]
        if name[limit] != " " and " " in cut:
            cut = cut.rsplit(" ", 1)[0]
        name = cut.rstrip()
    return name


def friendly_name(number: int, taken: Collection[str] = ()) -> str:
    """The `number`-th computer's friendly name (from 1), passing over the names `taken` by
    the table's players: 'Whiskers', 'Biscuit', ..."""
    free = [name for name in FRIENDLY_NAMES if name not in taken] or list(FRIENDLY_NAMES)
    return free[(number - 1) % len(free)]


def _one(ch: str) -> str:
    if ch.isspace():
        return " "
    category = unicodedata.category(ch)
    if category in ("Cc", "Cs", "Zl", "Zp") or (category == "Cf" and ch not in _KEPT_FORMAT):
        return "" if category == "Cf" else " "
    return ch
