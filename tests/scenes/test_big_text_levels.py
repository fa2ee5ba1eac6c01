"""Settings -> Text size 200 % on the campaign's level select: each level's name, its par (and
best) and the words of the level in focus at least 1.8 times as tall, nothing cut."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from game import i18n
from tests.scenes.drive import pump

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import text_audit  # noqa: E402

from tests.scenes.test_big_text import recording  # noqa: E402

READING = 26  # text this size or smaller at 100 % is reading text


@pytest.fixture
def app(menu_app, monkeypatch):
    yield from recording(menu_app, monkeypatch)  # the big-text tests' one fixture


def levels(app, text_size: float) -> dict[str, int]:
    """Each chapter's level select drawn at `text_size`: each text's height (the smallest)."""
    from game.scenes.solo.level_select import LevelSelectScene

    app.settings.text_size = text_size
    app.apply_looks()
    progress = app.files.progress()
    first = app.files.campaign().chapters[0].levels[0]
    progress.record_level(first.id, first.par + 1)  # a best beside the par
    heights: dict[str, int] = {}
    for chapter in app.files.campaign().chapters:
        scene = LevelSelectScene(app, chapter.number)
        app.stack.clear(scene)
        pump(app, 2)
        screen = text_audit.Recorder()
        scene.draw(screen)
        assert text_audit.check_scene(screen.texts, None, [], screen.shapes) == [], chapter.name
        for t in screen.texts:
            if t.height:
                heights[t.words] = min(t.height, heights.get(t.words, t.height))
    return heights


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_the_level_selects_words_grow_at_200(app, lang):
    assert i18n.set_language(lang) is None
    small, large = levels(app, 1.0), levels(app, 2.0)
    reading = app.assets.font(READING).get_height()
    # "2 / 1": a best's shorter wording on a 100 % tile (Czech, Polish), in full at 200 %.
    short = {words: (height, large.get(words)) for words, height in small.items()
             if height <= reading and large.get(words, 0) < 1.8 * height
             and not re.fullmatch(r"\d+ / \d+", words)}
    assert short == {}, short


def test_down_goes_to_the_next_row_at_200(app):
    """The levels stand in one column at a large text size: Down is the next level."""
    import pygame

    from game.scenes.solo.level_select import LevelSelectScene
    from tests.scenes.drive import key

    app.settings.text_size = 2.0
    app.apply_looks()
    scene = LevelSelectScene(app, 1)
    app.stack.clear(scene)
    pump(app, 2)
    scene.focus = 0
    key(app, pygame.K_DOWN)
    pump(app, 1)
    assert scene.focus == 1
    assert scene.rects[1].top > scene.rects[0].bottom  # the row under the first
