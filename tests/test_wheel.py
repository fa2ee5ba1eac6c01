"""The wheel carries everything: built as a release is, installed with plain pip into a fresh
venv, the game and its commands work from any folder with the source tree out of reach."""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

# Builds and installs the wheel (half a minute): with the release build in `make test-slow`.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def run(args, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, timeout=300, **kw)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """`python -m build` with the locked setuptools, as a release builds: an sdist, and the
    wheel built from that sdist."""
    out = tmp_path_factory.mktemp("dist")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    done = run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
               env=env)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    warnings = [line for line in (done.stdout + done.stderr).splitlines() if "warn" in line.lower()]
    assert warnings == []  # e.g. a data folder left out of setup.py's packages
    return out


@pytest.fixture(scope="module")
def installed(built, tmp_path_factory) -> Path:
    """A fresh venv with only the wheel (and its dependencies) installed; its bin folder."""
    home = tmp_path_factory.mktemp("venv")
    venv.create(home)  # without pip of its own (faster): the test's pip installs into it
    bin_dir = home / "bin"
    wheel = next(built.glob("*.whl"))
    done = run([sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), "install",
                "--quiet", str(wheel)])
    assert done.returncode == 0, done.stderr[-2000:]
    return bin_dir


def test_the_wheel_and_sdist_hold_the_assets_and_levels(built):
    wheel = next(built.glob("*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("game/assets/theme.json", "game/assets/icon.png",
                   "game/assets/fonts/NotoSans-Regular.ttf", "game/assets/cards/YC.png",
                   "game/assets/sounds/scare.wav", "game/levels/1-first-scares/chapter.txt"):
        assert needed in names
    assert sum(n.startswith("game/levels/") and n.endswith(".txt") for n in names) >= 45
    print(f"wheel size: {wheel.stat().st_size / 1e6:.2f} MB")  # quoted in the report
    assert list(built.glob(f"scare_it-{VERSION}.tar.gz"))


def test_the_wheel_and_sdist_carry_the_licence_and_notices(built):
    wheel = zipfile.ZipFile(next(built.glob("*.whl"))).namelist()
    with tarfile.open(next(built.glob("*.tar.gz"))) as sdist:
        source = sdist.getnames()
    for name in ("LICENSE", "THIRD-PARTY-NOTICES.txt"):
        assert f"scare_it-{VERSION}.dist-info/licenses/{name}" in wheel
        assert f"scare_it-{VERSION}/{name}" in source


def _contents(wheel: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(wheel) as z:
        return {name: z.read(name) for name in z.namelist()}


def test_the_same_sources_build_the_same_wheel_contents(built, tmp_path):
    """The locked setuptools builds the same files, byte for byte, every time (a build on
    another day takes the same versions: no isolated build with the newest setuptools)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    done = run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(tmp_path),
                str(ROOT)], env=env)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    first, again = next(built.glob("*.whl")), next(tmp_path.glob("*.whl"))
    assert _contents(first) == _contents(again)


@pytest.fixture
def elsewhere(tmp_path) -> dict:
    """A working folder and environment far from the source tree, headless."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SCARE_IT_PREFS=str(tmp_path / "prefs"))
    return {"cwd": tmp_path, "env": env}


def test_the_installed_commands_work_from_any_folder(installed, elsewhere):
    levels = run([str(installed / "scare-it"), "levels"], **elsewhere)
    assert levels.returncode == 0, levels.stderr
    assert len(levels.stdout.splitlines()) >= 45
    assert str(ROOT) not in levels.stdout + levels.stderr
    version = run([str(installed / "scare-it"), "--version"], **elsewhere)
    assert version.stdout.strip() == f"scare-it {VERSION}"
    where = run([str(installed / "python"), "-c", "import game.paths as p; print(p.ASSETS)"],
                **elsewhere)
    assert "site-packages" in where.stdout and str(ROOT) not in where.stdout


def test_the_installed_game_runs_its_frames(installed, elsewhere):
    game = run([str(installed / "scare-it"), "--frames", "120"], **elsewhere)
    assert game.returncode == 0, game.stderr
    assert not (elsewhere["cwd"] / "prefs" / "errors.log").exists()
