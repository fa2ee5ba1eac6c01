"""Game state for every mode: dealing task cards, turn order, first player, seeds, game end."""

import pytest

from game.engine import (
    COLUMN_EMPTIED,
    NO_MOVE,
    Animal,
    Card,
    Colour,
    ColumnClosed,
    GameOver,
    IllegalMove,
    Mode,
    Rules,
    apply,
    apply_all,
    deal_position,
    format_position,
    initial_state,
    new_game,
    parse_move,
    parse_position,
)
from game.engine.modes import ALTERNATE, NO_TASKS, PAIRS, TEAM_HALVES
from game.engine.rng import Rng, seed_from_text

MODES_AND_COUNTS = [(mode, n) for mode in Mode for n in mode.player_counts]


def names(n):
    return [f"P{i + 1}" for i in range(n)]


def all_task_cards(state):
    # Typed keys: Animal and Colour are IntEnums, so Animal.DOG == Colour.ORANGE as integers.
    return [(type(task), task) for player in state.players for task in player.tasks]


@pytest.mark.parametrize(("mode", "n"), MODES_AND_COUNTS)
@pytest.mark.parametrize("seed", [0, 1, 2018])
def test_new_game_every_mode_and_player_count(mode, n, seed):
    state = new_game(mode, names(n), seed)
    assert [p.name for p in state.players] == names(n)
    assert state.mode is mode and state.rules is mode.rules and state.seed == seed
    assert 0 <= state.turn < n and state.over is None and state.closed == 0
    assert state.position == deal_position(seed)
    tasks = all_task_cards(state)
    assert len(tasks) == len(set(tasks)), "task cards are dealt without replacement"
    if mode.deal == PAIRS:
        for player in state.players:
            assert isinstance(player.animal_task, Animal) and isinstance(player.colour_task, Colour)
            assert len(player.tasks) == 2 and player.team is None
    elif mode.deal == TEAM_HALVES:
        teams = n // 2
        assert [p.team for p in state.players] == [i % teams for i in range(n)]
        for team in range(teams):
            members = [p for p in state.players if p.team == team]
            assert len(members) == 2
            assert sorted(type(t).__name__ for m in members for t in m.tasks) == [
                "Animal", "Colour"
            ]
            assert all(len(m.tasks) == 1 for m in members)
    elif mode.deal == ALTERNATE:
        for k in range(n):
            (task,) = state.players[(state.turn + k) % n].tasks
            assert isinstance(task, Animal if k % 2 == 0 else Colour)
    else:
        assert mode.deal == NO_TASKS
        assert n == 1 and state.players[0].tasks == () and state.turn == 0
        if mode is Mode.SOLO_ADVANCED:
            assert isinstance(state.target, Card)
        else:
            assert state.target is None


def test_teams_seats_alternate_teams():
    for n in (4, 6, 8):
        state = new_game(Mode.TEAMS, names(n), 3)
        teams = [p.team for p in state.players]
        # Clockwise, teammates never play back to back (the table is round).
        assert all(teams[i] != teams[(i + 1) % n] for i in range(n))


def test_both_task_kinds_are_dealt_in_teams_over_seeds():
    """Which member holds the type card varies with the seed."""
    holders = {new_game(Mode.TEAMS, names(4), s).players[0].tasks[0].__class__ for s in range(20)}
    assert holders == {Animal, Colour}


def test_wrong_player_count_is_refused():
    with pytest.raises(ValueError, match="2, 3, 4 players, not 5"):
        new_game(Mode.STANDARD, names(5), 0)
    with pytest.raises(ValueError):
        new_game(Mode.TEAMS, names(5), 0)
    with pytest.raises(ValueError):
        new_game(Mode.SOLO, names(2), 0)
    with pytest.raises(ValueError):
        new_game(Mode.ALL_INCLUDED, names(9), 0)


def test_chosen_first_player():
    for first in range(4):
        assert new_game(Mode.STANDARD, names(4), 5, first_player=first).turn == first
    with pytest.raises(ValueError, match="no player 5"):
        new_game(Mode.STANDARD, names(4), 5, first_player=4)


def test_random_first_player_is_deterministic_by_seed():
    firsts = [new_game(Mode.STANDARD, names(4), seed).turn for seed in range(40)]
    assert firsts == [new_game(Mode.STANDARD, names(4), seed).turn for seed in range(40)]
    assert set(firsts) == {0, 1, 2, 3}


def test_same_seed_same_game():
    for mode, n in MODES_AND_COUNTS:
        assert new_game(mode, names(n), 42) == new_game(mode, names(n), 42)
    deals = {format_position(deal_position(seed)) for seed in range(30)}
    assert len(deals) == 30


def test_deals_are_pinned_across_platforms():
    """SplitMix64 and FNV-1a reference values; a change here breaks every saved replay."""
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F
    ]
    assert seed_from_text("") == 0xCBF29CE484222325
    assert seed_from_text("a") == 0xAF63DC4C8601EC8C
    assert format_position(deal_position(0)) == (
        "OC PE YM BD PC OM PD YE/PC OE PE BC OD YM YD PM/"
        "OE BM YE YD YC BE YC OD/BM BC OC PM BD PD BE OM"
    )


def test_bots_and_given_field():
    field = parse_position("YE YD YC YM")
    state = new_game(Mode.STANDARD, names(2), 1, bots=[None, "easy"], position=field)
    assert state.position == field
    assert [p.bot for p in state.players] == [None, "easy"]


# --- playing and ending --------------------------------------------------------------------

FOUR_IN_A_ROW = "YE YD YC YM"  # a1xb1 empties b; then b1xc1 (cat on mouse) empties c


