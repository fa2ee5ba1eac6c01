"""The pause overlay for a campaign level: Resume, How to play, Restart, Level select, Quit."""

from __future__ import annotations

from game.i18n import _
from game.scenes.table.pause import PauseScene


class LevelPauseScene(PauseScene):
    """The pause overlay with a way back to the level select."""

    panel_size = (760, 780)

    def __init__(self, app, restart, levels, kept: bool = True) -> None:
        super().__init__(app, restart=restart, kept=kept)
        self.levels = levels

    def build(self) -> None:
        rects = self.column(self.panel_rect.top + 175, 5, gap=22, width=520, height=88)
        self.button(_("Resume"), rects[0], self.back, name="resume")
        self.button(_("How to play"), rects[1], self._rules, name="rules")
        self.button(_("Restart"), rects[2], self._restart, name="restart")
        self.button(_("Level select"), rects[3], self.levels, name="levels")
        self.button(_("Quit to menu"), rects[4], self._quit, name="quit")
