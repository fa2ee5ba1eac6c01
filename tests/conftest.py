"""Shared test set-up: every test runs headless, so pygame never needs a display or sound card."""

import os
import resource
import sys

import pytest

# Forced, not defaulted: a desktop session exports SDL_VIDEODRIVER=wayland or x11, and a test
# must never open a real window. The X-server tests choose their driver in their subprocess.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
# Every game a test starts (here or in a subprocess) is a veteran's: no guided game offered, no
# learner helps; a test of them turns them on (game/settings.py VETERAN).
os.environ["SCARE_IT_VETERAN"] = "1"
# A test worker starts hundreds of Apps, and their fonts' open files add up (about 27 an App,
# not all let go at once); the game itself, one App, stays under 60 at every text size. The
# worker may use what the system allows.
_soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
if _hard == resource.RLIM_INFINITY or _soft < _hard:
    resource.setrlimit(resource.RLIMIT_NOFILE, (_hard if _hard != resource.RLIM_INFINITY
                                                else max(_soft, 65536), _hard))


@pytest.fixture(autouse=True, scope="module")
def _close_pygame_after_each_module():
    """A module that leaves its SCALED window open can make the next module's window abort
    inside SDL; every module starts from a closed display."""
    yield
    pygame = sys.modules.get("pygame")
    if pygame is not None:
        pygame.quit()


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that switches the language (or starts the game from the CLI, which asks the
    system) must not leave the next test reading Czech."""
    yield
    i18n = sys.modules.get("game.i18n")
    if i18n is not None and i18n.current() != i18n.SOURCE:
        i18n.set_language(i18n.SOURCE)
