"""Settings -> Text size 200 % on a solo deal's result: where it slipped, the better move in
the notation and the line Copy result put on the clipboard are each drawn at least 1.8 times as
tall as at 100 %, and nothing is cut (issue 50)."""

from __future__ import annotations

from datetime import date

import pytest

from game import i18n
from game.engine.modes import Mode
from game.match import analysis
from game.render import fit
from game.scenes.solo import answer_box as solo_answer_box
from game.ui import clipboard
from tests.scenes.drive import pump
from tests.scenes.test_big_text import (
    GROWTH,
    READING,
    recording,
    short_of,
    shown,
    smallest,
    text_audit,
)
from tests.scenes.test_deal_answer import played, pump_until


@pytest.fixture
def app(menu_app, monkeypatch):
    monkeypatch.setattr(solo_answer_box, "PROCESS", False)  # a thread: no process per test
    monkeypatch.setattr(clipboard, "put_text", lambda text: True)
    analysis.forget()
    yield from recording(menu_app, monkeypatch)
    analysis.forget()


def result_texts(app, text_size: float, mode: Mode = Mode.SOLO) -> dict[str, int]:
    """The daily deal's result (a slip in it) of `mode`, its line copied, drawn at
    `text_size`: the smallest height each text is drawn at."""
    from game.scenes.solo.classic_result import show_result

    app.settings.text_size = text_size
    app.apply_looks()
    start, end = played(mode, 2018)
    show_result(app, end, start, date(2026, 11, 26))
    pump(app)
    screen = app.stack.top
    pump_until(app, lambda: screen.answer.job.finished)
    screen.copier.copy()
    pump(app, 2)
    assert screen.answer.answer.slip is not None
    return drawn(app, screen)


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_a_long_slip_with_its_better_move_keeps_its_size_at_200(app, lang):
    """An advanced deal whose card to keep was lost (the screenshots' daily result): German
    "Bei deinem 21. Zug lief es schief. ... Besser: Die orange Katze auf d3 erschreckt die
    lila Maus auf d2." takes four lines at 200 %, three fit: the slip alone at its size (the
    better move in the notation's line under it), not all of it smaller (36 -> 63 px)."""
    assert i18n.set_language(lang) is None
    small = result_texts(app, 1.0, Mode.SOLO_ADVANCED)
    large = result_texts(app, 2.0, Mode.SOLO_ADVANCED)
    reading = app.assets.font(READING).get_height()
    short = {words: (height, shown(large, words)) for words, height in small.items()
             if height <= reading and (shown(large, words) or 0) < GROWTH * height}
    assert short == {}, short  # the slip alone counts for the slip with its better move


def drawn(app, screen) -> dict[str, int]:
    """The result `screen` drawn on a recording screen, nothing cut or over its buttons: the
    smallest height each text is drawn at."""
    recorder = text_audit.Recorder()
    fit.MISFITS.clear()
    screen.draw(recorder)
    buttons = [e.rect for e in app.ui.get_sprite_group().sprites()
               if e.visible and type(e).__name__ == "UIButton"]
    problems = text_audit.check_scene(recorder.texts, None, buttons, recorder.shapes)
    assert problems + fit.MISFITS == []
    return smallest(recorder.texts)


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_every_reading_text_on_the_solo_result_grows_at_200(app, lang):
    assert i18n.set_language(lang) is None
    small, large = result_texts(app, 1.0), result_texts(app, 2.0)
    reading = app.assets.font(READING).get_height()
    assert min(small.values()) <= reading, "no reading text measured"
    short = short_of(small, large, reading)
    assert short == {}, short


def level_result_texts(app, level, end, text_size: float) -> tuple[dict[str, int], str]:
    """A campaign level's result (`end`: its last field), its line copied, drawn at
    `text_size`: the smallest height each text is drawn at, and the note."""
    from game.scenes.solo.level_table import level_result

    app.settings.text_size = text_size
    app.apply_looks()
    app.stack.clear(level_result(app, level, end, before=None))
    pump(app, 2)
    screen = app.stack.top
    screen.copier.copy()
    pump(app, 2)
    return drawn(app, screen), screen.copier.note


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_a_levels_copied_note_grows_at_200(app, lang):
    """"Copied to the clipboard: ..." on a level's result (33 px at 100 %): down the right
    side at 200 %, 1.8 times as tall; with a field of many cards beside it, nothing cut."""
    from game.campaign.level_game import level_state, solution_line
    from game.engine import apply

    assert i18n.set_language(lang) is None
    campaign = app.files.campaign()
    level = campaign.level("keep-the-elephant")
    end = level_state(level)
    for move in solution_line(level):
        end = apply(end, move)[0]
    (small, note), (large, _note) = (level_result_texts(app, level, end, size)
                                     for size in (1.0, 2.0))
    assert large.get(note, 0) >= 1.8 * small[note], (small[note], large.get(note))
    wide = max(campaign.levels, key=lambda lv: level_state(lv).position.card_count())
    level_result_texts(app, wide, level_state(wide), 2.0)  # its checks: nothing cut
