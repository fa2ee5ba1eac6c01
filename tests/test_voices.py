"""Each system's speech routes: tried in order, the first that starts is used, a clear message
names what to install where none does; pyttsx3's route heard here through espeak-ng."""

import ctypes.util
import threading
import wave

import pytest

from game import i18n, voices
from game.i18n import _
from game.settings import Settings
from game.speech import Speech, latest
from tests.fake_process import fake_popen

# What each system's message must name so a player knows what to put right.
FIX = {"linux": "speech-dispatcher", "win32": "SAPI", "darwin": "say"}


@pytest.mark.parametrize("platform", voices.ROUTES)
def test_the_first_route_that_starts_is_used_in_the_systems_order(platform):
    routes = voices.ROUTES[platform]
    for working in range(len(routes)):
        tried = []

        def maker(route, i, tried=tried, working=working):
            def make():
                tried.append(route)
                if i < working:
                    raise (ImportError if i % 2 else OSError)(route)
                return route
            return make

        makers = {r: maker(r, i) for i, r in enumerate(routes)}
        assert voices.find_voice(platform, makers) == routes[working]
        assert tried == list(routes[:working + 1])


@pytest.mark.parametrize("platform", voices.ROUTES)
def test_no_route_gives_none_and_the_message_says_what_to_put_right(platform):
    def fail():
        raise OSError("not here")

    makers = {r: fail for r in voices.ROUTES[platform]}
    assert voices.find_voice(platform, makers) is None
    assert FIX[platform] in voices.missing_words(platform)


def test_each_system_has_its_own_route_and_others_go_linux_way():
    assert voices.ROUTES["win32"] == ("pyttsx3",)  # SAPI 5 through pyttsx3
    assert voices.ROUTES["darwin"] == ("say",)
    assert voices.system("freebsd14") == "linux"
    assert voices.missing_words("freebsd14") == voices.missing_words("linux")


def test_the_speech_problem_is_this_systems_message():
    speech = Speech(Settings(speech=True), finder=lambda: None)
    speech.say("Pass to Anna")
    speech.close()
    assert speech.problem == voices.missing_words()


def test_a_line_that_interrupts_drops_the_lines_waiting_before_it():
    line = lambda text, cut: (text, "en", 1.0, cut)  # noqa: E731
    waiting = [line("a", False), line("b1", True), line("c", False), line("b2", True),
               line("d", False)]
    assert latest(waiting) == [line("b2", True), line("d", False)]
    assert latest([line("a", False), line("c", False)]) == [line("a", False), line("c", False)]


def test_a_voice_that_waits_for_each_line_hears_only_where_the_cursor_stopped():
    """pyttsx3 and say speak a line and wait: the cursor's steps taken meanwhile are not all
    read out after it has moved on; only the last step and what came after it."""
    started, go = threading.Event(), threading.Event()

    class Slow:
        said = []

        def speak(self, text, language, volume, interrupt):
            started.set()
            go.wait(5)
            self.said.append(text)

        def close(self):
            pass

    voice = Slow()
    speech = Speech(Settings(speech=True), finder=lambda: voice)
    speech.say("Your turn")
    assert started.wait(5)
    for cell in ("a1", "b1", "c1"):
        speech.say(cell, interrupt=True)
    speech.say("Anna's turn")
    go.set()
    speech.close()
    assert voice.said == ["Your turn", "c1", "Anna's turn"]


def test_every_language_finds_its_own_voice_by_its_names():
    class V:
        def __init__(self, id, languages):
            self.id, self.languages = id, languages

    listed = [V("gmw/en-029", ["en-029"]), V("gmw/en", [b"\x05en-gb"]),
              V("HKEY\\TTS_MS_CS-CZ_JAKUB", ["cs-CZ"]), V("com.apple.de", ["de_DE"]),
              V("zlw/pl", ["pl"])]
    assert [voices.voice_for(listed, lang).id for lang in i18n.LANGUAGES] == [
        {"en": "gmw/en", "cs": "HKEY\\TTS_MS_CS-CZ_JAKUB", "de": "com.apple.de",
         "pl": "zlw/pl"}[lang] for lang in i18n.LANGUAGES]
    assert voices.voice_for(listed, "fi") is None


def test_pyttsx3_speaks_every_language_into_a_wav_through_espeak_ng(tmp_path):
    """The route Windows takes (pyttsx3; SAPI 5 there) heard here through its espeak driver:
    a line of the game in each language becomes a WAV a person can listen to."""
    pytest.importorskip("pyttsx3", reason="pyttsx3 is not installed (requirements lock it)")
    if not (ctypes.util.find_library("espeak-ng") or ctypes.util.find_library("espeak")):
        pytest.skip("no espeak-ng library on this computer: pyttsx3 has no voice to save with")
    voice = voices.Pyttsx3Voice()
    try:
        for lang in i18n.LANGUAGES:
            chosen = voices.voice_for(voice.voices, lang)
            assert chosen is not None, f"espeak-ng has no {lang} voice"
            i18n.set_language(lang)  # the conftest goes back to English after the test
            line = _("The table speaks")
            path = tmp_path / f"{lang}.wav"
            voice.save(line, lang, path)
            with wave.open(str(path)) as wav:
                seconds = wav.getnframes() / wav.getframerate()
            assert 0.2 < seconds < 10, f"{lang}: {seconds:.2f} s of speech for {line!r}"
    finally:
        voice.close()



def test_macs_say_speaks_in_a_voice_of_the_language_and_an_interrupt_ends_the_line_before(
        monkeypatch):
    import subprocess

    listing = ("Alex                en_US    # Most people recognize me by my voice.\n"
               "Anna                de_DE    # Hallo, ich heiße Anna.\n"
               "Zuzana              cs_CZ    # Dobrý den, jmenuji se Zuzana.\n"
               "Zosia               pl_PL    # Witaj. Mam na imię Zosia.\n")
    started = []
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: subprocess.CompletedProcess(
        a, 0, stdout=listing))
    monkeypatch.setattr(subprocess, "Popen", fake_popen(started))
    voice = voices.SayVoice("/usr/bin/say")
    voice.speak("Dobrý den", "cs", 0.5, False)
    voice.speak("b2, modrá kočka", "cs", 0.5, True)
    voice.speak("Hallo", "de", 1.0, False)
    voice.speak("Hi", "fi", 1.0, False)  # no Finnish voice: the system's own
    assert started[0].args == ["/usr/bin/say", "-v", "Zuzana", "--", "[[volm 0.50]] Dobrý den"]
    assert started[0].ended and not started[1].ended  # the cursor moved on: cut short
    assert started[2].args[1:3] == ["-v", "Anna"] and started[3].args[1] == "--"
    voice.close()
    assert all(p.ended for p in started)
