"""Replays keep games played together and solo plays on separate shelves of KEEP_REPLAYS each."""

from __future__ import annotations

from game.match.loading import KEEP_REPLAYS, SHELVES, keep_replay, replays, shelf_of


def test_a_run_of_puzzles_never_pushes_the_familys_game_out(tmp_path):
    together, solo = SHELVES
    assert keep_replay("the family's game\n", tmp_path, "family", together) is None
    for i in range(KEEP_REPLAYS + 5):
        assert keep_replay(f"puzzle {i}\n", tmp_path, f"p{i}", solo) is None
    kept = replays(tmp_path)
    assert sum(shelf_of(p) == solo for p in kept) == KEEP_REPLAYS
    assert [p for p in kept if shelf_of(p) == together][0].read_text() == "the family's game\n"


def test_the_same_game_is_kept_once(tmp_path):
    for _ in range(3):
        keep_replay("one game\n", tmp_path, "g1", SHELVES[0])
    assert len(replays(tmp_path)) == 1
