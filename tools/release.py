"""Build a release into dist/: wheel, sdist, the standalone app as a tar.gz, a .deb, the
screenshots the metainfo names, and SHA256SUMS over them; then check every piece. The app
folder (so the tar.gz and the .deb) carries BUILT-FROM.txt: the commit and the lock's hash.

    make .venv/.installed-release              # the locked test and build set
    .venv/bin/python tools/release.py          # = make release
    .venv/bin/python tools/release.py --no-app # wheel, sdist and checksums only (no PyInstaller)

The .deb holds the app under /opt/scare-it, `scare-it` on the PATH (/usr/bin), the menu entry,
the icons, the AppStream metainfo and a man page under /usr/share; it is built with dpkg-deb and
checked with lintian (no errors), desktop-file-validate and appstreamcli. Each artefact is
checked to carry LICENSE and THIRD-PARTY-NOTICES.txt. Needs Debian's dpkg-dev, lintian,
appstream and desktop-file-utils; it prints the time each step took and each file's size.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.desktop import APP_ID, COMMAND, ENTRY_WORDS, entry_text, icon_sources  # noqa: E402
from tools import build_app as app_tool  # noqa: E402
from tools import notices  # noqa: E402

PACKAGE = "scare-it"
METAINFO = ROOT / "packaging" / f"{APP_ID}.metainfo.xml"
LINTIAN_OVERRIDES = ROOT / "packaging" / "lintian-overrides"
OPT = Path("opt") / PACKAGE
MAINTAINER = "The Scare It! team <scare-it@users.noreply.github.com>"
HOMEPAGE = "https://scareit.github.io/scare-it/"
EPOCH = 1764547200  # 2025-12-01: every file in the tar.gz and .deb gets this time
# SDL opens these at run time (no link-time need): a window on X11, and sound through ALSA.
RECOMMENDS = "libx11-6, libxext6, libxcursor1, libxi6, libxrandr2, libxss1, libasound2"
# What the whole release runs besides Python, and the Debian package each comes in (the app's
# build needs its own too); checked before anything is built.
NEEDS = {**app_tool.NEEDS, "dpkg-deb": "dpkg", "lintian": "lintian",
         "desktop-file-validate": "desktop-file-utils", "appstreamcli": "appstream",
         "objdump": "binutils", "sha256sum": "coreutils", "git": "git"}
NEEDS_PYTHON = {"sha256sum": "coreutils"}  # --no-app: the wheel, the sdist and SHA256SUMS
NEEDS_MODULES = {"build": "build"}


LOCK = ROOT / "requirements" / "release.txt"  # what `make release` installs (make lock)
BUILT_FROM = "BUILT-FROM.txt"  # in the app folder: the tar.gz and the .deb's /opt/scare-it


class ReleaseError(Exception):
    """A step failed or a check did not pass: one clear line, no traceback."""


def version() -> str:
    return notices.project_version()


def run(args: list[str], **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(args, capture_output=True, text=True, **kwargs)
    if done.returncode != 0:
        raise ReleaseError(f"`{' '.join(map(str, args))}` failed ({done.returncode}):\n"
                           f"{(done.stdout + done.stderr)[-4000:]}")
    return done


# --- wheel and sdist ---------------------------------------------------------------------------
def build_python(dist: Path) -> list[Path]:
    """The wheel and sdist, exactly as `python -m build` makes them; a warning fails the step.
    Built by the venv's own setuptools, the locked one (no isolated build with whatever
    setuptools is newest that day)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    done = run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist),
                str(ROOT)], env=env)
    warnings = [line for line in (done.stdout + done.stderr).splitlines()
                if re.search(r"warn", line, re.I)]
    if warnings:
        raise ReleaseError("python -m build warned:\n" + "\n".join(warnings[:20]))
    return [next(dist.glob(f"scare_it-{version()}-*.whl")), dist / f"scare_it-{version()}.tar.gz"]


# --- the app and its tar.gz ----------------------------------------------------------------------
def build_app(work: Path) -> Path:
    """The standalone app (tools/build_app.py builds, trims and checks it; its figures shown)."""
    done = run([sys.executable, str(ROOT / "tools" / "build_app.py"), "--dist", str(work)])
    print("   " + "\n   ".join(done.stdout.strip().splitlines()))
    warnings = [line for line in done.stderr.splitlines() if "WARN" in line.upper()]
    if warnings:
        raise ReleaseError("the app build warned:\n" + "\n".join(warnings[:20]))
    return work / PACKAGE


