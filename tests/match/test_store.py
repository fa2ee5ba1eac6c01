"""The store of saved games (issue 32): each game its own record, written atomically; a new
game never touches another; a damaged one is set aside while the others load; beyond the 20
most recent the oldest moves whole into saved-games/older/, with a notice; discard and undo."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.modes import Mode
from game.match.controller import Match
from game.match.loading import (
    KEEP_GAMES,
    SaveWriter,
    discard,
    forget_discarded,
    game_file,
    load_games,
    saved_files,
    store,
    undo_discard,
)
from game.match.saving import OLDER_DIR
from tests.match.helpers import dealt, random_line


@pytest.fixture()
def prefs(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    return tmp_path


def running(seed: int, moves: int = 3, mode=Mode.STANDARD, players=3) -> Match:
    start = dealt(mode, players, seed)
    match = Match(start)
    for move in random_line(start, seed)[0][:moves]:
        match.play(move)
    assert not match.over
    return match


def test_a_new_game_never_touches_another_and_continue_is_the_latest(prefs):
    writer = SaveWriter()
    family, quick = running(1), running(2, mode=Mode.SOLO, players=1)
    writer.save(family.save_text())
    writer.flush()
    before = game_file(family.game).read_bytes()
    for move in random_line(quick.start, 2)[0][3:6]:
        quick.play(move)
        writer.save(quick.save_text())
    writer.close()
    games, notice = load_games()
    assert notice is None
    assert [g.record.game for g in games] == [quick.game, family.game]  # the latest first
    assert game_file(family.game).read_bytes() == before


def test_a_damaged_game_is_set_aside_and_the_others_load(prefs):
    games = [running(seed) for seed in (3, 4, 5)]
    writer = SaveWriter()
    for match in games:
        writer.save(match.save_text())
    writer.close()
    broken = game_file(games[1].game)
    broken.write_text(broken.read_text()[:200], encoding="utf-8")
    loaded, notice = load_games()
    assert {g.record.game for g in loaded} == {games[0].game, games[2].game}
    assert "damaged" in notice and f"{games[1].game}.txt.damaged-" in notice
    assert [p.name for p in store().iterdir() if ".damaged-" in p.name]
    assert load_games()[1] is None  # said once


def test_beyond_the_cap_the_oldest_moves_aside_whole_and_the_player_is_told(prefs):
    writer = SaveWriter()
    matches = [running(seed, moves=1) for seed in range(KEEP_GAMES + 2)]
    told = []
    texts = {}
    for match in matches:
        texts[match.game] = match.save_text()
        writer.save(texts[match.game])
        writer.flush()
        told.append(writer.take_notice())
    writer.close()
    listed = [p.stem for p in saved_files()]
    assert listed == [m.game for m in matches[::-1][:KEEP_GAMES]]
    older = store() / OLDER_DIR
    assert sorted(p.stem for p in older.iterdir()) == sorted(m.game for m in matches[:2])
    for match in matches[:2]:  # nothing of them is lost
        assert (older / f"{match.game}.txt").read_text(encoding="utf-8") == texts[match.game]
    assert [t for t in told if t] and all(str(KEEP_GAMES) in t for t in told if t)
    assert told[:KEEP_GAMES] == [None] * KEEP_GAMES  # nothing said before the cap


def test_a_discard_is_undone_until_the_list_is_left(prefs):
    a, b = running(7), running(8)
    writer = SaveWriter()
    writer.save(a.save_text())
    writer.save(b.save_text())
    writer.close()
    assert discard(a.game) is not None
    assert [g.record.game for g in load_games()[0]] == [b.game]
    assert undo_discard(a.game)
    assert {g.record.game for g in load_games()[0]} == {a.game, b.game}
    discard(a.game)
    forget_discarded()
    assert [g.record.game for g in load_games()[0]] == [b.game]
    assert not undo_discard(a.game)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.booleans()), min_size=1, max_size=14))
def test_the_store_holds_exactly_the_games_saved_and_not_forgotten(tmp_path_factory, steps):
    """Any run of saves and forgets over four games: the store holds each game's last save,
    and nothing of a forgotten one."""
    folder = tmp_path_factory.mktemp("store")
    writer = SaveWriter(folder)
    matches = [running(seed, moves=0) for seed in range(4)]
    line = {i: random_line(m.start, i)[0] for i, m in enumerate(matches)}
    model: dict[str, str] = {}
    for index, forget in steps:
        match = matches[index]
        if forget:
            writer.forget(match.game)
            model.pop(match.game, None)
        elif match.ply < len(line[index]) - 1:
            match.play(line[index][match.ply])
            model[match.game] = match.save_text()
            writer.save(model[match.game])
    writer.close()
    assert {p.stem: p.read_text(encoding="utf-8") for p in saved_files(folder)} == model
    games, notice = load_games(folder)
    assert notice is None and {g.record.game for g in games} == set(model)


def joined_save(seed: int, seats=(1,), server="ws://192.168.1.20:8765", code="ABCD12") -> str:
    """The save of a table sat at from here: no task cards, the table's address and code."""
    from dataclasses import replace

    from game.match.record import Joined, write_record

    match = running(seed, moves=2, players=2)
    record = replace(match.record(), tasks=None, joined=Joined(server, code, tuple(seats)))
    return write_record(record, secret=True, final=match.state)


def test_a_table_sat_at_is_saved_without_task_cards_and_reads_back(prefs):
    from game.match.record import read_record

    text = joined_save(4)
    assert "secret:" not in text
    record = read_record(text)
    assert record.joined.server == "ws://192.168.1.20:8765" and record.joined.seats == (1,)
    writer = SaveWriter()
    writer.save(text)
    writer.close()
    games, notice = load_games()
    assert notice is None and [g.record.joined for g in games] == [record.joined]


@pytest.mark.parametrize("bad", [dict(seats=(5,)), dict(seats=()), dict(code="A B"),
                                 dict(server="ws://a b")])
def test_a_table_sat_at_that_names_no_seat_or_table_is_set_aside_and_the_others_load(prefs, bad):
    writer = SaveWriter()
    writer.save(joined_save(5, **bad), "joined1")
    writer.save(running(6).save_text())
    writer.close()
    games, notice = load_games()
    assert len(games) == 1 and games[0].record.joined is None
    assert notice is not None and "damaged" in notice
