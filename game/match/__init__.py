"""The match layer (the midend): one game's history, move sources, hints, records and saves. No pygame.

This package is the scenes' one door into the midend: they import from `game.match` only what
DOOR names (tests/test_layers.py holds them to it). Each name is loaded from its module when first
asked for, so reading a record at start does not bring in the computers and the solver.
"""

from importlib import import_module

DOOR = {  # name -> the module of game.match that defines it ("module:its name there" if other)
    "Analyser": "analyser",
    "CoachedSeat": "lesson",
    "FIRST_PLAYER": "mode_guide",
    "Finished": "session",
    "GUIDE": "mode_guide",
    "GameOver": "session",
    "HandOver": "session",
    "HumanSeat": "seats",
    "Job": "analyser",
    "Kept": "session",
    "LINE_MOVES": "lesson",
    "Match": "controller",
    "Moved": "session",
    "NAME_MAX": "setup_memory",
    "PEEK": "lesson",
    "PLAY": "lesson",
    "Phase": "session",
    "Played": "session",
    "READ": "lesson",
    "Record": "record",
    "RecordError": "record",
    "SETTLE_S": "session",
    "SHELVES": "loading",
    "STEPS": "lesson",
    "SavedGame": "loading",
    "Sent": "session",
    "Session": "session",
    "ShowScarer": "session",
    "Step": "lesson",
    "Stopped": "session",
    "ThinkStarted": "session",
    "TurnBegins": "session",
    "VIEWS": "review_words",
    "WATCH": "lesson",
    "answer_words": "answers",
    "best_words": "answers",
    "cards_words": "words",
    "chance": "review_words",
    "clear_game": "loading",
    "column_words": "field_words",
    "computer_name": "words",
    "continue_words": "loading",
    "deal_key": "profile",
    "describe_next": "words",
    "discard": "loading",
    "ends_game": "learner",
    "focus_words": "spoken",
    "forget_discarded": "loading",
    "hint_move": "learner",
    "kept_replay": "loading",
    "known_words": "review_words",
    "lesson_start": "lesson:start",
    "load_game": "loading",
    "load_games": "loading",
    "load_replay": "loading",
    "made_up_name": "setup_memory",
    "mode_summary": "mode_guide:summary",
    "move_words": "spoken",
    "mover_words": "review_words",
    "overview_words": "field_words",
    "path_for": "review_file",
    "played_online": "loading",
    "points_now": "learner",
    "read_review": "review_file:read",
    "record_of": "record",
    "replays": "loading",
    "save_memory": "setup_memory",
    "saved_game_words": "words",
    "score_lines": "spoken",
    "shelf_of": "loading",
    "table_session": "session",
    "team_letter": "mode_guide",
    "team_name": "mode_guide",
    "undo_discard": "loading",
    "view_button": "review_words",
    "view_words": "review_words",
    "write_record": "record",
    "write_review": "review_file:write",
}


def __getattr__(name: str):
    """The door's names, each imported from its module when first asked for."""
    if name not in DOOR:
        raise AttributeError(f"module 'game.match' has no attribute {name!r}")
    module, _, there = DOOR[name].partition(":")
    return getattr(import_module(f"game.match.{module}"), there or name)


def __dir__() -> list[str]:
    return sorted([*globals(), *DOOR])
