"""Speech from the first second (issue 50): the speech key on every screen, a name box's focus
too, said as it changes; --speech for a run; the first start's offer said in full; a missing
voice said in words; dialogs' questions before their buttons; every control's label with its
value, typed letters echoed. Read from the speech log, as a player who cannot see hears it."""

import inspect

import pygame
import pygame_gui
import pytest

from game.controls import DEFAULT, Device
from game.scenes.confirm import ConfirmScene
from game.scenes.menu import MenuScene
from game.scenes.registry import SCREENS, open_screen, screen
from tests.scenes.drive import key, name, pump


class Voice:
    """A voice that keeps what it was given (the worker thread speaks through it)."""

    def __init__(self):
        self.said = []

    def speak(self, text, language, volume, interrupt):
        self.said.append(text)

    def close(self):
        pass


def start(tmp_path, monkeypatch, *, first=False, voice=None, **options):
    """A start of the game whose every line goes to a log; the voice is `voice` (a fake, or
    None: no voice route on this computer). `first`: nobody has played on this computer."""
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    if first:
        from game.settings import VETERAN

        monkeypatch.delenv(VETERAN, raising=False)
    from game.app import App

    log = tmp_path / "speech.log"
    app = App(frames=1, windowed=True, speech_log=log, **options)
    app.speech._finder = lambda: voice
    app.raise_errors = True
    app.settings.animation_speed = 25.0
    app.go_to_menu()
    pump(app, 3)
    return app, log


@pytest.fixture
def ended():
    yield
    pygame.quit()


def heard(log):
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def speech_key() -> int:
    return DEFAULT.bindings("speech", Device.KEYBOARD)[0].code


def test_the_speech_key_turns_the_voice_on_and_off_even_in_a_name_box(tmp_path, monkeypatch,
                                                                     ended):
    voice = Voice()
    app, log = start(tmp_path, monkeypatch, voice=voice)
    assert not app.speech.voiced
    open_screen(app, "setup")
    pump(app, 2)
    setup = app.stack.top
    setup.ring.focus(setup.entries[0])  # typing goes into the first name
    typed = setup.entries[0].get_text()
    key(app, speech_key())
    assert app.speech.voiced and app.settings.speech
    assert setup.entries[0].get_text() == typed  # nothing typed into the name
    lines = heard(log)
    on = lines.index("Speech on")
    assert "New game" in lines[on:]  # the screen in front is said again
    key(app, speech_key())
    assert not app.speech.voiced
    app.speech.close()
    assert voice.said[0] == "Speech on" and voice.said[-1] == "Speech off"  # heard, both
    assert heard(log)[-1] == "Speech off"
    from game.settings import Settings

    assert Settings.load()[0].speech is False  # the key's choice is kept


def test_the_speech_key_is_the_access_pages_switch_too(tmp_path, monkeypatch, ended):
    app, log = start(tmp_path, monkeypatch, voice=Voice())
    open_screen(app, "access")
    pump(app, 2)
    switch = app.stack.top.switches["speech"]
    key(app, speech_key())
    pump(app, 1)
    assert "On" in switch.text
    app.speech.close()


def test_dash_dash_speech_starts_the_voice_for_this_run_only(tmp_path, monkeypatch, ended):
    voice = Voice()
    app, log = start(tmp_path, monkeypatch, voice=voice, speech=True)
    assert app.speech.voiced and not app.settings.speech  # the saved choice stays
    app.speech.close()
    assert voice.said and voice.said[0] == heard(log)[0]


def test_dash_dash_speech_log_writes_the_lines_and_leaves_the_voice_off(tmp_path, monkeypatch,
                                                                        ended):
    voice = Voice()
    app, log = start(tmp_path, monkeypatch, voice=voice)
    open_screen(app, "settings")
    pump(app, 2)
    app.speech.close()
    assert "Settings" in heard(log) and voice.said == []


