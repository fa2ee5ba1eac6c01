"""Damaged save files never stop the game: deeply nested JSON in settings and progress."""

import json

from game.campaign.progress import Progress
from game.settings import Settings

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
