"""Names (players', puzzles'), cleaned where they are typed, pasted and loaded, so every
record, save and level file holds them.

A name is one line of visible text: every line break (\\n, \\r, \\v, \\f, U+0085, U+2028,
U+2029, \\x1c-\\x1e) and every other kind of space becomes one plain space, control and
invisible format characters go, the ends are trimmed. Such a name survives a save and a
record unchanged (game.match.record escapes what its syntax needs).
"""

from __future__ import annotations

import unicodedata

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


def _one(ch: str) -> str:
    if ch.isspace():
        return " "
    kind = unicodedata.category(ch)
    if kind in ("Cc", "Cs", "Zl", "Zp") or (kind == "Cf" and ch not in _KEPT_FORMAT):
        return "" if kind == "Cf" else " "
    return ch
