"""Settings -> Text size 200 % on the records and small screens (issue 50): Saved games, a
person's page, recent solo deals, Moves so far, the settings' pages and a name refused. Each
reading text on them is drawn at least 1.8 times as tall as at 100 % (measured where text is
drawn, game/render/fit.py), and nothing is cut."""

from __future__ import annotations

from datetime import date

import pytest

from game import i18n
from game.engine import Mode, apply, new_game
from tests.scenes.test_big_text import recording
from tests.scenes.test_big_text_screens import GROWTH, LONG, READING, drawn

NAMES = [LONG, "Maximilian Wojciechowski", "Bartholomew Featherstone", "Anna-Katharina Oberhofer",
         "Gwendolyn Montgomery-Orr", "Friedrich Wilhelm Bäumer", "Jan Przybyszewski-Wójcik",
         "Anna"]
TODAY = date(2026, 12, 7)


@pytest.fixture
def app(menu_app, monkeypatch):
    yield from recording(menu_app, monkeypatch)  # the big-text tests' one fixture


def short_in_either_wording(app, shorter, *makes) -> dict[str, tuple[int, int | None]]:
    """`short_of`, where a text not drawn at 200 % is measured by its shorter wording
    (`shorter(words)`): a row whose names are counted at a large size instead."""
    small: dict[str, int] = {}
    large: dict[str, int] = {}
    for heights, size in ((small, 1.0), (large, 2.0)):
        for make in makes:
            for words, height in drawn(app, make, size).items():
                heights[words] = min(height, heights.get(words, height))
    assert small, "no text measured"
    reading = app.assets.font(READING).get_height()
    after = {words: large.get(words, large.get(shorter(words), 0)) for words in small}
    return {words: (height, after[words]) for words, height in small.items()
            if height <= reading and after[words] < GROWTH * height}


def saved_games(app):
    """Saved games of the longest names, every mode (eight seats the most), on each page."""
    from game.match.controller import Match
    from game.match.loading import save_game
    from game.scenes.records.saved_games import SavedGamesScene

    for seed, mode in enumerate(Mode):
        players = max(mode.player_counts)
        match = Match(new_game(mode, NAMES[:players], seed, 0, [None] * players))
        while match.ply < 5:
            match.play(next(m for m in match.state.legal_moves()
                            if not apply(match.state, m)[0].over))
        save_game(match.save_text())

    def on_page(page: int):
        def make():
            scene = SavedGamesScene(app, today=TODAY)
            scene.page = page
            return scene
        return make
    return [on_page(page) for page in range(len(Mode))]  # past the last: an empty page


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_saved_games_rows_grow_at_200(app, lang):
    """Each game's line, the longest names in it (counted at 200 % where they fill the row):
    at 200 % fewer rows to a page."""
    from game.match import load_games
    from game.scenes.records.saved_games import SavedGamesScene

    assert i18n.set_language(lang) is None
    makes = saved_games(app)
    scene = SavedGamesScene(app, today=TODAY)
    shorter = {scene.words(game): scene.words(game, short=True) for game in load_games()[0]}
    assert short_in_either_wording(app, lambda words: shorter.get(words), *makes) == {}