def play(mode_or_rules, text, *moves):
    position = parse_position(text)
    if isinstance(mode_or_rules, Mode):
        n = mode_or_rules.player_counts[0]
        state = new_game(mode_or_rules, names(n), 0, first_player=0, position=position)
    else:
        state = initial_state(position, mode_or_rules)
    return apply_all(state, [parse_move(m) for m in moves])


@pytest.mark.parametrize("mode", [m for m in Mode if m.rules == Rules.STANDARD],
                         ids=lambda m: m.value)
def test_standard_ends_at_the_first_empty_column(mode):
    state, events = play(mode, FOUR_IN_A_ROW, "a1xb1")
    assert state.over == COLUMN_EMPTIED
    assert events[-1] == GameOver(COLUMN_EMPTIED)
    assert not any(isinstance(e, ColumnClosed) for e in events)
    assert format_position(state.position) == "YE .. YC YM"
    assert state.legal_moves() == []
    with pytest.raises(IllegalMove, match="game is over"):
        apply(state, parse_move("c1xd1"))


def test_all_included_closes_the_first_and_ends_at_the_second():
    state, events = play(Mode.ALL_INCLUDED, FOUR_IN_A_ROW, "a1xb1")
    assert ColumnClosed(1) in events and state.over is None and state.closed == 1
    assert format_position(state.position) == "YE YC YM"
    # After closing, the letters name the columns as they now stand.
    state, events = apply(state, parse_move("b1xc1"))
    assert state.over == COLUMN_EMPTIED and events[-1] == GameOver(COLUMN_EMPTIED)
    assert format_position(state.position) == "YE YC .."


def test_solo_closes_every_column_and_ends_when_no_move():
    state, events = play(Mode.SOLO, FOUR_IN_A_ROW, "a1xb1")
    assert ColumnClosed(1) in events
    assert format_position(state.position) == "YE YC YM"
    state, events = apply(state, parse_move("b1xc1"))
    assert ColumnClosed(2) in events
    assert format_position(state.position) == "YE YC"
    assert state.over == NO_MOVE and events[-1] == GameOver(NO_MOVE)
    assert state.closed == 2


def test_rules_of_each_mode():
    assert Mode.STANDARD.rules is Rules.STANDARD
    assert Mode.TEAMS.rules is Rules.STANDARD
    assert Mode.ALL_INCLUDED.rules is Rules.ALL_INCLUDED
    assert Mode.ALL_INCLUDED_YOUNG.rules is Rules.STANDARD
    assert Mode.SOLO.rules is Mode.SOLO_ADVANCED.rules is Rules.SOLO


def test_a_horizontal_move_in_empties_the_scarers_column():
    state, events = play(Rules.STANDARD, "YE YD YC YM", "a1xb1+")
    assert format_position(state.position) == ".. YE YC YM"
    assert state.over == COLUMN_EMPTIED


def test_game_ends_when_nobody_can_move():
    assert initial_state(parse_position("YE YC")).over == NO_MOVE
    state, events = play(Rules.STANDARD, "YC ../YM YE", "a2xa1")
    assert state.over == NO_MOVE and events[-1] == GameOver(NO_MOVE)


def test_turns_pass_in_seating_order():
    state = new_game(Mode.STANDARD, names(3), 9, first_player=2)
    turns = []
    for _ in range(4):
        turns.append(state.turn)
        state, _ = apply(state, state.legal_moves()[0])
    assert turns == [2, 0, 1, 2]
    assert len(state.moves) == 4


def test_illegal_moves_are_refused_naming_the_move():
    state = initial_state(parse_position("YC .. OE/PM BD YE"))
    with pytest.raises(IllegalMove, match="b1xc1: a dog does not scare"):
        apply(state, parse_move("b1xc1"))
    with pytest.raises(IllegalMove, match="b2xb1: there is no card on b2"):
        apply(state, parse_move("b2xb1"))
    with pytest.raises(IllegalMove, match="there is no card on d1"):
        apply(state, parse_move("c1xd1"))


def test_seed_and_moves_replay_the_game():
    state = new_game(Mode.ALL_INCLUDED, names(5), 77)
    while not state.over:
        moves = state.legal_moves()
        state, _ = apply(state, moves[len(state.moves) * 7 % len(moves)])
    again, _ = apply_all(new_game(Mode.ALL_INCLUDED, names(5), 77), state.moves)
    assert again == state


def test_given_position_with_an_empty_column():
    text = "YC .. OE/PM .. YE"
    assert initial_state(parse_position(text), Rules.STANDARD).over == COLUMN_EMPTIED
    opened = initial_state(parse_position(text), Rules.ALL_INCLUDED)
    assert format_position(opened.position) == "YC OE/PM YE" and opened.over is None


def test_moves_built_in_code_must_be_between_neighbours():
    """apply() itself refuses a far or diagonal scare, not only the move parser."""
    from game.engine import Move

    state = initial_state(parse_position("YD ../YE YC"))
    with pytest.raises(IllegalMove, match="a1 and b2 are not neighbours"):
        apply(state, Move((0, 0), (1, 1)))  # diagonal
    far = initial_state(parse_position("YE YC YD"))
    with pytest.raises(IllegalMove, match="a1 and c1 are not neighbours"):
        apply(far, Move((0, 0), (2, 0)))


def test_every_mode_is_found_by_its_name_as_typed():
    for mode in Mode:
        assert Mode.parse(f" {mode.value.upper()} ") is mode
    with pytest.raises(ValueError, match="unknown mode 'chess'"):
        Mode.parse("chess")
