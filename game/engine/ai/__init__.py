"""Computer opponents: a SeatView of the game for one seat, and bots that choose a move for it."""

from game.engine.ai.bots import Bot, EasyBot, HardBot, NoMove, NormalBot
from game.engine.ai.expert import ExpertBot
from game.engine.ai.skills import SKILLS, Skill, make_bot
from game.engine.ai.view import SeatInfo, SeatView, view_for

__all__ = [
    "SKILLS", "Bot", "Skill", "EasyBot", "ExpertBot", "HardBot", "NoMove", "NormalBot", "make_bot",
    "SeatInfo", "SeatView", "view_for",
]