def built_from() -> str:
    """What the release was built from: the commit (and whether the tree differed from it),
    the lock's hash, the Python; the same words for the same sources."""
    head = run(["git", "rev-parse", "HEAD"], cwd=ROOT).stdout.strip()
    changed = run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT).stdout
    lock = hashlib.sha256(LOCK.read_bytes()).hexdigest()
    return (f"Scare It! {version()}, built from:\n"
            f"commit {head}{' with uncommitted changes' if changed.strip() else ''}\n"
            f"lock {LOCK.relative_to(ROOT).as_posix()} sha256 {lock}\n"
            f"python {sys.version.split()[0]}\n")


def _normalised(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = "root"
    info.mtime = EPOCH
    return info


def app_tarball(app: Path, dist: Path) -> Path:
    """scare-it-VERSION-linux-x86_64.tar.gz with one folder scare-it-VERSION/, byte for byte the
    same for the same app (sorted names, fixed times and owners)."""
    target = dist / f"{PACKAGE}-{version()}-linux-x86_64.tar.gz"
    top = f"{PACKAGE}-{version()}"
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.GNU_FORMAT) as tar:
        tar.add(app, arcname=top, recursive=False, filter=_normalised)
        for path in sorted(app.rglob("*")):
            tar.add(path, arcname=f"{top}/{path.relative_to(app).as_posix()}", recursive=False,
                    filter=_normalised)
    with open(target, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=EPOCH) as gz:
        gz.write(buf.getvalue())
    return target


# --- the .deb ----------------------------------------------------------------------------------------
def _gzip_n(data: bytes) -> bytes:
    """gzip -9n: maximum compression and no name or time inside (lintian checks both)."""
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=9, mtime=0, filename="") as gz:
        gz.write(data)
    return buf.getvalue()


def _is_elf(path: Path) -> bool:
    with open(path, "rb") as f:
        return f.read(4) == b"\x7fELF"


def glibc_needed(app: Path) -> str:
    """The newest GLIBC symbol version any program or library of the app asks for."""
    found = set()
    for path in app.rglob("*"):
        if path.is_file() and not path.is_symlink() and _is_elf(path):
            out = run(["objdump", "-T", str(path)]).stdout
            found.update(re.findall(r"GLIBC_(\d+(?:\.\d+)+)", out))
    if not found:
        raise ReleaseError("no GLIBC symbol versions found in the app")
    return max(found, key=lambda v: tuple(int(x) for x in v.split(".")))


def man_page() -> str:
    """A short scare-it(6) from the program's own --help (the one place the commands are told)."""
    done = run([sys.executable, "-m", "game", "--help"], cwd=ROOT,
               env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "80"})
    body = "\n".join(line.replace("\\", "\\\\").replace("-", "\\-") for line in
                     done.stdout.splitlines())
    return (f'.TH SCARE\\-IT 6 "" "Scare It! {version()}" "Games"\n'
            ".SH NAME\nscare\\-it \\- the family card game where animals scare each other\n"
            ".SH SYNOPSIS\n.B scare\\-it\n[\\fIOPTIONS\\fR] [\\fICOMMAND\\fR ...]\n"
            f".SH DESCRIPTION\n{ENTRY_WORDS['en'][1]}.\n"
            "Without a command it opens the game's window.\n"
            ".SH USAGE\n.nf\n" + body + "\n.fi\n"
            ".SH FILES\n.I ~/.local/share/ScareIt/ScareIt/\nsettings, progress and errors.log\n"
            ".SH SEE ALSO\n/opt/scare\\-it/THIRD\\-PARTY\\-NOTICES.txt\n")


def deb_copyright() -> str:
    return ("Scare It! is free software under the MIT licence below. The program in\n"
            f"/{OPT} bundles third-party components (Python, pygame-ce, SDL2 and its libraries,\n"
            "pygame-gui, fonts); each one's name, version, licence and full licence text are in\n"
            f"/{OPT}/{notices.NOTICES}.\n\n"
            + (ROOT / "LICENSE").read_text(encoding="utf-8"))


