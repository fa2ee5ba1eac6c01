"""`scare-it install-desktop` writes a valid menu entry and its icon for this user, and removes them."""

from __future__ import annotations

import shutil
import subprocess

from game.cli import main


def test_install_and_uninstall_the_desktop_entry(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["install-desktop"]) == 0
    entry = tmp_path / "applications" / "scare-it.desktop"
    icon = tmp_path / "icons" / "hicolor" / "64x64" / "apps" / "scare-it.png"
    text = entry.read_text(encoding="utf-8")
    assert text.startswith("[Desktop Entry]\n")
    assert "Name=Scare It!\n" in text and "Icon=scare-it\n" in text
    assert any(line.startswith("Exec=") and len(line) > 5 for line in text.splitlines())
    assert icon.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
    assert main(["install-desktop", "--uninstall"]) == 0
    assert not entry.exists() and not icon.exists()


def test_a_read_only_place_is_one_clear_line(tmp_path, monkeypatch, capsys):
    (tmp_path / "applications").write_text("a file where a folder should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["install-desktop"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("scare-it: cannot install the desktop entry") and err.count("\n") == 1
