"""`scare-it install-desktop` writes a valid menu entry and its icons for this user, and removes them."""

from __future__ import annotations

import shutil
import subprocess

import pygame
import pytest

from game.cli import main
from game.desktop import APP_ID, ENTRY_WORDS, NAME, entry_text, icon_sources
from game.i18n import LANGUAGES
from tools.make_assets import ICON_SIZES


def _validate(entry):
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert check.returncode == 0 and not check.stdout.strip(), check.stdout + check.stderr


def test_install_and_uninstall_the_desktop_entry(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["install-desktop"]) == 0
    entry = tmp_path / "applications" / f"{APP_ID}.desktop"
    text = entry.read_text(encoding="utf-8")
    assert text.startswith("[Desktop Entry]\n")
    assert f"Name={NAME}\n" in text and f"Icon={APP_ID}\n" in text
    assert any(line.startswith("Exec=") and len(line) > 5 for line in text.splitlines())
    icons = sorted((tmp_path / "icons" / "hicolor").rglob("*.png"))
    assert len(icons) == len(ICON_SIZES)
    for side in ICON_SIZES:
        icon = tmp_path / "icons" / "hicolor" / f"{side}x{side}" / "apps" / f"{APP_ID}.png"
        assert pygame.image.load(str(icon)).get_size() == (side, side)
    _validate(entry)
    capsys.readouterr()
    assert main(["install-desktop", "--uninstall"]) == 0
    assert capsys.readouterr().out.count("removed ") == 1 + len(ICON_SIZES)
    assert not entry.exists() and not list((tmp_path / "icons").rglob("*.png"))


def test_uninstall_says_when_there_was_nothing_to_remove(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["install-desktop", "--uninstall"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("nothing to remove") and "removed" not in out


def test_uninstall_also_removes_what_an_earlier_version_installed(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    old_entry = tmp_path / "applications" / "scare-it.desktop"
    old_icon = tmp_path / "icons" / "hicolor" / "64x64" / "apps" / "scare-it.png"
    for path in (old_entry, old_icon):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("old")
    assert main(["install-desktop", "--uninstall"]) == 0
    assert not old_entry.exists() and not old_icon.exists()


def test_the_entry_speaks_every_language_of_the_game(tmp_path):
    assert set(ENTRY_WORDS) == set(LANGUAGES)
    text = entry_text("scare-it")
    for code in LANGUAGES:
        if code == "en":
            continue
        generic, comment, _keywords = ENTRY_WORDS[code]
        assert f"Name[{code}]={NAME}\n" in text  # the game's name is the same in every edition
        assert f"Comment[{code}]={comment}\n" in text and comment != ENTRY_WORDS["en"][1]
        assert f"GenericName[{code}]={generic}\n" in text
    entry = tmp_path / f"{APP_ID}.desktop"
    entry.write_text(text, encoding="utf-8")
    _validate(entry)


def test_the_icons_are_the_sizes_the_generator_draws():
    assert list(icon_sources()) == sorted(ICON_SIZES)
    for side, path in icon_sources().items():
        assert pygame.image.load(str(path)).get_size() == (side, side)


def test_the_app_id_is_reverse_dns():
    parts = APP_ID.split(".")
    assert len(parts) >= 3 and all(p and (p[0].isalpha()) for p in parts)
    assert all(c.isalnum() or c in "._" for c in APP_ID)


@pytest.mark.parametrize("blocker", ["applications", "icons"])
def test_a_read_only_place_is_one_clear_line(tmp_path, monkeypatch, capsys, blocker):
    (tmp_path / blocker).write_text("a file where a folder should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["install-desktop"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("scare-it: cannot install the desktop entry") and err.count("\n") == 1


def test_the_entry_opens_invite_links(tmp_path):
    """A click on scare-it://… starts the game with the link (Exec's %u), and the entry says
    it handles that scheme (freedesktop x-scheme-handler); desktop-file-validate accepts it."""
    text = entry_text("scare-it")
    assert "Exec=scare-it %u\n" in text
    assert "MimeType=x-scheme-handler/scare-it;\n" in text
    entry = tmp_path / f"{APP_ID}.desktop"
    entry.write_text(text, encoding="utf-8")
    _validate(entry)


def test_the_watcher_starts_at_login_when_asked_and_goes_again(tmp_path, monkeypatch, capsys):
    """`install-desktop --watch` adds an XDG autostart entry for `scare-it watch`; `--uninstall
    --watch` removes only it, `--uninstall` everything."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    autostart = tmp_path / "config" / "autostart" / "scare-it-watch.desktop"
    assert main(["install-desktop"]) == 0
    assert not autostart.exists()  # opt-in only
    assert main(["install-desktop", "--watch"]) == 0
    lines = autostart.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    assert any(line.startswith("Exec=") and line.endswith(" watch") for line in lines)
    _validate(autostart)
    menu = tmp_path / "data" / "applications" / f"{APP_ID}.desktop"
    assert main(["install-desktop", "--uninstall", "--watch"]) == 0
    assert not autostart.exists() and menu.exists()
    assert main(["install-desktop", "--watch"]) == 0
    assert main(["install-desktop", "--uninstall"]) == 0
    assert not autostart.exists() and not menu.exists()
