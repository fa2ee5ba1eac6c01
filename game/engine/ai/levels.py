"""The built-in levels by name: LEVELS, the words a family reads for each, and make_bot."""

from __future__ import annotations

from game.engine.ai.bots import Bot, EasyBot, HardBot, NormalBot
from game.engine.ai.expert import ExpertBot
from game.i18n import N_

# The levels, gentlest first; what a family reads for each (pass it through _() to show it).
LEVELS = ("easy", "normal", "hard", "expert")
DESCRIPTIONS = {
    "easy": N_("easy \u2014 learning"),
    "normal": N_("normal \u2014 a fair player"),
    "hard": N_("hard \u2014 a strong player"),
    "expert": N_("expert \u2014 thinks the hardest"),
}


def make_bot(level: str, nodes: int | None = None) -> Bot:
    """A bot of the named level (LEVELS). With `nodes` the searching levels stop after that
    many search nodes per move instead of at the time budget, the same on any machine."""
    key = level.strip().lower()
    if key == "easy":
        return EasyBot()
    if key == "normal":
        return NormalBot()
    if key == "hard":
        return HardBot(nodes=nodes)
    if key == "expert":
        return ExpertBot(nodes=nodes)
    raise ValueError(f"unknown bot level '{level}' (choose {', '.join(LEVELS)})")
