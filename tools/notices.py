"""Write THIRD-PARTY-NOTICES.txt from what a release actually bundles: each component's name,
version, licence, the files it covers and the full licence text.

    python tools/notices.py              # the repository's file: what the wheel and sdist carry
    python tools/notices.py --check      # exit 1 when the repository's file is out of date
    python tools/notices.py --app DIR    # DIR/THIRD-PARTY-NOTICES.txt for a built app folder

In an app folder every file is accounted for: Python's runtime, each Python package (by its
installed metadata), each font (by its own name table) and each shared library; a library no rule
knows stops the build with its name, so nothing is ever shipped without its licence. The licence
texts of the libraries pygame-ce's wheel vendors, and the common licences those texts refer to,
are kept in tools/licenses/ (Debian's copyright files of the same libraries); libraries the build
takes from the system use the system's own Debian copyright file.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import struct
import subprocess
import sys
import sysconfig
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LICENSES = Path(__file__).resolve().parent / "licenses"
NOTICES = "THIRD-PARTY-NOTICES.txt"
FONTS = (".ttf", ".otf")

# The libraries pygame-ce's wheel vendors (pygame_ce.libs/, names carry a hash): file name stem
# -> (component, Debian package whose copyright file is in tools/licenses/, licence).
VENDORED = {
    "libSDL2": ("SDL2", "libsdl2-2.0-0", "Zlib"),
    "libSDL2_image": ("SDL2_image", "libsdl2-image-2.0-0", "Zlib"),
    "libSDL2_mixer": ("SDL2_mixer", "libsdl2-mixer-2.0-0", "Zlib"),
    "libSDL2_ttf": ("SDL2_ttf", "libsdl2-ttf-2.0-0", "Zlib"),
    "libFLAC": ("FLAC", "libflac12", "BSD-3-Clause"),
    "libasound": ("alsa-lib", "libasound2", "LGPL-2.1-or-later"),
    "libbrotlicommon": ("Brotli", "libbrotli1", "MIT"),
    "libbrotlidec": ("Brotli", "libbrotli1", "MIT"),
    "libfluidsynth": ("FluidSynth", "libfluidsynth3", "LGPL-2.1-or-later"),
    "libfreetype": ("FreeType", "libfreetype6", "FTL OR GPL-2.0-or-later"),
    "libharfbuzz": ("HarfBuzz", "libharfbuzz0b", "MIT-Modern-Variant"),
    "libjpeg": ("libjpeg-turbo", "libjpeg62-turbo", "IJG AND BSD-3-Clause AND Zlib"),
    "libmpg123": ("mpg123", "libmpg123-0", "LGPL-2.1-only"),
    "libogg": ("libogg", "libogg0", "BSD-3-Clause"),
    "libopus": ("Opus", "libopus0", "BSD-3-Clause"),
    "libopusfile": ("opusfile", "libopusfile0", "BSD-3-Clause"),
    "libpng16": ("libpng", "libpng16-16", "Libpng"),
    "libportmidi": ("PortMidi", "libportmidi0", "MIT"),
    "libsharpyuv": ("libwebp (sharpyuv)", "libwebp7", "BSD-3-Clause"),
    "libsndfile": ("libsndfile", "libsndfile1", "LGPL-2.1-or-later"),
    "libtiff": ("LibTIFF", "libtiff6", "libtiff"),
    "libvorbis": ("libvorbis", "libvorbis0a", "BSD-3-Clause"),
    "libvorbisenc": ("libvorbis", "libvorbis0a", "BSD-3-Clause"),
    "libvorbisfile": ("libvorbis", "libvorbis0a", "BSD-3-Clause"),
    "libwavpack": ("WavPack", "libwavpack1", "BSD-3-Clause"),
    "libwebp": ("libwebp", "libwebp7", "BSD-3-Clause"),
    "libwebpdemux": ("libwebp", "libwebpdemux2", "BSD-3-Clause"),
    "libxmp": ("libxmp", "libxmp4", "MIT"),
}
# Fonts that carry no licence file of their own beside them: file name -> (licence, text file).
FONT_LICENCES = {"freesansbold.ttf": ("GPL-3.0-or-later WITH Font exception",
                                      "fonts-freefont-ttf.copyright")}
# Packages whose wheel carries no licence file: the text their metadata names.
PACKAGE_LICENCES = {"pygame-ce": ("LGPL-2.1-or-later", "common/LGPL-2.1")}
# Debian copyright files name these as /usr/share/common-licenses/NAME (GPL and LGPL are links).
COMMON_ALIASES = {"GPL": "GPL-3", "LGPL": "LGPL-3", "GFDL": "GFDL-1.3"}


class NoticeError(Exception):
    """Something bundled whose licence this tool cannot find."""


@dataclass
class Component:
    name: str
    version: str
    licence: str
    texts: list[tuple[str, str]]  # (title, full text)
    files: set[str] = field(default_factory=set)


# --- reading what a file is ------------------------------------------------------------------
def font_names(path: Path) -> tuple[str, str]:
    """(family, version) from a TrueType/OpenType font's name table."""
    data = path.read_bytes()
    tables = struct.unpack(">H", data[4:6])[0]
    for i in range(tables):
        tag, _sum, offset, _length = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
        if tag == b"name":
            break
    else:
        raise NoticeError(f"{path.name}: a font without a name table")
    _fmt, count, strings = struct.unpack(">HHH", data[offset: offset + 6])
    found: dict[int, str] = {}
    for i in range(count):
        platform_id, _enc, _lang, name_id, length, at = struct.unpack(
            ">HHHHHH", data[offset + 6 + 12 * i: offset + 18 + 12 * i])
        raw = data[offset + strings + at: offset + strings + at + length]
        if name_id in (1, 5) and name_id not in found:
            found[name_id] = raw.decode("utf-16-be" if platform_id in (0, 3) else "latin-1")
    version = re.sub(r"^Version |^\$Revision: | \$$", "", found.get(5, "unknown")).split(";")[0]
    return found.get(1, path.stem), version


