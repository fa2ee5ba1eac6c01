"""The voices the table speaks through: each system's routes, tried in order when speech starts."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

from game.i18n import _

# The route each system tries, best first (README, Accessibility). Linux: speech-dispatcher,
# the server its screen reader Orca speaks through (the player's own voice and rate), by its
# Python binding or its spd-say command; else pyttsx3 straight on espeak-ng. Windows: pyttsx3
# on SAPI 5, the speech every Windows has (a pure-Python wheel with no libraries of its own;
# accessible-output2 would reach NVDA's own voice but ships closed DLLs we would have to
# redistribute). macOS: its own `say` command (pyttsx3 there would pull in all of pyobjc).
ROUTES = {"linux": ("speechd", "spd-say", "pyttsx3"), "win32": ("pyttsx3",),
          "darwin": ("say",)}
SAY = "say"


def system(platform: str = sys.platform) -> str:
    """The ROUTES key of a sys.platform value (other Unixes go Linux's way)."""
    return platform if platform in ROUTES else "linux"


def missing_words(platform: str = sys.platform) -> str:
    """What a player whose computer has no voice is told: what to install or switch on."""
    key = system(platform)
    if key == "win32":
        return _("No speech is available on this computer: Windows speech (SAPI 5) did not "
                 "start. Check that a voice is installed (Settings, Time and language, Speech) "
                 "and start the game again.")
    if key == "darwin":
        return _("No speech is available on this Mac: the say command did not answer. Check "
                 "Spoken Content in System Settings and start the game again.")
    return _("No speech is available on this computer: install speech-dispatcher "
             "(or start your screen reader) and start the game again.")


def _names(voice) -> list[str]:
    """A pyttsx3 voice's language names, plain ("cs", "en-gb"): espeak gives bytes with a
    priority byte in front, SAPI 5 "cs-CZ", NSSpeech "cs_CZ"."""
    found = [voice.id or ""]
    for lang in voice.languages or ():
        text = lang.decode("ascii", "ignore") if isinstance(lang, bytes) else str(lang)
        found.append(text)
    return [re.sub(r"^[^a-zA-Z]+", "", t).lower().replace("_", "-") for t in found]


def voice_for(voices, language: str):
    """The voice for the player's language: one named just so ("cs"), else the first of its
    language ("cs-CZ", "en-gb"); None when no voice speaks it."""
    voices = list(voices)
    for exact in (True, False):
        for voice in voices:
            for name in _names(voice):
                if name == language or name.endswith("/" + language) or (
                        not exact and name.startswith(language + "-")):
                    return voice
    return None


class Pyttsx3Voice:
    """pyttsx3's engine (SAPI 5 on Windows, espeak-ng on Linux); it speaks a line and waits,
    in the speech worker's thread."""

    def __init__(self, driver: str | None = None) -> None:
        errors: tuple = (ImportError, OSError, RuntimeError)
        if sys.platform == "win32":  # SAPI is COM, and this is not the main thread
            import comtypes

            comtypes.CoInitialize()
            errors += (comtypes.COMError,)
        try:
            import pyttsx3

            self.engine = pyttsx3.init(driver)
            self.voices = list(self.engine.getProperty("voices") or ())
        except errors as err:
            raise OSError(f"pyttsx3 has no voice here: {err}") from err
        self.errors = errors
        self.language = ""

    def _use(self, language: str, volume: float) -> None:
        if language != self.language:
            self.language = language
            voice = voice_for(self.voices, language)
            if voice is not None:  # else the system's voice reads it as best it can
                self.engine.setProperty("voice", voice.id)
        self.engine.setProperty("volume", max(0.0, min(1.0, volume)))

    def speak(self, text: str, language: str, volume: float, interrupt: bool) -> None:
        try:
            self._use(language, volume)
            self.engine.say(text)
            self.engine.runAndWait()
        except self.errors as err:
            raise OSError(str(err)) from err

    def save(self, text: str, language: str, path) -> None:
        """The line as a sound file (WAV with espeak-ng), for a person checking by ear."""
        self._use(language, 1.0)
        self.engine.save_to_file(text, str(path))
        self.engine.runAndWait()

    def close(self) -> None:
        self.engine.stop()


class LineProcesses:
    """A voice that starts a short-lived process a line (spd-say, say), never waited for here:
    the speech worker reaps them, and ends those still speaking when it closes."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.running: list[subprocess.Popen] = []

    def reap(self) -> None:
        self.running = [p for p in self.running if p.poll() is None]

    def start(self, args: list[str]) -> None:
        self.running.append(subprocess.Popen(args, stdout=subprocess.DEVNULL,
                                             stderr=subprocess.DEVNULL))

    def close(self) -> None:
        for p in self.running:
            if p.poll() is None:
                p.terminate()
            p.wait(timeout=5)
        self.running = []


class SayVoice(LineProcesses):
    """macOS's say command, one process a line in a voice of the player's language."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.voices: dict[str, str] | None = None  # language -> voice name, asked once

    def _voice(self, language: str) -> str | None:
        if self.voices is None:
            self.voices = {}
            listing = subprocess.run([self.path, "-v", "?"], capture_output=True, text=True,
                                     timeout=10, check=False).stdout
            for line in listing.splitlines():  # "Zuzana    cs_CZ    # Dobrý den, ..."
                match = re.match(r"^(.+?)\s+([a-z]{2})[_-][A-Za-z]+\s+#", line)
                if match:
                    self.voices.setdefault(match[2], match[1].strip())
        return self.voices.get(language)

    def speak(self, text: str, language: str, volume: float, interrupt: bool) -> None:
        self.reap()
        if interrupt:
            self.close()
        name = self._voice(language)
        self.start([self.path] + (["-v", name] if name else [])
                   + ["--", f"[[volm {volume:.2f}]] {text}"])


def _pyttsx3():
    return Pyttsx3Voice()


def _say():
    path = shutil.which(SAY)
    if path is None:
        raise OSError("no say command")
    return SayVoice(path)


MAKERS = {"pyttsx3": _pyttsx3, "say": _say}  # speech-dispatcher's two: game.speech


def find_voice(platform: str, makers: dict):
    """The first route of the system's list that starts (`makers`: route name -> a function
    making its voice, raising ImportError or OSError when it cannot), or None."""
    for route in ROUTES[system(platform)]:
        try:
            return makers[route]()
        except (ImportError, OSError):
            continue  # not on this computer: the next way
    return None
