"""Computer opponents: a SeatView of the game for one seat, and bots that choose a move for it."""

from game.engine.ai.bots import (
    DESCRIPTIONS,
    LEVELS,
    Bot,
    EasyBot,
    ExpertBot,
    HardBot,
    NoMove,
    NormalBot,
    make_bot,
)
from game.engine.ai.view import SeatInfo, SeatView, view_for

__all__ = [
    "DESCRIPTIONS", "LEVELS", "Bot", "EasyBot", "ExpertBot", "HardBot", "NoMove", "NormalBot", "make_bot",
    "SeatInfo", "SeatView", "view_for",
]
