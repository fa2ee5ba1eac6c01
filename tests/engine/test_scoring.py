"""Scoring for every mode: task-card points, ties, team totals, solo titles, the advanced target."""

import pytest

from game.engine import (
    Animal,
    Colour,
    Mode,
    Player,
    apply_all,
    initial_state,
    new_game,
    parse_card,
    parse_move,
    parse_position,
)
from game.engine.scoring import result, score_player, solo_title, target_met, title_for

E, D, C, M = Animal
YELLOW, ORANGE, PURPLE, BLUE = Colour

# Eight cards left: YC YC OE PM BD YE PD PC (column by column).
FIELD = parse_position("YC .. OE/PM BD YE/YC PD PC")


def table(*tasks, teams=None, mode=Mode.STANDARD):
    players = tuple(
        Player(f"P{i + 1}", t, None if teams is None else teams[i]) for i, t in enumerate(tasks)
    )
    return initial_state(FIELD, mode.rules, mode=mode, players=players)


def test_points_per_card_and_both_matches_give_two():
    cards = FIELD.cards()
    score = score_player(Player("a", (C, YELLOW)), cards)
    # Yellow: YC YC YE -> 3; cat: YC YC PC -> 3 (a yellow cat counts twice).
    assert (score.colour_points, score.animal_points, score.total) == (3, 3, 6)
    assert score_player(Player("b", (E, BLUE)), cards).total == 2 + 1
    assert score_player(Player("c", ()), cards).total == 0


def test_standard_highest_score_wins():
    state = table((C, YELLOW), (E, BLUE), (M, ORANGE))
    outcome = result(state)
    assert [s.total for s in outcome.scores] == [6, 3, 2]
    assert outcome.winners == (0,) and not outcome.tie and outcome.team_totals == {}


def test_a_tie_shares_the_victory():
    # P1: dogs PD BD (2) + orange OE (1) = 3; P2: elephants YE OE (2) + blue BD (1) = 3.
    outcome = result(table((D, ORANGE), (E, BLUE)))
    assert [s.total for s in outcome.scores] == [3, 3]
    assert outcome.winners == (0, 1) and outcome.tie and outcome.winning_sides == 2
    # With a third player on 4 (mouse PM + purple PM PD PC), that player wins alone.
    outcome = result(table((D, ORANGE), (E, BLUE), (M, PURPLE)))
    assert [s.total for s in outcome.scores] == [3, 3, 4]
    assert outcome.winners == (2,) and not outcome.tie


def test_teams_add_both_members_points():
    # Seats alternate teams: P1, P3 are team 0; P2, P4 are team 1.
    state = table((C,), (E,), (YELLOW,), (PURPLE,), teams=[0, 1, 0, 1], mode=Mode.TEAMS)
    outcome = result(state)
    assert [s.total for s in outcome.scores] == [3, 2, 3, 3]
    assert outcome.team_totals == {0: 6, 1: 5}
    assert outcome.winners == (0, 2) and not outcome.tie and outcome.winning_sides == 1


def test_teams_can_tie():
    state = table((D,), (M,), (BLUE,), (ORANGE,), teams=[0, 1, 0, 1], mode=Mode.TEAMS)
    outcome = result(state)
    # Team 0: dogs BD PD (2) + blue BD (1) = 3; team 1: mouse PM (1) + orange OE (1) = 2.
    assert outcome.team_totals == {0: 3, 1: 2}
    state = table((D,), (E,), (ORANGE,), (M,), teams=[0, 1, 0, 1], mode=Mode.TEAMS)
    outcome = result(state)
    # Team 0: dogs (2) + orange (1) = 3; team 1: elephants (2) + mouse (1) = 3.
    assert outcome.team_totals == {0: 3, 1: 3}
    assert outcome.winners == (0, 1, 2, 3) and outcome.tie and outcome.winning_sides == 2


def test_all_included_scores_a_single_card():
    state = table((C,), (YELLOW,), (E,), mode=Mode.ALL_INCLUDED)
    outcome = result(state)
    assert [s.total for s in outcome.scores] == [3, 3, 2]
    assert outcome.winners == (0, 1) and outcome.tie


def test_result_of_a_dealt_game_played_to_the_end():
    state = new_game(Mode.TEAMS, ["A", "B", "C", "D", "E", "F"], 11)
    while not state.over:
        state, _ = apply_all(state, [state.legal_moves()[-1]])
    outcome = result(state)
    assert set(outcome.team_totals) == {0, 1, 2}
    assert sum(s.total for s in outcome.scores) == sum(outcome.team_totals.values())
    best = max(outcome.team_totals.values())
    assert all(outcome.team_totals[state.players[i].team] == best for i in outcome.winners)


@pytest.mark.parametrize(
    ("count", "title"),
    [(1, "King of the Beasts"), (2, "Lord of the Animals"), (3, "Tamer"),
     (4, "Animal Trainer"), (5, None), (12, None)],
)
def test_solo_titles(count, title):
    assert title_for(count) == title


def solo_end(text, moves=(), target=None, mode=Mode.SOLO):
    state = new_game(mode, ["me"], 0, position=parse_position(text))
    if target is not None:
        from dataclasses import replace

        state = replace(state, target=parse_card(target))
    state, _ = apply_all(state, [parse_move(m) for m in moves])
    assert state.over
    return state


def test_solo_title_by_cards_left():
    assert solo_title(solo_end("YE YD YC YM", ["a1xb1", "b1xc1"])) == "Lord of the Animals"
    assert solo_title(solo_end("YE YC OC")) == "Tamer"
    assert solo_title(solo_end("YE YC OC PC")) == "Animal Trainer"
    assert solo_title(solo_end("YE YC OC PC BC")) is None


def test_king_of_the_beasts():
    state = solo_end("YE YD", ["a1xb1"])
    assert state.position.card_count() == 1
    assert solo_title(state) == "King of the Beasts"


def test_advanced_target_must_remain():
    kept = solo_end("YE YD YC YM", ["a1xb1", "b1xc1"], target="YC", mode=Mode.SOLO_ADVANCED)
    assert target_met(kept) and solo_title(kept) == "Lord of the Animals"
    missed = solo_end("YE YD YC YM", ["a1xb1", "b1xc1"], target="YM", mode=Mode.SOLO_ADVANCED)
    assert not target_met(missed) and solo_title(missed) is None
    # A target of the same kind in another colour does not count.
    other = solo_end("YE YD YC YM", ["a1xb1", "b1xc1"], target="OC", mode=Mode.SOLO_ADVANCED)
    assert solo_title(other) is None


def test_advanced_deal_gives_a_target_and_plain_solo_none():
    advanced = new_game(Mode.SOLO_ADVANCED, ["me"], 4)
    assert advanced.target is not None and advanced.players[0].tasks == ()
    assert new_game(Mode.SOLO, ["me"], 4).target is None