def licence_text(name: str) -> str:
    path = LICENSES / name
    if not path.is_file():
        raise NoticeError(f"tools/licenses/{name} is missing")
    return path.read_text(encoding="utf-8")


def common_licences(texts: list[str]) -> list[tuple[str, str]]:
    """The full texts of the common licences that Debian copyright texts refer to by path."""
    names = set()
    for text in texts:
        for name in re.findall(r"common-licenses/([A-Za-z0-9.+-]*[A-Za-z0-9])", text):
            names.add(COMMON_ALIASES.get(name, name))
    out = []
    for name in sorted(names):
        kept = LICENSES / "common" / name
        system = Path("/usr/share/common-licenses") / name
        source = kept if kept.is_file() else system
        if not source.is_file():
            raise NoticeError(f"the licence text {name} is neither in tools/licenses/common/ "
                              "nor in /usr/share/common-licenses/")
        out.append((f"/usr/share/common-licenses/{name}", source.read_text(encoding="utf-8")))
    return out


def folder_fonts(folder: Path, base: Path) -> list[Component]:
    """Fonts in `folder`, grouped by family, each with the licence file beside it."""
    by_family: dict[str, Component] = {}
    for font in sorted(p for p in folder.iterdir() if p.suffix.lower() in FONTS):
        family, version = font_names(font)
        family = family.removesuffix(" Regular").removesuffix(" Bold")
        if font.name in FONT_LICENCES:
            spdx, text_name = FONT_LICENCES[font.name]
            texts = [(text_name, licence_text(text_name))]
        else:
            spdx, texts = "OFL-1.1", [_font_licence(font)]
        key = f"{family} {version}"
        component = by_family.setdefault(key, Component(f"{family} (font)", version, spdx, texts))
        component.files.add(font.relative_to(base).as_posix())
    return list(by_family.values())


def _font_licence(font: Path) -> tuple[str, str]:
    """The licence file for one font: FAMILY-LICENSE.txt in licenses/ beside it, or the one
    licence text in its folder (assets/fonts/OFL.txt)."""
    candidates = [p for p in sorted(font.parent.glob("licenses/*-LICENSE*"))
                  if font.stem.startswith(p.name.split("-LICENSE")[0])] \
        or sorted(p for p in font.parent.glob("*.txt") if "OFL" in p.name or "LICENSE" in p.name)
    if len(candidates) != 1:
        raise NoticeError(f"{font}: no single licence file beside it ({len(candidates)} found)")
    text = candidates[0].read_text(encoding="utf-8")
    if "SIL OPEN FONT LICENSE" not in text.upper():
        raise NoticeError(f"{candidates[0]}: not the SIL Open Font License")
    return candidates[0].name, text


