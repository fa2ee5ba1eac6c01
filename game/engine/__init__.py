"""The rules engine: pure Python, no pygame, no I/O. Positions, moves, modes, scoring, solver."""

from game.engine.cards import Animal, Card, Colour, full_deck, parse_card, scares
from game.engine.events import ColumnClosed, Event, Fell, GameOver, MovedIn, Scared
from game.engine.modes import Mode
from game.engine.moves import Move, legal_moves, parse_move, play_on_field, why_illegal
from game.engine.position import NotationError, Position, format_position, parse_position
from game.engine.rules import Rules
from game.engine.state import (
    COLUMN_EMPTIED,
    NO_MOVE,
    GameState,
    IllegalMove,
    Player,
    apply,
    apply_all,
    deal_position,
    initial_state,
    new_game,
)

__all__ = [
    "Animal", "Card", "Colour", "full_deck", "parse_card", "scares",
    "ColumnClosed", "Event", "Fell", "GameOver", "MovedIn", "Scared",
    "Mode", "Move", "legal_moves", "parse_move", "play_on_field", "why_illegal",
    "NotationError", "Position", "format_position", "parse_position", "Rules",
    "COLUMN_EMPTIED", "NO_MOVE", "GameState", "IllegalMove", "Player",
    "apply", "apply_all", "deal_position", "initial_state", "new_game",
]
