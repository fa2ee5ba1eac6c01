"""Files written by the version players had before this one (tests/fixtures/v1) still load."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from game.campaign.progress import Progress
from game.campaign.stats import Statistics
from game.match.controller import Match
from game.match.loading import SAVE_FILE, game_file, load_game, saved_files
from game.match.record import VERSION, read_record, write_record

V1 = Path(__file__).resolve().parents[1] / "fixtures" / "v1"


@pytest.mark.parametrize("path", sorted(V1.glob("save-*.txt")), ids=lambda p: p.name)
def test_an_old_save_continues(tmp_path, path):
    """The single save of the versions before issue 32 joins the store, losing nothing; a
    save without an id gets one made from its text (a second start makes the same one)."""
    shutil.copy(path, tmp_path / SAVE_FILE)
    record, notice = load_game(tmp_path)
    assert notice is None and record is not None and record.game is not None
    assert replace(record, game=None) == read_record(path.read_text(encoding="utf-8"))
    assert not (tmp_path / SAVE_FILE).exists() and saved_files(tmp_path) == [
        game_file(record.game, tmp_path)]
    again = tmp_path / "again"
    again.mkdir()
    shutil.copy(path, again / SAVE_FILE)
    assert load_game(again)[0].game == record.game
    match = Match.from_record(record)
    assert not match.over and match.moves == record.moves
    again = read_record(match.save_text())  # saved again, it says its version and gets an id
    assert f"version: {VERSION}" in match.save_text() and again.game == match.game
    assert Match.from_record(again).state == match.state


@pytest.mark.parametrize("path", sorted(V1.glob("record-*.txt")), ids=lambda p: p.name)
def test_an_old_record_replays(path):
    record = read_record(path.read_text(encoding="utf-8"))
    final = record.final_state()
    assert final.over
    assert read_record(write_record(record, final=final)).final_state() == final


def test_old_progress_and_statistics_load_without_a_notice(tmp_path):
    for name in ("progress.json", "statistics.json"):
        shutil.copy(V1 / name, tmp_path / name)
    progress = Progress.load(tmp_path)
    stats = Statistics.load(tmp_path)
    assert progress.notice is None and stats.notice is None
    assert progress.levels and progress.classic
    assert stats.modes["standard"]["played"] == 1 and stats.counted == []
    assert Statistics.load(tmp_path).to_json()["modes"] == stats.to_json()["modes"]


def test_a_record_from_a_newer_version_is_refused_by_name():
    text = (V1 / "record-all-included.txt").read_text(encoding="utf-8")
    newer = text.replace("mode:", f"version: {VERSION + 1}\nmode:", 1)
    with pytest.raises(ValueError, match="versions 1 to"):
        read_record(newer)
