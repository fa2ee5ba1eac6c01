"""Saves of the game in progress, the Continue line, damaged saves kept aside, kept replays."""

from __future__ import annotations

import os

import pytest

from game.engine.modes import Mode
from game.match.controller import Match
from game.match.loading import (
    KEEP_REPLAYS,
    SAVE_FILE,
    SaveWriter,
    clear_game,
    continue_words,
    game_file,
    keep_replay,
    load_game,
    load_replay,
    replays,
    save_game,
    saved_files,
)
from game.match.record import RecordError
from tests.match.helpers import dealt, random_line


@pytest.fixture()
def prefs(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    return tmp_path


def _running(moves: int = 13) -> Match:
    start = dealt(Mode.STANDARD, 3, 40, bots=[None, "normal", None])
    line, _ = random_line(start, 2)
    match = Match(start)
    for move in line[:moves]:
        match.play(move)
    assert not match.over
    return match


def test_save_load_and_clear_in_the_pref_folder(prefs):
    match = _running()
    assert load_game() == (None, None)
    assert save_game(match.save_text()) is None
    assert game_file(match.game).exists() and not (prefs / SAVE_FILE).exists()
    record, notice = load_game()
    assert notice is None
    resumed = Match.from_record(record)
    assert resumed.state == match.state  # task cards included
    assert continue_words(record) == "Standard, 3 players, 13 moves played"  # not "move 14"
    assert continue_words(record, short=True) == "Standard, 13 moves played"  # a narrow button
    clear_game(match.game)
    assert load_game() == (None, None) and saved_files() == []


def test_continue_words_for_solo_daily_and_a_level(prefs):
    solo = Match(dealt(Mode.SOLO, 1, 4))
    solo.play(solo.state.legal_moves()[0])
    save_game(solo.save_text())
    assert continue_words(load_game()[0]) == "Single player, 1 move played"
    daily = Match(dealt(Mode.SOLO, 1, 4), daily="2026-11-30")
    save_game(daily.save_text())
    assert continue_words(load_game()[0]) == "Daily deal, 0 moves played"
    level = Match(dealt(Mode.SOLO, 1, 4), level="3-2", par=2)
    save_game(level.save_text())
    record = load_game()[0]
    assert record.level == "3-2" and continue_words(record) == "Campaign level 3-2, 0 moves played"


def test_a_game_in_progress_says_the_moves_played_never_the_next_moves_number():
    """Issue 44: "move 4" after 3 moves read one off; every line counts the moves played."""
    from datetime import datetime

    from game.match.occasions import OCCASIONS
    from game.match.words import saved_game_words

    def played(mode: Mode, players: int, moves: int):
        match = Match(dealt(mode, players, 4))
        for _ in range(moves):
            match.play(match.state.legal_moves()[0])
        return match.record()

    table = played(Mode.STANDARD, 3, 3)
    assert OCCASIONS["hosted"].continue_words(table) == "Online table, 3 players, 3 moves played"
    solo = played(Mode.SOLO, 1, 1)
    assert OCCASIONS["solo"].continue_words(solo) == "Single player, 1 move played"
    moment = datetime(2026, 11, 30, 19, 40)
    about = OCCASIONS["couch"].saved_about(played(Mode.STANDARD, 2, 3), None)
    line = saved_game_words(about, 3, moment, moment.date())
    assert line == "Standard with Anna and Ben \u2014 3 moves played \u2014 today 19:40"
    assert " 1 move played " in saved_game_words(Mode.SOLO.label, 1, moment, moment.date())


@pytest.mark.parametrize("damage", [
    lambda text: text[: len(text) // 2],
    lambda text: text.replace("mode: standard", "mode: chess"),
    lambda text: "\n".join(x for x in text.splitlines() if not x.startswith("secret:")),
    lambda text: text.replace("moves: ", "moves: a1xh4 "),
])
def test_a_damaged_save_is_kept_aside_and_the_player_told(prefs, damage):
    match = _running()
    save_game(damage(match.save_text()), game=match.game)
    record, notice = load_game()
    assert record is None and "damaged" in notice
    kept = [p.name for p in game_file(match.game).parent.iterdir()
            if p.name.startswith(f"{match.game}.txt.damaged-")]
    assert len(kept) == 1 and kept[0] in notice
    assert load_game() == (None, None)  # the next start is a fresh one


def test_a_save_that_is_not_text_is_kept_aside(prefs):
    (prefs / SAVE_FILE).write_bytes(b"\xff\xfe\x00garbage")
    record, notice = load_game()
    assert record is None and "damaged" in notice


def test_a_finished_game_leaves_nothing_to_continue(prefs):
    match = _running(0)
    start = match.start
    line, _ = random_line(start, 2)
    for move in line:
        match.play(move)
    save_game(match.save_text())
    assert load_game() == (None, None) and saved_files() == []


def test_a_save_that_cannot_be_written_gives_a_notice(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    assert "cannot be saved" in save_game(_running().save_text(), blocked)


def test_the_writer_saves_off_the_calling_thread(prefs):
    writer = SaveWriter()
    match = _running(0)
    for move in random_line(match.start, 2, 10)[0]:
        match.play(move)
        writer.save(match.save_text())
    writer.flush()
    assert Match.from_record(load_game()[0]).state == match.state
    writer.forget(match.game)
    writer.flush()
    assert load_game() == (None, None)
    writer.close()


def test_the_last_twenty_finished_games_are_kept(prefs):
    texts = []
    for seed in range(KEEP_REPLAYS + 3):
        start = dealt(Mode.SOLO, 1, seed)
        match = Match(start)
        for move in random_line(start, seed)[0]:
            match.play(move)
        texts.append(match.record_text())
        assert keep_replay(texts[-1]) is None
        newest = replays()[0]
        os.utime(newest, ns=(seed * 10**9, seed * 10**9))  # one game a second, in order
    kept = replays()
    assert len(kept) == KEEP_REPLAYS
    assert [p.read_text() for p in kept] == texts[::-1][:KEEP_REPLAYS]
    assert load_replay(kept[0]).moves == Match.from_record(load_replay(kept[0])).record().moves
    kept[1].write_text("mode: standard\n")
    with pytest.raises(RecordError):
        load_replay(kept[1])


def test_a_bug_in_the_writer_is_logged_and_raised_on_the_game_thread(prefs, monkeypatch):
    """The writer's thread never swallows an error: it lands in errors.log at once and is
    raised by the game thread's next call, where the scene's error path takes it."""
    from game.match import saving

    def broken(text, folder=None, game=None):
        raise RuntimeError("a bug while saving")

    monkeypatch.setattr(saving, "save_game", broken)
    writer = SaveWriter()
    writer.save(_running().save_text())
    with pytest.raises(RuntimeError, match="a bug while saving"):
        writer.flush()
    assert "a bug while saving" in (prefs / "errors.log").read_text(encoding="utf-8")
    writer.save(_running().save_text())  # the writer goes on after a failure
    with pytest.raises(RuntimeError):
        writer.close()
