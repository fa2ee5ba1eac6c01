"""Settings -> Text size 200 % on New game: the column headings, who starts and the teams'
letters are each drawn at least 1.8 times as tall as at 100 %, and nothing is cut (issue 50)."""

from __future__ import annotations

import pytest

from game import i18n
from game.engine.modes import Mode
from game.render import fit
from tests.scenes.drive import pump
from tests.scenes.test_big_text import READING, recording, short_of, smallest, text_audit


@pytest.fixture
def app(menu_app, monkeypatch):
    yield from recording(menu_app, monkeypatch)


def setup_texts(app, mode: Mode, count: int, text_size: float) -> dict[str, int]:
    """New game for `count` players of `mode` at `text_size`: the smallest height each text
    the screen draws (its buttons' words are pygame-gui's) is drawn at."""
    from game.scenes.table.setup import SetupScene

    app.settings.text_size = text_size
    app.apply_looks()
    app.forget_setup_memory()
    scene = SetupScene(app)
    app.stack.clear(scene)
    app.setup_memory.update(mode=mode, count=count)
    scene.rebuild()
    pump(app, 3)
    screen = text_audit.Recorder()
    fit.MISFITS.clear()
    scene.draw(screen)
    buttons = [e.rect for e in app.ui.get_sprite_group().sprites() if e.visible
               and type(e).__name__ in ("UIButton", "UITextEntryLine")]
    problems = text_audit.check_scene(screen.texts, None, buttons, screen.shapes) + fit.MISFITS
    assert problems == []
    return smallest(screen.texts)


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
@pytest.mark.parametrize("mode, count", ((Mode.STANDARD, 4), (Mode.TEAMS, 8)))
def test_every_reading_text_on_new_game_grows_at_200(app, lang, mode, count):
    assert i18n.set_language(lang) is None
    small = setup_texts(app, mode, count, 1.0)
    large = setup_texts(app, mode, count, 2.0)
    reading = app.assets.font(READING).get_height()
    assert min(small.values()) <= reading, "no reading text measured"
    short = short_of(small, large, reading)
    assert short == {}, short
