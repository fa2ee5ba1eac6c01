"""The table that speaks: lines said through the system's voice, off the frame loop, and logged."""

from __future__ import annotations

import queue
import shutil
import subprocess
import sys
import threading

from game import i18n, voices
from game.i18n import _

# speech-dispatcher is the speech server Linux screen readers (Orca) speak through: the
# game's lines come in the voice, rate and synthesizer the player already chose there. Its
# Python binding (Debian's python3-speechd) when this Python sees it; else its own command,
# spd-say, which reaches the same server.
SPD_SAY = "spd-say"
STOP = object()
STUCK = 8  # spd-say processes still waiting on the server: it is not speaking


class _Binding:
    """speech-dispatcher through its Python binding."""

    def __init__(self) -> None:
        import speechd  # not on PyPI: the system's package, where there is one

        self.error = speechd.SSIPError
        try:
            self.client = speechd.SSIPClient("scare-it")
            self.client.set_priority(speechd.Priority.MESSAGE)  # queued, never cut by the next
        except self.error as err:  # no server, and none could be started
            raise OSError(str(err)) from err

    def speak(self, text: str, language: str, volume: float, interrupt: bool) -> None:
        try:
            if interrupt:
                self.client.cancel()
            self.client.set_language(language)
            self.client.set_volume(round(volume * 200 - 100))
            self.client.speak(text)
        except self.error as err:
            raise OSError(str(err)) from err

    def close(self) -> None:
        self.client.close()


class _Command(voices.LineProcesses):
    """speech-dispatcher through spd-say, one short-lived process a line."""

    def speak(self, text: str, language: str, volume: float, interrupt: bool) -> None:
        self.reap()
        if len(self.running) >= STUCK:  # the server takes lines but never speaks them
            self.close()
            raise OSError("speech-dispatcher does not speak (no sound output?)")
        if interrupt:
            subprocess.run([self.path, "-C"], check=False, timeout=5,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.start([self.path, "-P", "message", "-l", language, "-i",
                    str(round(volume * 200 - 100)), "--", text])


def binding_voice():
    """speech-dispatcher through its Python binding (ImportError or OSError: not here)."""
    return _Binding()


def command_voice():
    """speech-dispatcher through spd-say (OSError: not installed)."""
    path = shutil.which(SPD_SAY)
    if path is None:
        raise OSError("no spd-say command")
    return _Command(path)


def find_voice():
    """The way to speak on this computer, or None (tried once, in the worker thread: opening
    the binding's socket may take a while). Each system's routes: game.voices."""
    return voices.find_voice(sys.platform, {"speechd": binding_voice, "spd-say": command_voice,
                                            **voices.MAKERS})


def latest(lines: list) -> list:
    """The lines still worth saying: from the last one that interrupts on (a voice that waits
    for each line would else read a cursor's every step long after it moved on)."""
    starts = [i for i, line in enumerate(lines) if line[3]]
    return lines[starts[-1]:] if starts else lines


class Speech:
    """Says lines when the setting is on (or when asked to always, as the switch itself is);
    with a log file, writes every line said, one a line. The voice is found lazily by a
    worker thread, so saying never blocks a frame."""

    def __init__(self, settings, log_path=None, finder=find_voice, *, start_on=False) -> None:
        self.settings = settings
        self.log_path = log_path  # --speech-log: every line written, whether voiced or not
        self._finder = finder
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._missing = False  # the worker found no voice
        self._told = False  # the missing voice was handed on to be shown (take_problem)
        self._for_this_run = start_on  # --speech: on for this run, the setting left as it was
        self.looked = threading.Event()  # set once the worker has looked for a voice
        self.last = ""

    @property
    def voiced(self) -> bool:
        """The voice speaks: the setting, the speech key, or --speech for this run."""
        return bool(self.settings.speech or self._for_this_run)

    @property
    def on(self) -> bool:
        return self.voiced or self.log_path is not None

    def switch(self, on: bool) -> None:
        """The voice on or off (the speech key, Settings); said either way, "Speech off" too,
        so the player hears what the key did. The caller saves the setting."""
        self.settings.speech, self._for_this_run = on, False
        self.say(_("Speech on") if on else _("Speech off"), always=True, interrupt=True)

    @property
    def problem(self) -> str | None:
        """Why nothing is heard, in the player's words (None: speech works, or is unknown)."""
        if self._missing:
            return voices.missing_words()
        return None

    def take_problem(self) -> str | None:
        """The missing voice's words, once a run (the app shows and logs them)."""
        if self._told or self.problem is None:
            return None
        self._told = True
        return self.problem

    def say(self, text: str, *, always: bool = False, interrupt: bool = False) -> None:
        """Say a line (already in the player's language)."""
        # A middle dot parts words on the screen; a voice would say "middle dot": a comma.
        text = " ".join(str(text).split()).replace(" \u00b7 ", ", ")
        if not text or not (self.on or always):
            return
        self.last = text
        if self.log_path is not None:
            self._log(text)
        s = self.settings
        if (self.voiced or always) and not s.muted and s.speech_volume > 0:
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="speech", daemon=True)
                self._thread.start()
            self._queue.put((text, i18n.current(), s.speech_volume, interrupt))

    def _log(self, text: str) -> None:
        try:
            with open(self.log_path, "a", encoding="utf-8") as log:
                log.write(text + "\n")
        except OSError as err:
            print(f"scare-it: the speech log cannot be written ({err}); it stops here")
            self.log_path = None

    def _work(self) -> None:
        voice = self._finder()
        self._missing = voice is None
        self.looked.set()
        stop = False
        while not stop:
            lines = [self._queue.get()]
            while not self._queue.empty():  # all that came while the last line was said
                lines.append(self._queue.get())
            stop = STOP in lines
            for line in latest([line for line in lines if line is not STOP]):
                if voice is not None:
                    try:
                        voice.speak(*line)
                    except (OSError, subprocess.SubprocessError):
                        voice, self._missing = None, True  # the voice went away: say so once
        if voice is not None:
            try:
                voice.close()
            except (OSError, subprocess.SubprocessError):
                pass  # leaving anyway

    def close(self) -> None:
        if self._thread is not None:
            self._queue.put(STOP)
            self._thread.join(timeout=2)
