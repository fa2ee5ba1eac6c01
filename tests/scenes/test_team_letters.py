"""Team letters big enough to read at the table (issue 50, finding 9): a team is told apart by
its badge's letter, not its colour alone."""

from __future__ import annotations

import pygame
import pytest

from game.engine.modes import Mode
from game.render.palette import INK


def letter_height(assets, team: int, radius: int) -> int:
    """The ink height of a team badge's letter drawn at `radius`."""
    from game.ui.team_badge import draw_team_badge

    surface = pygame.Surface((4 * radius, 4 * radius))
    surface.fill((255, 255, 255))
    draw_team_badge(surface, assets, team, (2 * radius, 2 * radius), radius)
    ink = pygame.mask.from_threshold(surface, INK, (40, 40, 40, 255))
    return ink.get_bounding_rects()[0].unionall(ink.get_bounding_rects()).h


@pytest.mark.parametrize("players", Mode.TEAMS.player_counts)
def test_team_letters_are_big_on_the_table(app, monkeypatch, players):
    """Every team badge a team table draws (beside whose turn it is, in the seat list) has a
    letter at least 16 px tall (13 px in the seat list before)."""
    from game.engine.state import new_game
    from game.scenes.table import panel
    from game.scenes.table.play import table_scene
    from tests.scenes.drive import pump

    drawn = []
    original = panel.draw_team_badge

    def noted(surface, assets, team, center, radius=22):
        drawn.append((team, radius))
        return original(surface, assets, team, center, radius)

    monkeypatch.setattr(panel, "draw_team_badge", noted)
    names = ["Anna", "Ben", "Cleo", "Dan", "Eva", "Finn", "Greta", "Hugo"][:players]
    state = new_game(Mode.TEAMS, names, 2018, 0, [None] * players)
    app.stack.clear(table_scene(app, state))
    pump(app, 10)
    assert len(set(drawn)) >= 3, drawn  # the turn's badge, and both teams' in the seat list
    heights = {(team, radius): letter_height(app.assets, team, radius) for team, radius in drawn}
    assert min(heights.values()) >= 16, heights
