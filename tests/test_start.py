"""Starting the game imports what its first screen shows (issue 22): the title's module graph
holds none of the screens it leads to, none of the subcommands and no online code."""

import os
import subprocess
import sys

from game.cli import COMMANDS
from game.scenes.registry import SCREENS

LAUNCH = """
import sys
from game.cli import main
code = main(sys.argv[1:])
print(code)
print("\\n".join(sorted(sys.modules)))
"""


def launched_modules(tmp_path, *options: str) -> set[str]:
    """The modules a launch to its first frame imported, in a fresh interpreter."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "SCARE_IT_PREFS": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", LAUNCH, *options, "--frames", "1"], env=env,
                         capture_output=True, text=True, timeout=120)
    lines = out.stdout.splitlines()
    assert out.returncode == 0 and lines and lines[0] == "0", out.stderr[-2000:]
    return set(lines[1:])


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
    assert "game.scenes.attract" in loaded  # the launch did reach the demo
    assert online(loaded) == set()


def test_every_registered_screen_is_there():
    """Each name opens what it names: a Scene class, or a function that opens a screen."""
    from game.scenes.base import Scene
    from game.scenes.registry import screen
    for name in SCREENS:
        found = screen(name)
        assert (isinstance(found, type) and issubclass(found, Scene)) or callable(found), name
