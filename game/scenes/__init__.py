"""Scenes: one file per scene, plus the scene stack that drives them.

Every scene module is loaded here, so scene_named() finds any scene class (the few pushes
that go round a circle of imports use it).
"""

from game.scenes import (  # noqa: F401 - loaded for scene_named
    attract,
    campaign_menu,
    classic_result,
    confirm,
    editor,
    editor_play,
    handover,
    how_to_play,
    level_pause,
    level_play,
    level_result,
    level_select,
    message,
    moves,
    operator,
    pause,
    play,
    replay,
    replays,
    resume,
    scoring,
    settings_scene,
    setup,
    solo_menu,
    solo_result,
    statistics,
    still_playing,
    title,
)
