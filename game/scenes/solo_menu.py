"""Solo menu: a random deal, an advanced random deal, the daily deal; the campaign comes later."""

from __future__ import annotations

import os
from datetime import date

import pygame

from game.engine.modes import Mode
from game.engine.rng import seed_from_text
from game.engine.state import new_game
from game.ui import look
from game.ui.menu import CENTER_X, MenuScene

BLURB = {
    "random": "Clear the field: keep scaring until no scare is left. One card left makes you King of the Beasts.",
    "advanced": "As above, but one face-up target card must still be on the field at the end.",
    "daily": "Everyone gets the same deal today. Compare your result with friends!",
    "campaign": "Puzzles in chapters, each proven solvable to its par. Earn up to three stars a level.",
}


def start_solo(app, mode: Mode, seed: int, daily: date | None = None) -> None:
    """Deal a one-player game and go to the table; its best result is kept in progress."""
    state = new_game(mode, ["You"], seed, 0, [None])
    try:
        from game.scenes.play import PlayScene  # noqa: F401 - is the table there?
    except ImportError:
        from game.scenes.message import MessageScene
        app.push(MessageScene(app, "The card table is not ready yet in this version."))
        return
    from game.scenes.classic_result import play_solo
    play_solo(app, state, daily)


class SoloMenuScene(MenuScene):
    heading = "Solo"

    def build(self) -> None:
        rects = self.column(250, 5, gap=22, width=640, height=92)
        self.button("Random deal", rects[0], self._random, name="random")
        self.button("Random deal \u2014 advanced", rects[1], self._advanced, name="advanced")
        self.button("Daily deal", rects[2], self._daily, name="daily")
        self.campaign = self.button("Campaign", rects[3], self._campaign, name="campaign")
        self.button("Back", rects[4], self.back, name="back")

    def _random(self) -> None:
        start_solo(self.app, Mode.SOLO, int.from_bytes(os.urandom(8), "little"))

    def _advanced(self) -> None:
        start_solo(self.app, Mode.SOLO_ADVANCED, int.from_bytes(os.urandom(8), "little"))

    def _daily(self) -> None:
        today = date.today()
        start_solo(self.app, Mode.SOLO, seed_from_text(today.isoformat()), daily=today)

    def _campaign(self) -> None:
        from game.scenes.campaign_menu import CampaignMenuScene
        self.app.push(CampaignMenuScene(self.app))

    def draw_content(self, surface: pygame.Surface) -> None:
        item = self.ring.focused
        name = getattr(getattr(item, "element", None), "object_ids", None) or []
        key = next((k for k in BLURB if f"#{k}" in name), None)
        if key:
            body = look.wrapped(self.app.assets, BLURB[key], 38, 1100, look.CREAM)
            surface.blit(body, body.get_rect(midtop=(CENTER_X, 860)))
