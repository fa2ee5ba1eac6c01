"""Tests of game/anim: the director that turns engine events into animations."""