def stage_deb(app: Path, root: Path) -> None:
    """The package's file tree under `root`: every file 0644, programs and folders 0755."""
    shutil.copytree(app, root / OPT, symlinks=True)
    usr_bin = root / "usr" / "bin"
    usr_bin.mkdir(parents=True)
    (usr_bin / COMMAND).symlink_to(f"/{OPT}/{PACKAGE}")  # across top folders: absolute
    share = root / "usr" / "share"
    (share / "applications").mkdir(parents=True)
    (share / "applications" / f"{APP_ID}.desktop").write_text(entry_text(COMMAND),
                                                              encoding="utf-8")
    for side, source in icon_sources().items():
        icon = share / "icons" / "hicolor" / f"{side}x{side}" / "apps" / f"{APP_ID}.png"
        icon.parent.mkdir(parents=True)
        shutil.copyfile(source, icon)
    (share / "metainfo").mkdir()
    shutil.copyfile(METAINFO, share / "metainfo" / METAINFO.name)
    doc = share / "doc" / PACKAGE
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(deb_copyright(), encoding="utf-8")
    changelog = (f"{PACKAGE} ({version()}) unstable; urgency=medium\n\n"
                 f"  * Release {version()}: see the metainfo's release notes.\n\n"
                 f" -- {MAINTAINER}  Mon, 01 Dec 2025 00:00:00 +0000\n")
    (doc / "changelog.gz").write_bytes(_gzip_n(changelog.encode()))
    (share / "man" / "man6").mkdir(parents=True)
    (share / "man" / "man6" / f"{COMMAND}.6.gz").write_bytes(_gzip_n(man_page().encode()))
    (share / "lintian" / "overrides").mkdir(parents=True)
    shutil.copyfile(LINTIAN_OVERRIDES, share / "lintian" / "overrides" / PACKAGE)
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        executable = path.is_dir() or (path.name == PACKAGE and path.parent == root / OPT)
        path.chmod(0o755 if executable else 0o644)


def control(root: Path, app: Path) -> str:
    size_kib = sum(p.stat().st_size for p in root.rglob("*") if p.is_file()
                   and not p.is_symlink()) // 1024
    return (f"Package: {PACKAGE}\nVersion: {version()}\nArchitecture: amd64\n"
            f"Maintainer: {MAINTAINER}\nInstalled-Size: {size_kib}\n"
            f"Depends: libc6 (>= {glibc_needed(app)})\nRecommends: {RECOMMENDS}\n"
            f"Section: games\nPriority: optional\nHomepage: {HOMEPAGE}\n"
            "Description: family card game where animals scare each other\n"
            " The digital edition of the family card game Scare It!: the elephant scares\n"
            " the dog, the dog scares the cat, the cat scares the mouse and the mouse\n"
            " scares the elephant. Couch games for 2 to 8 players on one screen with\n"
            " computer players, solo deals, a daily deal, a campaign of 49 puzzles and a\n"
            " puzzle editor. In English, Czech, German and Polish.\n"
            " .\n"
            " This package holds the standalone build (its own Python and libraries)\n"
            f" under /{OPT}.\n")


def build_deb(app: Path, work: Path, dist: Path) -> Path:
    root = work / "deb"
    shutil.rmtree(root, ignore_errors=True)
    stage_deb(app, root)
    (root / "DEBIAN").mkdir(mode=0o755)
    sums = []
    for path in sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink()):
        if "DEBIAN" not in path.relative_to(root).parts:
            digest = hashlib.md5(path.read_bytes()).hexdigest()  # dpkg's md5sums format
            sums.append(f"{digest}  {path.relative_to(root).as_posix()}\n")
    (root / "DEBIAN" / "control").write_text(control(root, app), encoding="utf-8")
    (root / "DEBIAN" / "md5sums").write_text("".join(sums), encoding="utf-8")
    for name in ("control", "md5sums"):
        (root / "DEBIAN" / name).chmod(0o644)
    target = dist / f"{PACKAGE}_{version()}_amd64.deb"
    env = {**os.environ, "SOURCE_DATE_EPOCH": str(EPOCH)}
    run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root), str(target)], env=env)
    return target


# --- checks ------------------------------------------------------------------------------------
def lintian(deb: Path) -> list[str]:
    """lintian's tags for the .deb; an error (E:) fails the release, the rest are printed."""
    done = subprocess.run(["lintian", "--no-tag-display-limit", str(deb)], capture_output=True,
                          text=True)
    tags = [line for line in done.stdout.splitlines() if re.match(r"[EWIPX]: ", line)]
    errors = [t for t in tags if t.startswith("E: ")]
    if errors or done.returncode not in (0, 1) or "Traceback" in done.stderr:
        raise ReleaseError("lintian found errors:\n" + "\n".join(errors or [done.stderr]))
    return tags


def validate_desktop_files(root: Path) -> None:
    run(["desktop-file-validate", str(root / "usr/share/applications" / f"{APP_ID}.desktop")])
    run(["appstreamcli", "validate", "--no-net", str(root / "usr/share/metainfo" / METAINFO.name)])


