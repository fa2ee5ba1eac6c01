"""The window's player key (docs/PROTOCOL.md, "Limits"): a random secret made once and kept in
the per-user folder, so a server's cap of tables over days per player counts window players.
Each server is sent a key of its own, derived from the kept one, so no two servers can tell
they see the same player; it names nobody."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from game.files import FileFault, read_text
from game.online.client.links import server_key
from game.paths import pref_dir, write_atomic

FILE_NAME = "player-key.txt"
SECRET_CHARS = 43  # secrets.token_urlsafe(32)


def _secret() -> str:
    """The kept secret; one that is missing or damaged is made anew (a key only counts
    tables: a new one loses nothing of the player's) and kept when the folder takes it."""
    path = pref_dir() / FILE_NAME
    try:
        text = read_text(path, 1024).strip()
    except (FileNotFoundError, FileFault):
        text = ""
    if len(text) == SECRET_CHARS and text.isascii() and text.isprintable():
        return text
    text = secrets.token_urlsafe(32)
    try:
        write_atomic(path, text + "\n")
    except OSError:  # a read-only folder: this run's key only, the table goes on
        pass
    return text


def player_key(url: str) -> str:
    """This player's key for the server at `url` (however its address is typed)."""
    digest = hmac.new(_secret().encode("ascii"), server_key(url).encode("utf-8"),
                      hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode("ascii").rstrip("=")