def test_the_first_start_says_its_offer_in_full(tmp_path, monkeypatch, ended):
    app, log = start(tmp_path, monkeypatch, first=True, voice=Voice(), speech=True)
    pump(app, 3)
    assert name(app) == "LessonOfferScene"
    lines = heard(log)
    offer = lines.index("New here?")
    said = lines[offer:]
    assert any("learn the rules as you go" in line for line in said)  # the question
    assert any("Skip" in line for line in said[:-1])  # both choices, not only the focused
    from game.scenes.learn.lesson_offer import SPEECH_KEY

    key_words = DEFAULT.keys_of("speech", Device.KEYBOARD)
    assert SPEECH_KEY.words(app.input.controls, Device.KEYBOARD) in said  # how to stop it
    assert key_words in app.stack.top.speech_key()
    assert said[-1] == "Learn in 2 minutes"
    app.speech.close()


def test_the_speech_key_at_the_first_start_says_the_offer_after_speech_on(
        tmp_path, monkeypatch, ended):
    app, log = start(tmp_path, monkeypatch, first=True, voice=Voice())
    pump(app, 3)
    assert name(app) == "LessonOfferScene" and not app.speech.voiced
    key(app, speech_key())
    said = heard(log)[heard(log).index("Speech on"):]
    assert said[1] == "New here?" and said[-1] == "Learn in 2 minutes"
    assert any("learn the rules as you go" in line for line in said)
    app.speech.close()


def test_no_voice_on_this_computer_is_said_in_words_on_screen_and_in_the_log(
        tmp_path, monkeypatch, ended):
    from game.voices import missing_words

    app, log = start(tmp_path, monkeypatch, voice=None, speech=True)
    assert app.speech.looked.wait(10)  # the worker has looked for a voice
    pump(app, 2)
    assert name(app) == "MessageScene" and app.stack.top.message == missing_words()
    assert missing_words() in heard(log)
    app.stack.pop()
    pump(app, 5)
    assert name(app) == "TitleScene"  # once a run
    app.speech.close()


def test_dialogs_say_their_question_before_their_focused_button(tmp_path, monkeypatch, ended):
    app, log = start(tmp_path, monkeypatch)
    app.push(ConfirmScene(app, "Quit to the menu?", lambda: None, yes="Quit",
                          no="Keep playing", detail="This game is not kept."))
    pump(app, 2)
    lines = heard(log)
    assert lines[-3:] == ["Quit to the menu?", "This game is not kept.", "Keep playing"]
    from game.scenes.message import MessageScene

    app.push(MessageScene(app, "The file could not be read."))
    pump(app, 2)
    assert heard(log)[-3:] == ["Please note", "The file could not be read.", "OK"]
    key(app, pygame.K_RETURN)
    assert heard(log)[-1] == "Keep playing"  # back in the question: its focus said again
    app.stack.pop()
    pump(app, 2)
    from game.scenes.table.moves import MovesScene

    app.push(MovesScene(app, ["Anna: the yellow dog scared the cat on c2"]))
    pump(app, 2)
    assert heard(log)[-3:] == ["Moves so far", "Move 1: Anna: the yellow dog scared the cat on c2",
                               "Back"]


def test_the_settings_rows_say_their_label_with_their_value(tmp_path, monkeypatch, ended):
    app, log = start(tmp_path, monkeypatch)
    open_screen(app, "access")
    pump(app, 2)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert heard(log)[-1] == "Speak the table: Off"
    app.stack.pop()
    pump(app, 2)
    open_screen(app, "settings")
    pump(app, 2)
    settings = app.stack.top
    settings.ring.focus(settings.sliders["music_volume"])
    key(app, pygame.K_LEFT)
    assert heard(log)[-1] == f"Music: {round(app.settings.music_volume * 100)}%"


def test_a_text_box_says_its_label_and_what_it_holds_and_echoes_each_letter(
        tmp_path, monkeypatch, ended):
    app, log = start(tmp_path, monkeypatch)
    open_screen(app, "setup")
    pump(app, 2)
    setup = app.stack.top
    seed = setup.seed_entry
    while setup.ring.focused.element is not seed:
        key(app, pygame.K_TAB)
    assert heard(log)[-1] == "Seed (optional): empty"
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="7"))
    pump(app, 2)
    assert heard(log)[-1] == "7"
    key(app, pygame.K_BACKSPACE)
    assert heard(log)[-1] == "deleted: 7"


