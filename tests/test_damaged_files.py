"""Damaged save files never stop the game: deeply nested JSON in settings and progress."""

import ast
import json
import os
import re
from pathlib import Path

from game.campaign.progress import Progress
from game.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
NESTED = "[" * 100_000 + "]" * 100_000  # json.loads hits the recursion limit on this


def test_deeply_nested_settings_give_defaults_and_a_notice(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    (tmp_path / "settings.json").write_text(NESTED)
    settings, notice = Settings.load()
    assert settings == Settings() and notice and "defaults" in notice


def test_deeply_nested_progress_is_kept_aside_and_play_goes_on(tmp_path):
    (tmp_path / "progress.json").write_text(NESTED)
    progress = Progress.load(tmp_path)
    assert progress.notice and "damaged" in progress.notice
    backups = list(tmp_path.glob("progress.json.corrupt-*"))
    assert len(backups) == 1 and backups[0].read_text() == NESTED
    assert progress.levels == {} and progress.classic == {} and progress.daily == {}
    json.dumps(progress.levels)  # still a plain table, ready to record into


def test_every_file_the_game_keeps_is_in_the_damaged_files_page():
    # Each pref-folder file the game names (a "*.json" or "*.txt" constant) has its row.
    page = (ROOT / "docs" / "DAMAGED_FILES.md").read_text(encoding="utf-8")
    named = {node.value for path in (ROOT / "game").rglob("*.py")
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and re.fullmatch(r"[a-z_-]+\.(json|txt|log)", node.value)}
    bundled = {"theme.json", "chapter.txt"}  # assets/ and levels/, read-only, no pref file
    assert named - bundled and all(f"`{name}`" in page for name in named - bundled), sorted(
        name for name in named - bundled if f"`{name}`" not in page)


def test_the_last_join_survives_every_damaged_file(tmp_path, monkeypatch):
    from game.scenes.online.join import MEMORY_FILE, load_typed

    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    path = tmp_path / MEMORY_FILE
    for damage in (NESTED, '{"name": "Ben\x00"}', "[1]", '{"code": ["x"]}', "{"):
        path.write_text(damage, encoding="utf-8")
        assert load_typed() == {}
    path.write_bytes(b"\xff\xfe{")
    assert load_typed() == {}
    path.unlink()
    os.mkfifo(path)  # a reader that opened it plainly would wait here for ever
    assert load_typed() == {}
    path.unlink()
    path.mkdir()
    assert load_typed() == {}
