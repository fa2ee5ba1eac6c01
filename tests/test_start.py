"""Starting the game imports what its first screen shows (issue 22): the title's module graph
holds none of the screens it leads to, none of the subcommands and no online code; and the first
frame is drawn before the sound device and the joystick are started, which come right after it."""

import ast
import os
import subprocess
import sys
import time

import pygame

from game.app import FIRST_FRAME_FILE
from game.cli import COMMANDS
from game.scenes.registry import SCREENS

LAUNCH = """
import gc
import sys
import pygame
started = []  # at each frame shown: (the mixer, the joystick, the garbage collector) on
show = pygame.display.flip
def flip():
    started.append((pygame.mixer.get_init() is not None, pygame.joystick.get_init(),
                    gc.isenabled()))
    show()
pygame.display.flip = flip
from game.cli import main
code = main(sys.argv[1:])
assert gc.isenabled()
print(code)
print(repr(started))
print("\\n".join(sorted(sys.modules)))
"""


def launch(tmp_path, *options: str, frames: int = 1) -> tuple[list, set[str]]:
    """What a launch of `frames` frames had started at each frame it showed, and the modules
    it imported, in a fresh interpreter."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "SCARE_IT_PREFS": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", LAUNCH, *options, "--frames", str(frames)],
                         env=env, capture_output=True, text=True, timeout=120)
    lines = out.stdout.splitlines()
    assert out.returncode == 0 and lines and lines[0] == "0", out.stderr[-2000:]
    return ast.literal_eval(lines[1]), set(lines[2:])


def launched_modules(tmp_path, *options: str) -> set[str]:
    """The modules a launch to its first frame imported."""
    return launch(tmp_path, *options)[1]


def test_the_first_frame_imports_no_screen_it_leads_to(tmp_path):
    loaded = launched_modules(tmp_path)
    assert "game.scenes.title" in loaded  # the launch did reach the title
    screens = {where.split(":")[0] for where in SCREENS.values()}
    assert screens & loaded == set()
    commands = {c.module for c in COMMANDS.values() if c.module is not None}
    assert commands and commands & loaded == set()
    assert online(loaded) == set()


def online(modules: set[str]) -> set[str]:
    return {m for m in modules if m == "game.online" or m.startswith("game.online.")}


def test_a_kiosk_never_loads_the_online_code(tmp_path):
    """A kiosk's visitors play at the kiosk, not online: its process (which runs for weeks
    on a small machine) holds none of the online code."""
    loaded = launched_modules(tmp_path, "--kiosk")
    assert "game.scenes.kiosk.attract" in loaded  # the launch did reach the demo
    assert online(loaded) == set()


def test_every_registered_screen_is_there():
    """Each name is there: a Scene class, or a function (that opens a screen, or that reads the
    title's Continue line)."""
    from game.scenes.base import Scene
    from game.scenes.registry import screen
    for name in SCREENS:
        found = screen(name)
        assert (isinstance(found, type) and issubclass(found, Scene)) or callable(found), name


def test_the_sound_the_joystick_and_the_collector_start_right_after_the_first_frame(tmp_path):
    """Opening the sound device (a sound server can take tens of milliseconds), scanning for
    gamepads and collecting garbage wait until the title is on screen; from the second frame
    on all run, so sounds play and gamepads plugged in before or during the game are found."""
    started, _ = launch(tmp_path, frames=3)
    assert started == [(False, False, False), (True, True, True), (True, True, True)]


def test_a_sound_asked_for_before_the_rest_is_started_opens_the_sound_device(tmp_path,
                                                                            monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    from game.app import App

    pygame.quit()
    app = App(frames=1, windowed=True)
    assert pygame.mixer.get_init() is None and app.audio.enabled is None
    app.settings.muted, app.settings.effects_volume = False, 0.5
    app.audio.play("select")
    assert pygame.mixer.get_init() is not None and app.audio.enabled is True


def test_a_title_with_no_saved_game_loads_no_rules_engine(tmp_path):
    """With nothing to continue, the title reads no game record, so neither the record reader
    nor the rules engine under it is loaded for the first frame (a saved game brings them: its
    Continue line names the game)."""
    loaded = launched_modules(tmp_path)
    engine = {m for m in loaded if m.startswith(("game.engine", "game.campaign"))}
    assert engine == set() and "game.match.record" not in loaded


def test_the_first_frame_on_screen_is_marked_for_the_start_up_benchmark(tmp_path):
    # tools/bench_start.py names a file; the game writes the clock's time of its first frame.
    mark = tmp_path / "first-frame.txt"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "SCARE_IT_PREFS": str(tmp_path / "prefs"), FIRST_FRAME_FILE: str(mark)}
    launched = time.time()
    out = subprocess.run([sys.executable, "-m", "game", "--frames", "3"], env=env,
                         capture_output=True, text=True, timeout=120)
    ended = time.time()
    assert out.returncode == 0, out.stderr[-2000:]
    assert launched < float(mark.read_text(encoding="ascii")) < ended