def openable(name):
    """A registered screen that opens with nothing but the app (the others are opened by the
    screens before them, with what they show)."""
    made = screen(name)
    if not (isinstance(made, type) and issubclass(made, MenuScene)):
        return False
    params = list(inspect.signature(made).parameters.values())[1:]
    return all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
               for p in params)


VALUE_WIDGETS = (pygame_gui.elements.UITextEntryLine, pygame_gui.elements.UIHorizontalSlider)


def test_every_control_on_every_screen_says_more_than_a_bare_value(tmp_path, monkeypatch,
                                                                   ended):
    """Each registered screen that opens by itself: every widget that holds a value (a
    selector, a switch, a slider, a text box) is said with its label, and no widget is said
    as a sign or a number alone."""
    from game.engine import Mode
    from game.scenes.solo.who_plays import NewNameScene

    app, log = start(tmp_path, monkeypatch)
    app.files.people().choose("Grandma")  # a family page to step through
    walked = [(n, ()) for n in SCREENS if openable(n)]
    assert {"settings", "access", "setup", "join", "solo"} <= {n for n, _a in walked}
    walked.append(("host_setup", (Mode.STANDARD, ["Anna", "Ben"], [None, None])))
    for screen_name, args in [*walked, ("who is playing", ())]:
        app.go_to_menu()
        pump(app, 1)
        if args or screen_name in SCREENS:
            open_screen(app, screen_name, *args)
        else:
            app.push(NewNameScene(app, app.stack.top))
        pump(app, 2)
        scene = app.stack.top
        if screen_name == "person_stats":
            assert any(isinstance(i.element, VALUE_WIDGETS) for i in scene.ring.items)
        for item in scene.ring.items:
            element = item.element
            words = scene.spoken_words(element)
            holds_a_value = item.adjust is not None or isinstance(element, VALUE_WIDGETS)
            where = f"{screen_name}: {words!r}"
            if holds_a_value:
                assert element in scene.spoken_labels, where
            assert any(c.isalpha() for c in words), where


def test_the_readme_and_the_help_name_the_speech_key_and_dash_dash_speech(capsys):
    from pathlib import Path

    from game.cli import main

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    access = readme.split("### Accessibility", 1)[1].split("\n## ", 1)[0]
    key_words = DEFAULT.keys_of("speech", Device.KEYBOARD)
    assert f"**{key_words}**" in access and "`scare-it --speech`" in access
    assert main(["--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert f"the speech key, {key_words} unless changed" in text
    speech_log = text.split("--speech-log FILE", 1)[1]
    assert "it does not turn the voice on: add --speech" in speech_log  # as the code does


def test_typing_is_echoed_as_letters_spaces_deletions_or_the_whole_new_text():
    from game.ui.widget_words import typed_words

    assert typed_words("An", "Ann") == "n"
    assert typed_words("Ann", "Ann ") == "space"
    assert typed_words("Anna", "Ann") == "deleted: a"
    assert typed_words("", "picnic") == "picnic"  # pasted
    assert typed_words("Player 2", "Computer 1") == "Computer 1"  # set by the screen
    assert typed_words("a", "") == "deleted: a"


def test_dash_dash_speech_reaches_the_game_and_no_command_takes_it(monkeypatch, capsys):
    import sys
    import types

    from game.cli import main

    calls = []
    fake = types.ModuleType("game.app")
    fake.run = lambda **options: calls.append(options) or 0
    monkeypatch.setitem(sys.modules, "game.app", fake)
    assert main(["--speech", "--speech-log", "said.txt"]) == 0
    assert calls[-1]["speech"] is True and calls[-1]["speech_log"] == "said.txt"
    assert main([]) == 0 and "speech" not in calls[-1]
    assert main(["--speech", "deal"]) == 2
    assert "--speech is for starting the game" in capsys.readouterr().err