# --- the repository (wheel and sdist) ----------------------------------------------------------
def source_components() -> list[Component]:
    """What the wheel and sdist carry that is not ours: the fonts under assets/fonts."""
    return folder_fonts(ROOT / "assets" / "fonts", ROOT)


# --- an app folder -------------------------------------------------------------------------------
def app_components(app: Path) -> list[Component]:
    inside = app / "_internal" if (app / "_internal").is_dir() else app
    found: dict[str, Component] = {}

    def add(component: Component, *files: Path) -> None:
        key = f"{component.name} {component.version}"
        kept = found.setdefault(key, component)
        kept.files.update(f.relative_to(app).as_posix() for f in files)
        kept.files.update(component.files)
        for title, text in component.texts:  # one font in two places may come with two texts
            if all(text != t for _title, t in kept.texts):
                kept.texts.append((title, text))

    python = _python_component()
    distributions = metadata.packages_distributions()
    for entry in sorted(inside.iterdir()):
        if entry.name in ("game",) or entry.name.endswith((".egg-info", ".dist-info")):
            continue  # ours: LICENSE covers it (its fonts are noted below)
        if entry.name == "base_library.zip" or entry.name.startswith(("python3", "libpython3")):
            add(python, entry)
        elif entry.is_dir() and entry.name in distributions:
            add(_package_component(distributions[entry.name][0]), entry)
        elif entry.is_dir() and entry.name.endswith(".libs"):
            for lib in sorted(entry.iterdir()):
                add(_vendored_component(lib), lib)
        elif entry.is_symlink():
            continue  # a link into a .libs folder, noted there
        elif ".so" in entry.name:
            add(_system_component(entry), entry)
        else:
            raise NoticeError(f"{entry.relative_to(app)}: no rule says whose this is")
    for folder in sorted({p.parent for p in inside.rglob("*") if p.suffix.lower() in FONTS}):
        for font in folder_fonts(folder, app):
            add(font)
    return list(found.values())


def _python_component() -> Component:
    text = Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt"
    if not text.is_file():
        raise NoticeError(f"Python's licence text is not at {text}")
    return Component("Python", platform.python_version(), "PSF-2.0",
                     [("LICENSE.txt", text.read_text(encoding="utf-8"))])


def _package_component(name: str) -> Component:
    dist = metadata.distribution(name)
    meta = dist.metadata
    spdx = meta.get("License-Expression") or meta.get("License") or ""
    # The package's own licence files (its fonts' licences, deeper down, are noted per font).
    files = [f for f in dist.files or () if re.search(r"licen[cs]e|copying", f.name, re.I)
             and len(f.parts) <= 3 and f.suffix != ".py"]
    texts = [(f.name, f.read_text(encoding="utf-8")) for f in files]
    if not texts and name in PACKAGE_LICENCES:
        spdx, text_name = PACKAGE_LICENCES[name]
        texts = [(text_name.split("/")[-1], licence_text(text_name))]
    if not texts:
        raise NoticeError(f"the package {name} carries no licence file; add it to "
                          "PACKAGE_LICENCES in tools/notices.py")
    return Component(meta["Name"], dist.version, spdx.strip(), texts)


_HASHED = re.compile(r"^(lib[\w+]+?)(?:-\d+)?-[0-9a-f]{8}(\.\d+)?\.so(\.[\d.]+)?$")


def _vendored_component(lib: Path) -> Component:
    m = _HASHED.match(lib.name)
    if not m or m.group(1) not in VENDORED:
        raise NoticeError(f"{lib.name}: a vendored library VENDORED in tools/notices.py "
                          "does not know")
    name, package, spdx = VENDORED[m.group(1)]
    # The SDL family reports its release; the others only have their file's library version.
    version = _sdl_versions().get(name) or f"(library file .so{m.group(3) or ''})"
    text = licence_text(f"{package}.copyright")
    return Component(name, version, spdx, [(f"{package} copyright", text)])


