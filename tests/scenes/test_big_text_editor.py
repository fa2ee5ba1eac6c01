"""Settings -> Text size 200 % in the puzzle editor: the brush's words, the key help, the
solver's answer, the draft's problem and the message over the field are each drawn at least
1.8 times as tall as at 100 %, and nothing is cut (issue 50)."""

from __future__ import annotations

import pytest

from game import i18n
from game.campaign.draft import Draft
from game.campaign.puzzles import NAME_MAX, Puzzle, named_code
from game.controls import BINDABLE, Device
from game.engine.cards import parse_card
from game.engine.state import deal_position
from game.render import fit
from game.scenes.editor.input import HELP
from game.scenes.editor.layout import KINDS
from game.scenes.editor.status import helped
from tests.scenes.drive import pump
from tests.scenes.test_big_text import READING, recording, short_of, smallest, text_audit

LONG_NAME = "The Elephant Parade of Grandma".ljust(NAME_MAX, "!")


@pytest.fixture
def app(menu_app, monkeypatch):
    yield from recording(menu_app, monkeypatch)


def proven(editor) -> None:
    """A full field, proven, its brush a card both copies of are placed, its long code copied."""
    puzzle = Puzzle(deal_position(2018), parse_card("YC"))
    editor.edit(lambda _draft: Draft.of(puzzle))
    editor.proof.solver.wait(30)
    editor.palette.brush = next(i for i, card in enumerate(KINDS) if editor.draft.used_up(card))
    editor.say(i18n._("Code copied: %(code)s") % {"code": named_code(puzzle, LONG_NAME)})


def problem(editor) -> None:
    """Two cards with an empty column between them, proven: the problem over the answer."""
    editor.edit(lambda d: d.place(0, 0, parse_card("YE")))
    editor.edit(lambda d: d.place(2, 0, parse_card("PM")))
    editor.proof.solver.wait(30)


def editor_texts(app, make, text_size: float):
    """The editor made by `make` at `text_size`: the smallest height each text is drawn at,
    and the words of the solver's answer."""
    from game.scenes.editor.editor import EditorScene

    app.settings.text_size = text_size
    app.apply_looks()
    editor = EditorScene(app)
    app.stack.clear(editor)
    make(editor)
    pump(app, 3)
    screen = text_audit.Recorder()
    fit.MISFITS.clear()
    editor.draw(screen)
    problems = text_audit.check_scene(screen.texts, None, [], screen.shapes) + fit.MISFITS
    assert problems == []
    return smallest(screen.texts), {words for words, *_rest in editor.proof.lines(editor.draft)}


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
@pytest.mark.parametrize("make", (proven, problem))
def test_every_reading_text_in_the_editor_grows_at_200(app, lang, make):
    assert i18n.set_language(lang) is None
    (small, answer), (large, _answer) = editor_texts(app, make, 1.0), editor_texts(app, make, 2.0)
    # What may give way at 200 %: the answer's lines (to the problem; how long the proof
    # took) and the help line of the device not in hand.
    giving_way = answer | {app.input.controls.help_line(device, HELP) for device in BINDABLE
                           if device not in helped(app.input.device)}
    reading = app.assets.font(READING).get_height()
    assert min(small.values()) <= reading, "no reading text measured"
    short = short_of(small, large, reading)
    assert {words for words, (_before, after) in short.items() if after is None} <= giving_way
    short = {words: heights for words, heights in short.items() if heights[1] is not None}
    assert short == {}, short


def test_at_200_the_help_line_is_the_one_of_the_device_in_hand(app):
    """At a large text size the key help shows one device's line, on two lines: the pad's
    after a pad press, else the keyboard's (mouse and touch players read the keys)."""
    for device in Device:
        app.input.device = device
        shown, _giving_way = editor_texts(app, proven, 2.0)
        lines = {d: app.input.controls.help_line(d, HELP) for d in BINDABLE}
        held = Device.GAMEPAD if device == Device.GAMEPAD else Device.KEYBOARD
        assert [d for d, words in lines.items() if words in shown] == [held]
    shown, _giving_way = editor_texts(app, proven, 1.0)  # at 100 %: both, as ever
    assert all(app.input.controls.help_line(d, HELP) in shown for d in BINDABLE)
