"""Scare It! - the digital edition of the family card game."""

import os

# pygame prints a banner on import; the game and its tools should not.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

