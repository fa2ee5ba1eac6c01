"""The screens the first screens open, by name: each names its module, imported when first opened.

The title and the kiosk are what a launch shows first. What they lead to (the table, the online
screens, the editor, the solver, the attract loop's shows) is imported only when a player opens
it, so a launch draws its first frame without loading most of the game (issue 22).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from game.scenes.base import Scene

# name -> "module:attribute": a Scene class, or a function of (app, ...) that makes a scene
# (a table of one kind), pushed with the arguments given; or a function of (app, ...) that
# opens its own screen and returns None (a solo deal's table comes with its best result said);
# or, for the title's Continue button, the saved game and its words (read only when a game is
# saved: reading a record needs the whole rules engine).
SCREENS: dict[str, str] = {
    "access": "game.scenes.settings.access:AccessScene",
    "attract": "game.scenes.kiosk.attract:AttractScene",
    "campaign": "game.scenes.solo.campaign_menu:CampaignMenuScene",
    "continue": "game.scenes.table.continue_table:continue_game",
    "continue_couch": "game.scenes.table.continue_table:continue_couch",
    "continue_level": "game.scenes.solo.level_play:continue_level",
    "continue_solo": "game.scenes.solo.classic_result:continue_solo",
    "controls": "game.scenes.settings.controls:ControlsScene",
    "editor": "game.scenes.editor.editor:EditorScene",
    "deal_solution": "game.scenes.solo.deal_solution:deal_solution_scene",
    "continue_line": "game.scenes.table.resume:continue_line",
    "help": "game.scenes.settings.helps:HelpScene",
    "host_setup": "game.scenes.online.host:HostSetupScene",
    "how_to_play": "game.scenes.learn.how_to_play:HowToPlayScene",
    "invite": "game.scenes.online.join:open_invite",
    "join": "game.scenes.online.join:JoinScene",
    "join_again": "game.scenes.online.join:join_again",
    "lesson": "game.scenes.learn.lesson:lesson_scene",
    "lesson_offer": "game.scenes.learn.lesson_offer:LessonOfferScene",
    "level_table": "game.scenes.solo.level_play:level_scene",
    "my_tables": "game.scenes.online.my_tables:MyTablesScene",
    "ask_turns": "game.scenes.online.my_tables:ask_turns",
    "turn_words": "game.scenes.online.my_tables:turn_words",
    "person_stats": "game.scenes.records.person_stats:PersonScene",
    "play_test": "game.scenes.solo.play_test:play_test_scene",
    "reopen_online": "game.scenes.online.reopen:ReopenScene",
    "replays": "game.scenes.records.replays:ReplaysScene",
    "review": "game.scenes.records.review:ReviewScene",
    "saved_games": "game.scenes.records.saved_games:SavedGamesScene",
    "settings": "game.scenes.settings.settings:SettingsScene",
    "setup": "game.scenes.table.setup:SetupScene",
    "solo": "game.scenes.solo.solo_menu:SoloMenuScene",
    "solo_result": "game.scenes.solo.solo_result:SoloResultScene",
    "solo_table": "game.scenes.solo.classic_result:play_solo",
    "statistics": "game.scenes.records.statistics:StatisticsScene",
    "table": "game.scenes.table.play:table_scene",
}


def screen(name: str) -> type[Scene] | Callable:
    """The Scene class (or opening function) registered as `name`, its module imported now."""
    module, attribute = SCREENS[name].split(":")
    return getattr(importlib.import_module(module), attribute)


def open_screen(app, name: str, *args, **kwargs) -> None:
    """Open the screen registered as `name` on top of the stack."""
    made = screen(name)(app, *args, **kwargs)
    if isinstance(made, Scene):
        app.push(made)
