"""Computer opponents: a SeatView of the game for one seat, and bots that choose a move for it."""

from game.engine.ai.bots import LEVELS, Bot, EasyBot, HardBot, NoMove, NormalBot, make_bot
from game.engine.ai.view import SeatInfo, SeatView, view_for

__all__ = [
    "LEVELS", "Bot", "EasyBot", "HardBot", "NoMove", "NormalBot", "make_bot",
    "SeatInfo", "SeatView", "view_for",
]
