"""The table that speaks, in words: the focused card names what it can scare; a move its falls."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Mode, apply, new_game
from game.engine.events import ColumnClosed, Fell
from game.engine.position import cell_name
from game.match.spoken import focus_words, move_words
from game.match.words import describe_move


def _deal(seed: int, moves: int):
    state = new_game(Mode.ALL_INCLUDED, ["Anna", "Ben"], seed, 0)
    for i in range(moves):
        legal = state.legal_moves()
        if not legal:
            break
        state = apply(state, legal[(seed + i) % len(legal)])[0]
    return state


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 12))
def test_a_focused_card_names_every_card_it_can_scare_and_no_other(seed, moves):
    state = _deal(seed, moves)
    position = state.position
    for column in range(8):
        for row in range(4):
            line = focus_words(state, (column, row))
            card = position.card_at(column, row)
            assert line.startswith(cell_name(column, row))
            if card is None:
                assert line == cell_name(column, row)
                continue
            assert card.label in line
            targets = {m.target for m in state.legal_moves() if m.scarer == (column, row)}
            assert ("can scare" in line) == bool(targets)
            for t in targets:
                assert f"{position.card_at(*t).object_label} on {cell_name(*t)}" in line
            assert line.count(" on ") == len(targets)  # no card it cannot scare


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 12))
def test_a_played_move_is_heard_with_every_card_that_fell_in_order(seed, moves):
    before = _deal(seed, moves)
    for move in before.legal_moves():
        after, events = apply(before, move)
        line = move_words(before, move, events)
        assert line.startswith(describe_move(before, move))
        falls = [e for e in events if isinstance(e, Fell)]
        spoken = [f"{e.card.subject_label} on {cell_name(*e.source)} fell" for e in falls]
        where = [line.index(words) for words in spoken]
        assert where == sorted(where) and len(set(where)) == len(where)
        closed = [e for e in events if isinstance(e, ColumnClosed)]
        assert line.count("closed up") == len(closed)


def test_a_fall_is_said_in_the_players_language():
    from game import i18n

    before = _deal(5, 0)
    for move in before.legal_moves():
        events = apply(before, move)[1]
        if any(isinstance(e, Fell) for e in events):
            break
    else:
        raise AssertionError("no move of this deal lets a card fall")
    try:
        i18n.set_language("cs")
        line = move_words(before, move, events)
    finally:
        i18n.set_language("en")
    assert " fell" not in line and "spadl" in line


def test_a_score_line_names_each_task_card_inside_the_sentence_and_the_player_first():
    """The task cards are the sentence's own lower-case words ("mice and purple cards"), never
    their capitalised captions ("Mouse", "Purple"), and the name stands alone before a colon so
    Czech and Polish need no case for it."""
    from game.engine.scoring import result
    from game.match.spoken import TASK_IN_SENTENCE, score_lines
    state = _deal(7, 0)
    lines = score_lines(state, result(state))
    for player, line in zip(state.players, lines, strict=True):
        assert line.startswith(f"{player.name}: ")
        for task in player.tasks:
            assert TASK_IN_SENTENCE[task] in line
            assert task.label not in line
