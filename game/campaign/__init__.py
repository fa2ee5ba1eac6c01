"""The solo puzzle campaign: level files, progress, the daily deal. Never imports pygame."""

from game.campaign.levels import (
    Campaign,
    Chapter,
    Level,
    LevelError,
    format_level,
    load_campaign,
    load_level,
)

__all__ = [
    "Campaign", "Chapter", "Level", "LevelError", "format_level", "load_campaign", "load_level",
]
