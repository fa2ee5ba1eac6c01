"""The release: notices, desktop metadata, and (slow) the whole release folder and its .deb
installed, played headless and removed again."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from game.cli import COMMANDS
from game.desktop import APP_ID, COMMAND, icon_sources
from game.i18n import LANGUAGES
from tools import notices, release

ROOT = Path(__file__).resolve().parents[1]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
METAINFO = ROOT / "packaging" / f"{APP_ID}.metainfo.xml"


def run(args, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, timeout=600, **kw)


# --- fast: what the repository holds ------------------------------------------------------------
def test_the_notices_file_is_current():
    assert (ROOT / notices.NOTICES).read_text(encoding="utf-8") == notices.source_notices()


def test_the_notices_name_every_font_the_wheel_carries():
    text = notices.source_notices()
    for font in (ROOT / "assets" / "fonts").glob("*.ttf"):
        assert f"assets/fonts/{font.name}" in text
    assert "SIL OPEN FONT LICENSE" in text.upper()


def test_a_vendored_library_no_rule_knows_stops_the_notices(tmp_path):
    libs = tmp_path / "_internal" / "pygame_ce.libs"
    libs.mkdir(parents=True)
    (libs / "libmystery-0123abcd.so.1.0.0").write_bytes(b"\x7fELF")
    with pytest.raises(notices.NoticeError, match="libmystery"):
        notices.app_components(tmp_path)


def test_a_font_without_a_licence_stops_the_notices(tmp_path):
    shutil.copyfile(ROOT / "assets" / "fonts" / "NotoSans-Regular.ttf", tmp_path / "Some.ttf")
    with pytest.raises(notices.NoticeError, match="licence"):
        notices.folder_fonts(tmp_path, tmp_path)


def test_the_metainfo_matches_the_game():
    tree = ET.parse(METAINFO).getroot()
    assert tree.findtext("id") == APP_ID
    assert tree.findtext("launchable") == f"{APP_ID}.desktop"
    assert tree.findtext("provides/binary") == COMMAND
    assert tree.find("content_rating").get("type").startswith("oars")
    assert {lang.text for lang in tree.iter("lang")} == set(LANGUAGES) - {"en"}
    assert tree.find("releases/release").get("version") == VERSION
    shots = (ROOT / "tools" / "screenshots.py").read_text(encoding="utf-8")
    images = [i.text.rsplit("/", 1)[-1] for i in tree.iter("image")]
    assert images and all(f'"{Path(name).stem}"' in shots for name in images)


@pytest.mark.skipif(not shutil.which("appstreamcli"), reason="appstreamcli is not installed "
                    "(apt-get install appstream)")
def test_appstreamcli_accepts_the_metainfo():
    done = run(["appstreamcli", "validate", "--no-net", str(METAINFO)])
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_man_page_lists_every_command():
    page = release.man_page()
    for name in COMMANDS:
        assert name.replace("-", "\\-") in page


def test_the_release_names_the_commit_and_the_lock_it_was_built_from():
    words = release.built_from()
    head = run(["git", "rev-parse", "HEAD"], cwd=ROOT).stdout.strip()
    assert f"commit {head}" in words
    assert hashlib.sha256(release.LOCK.read_bytes()).hexdigest() in words
    assert VERSION in words


# --- the release checks what it needs before it builds anything -------------------------------
def _path_without(tmp_path: Path, left_out: str) -> str:
    """A PATH folder with a stand-in for every tool the release needs but `left_out` (none of
    them runs: the release must stop before it builds anything)."""
    folder = tmp_path / "bin"
    folder.mkdir()
    for tool in release.NEEDS:
        if tool != left_out:
            (folder / tool).write_text("#!/bin/sh\nexit 99\n")
            (folder / tool).chmod(0o755)
    return str(folder)


@pytest.mark.parametrize("tool", sorted(release.NEEDS))
def test_a_missing_tool_stops_the_release_at_once_naming_what_to_install(tool, tmp_path):
    env = dict(os.environ, PATH=_path_without(tmp_path, tool))
    for script, dist in (("release.py", tmp_path / "dist"), ("build_app.py", tmp_path / "app")):
        if script == "build_app.py" and tool not in release.app_tool.NEEDS:
            continue
        done = run([sys.executable, str(ROOT / "tools" / script), "--dist", str(dist)], env=env,
                   cwd=tmp_path)
        assert done.returncode == 1
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and tool in lines[0], done.stderr
        assert f"apt-get install {release.NEEDS[tool]}" in lines[0]
        assert not dist.exists()


# --- slow: the release folder, from this checkout ----------------------------------------------
needs_tools = pytest.mark.skipif(
    release.app_tool.missing(release.NEEDS) is not None,
    reason=f"the release needs its tools: {release.app_tool.missing(release.NEEDS)}")


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    pytest.importorskip("PyInstaller", reason="the app needs PyInstaller: pip install -e '.[build]'")
    out = tmp_path_factory.mktemp("release") / "dist"
    done = run([sys.executable, str(ROOT / "tools" / "release.py"), "--dist", str(out)])
    print(done.stdout)  # the build times and sizes, for the report
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return out


@pytest.mark.slow
@needs_tools
def test_the_release_folder_is_complete_and_its_checksums_verify(dist):
    made = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    for name in (f"scare_it-{VERSION}-py3-none-any.whl", f"scare_it-{VERSION}.tar.gz",
                 f"scare-it-{VERSION}-linux-x86_64.tar.gz", f"scare-it_{VERSION}_amd64.deb",
                 "SHA256SUMS"):
        assert name in made
    listed = {line.split("  ", 1)[1] for line in (dist / "SHA256SUMS").read_text().splitlines()}
    assert listed == made - {"SHA256SUMS"}
    assert run(["sha256sum", "--check", "--strict", "SHA256SUMS"], cwd=dist).returncode == 0


@pytest.mark.slow
@needs_tools
def test_every_artefact_carries_the_licence_and_notices(dist):
    wheel = zipfile.ZipFile(next(dist.glob("*.whl"))).namelist()
    with tarfile.open(dist / f"scare-it-{VERSION}-linux-x86_64.tar.gz") as app:
        app_names = app.getnames()
        notices_text = app.extractfile(f"scare-it-{VERSION}/{notices.NOTICES}").read().decode()
    deb = run(["dpkg-deb", "--contents", str(next(dist.glob("*.deb")))]).stdout
    for name in ("LICENSE", notices.NOTICES):
        assert f"scare_it-{VERSION}.dist-info/licenses/{name}" in wheel
        assert f"scare-it-{VERSION}/{name}" in app_names
        assert f"./opt/scare-it/{name}\n" in deb
    for component in ("pygame-ce", "SDL2 ", "pygame_gui", "Noto Sans", "Python", "FreeType"):
        assert component in notices_text
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in notices_text


@pytest.mark.slow
@needs_tools
def test_the_app_and_the_deb_record_the_commit_and_the_lock(dist, tmp_path):
    with tarfile.open(dist / f"scare-it-{VERSION}-linux-x86_64.tar.gz") as app:
        in_app = app.extractfile(f"scare-it-{VERSION}/{release.BUILT_FROM}").read().decode()
    deb = next(dist.glob("*.deb"))
    assert run(["dpkg-deb", "-x", str(deb), str(tmp_path)]).returncode == 0
    in_deb = (tmp_path / "opt" / "scare-it" / release.BUILT_FROM).read_text(encoding="utf-8")
    head = run(["git", "rev-parse", "HEAD"], cwd=ROOT).stdout.strip()
    lock = hashlib.sha256(release.LOCK.read_bytes()).hexdigest()
    for words in (in_app, in_deb):
        assert f"commit {head}" in words and f"sha256 {lock}" in words


@pytest.mark.slow
@needs_tools
def test_the_app_leaves_out_the_fonts_no_language_uses(dist):
    with tarfile.open(dist / f"scare-it-{VERSION}-linux-x86_64.tar.gz") as app:
        fonts = [n for n in app.getnames() if n.endswith((".ttf", ".otf"))]
        size = sum(m.size for m in app.getmembers() if m.isfile())
    assert not [f for f in fonts if re.search(r"NotoSans(JP|SC|KR)", f)]
    # The unused CJK fonts alone would add some 20 MB; the notifications' D-Bus library
    # (dbus-fast, compiled) and the server's metrics took the app past 60 MB (62.3 MB).
    assert size <= 65e6, f"the app is {size / 1e6:.1f} MB"


def _dpkg_skip_reason() -> str | None:
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "installing a .deb needs root (dpkg -i)"
    if not shutil.which("dpkg"):
        return "not a Debian system (no dpkg)"
    if run(["dpkg-query", "-W", "-f", "${Status}", release.PACKAGE]).stdout.startswith("install"):
        return f"{release.PACKAGE} is installed on this machine; the test leaves it alone"
    return None


WATCHED = ("/opt", "/usr/bin", "/usr/share/applications", "/usr/share/icons/hicolor",
           "/usr/share/metainfo", "/usr/share/doc", "/usr/share/man/man6",
           "/usr/share/lintian/overrides")


def _snapshot() -> set[str]:
    """Every path under the folders the package writes to (icon caches the system rebuilds on
    its own are not the package's)."""
    found = set()
    for top in WATCHED:
        for path in Path(top).rglob("*") if Path(top).exists() else ():
            if path.name != "icon-theme.cache":
                found.add(str(path))
    return found


@pytest.mark.slow
@needs_tools
@pytest.mark.skipif(_dpkg_skip_reason() is not None, reason=_dpkg_skip_reason() or "")
def test_the_deb_installs_plays_headless_and_removes_cleanly(dist, tmp_path):
    before = _snapshot()
    deb = next(dist.glob("*.deb"))
    installed = run(["dpkg", "-i", str(deb)])
    try:
        assert installed.returncode == 0, installed.stdout + installed.stderr
        assert shutil.which(COMMAND) == f"/usr/bin/{COMMAND}"
        env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy", "SCARE_IT_PREFS": str(tmp_path / "prefs")}
        played = run([COMMAND, "--frames", "300"], env=env, cwd=tmp_path)
        assert played.returncode == 0, played.stdout + played.stderr
        assert not (tmp_path / "prefs" / "errors.log").exists()
        for side in icon_sources():
            assert Path(f"/usr/share/icons/hicolor/{side}x{side}/apps/{APP_ID}.png").is_file()
        assert Path(f"/usr/share/applications/{APP_ID}.desktop").is_file()
        assert Path(f"/usr/share/metainfo/{APP_ID}.metainfo.xml").is_file()
    finally:
        removed = run(["dpkg", "-r", release.PACKAGE])
    assert removed.returncode == 0, removed.stdout + removed.stderr
    assert _snapshot() == before
    status = run(["dpkg-query", "-W", "-f", "${Status}", release.PACKAGE]).stdout
    assert "installed" not in status.replace("not-installed", "")
