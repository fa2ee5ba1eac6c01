"""The match layer (the midend): one game's history, move sources, hints, records and saves. No pygame.

This package is the scenes' one door into the midend: they import from `game.match` only what
DOOR names (tests/test_layers.py holds them to it). Each name is loaded from its module when first
asked for, so reading a record at start does not bring in the computers and the solver.
"""

from importlib import import_module

DOOR = {  # name -> the module of game.match that defines it ("module:its name there" if other)
    "Analyser": "analyser",
    "aimed_words": "spoken",
    "answer_words": "answers",
    "best_words": "answers",
    "better_words": "answers",
    "cards_words": "words",
    "chosen_words": "spoken",
    "clear_game": "loading",
    "CoachedSeat": "lesson",
    "column_words": "field_words",
    "computer_name": "words",
    "par_words": "words",
    "continue_words": "loading",
    "deal_key": "occasions",
    "deal_words": "review_words",
    "deal_match": "tables",
    "describe_next": "words",
    "discard": "loading",
    "ends_game": "learner",
    "Finished": "session",
    "FIRST_PLAYER": "mode_guide",
    "focus_words": "spoken",
    "forget_discarded": "loading",
    "GameEnds": "session",
    "GUIDE": "mode_guide",
    "HandOver": "session",
    "hint_move": "learner",
    "HumanSeat": "seats",
    "Job": "analyser",
    "Kept": "session",
    "kept_replay": "loading",
    "lesson_match": "tables",
    "lesson_start": "lesson:start",
    "level_match": "tables",
    "line_match": "tables",
    "LINE_MOVES": "lesson",
    "load_game": "loading",
    "load_games": "loading",
    "load_replay": "loading",
    "made_up_name": "setup_memory",
    "Match": "controller",
    "mode_summary": "mode_guide:summary",
    "move_in_words": "spoken",
    "move_words": "spoken",
    "Moved": "session",
    "NAME_MAX": "setup_memory",
    "notation_words": "answers",
    "occasion_of": "occasions",
    "OCCASIONS": "occasions",
    "overview_words": "field_words",
    "path_for": "review_file",
    "PEEK": "lesson",
    "Phase": "session",
    "PLAY": "lesson",
    "Played": "session",
    "put_back_words": "spoken",
    "played_online": "loading",
    "points_now": "learner",
    "READ": "lesson",
    "read_review": "review_file:read",
    "Record": "record",
    "record_of": "record",
    "RecordError": "record",
    "replay_match": "tables",
    "replays": "loading",
    "resumed_match": "tables",
    "save_memory": "setup_memory",
    "saved_game_words": "words",
    "SavedGame": "loading",
    "score_lines": "spoken",
    "seat_names": "review_words",
    "Sent": "session",
    "Session": "session",
    "REST_S": "session",
    "shelf_of": "loading",
    "SHELVES": "loading",
    "short_names": "review_words",
    "show_match": "tables",
    "ShowScarer": "session",
    "solo_match": "tables",
    "Step": "lesson",
    "STEPS": "lesson",
    "Stopped": "session",
    "team_letter": "mode_guide",
    "team_name": "mode_guide",
    "ThinkStarted": "session",
    "TurnBegins": "session",
    "turn_words": "review_words",
    "undo_discard": "loading",
    "view_button": "review_words",
    "view_words": "review_words",
    "VIEWS": "review_words",
    "WATCH": "lesson",
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
