"""The screens the first screens open, by name: each names its module, imported when first opened.

The title and the kiosk are what a launch shows first. What they lead to (the table, the online
screens, the editor, the solver, the attract loop's shows) is imported only when a player opens
it, so a launch draws its first frame without loading most of the game (issue 22).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from game.scenes.base import Scene

# name -> "module:attribute": a Scene class, pushed with the arguments given; or a function of
# (app, ...) that opens its own screen (a solo deal's table comes with its best result said);
# or, for the title's Continue button, the saved game and its words (read only when a game is
# saved: reading a record needs the whole rules engine).
SCREENS: dict[str, str] = {
    "access": "game.scenes.access_scene:AccessScene",
    "attract": "game.scenes.attract:AttractScene",
    "campaign": "game.scenes.campaign_menu:CampaignMenuScene",
    "continue": "game.scenes.continue_table:continue_game",
    "controls": "game.scenes.controls_scene:ControlsScene",
    "deal_solution": "game.scenes.deal_solution:DealSolutionScene",
    "continue_line": "game.scenes.resume:continue_line",
    "help": "game.scenes.help_scene:HelpScene",
    "how_to_play": "game.scenes.how_to_play:HowToPlayScene",
    "invite": "game.scenes.join_table:open_invite",
    "join": "game.scenes.join_table:JoinScene",
    "join_again": "game.scenes.join_table:join_again",
    "lesson": "game.scenes.lesson:LessonScene",
    "lesson_offer": "game.scenes.lesson_offer:LessonOfferScene",
    "level_table": "game.scenes.level_play:LevelPlayScene",
    "person_stats": "game.scenes.person_stats:PersonScene",
    "reopen_online": "game.scenes.online_reopen:ReopenScene",
    "replays": "game.scenes.replays:ReplaysScene",
    "saved_games": "game.scenes.saved_games:SavedGamesScene",
    "settings": "game.scenes.settings_scene:SettingsScene",
    "setup": "game.scenes.setup:SetupScene",
    "solo": "game.scenes.solo_menu:SoloMenuScene",
    "solo_table": "game.scenes.classic_result:play_solo",
    "statistics": "game.scenes.statistics:StatisticsScene",
    "table": "game.scenes.play:PlayScene",
}


def screen(name: str) -> type[Scene] | Callable:
    """The Scene class (or opening function) registered as `name`, its module imported now."""
    module, attribute = SCREENS[name].split(":")
    return getattr(importlib.import_module(module), attribute)


def open_screen(app, name: str, *args, **kwargs) -> None:
    """Open the screen registered as `name` on top of the stack."""
    target = screen(name)
    if isinstance(target, type) and issubclass(target, Scene):
        app.push(target(app, *args, **kwargs))
    else:
        target(app, *args, **kwargs)