def _sdl_versions() -> dict[str, str]:
    """The SDL libraries' own release numbers, as the bundled pygame reports them."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # a tool may load pygame; the versions are what this pygame was built with
    import pygame.freetype

    def dotted(v):
        return ".".join(map(str, v))

    return {"SDL2": dotted(pygame.get_sdl_version()),
            "SDL2_image": dotted(pygame.image.get_sdl_image_version()),
            "SDL2_mixer": dotted(pygame.mixer.get_sdl_mixer_version()),
            "SDL2_ttf": dotted(pygame.font.get_sdl_ttf_version()),
            "FreeType": dotted(pygame.freetype.get_version())}


def _system_component(lib: Path) -> Component:
    """A library the build took from the system: its Debian package and copyright file."""
    for folder in ("/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu", "/usr/lib", "/lib"):
        candidate = Path(folder) / lib.name
        if not candidate.exists():
            continue
        for path in (candidate, candidate.resolve()):
            owner = subprocess.run(["dpkg-query", "-S", str(path)], capture_output=True,
                                   text=True)
            if owner.returncode == 0:
                package = owner.stdout.split(":")[0].strip()
                version = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package],
                                         capture_output=True, text=True, check=True).stdout
                copyright_file = Path("/usr/share/doc") / package / "copyright"
                text = copyright_file.read_text(encoding="utf-8", errors="replace")
                return Component(f"{package} (Debian)", version, "see its copyright file",
                                 [(str(copyright_file), text)])
    raise NoticeError(f"{lib.name}: taken from the system, but no Debian package owns it")


# --- writing -------------------------------------------------------------------------------------
def render(components: list[Component], what: str) -> str:
    components = sorted(components, key=lambda c: (c.name.lower(), c.version))
    rule = "=" * 78
    lines = [f"Third-party software in {what}", rule, "",
             "Scare It! itself is under the MIT licence (LICENSE). It bundles the components",
             "below; each is listed with its version, licence and the files it covers, and its",
             "full licence text follows in the second part, in the same order.", ""]
    for n, c in enumerate(components, 1):
        lines.append(f"{n}. {c.name} {c.version}  --  licence: {c.licence}")
        for f in sorted(c.files):
            lines.append(f"     {f}")
    common = common_licences([t for c in components for _title, t in c.texts])
    if common:
        lines += ["", "Common licences referred to by the texts below (full texts at the end):",
                  *(f"   {title}" for title, _t in common)]
    printed: dict[str, int] = {}
    for n, c in enumerate(components, 1):
        lines += ["", rule, f"{n}. {c.name} {c.version}", rule]
        for title, text in c.texts:
            if text in printed:  # e.g. one library's three files, one font licence
                lines += [f"--- {title}: the same text as under {printed[text]}. above ---"]
                continue
            printed[text] = n
            lines += [f"--- {title} ---", text.rstrip(), ""]
    for title, text in common:
        lines += ["", rule, title, rule, text.rstrip()]
    return "\n".join(lines).rstrip() + "\n"


def project_version() -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    return re.search(r'^version = "([^"]+)"', text, re.M).group(1)


def source_notices() -> str:
    return render(source_components(), f"Scare It! {project_version()} (wheel and sdist)")


def app_notices(app: Path) -> str:
    return render(app_components(app),
                  f"Scare It! {project_version()} (the standalone app for "
                  f"{platform.system()} {platform.machine()})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", type=Path, help="write the notices for this app folder")
    parser.add_argument("--check", action="store_true", help="is the repository's file current")
    args = parser.parse_args(argv)
    try:
        if args.app:
            (args.app / NOTICES).write_text(app_notices(args.app), encoding="utf-8")
            print(f"wrote {args.app / NOTICES}")
            return 0
        text, path = source_notices(), ROOT / NOTICES
    except NoticeError as err:
        print(f"notices: {err}", file=sys.stderr)
        return 1
    if args.check:
        current = path.is_file() and path.read_text(encoding="utf-8") == text
        print(f"{NOTICES} is up to date" if current
              else f"{NOTICES} is out of date: run python tools/notices.py")
        return 0 if current else 1
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
