"""The speech module: lines go to the voice off the frame loop, to the log always, and a clear
message when there is no voice."""

from game.settings import Settings
from game.speech import Speech
from tests.fake_process import fake_popen


class Voice:
    def __init__(self):
        self.said = []
        self.closed = False

    def speak(self, text, language, volume, interrupt):
        self.said.append((text, language, volume))

    def close(self):
        self.closed = True


def test_lines_reach_the_voice_in_order_through_the_worker(tmp_path):
    voice = Voice()
    settings = Settings(speech=True, speech_volume=0.5)
    speech = Speech(settings, tmp_path / "log", finder=lambda: voice)
    speech.say("Anna's turn")
    speech.say("  The yellow dog\nscared the cat on c2 ")  # one line, as it is heard
    speech.close()
    assert voice.said == [("Anna's turn", "en", 0.5), ("The yellow dog scared the cat on c2",
                                                        "en", 0.5)]
    assert voice.closed and speech.problem is None
    assert (tmp_path / "log").read_text() == "Anna's turn\nThe yellow dog scared the cat on c2\n"


def test_speech_off_says_nothing_unless_asked_always_and_mute_silences_it():
    voice = Voice()
    settings = Settings(speech=False)
    speech = Speech(settings, finder=lambda: voice)
    speech.say("not heard")
    speech.say("The table speaks", always=True)  # the switch itself answers
    settings.speech, settings.muted = True, True
    speech.say("muted")
    speech.close()
    assert [s[0] for s in voice.said] == ["The table speaks"]


def test_no_voice_gives_a_clear_message_and_the_log_still_holds_every_line(tmp_path):
    speech = Speech(Settings(speech=True), tmp_path / "log", finder=lambda: None)
    assert speech.problem is None  # not known before the first line
    speech.say("Pass to Anna")
    speech.close()
    assert "No speech is available" in speech.problem
    assert (tmp_path / "log").read_text() == "Pass to Anna\n"


def test_a_log_that_cannot_be_written_stops_logging_and_play_goes_on(tmp_path, capsys):
    speech = Speech(Settings(), tmp_path / "no" / "such" / "log", finder=lambda: None)
    speech.say("first")
    speech.say("second")
    assert speech.log_path is None and capsys.readouterr().out.count("speech log") == 1


def test_a_server_that_never_speaks_is_given_up_with_the_message(tmp_path, monkeypatch):
    """spd-say waits for its line to be spoken: with no sound output it never ends. The game
    stops starting them, ends the ones waiting, and says speech is not available."""
    import subprocess

    from game import speech as module

    started = []
    monkeypatch.setattr(subprocess, "Popen", fake_popen(started))
    monkeypatch.setattr(module.shutil, "which", lambda command: f"/usr/bin/{command}")
    voice = module.command_voice()  # spd-say, found
    speech = Speech(Settings(speech=True), finder=lambda: voice)
    for i in range(module.STUCK + 3):
        speech.say(f"line {i}")
    speech.close()
    assert len(started) == module.STUCK and all(p.ended for p in started)
    assert "No speech is available" in speech.problem
