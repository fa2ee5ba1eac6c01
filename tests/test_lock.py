"""The locks in requirements/ cover what pyproject.toml asks for: every dependency of each set
pinned to one version its range allows, every pin with hashes (issue 37; `make lock`)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
EXTRAS = PROJECT["project"]["optional-dependencies"]
# Each lock and the extras it installs (the Makefile's .installed, -test and -release).
SETS = {"runtime": [], "test": ["test"], "release": sorted(EXTRAS)}
PIN = re.compile(r"^([A-Za-z0-9_.\-]+)==([^\s\\;]+)")


def pins(name: str) -> dict[str, tuple[str, list[str]]]:
    """The lock's packages: canonical name -> (version, its sha256 hashes)."""
    found: dict[str, tuple[str, list[str]]] = {}
    current = None
    for line in (ROOT / "requirements" / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        match = PIN.match(line)
        if match:
            current = canonicalize_name(match[1])
            found[current] = (match[2], [])
        elif "--hash=sha256:" in line and current is not None:
            found[current][1].append(line.split("--hash=sha256:")[1].split()[0])
        elif line.strip() and not line.startswith(("#", " ")):
            current = None
    return found


def test_the_release_lock_covers_every_extra():
    assert set(SETS["release"]) == set(EXTRAS)


@pytest.mark.parametrize("name", SETS)
def test_each_lock_pins_what_its_set_needs_within_its_range(name):
    locked = pins(name)
    wanted = [Requirement(r) for r in PROJECT["project"]["dependencies"]]
    wanted += [Requirement(r) for extra in SETS[name] for r in EXTRAS[extra]]
    wanted += [Requirement(r) for r in PROJECT["build-system"]["requires"]]
    for req in wanted:
        key = canonicalize_name(req.name)
        assert key in locked, f"{req.name} is not in requirements/{name}.txt: run make lock"
        assert req.specifier.contains(locked[key][0], prereleases=True), (
            f"requirements/{name}.txt pins {req.name} {locked[key][0]}, outside {req.specifier}")
    for key, (version, hashes) in locked.items():
        assert hashes and all(len(h) == 64 for h in hashes), f"{key}=={version} has no hash"


def test_the_locks_agree_on_every_version():
    release = pins("release")
    for name in ("runtime", "test"):
        for key, (version, _hashes) in pins(name).items():
            assert release[key][0] == version, f"{key}: {name} {version}, release {release[key][0]}"


# Windows' set, resolved for Windows by uv within the runtime lock (make lock; README, Locks).
WINDOWS = {"sys_platform": "win32", "platform_system": "Windows", "os_name": "nt"}


def test_the_windows_lock_pins_the_game_and_its_voices_needs_there():
    from importlib.metadata import requires

    locked = pins("windows")
    wanted = [Requirement(r) for r in PROJECT["project"]["dependencies"]]
    wanted += [Requirement(r) for r in requires("pyttsx3") or ()]  # SAPI 5: comtypes, pywin32
    for req in wanted:
        if req.marker is not None and not req.marker.evaluate(WINDOWS):
            continue
        key = canonicalize_name(req.name)
        assert key in locked, f"{req.name} is not in requirements/windows.txt: run make lock"
        assert req.specifier.contains(locked[key][0], prereleases=True)
    assert {"comtypes", "pywin32", "pyttsx3"} <= set(locked)
    runtime = pins("runtime")
    for key, (version, hashes) in locked.items():
        assert hashes, f"{key}=={version} has no hash"
        assert key not in runtime or runtime[key][0] == version, f"{key}: windows {version}"
