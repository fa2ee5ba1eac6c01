"""Finding 2 of issue 32: a start that reads the store while something else writes it never
loses Continue, and two writers of one save never publish a torn or failed one.

The title offers Continue only when `listing()` finds a saved game. Another start of the game
(a second window) converting the single save of earlier versions moves it into the store: a
listing that looked at the store first and at the old save after could see neither, and the
title drew no Continue until it was built again (opening Settings and coming back)."""

from __future__ import annotations

import os
import threading

from game import paths
from game.engine.modes import Mode
from game.match import saving
from game.match.controller import Match
from game.match.loading import SAVE_FILE, convert_single_save, load_games
from game.match.record import read_record
from game.match.saving import game_file, listing
from tests.match.helpers import dealt, random_line


def paused(seed: int = 9) -> Match:
    match = Match(dealt(Mode.STANDARD, 3, seed))
    for move in random_line(match.start, seed)[0][:4]:
        match.play(move)
    return match


def test_a_listing_during_another_starts_conversion_still_finds_the_game(tmp_path, monkeypatch):
    (tmp_path / SAVE_FILE).write_text(paused().save_text(), encoding="utf-8")
    real = os.listdir
    moved = []

    def listdir_then_the_other_start_converts(where):
        names = real(where) if os.path.isdir(where) else None
        if not moved:  # the other window converts right after this look
            moved.append(convert_single_save(tmp_path))
        if names is None:
            raise FileNotFoundError(where)
        return names

    monkeypatch.setattr(saving.os, "listdir", listdir_then_the_other_start_converts)
    found = listing(tmp_path)
    assert found != ()  # the game is seen, in the old place or the new
    assert moved == [None] and not (tmp_path / SAVE_FILE).exists()
    monkeypatch.setattr(saving.os, "listdir", real)
    games, notice = load_games(tmp_path)
    assert notice is None and len(games) == 1


def test_two_writers_of_one_save_each_publish_a_whole_file(tmp_path, monkeypatch):
    """Two windows saving the same game: a write that lands while the other is between its
    temporary file and its rename neither fails nor leaves half a file."""
    one, other = paused(3), paused(3)
    other.play(random_line(other.state, 4)[0][0])
    texts = [one.save_text(), other.save_text()]
    path = game_file(one.game, tmp_path)
    path.parent.mkdir(parents=True)
    real = os.replace
    nested = []

    def replace_after_the_other_writes(src, dst):
        if not nested:  # the other window's whole write comes first
            nested.append(True)
            thread = threading.Thread(target=paths.write_atomic, args=(path, texts[1]))
            thread.start()
            thread.join()
        return real(src, dst)

    monkeypatch.setattr(paths.os, "replace", replace_after_the_other_writes)
    paths.write_atomic(path, texts[0])  # FileNotFoundError when both share one temporary file
    assert path.read_text(encoding="utf-8") in texts
    read_record(path.read_text(encoding="utf-8"))
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left