def members(path: Path) -> list[str]:
    """The file names inside an artefact (for the licence check)."""
    if path.suffix == ".whl":
        return zipfile.ZipFile(path).namelist()
    if path.suffix == ".deb":
        return run(["dpkg-deb", "--contents", str(path)]).stdout.splitlines()
    with tarfile.open(path) as tar:
        return tar.getnames()


def check_licences(artefacts: list[Path]) -> None:
    for path in artefacts:
        names = members(path)
        for wanted in ("LICENSE", notices.NOTICES):
            if not any(re.search(rf"(^|/){re.escape(wanted)}$", n.split()[-1]) for n in names):
                raise ReleaseError(f"{path.name} does not carry {wanted}")


def screenshots(dist: Path) -> list[Path]:
    """The screenshots the metainfo names, drawn by tools/screenshots.py."""
    names = re.findall(r"<image>[^<]*/([\w-]+\.png)</image>", METAINFO.read_text("utf-8"))
    with tempfile.TemporaryDirectory() as shots:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        run([sys.executable, str(ROOT / "tools" / "screenshots.py"), shots], env=env)
        (dist / "screenshots").mkdir(exist_ok=True)
        out = []
        for name in names:
            if not (Path(shots) / name).is_file():
                raise ReleaseError(f"the metainfo names {name}; tools/screenshots.py drew none")
            shutil.copyfile(Path(shots) / name, dist / "screenshots" / name)
            out.append(dist / "screenshots" / name)
    return out


def write_sums(dist: Path, artefacts: list[Path]) -> Path:
    lines = [f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.relative_to(dist).as_posix()}\n"
             for p in sorted(artefacts)]
    (dist / "SHA256SUMS").write_text("".join(lines), encoding="utf-8")
    run(["sha256sum", "--check", "--strict", "SHA256SUMS"], cwd=dist)
    return dist / "SHA256SUMS"


# --- the whole release -------------------------------------------------------------------------
def release(dist: Path, with_app: bool) -> list[Path]:
    lacking = app_tool.missing(NEEDS if with_app else NEEDS_PYTHON,
                                {**NEEDS_MODULES, **(app_tool.NEEDS_MODULES if with_app else {})})
    if lacking:
        raise ReleaseError(lacking)
    if subprocess.run([sys.executable, str(ROOT / "tools" / "notices.py"), "--check"],
                      capture_output=True).returncode:
        raise ReleaseError(f"{notices.NOTICES} is out of date: run python tools/notices.py")
    shutil.rmtree(dist, ignore_errors=True)
    dist.mkdir(parents=True)
    work = ROOT / "build" / "release"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    artefacts = timed("wheel and sdist", dist, lambda: build_python(dist))
    if with_app:
        started = time.perf_counter()
        app = build_app(work)
        (app / BUILT_FROM).write_text(built_from(), encoding="utf-8")
        print(f"standalone app: {time.perf_counter() - started:.1f} s")
        artefacts += timed("app tar.gz", dist, lambda: [app_tarball(app, dist)])
        artefacts += timed(".deb", dist, lambda: [build_deb(app, work, dist)])
        timed("lintian, desktop-file-validate, appstreamcli", dist, lambda: _checks(work, dist))
        artefacts += timed("screenshots", dist, lambda: screenshots(dist))
    check_licences([p for p in artefacts if p.parent == dist])
    write_sums(dist, artefacts)
    shutil.rmtree(work, ignore_errors=True)
    return artefacts


def timed(title: str, dist: Path, step) -> list[Path]:
    """Run one step; print its time and the size of each file it made."""
    started = time.perf_counter()
    made = step()
    print(f"{title}: {time.perf_counter() - started:.1f} s"
          + "".join(f"\n   {p.relative_to(dist)}  {p.stat().st_size / 1e6:.1f} MB" for p in made))
    return made


def _checks(work: Path, dist: Path) -> list[Path]:
    for tag in lintian(next(dist.glob("*.deb"))):
        print(f"   lintian {tag}")
    validate_desktop_files(work / "deb")
    print("   lintian: no errors; desktop-file-validate and appstreamcli validate: ok")
    return []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (dist/)")
    parser.add_argument("--no-app", action="store_true",
                        help="wheel, sdist and checksums only (no PyInstaller, no .deb)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        artefacts = release(args.dist, not args.no_app)
    except ReleaseError as err:
        print(f"release: {err}", file=sys.stderr)
        return 1
    total = sum(p.stat().st_size for p in artefacts)
    print(f"release {version()} in {args.dist}: {len(artefacts)} files, {total / 1e6:.1f} MB, "
          f"SHA256SUMS verified; {time.perf_counter() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
