"""Starting the game in a hostile world: stop signals at any moment of start-up, a per-user
folder that cannot be used, and the command line's loose ends. Findings 7, 8, 11, 12 of
issue 19; every case a real subprocess."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from game.campaign.puzzles import MAX_CODE, CodeError, parse_code
from game.cli import GAME_OPTIONS, MESSAGE_MAX

HANG = 20  # seconds after which a process that should have ended counts as hung (not a speed)


def game_env(prefs, **extra) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SCARE_IT_PREFS=str(prefs))
    for key, value in extra.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def handles_sigterm(pid: int) -> bool:
    """Whether the process has its own SIGTERM handler yet (the game's code is running)."""
    try:
        with open(f"/proc/{pid}/status") as fh:
            caught = next(int(line.split()[1], 16) for line in fh if line.startswith("SigCgt"))
    except (OSError, StopIteration):
        return False
    return bool(caught >> (signal.SIGTERM - 1) & 1)


def stop_during_start(prefs, delay: float, signum: int, kiosk: bool = True):
    """Start the game, wait until its code runs, wait `delay` more, send `signum`; the exit
    status and stderr."""
    args = [sys.executable, "-m", "game", "--frames", "100000000"] + (["--kiosk"] if kiosk else [])
    proc = subprocess.Popen(args, env=game_env(prefs), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(2000):
            if handles_sigterm(proc.pid) or proc.poll() is not None:
                break
            time.sleep(0.005)
        time.sleep(delay)
        proc.send_signal(signum)
        code = proc.wait(timeout=HANG)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return code, proc.stderr.read()


MOMENTS = (0.0, 0.15, 0.4, 1.0)  # start-up, the demo's first computer thread, the loop
MANY_MOMENTS = tuple(i * 0.06 for i in range(25))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("delay", MOMENTS)
@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT"])
def test_a_stop_signal_during_the_kiosks_start_ends_it_quietly(tmp_path, delay, name):
    code, err = stop_during_start(tmp_path, delay, getattr(signal, name))
    assert code == 0 and "Traceback" not in err and "KeyboardInterrupt" not in err, err


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("kiosk", [True, False])
def test_a_stop_signal_at_many_moments_of_start_up(tmp_path, kiosk):
    failures = []
    for i, delay in enumerate(MANY_MOMENTS):
        signum = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)[i % 3]
        prefs = tmp_path / str(i)
        prefs.mkdir()
        code, err = stop_during_start(prefs, delay, signum, kiosk)
        if code != 0 or "Traceback" in err:
            failures.append((delay, signum, code, err[-300:]))
    assert failures == []


def run_game(prefs, *args, **env):
    return subprocess.run([sys.executable, "-m", "game", *args], env=game_env(prefs, **env),
                          capture_output=True, text=True, timeout=120)


def test_an_unusable_per_user_folder_is_one_line_and_the_game_plays(tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    cases = {
        "SCARE_IT_PREFS a file": {"SCARE_IT_PREFS": str(a_file)},
        "HOME unset": {"SCARE_IT_PREFS": None, "HOME": None, "XDG_DATA_HOME": None},
        "XDG_DATA_HOME a file": {"SCARE_IT_PREFS": None, "XDG_DATA_HOME": str(a_file)},
        "HOME in /proc": {"SCARE_IT_PREFS": None, "XDG_DATA_HOME": None, "HOME": "/proc/x"},
    }
    for kind, env in cases.items():
        done = run_game(tmp_path, "--frames", "3", **env)
        assert done.returncode == 0, (kind, done.stderr)
        assert "Traceback" not in done.stderr, kind
        said = [ln for ln in done.stderr.splitlines() if "cannot keep settings" in ln]
        assert len(said) == 1 and "set " in said[0] and "without saving" in said[0], kind


@pytest.mark.parametrize("args", [
    ["solve", ".."], ["solve", ".. ../.. .."], ["simulate", "--mode", "standard", "--seats",
                                              "easy,easy", "--games", "1", "--record", ""],
    ["deal", "--seed", str(2 ** 64)],
    ["simulate", "--mode", "standard", "--seats", "easy,easy", "--games", "2", "--seed",
     str(2 ** 64 - 1)],
] + [[option, "3", "deal"] if option not in ("--kiosk", "--windowed") else [option, "deal"]
     for option in GAME_OPTIONS])
def test_loose_ends_of_the_command_line_are_refused(tmp_path, args):
    done = subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True,
                          timeout=120, cwd=tmp_path)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr
    assert list(tmp_path.iterdir()) == [], "nothing is written into the current folder"


def test_a_huge_bad_input_is_quoted_not_echoed(tmp_path):
    done = subprocess.run([sys.executable, "-m", "game", "moves", "YX" * 65_000],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and len(done.stderr) <= MESSAGE_MAX + len("scare-it: \n")


@pytest.mark.parametrize("text, words", [
    ("YC..OE/PM\nBDYE", "line break"),
    ("YC..OE\u2028PMBDYE", "line break"),
    ("YC" * 500_000, "too long"),
    ("../..", "no card"),
])
def test_puzzle_codes_name_the_real_problem(text, words):
    with pytest.raises(CodeError, match=words) as refused:
        parse_code(text)
    assert len(str(refused.value)) < 200
    if words == "too long":
        assert str(len(text)) in str(refused.value) and str(MAX_CODE) in str(refused.value)
