"""The review's words at a move: the expert's move said in words (the notation apart, for a
smaller line), the task card it would have kept named, chances as so many in 10, the one person
at the table "you", each seat by its name, and each view says which it is."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine import Animal, Colour, Mode, Player, apply, initial_state, parse_move
from game.engine.ai.review import Belief, Turn, review
from game.engine.position import parse_position
from game.i18n import LANGUAGES, set_language
from game.match import review_words
from game.match.review_words import (
    VIEWS,
    chance_words,
    kept_card,
    known_words,
    mover_words,
    seat_names,
    short_names,
    turn_words,
    view_words,
)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def thrown_away():
    """Anna (yellow, mouse) throws a won game away: her mouse scares the yellow elephant, which
    counted for her; the purple dog scaring the orange cat would have won it."""
    players = (Player("Anna", (Animal.MOUSE, Colour.YELLOW)),
               Player("Ben", (Animal.CAT, Colour.BLUE)))
    start = initial_state(parse_position("OC PD BM YE"), Mode.STANDARD.rules, mode=Mode.STANDARD,
                          players=players)
    (turn,) = review(start, [parse_move("c1xd1")], nodes=300).turns
    return start, turn


def test_the_card_the_better_move_would_have_kept_is_named():
    start, turn = thrown_away()
    assert kept_card([start], turn) == parse_position("YE").card_at(0, 0)
    assert known_words([start], turn, "Anna", True) == [
        "Better: The purple dog on b1 scares the orange cat on a1.",
        f"That move would have kept the yellow elephant for you, and your chance to win would "
        f"have been {chance_words(1)}."]
    assert known_words([start], turn, "Anna", False)[1].startswith(
        "Anna: that move would have kept the yellow elephant")


@pytest.mark.parametrize(("value", "said"), [(0, "about 0 in 10"), (0.04, "about 0 in 10"),
                                             (0.18, "about 2 in 10"), (0.42, "about 4 in 10"),
                                             (0.5, "about 5 in 10"), (0.96, "about 10 in 10"),
                                             (1, "about 10 in 10")])
def test_a_chance_is_said_as_so_many_in_ten(value, said):
    assert chance_words(value) == said


def test_the_move_is_said_in_words_and_in_the_notation_on_its_own_line():
    start, turn = thrown_away()
    lines, notation = turn_words([start], turn, "Anna", True, "known")
    assert lines[0] == "Move 1, a turning point \u2014 Anna: the blue mouse scared the yellow elephant on d1"
    assert lines[1] == (f"Anna: chance to win {chance_words(turn.before[0])} before this move, "
                        f"{chance_words(turn.after[0])} after it.")
    assert notation == "In notation: c1xd1; better: b1xa1"
    assert not any("c1xd1" in line or "b1xa1" in line for line in lines)


def test_seats_of_one_name_are_told_apart_and_so_are_their_short_names():
    players = (Player("Anna", (Animal.MOUSE, Colour.YELLOW)),
               Player("Computer 1 (easy)", (Animal.CAT, Colour.BLUE), bot="easy"),
               Player("Anna", (Animal.DOG, Colour.ORANGE)),
               Player("Computer 2 (hard)", (Animal.CAT, Colour.PURPLE), bot="hard"))
    assert seat_names(players) == ["Anna (seat 1)", "Computer 1 (easy)", "Anna (seat 3)",
                                   "Computer 2 (hard)"]
    assert short_names(players) == [("Player 1",), ("Computer 1",), ("Player 3",),
                                    ("Computer 2",)]
    assert short_names(players[:2]) == [("Anna", "Player 1"), ("Computer 1",)]


def test_a_card_that_counted_for_nobody_moving_is_not_named():
    start, turn = thrown_away()
    ben = replace(start, players=(replace(start.players[0], tasks=(Animal.DOG, Colour.BLUE)),
                                  start.players[1]))
    assert kept_card([ben], turn) is None
    assert known_words([ben], turn, "Anna", False)[1] == \
        f"Anna: the chance to win would have been {chance_words(1)}."


def left_open(expert: str):
    """Anna (yellow, mouse) plays c2xc1 and Ben's blue mouse scares her yellow elephant next;
    the purple cat scaring that mouse first (a2xb2) would have left nothing to scare it."""
    players = (Player("Anna", (Animal.MOUSE, Colour.YELLOW)),
               Player("Ben", (Animal.CAT, Colour.BLUE)))
    start = initial_state(parse_position("PC BM OD/PD YE OC"), Mode.STANDARD.rules,
                          mode=Mode.STANDARD, players=players)
    states = [start]
    for move in ("c2xc1", "b2xb1"):
        states.append(apply(states[-1], parse_move(move))[0])
    turn = Turn(1, 0, parse_move("c2xc1"), (0.5, 0.5), (0.2, 0.8), parse_move(expert),
                (0.7, 0.3))
    return states, turn


def test_the_card_the_next_move_scared_is_named_when_the_better_move_kept_it_safe():
    states, turn = left_open("a2xb2")
    assert kept_card(states, turn) == parse_position("YE").card_at(0, 0)
    assert "that move would have kept the yellow elephant" in known_words(states, turn, "Anna",
                                                                           False)[1]


def test_a_better_move_that_left_the_card_open_too_does_not_claim_it():
    states, turn = left_open("a1xa2")  # the dog scares the cat: the blue mouse stays beside it
    assert kept_card(states, turn) is None


def test_the_movers_view_says_what_they_could_know():
    start, turn = thrown_away()
    better = replace(turn, belief=Belief(parse_move("b1xa1"), 0.25, 0.75))
    assert mover_words([start], better, "Anna", True) == [
        "Better: The purple dog on b1 scares the orange cat on a1.",
        "As it looked to you then, your chance to win was about 3 in 10 after your move and "
        "would have been about 8 in 10 after this one."]
    assert turn_words([start], better, "Anna", True, "mover")[1] == \
        "In notation: c1xd1; better: b1xa1"
    same = replace(turn, belief=Belief(parse_move("c1xd1"), 0.5, 0.5))
    assert "nothing was much better" in mover_words([start], same, "Anna", False)[0]
    assert turn_words([start], same, "Anna", True, "mover")[1] == "In notation: c1xd1"
    assert mover_words([start], replace(turn, forced=True), "Anna", True) == \
        ["The only move there was."]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_each_view_says_which_it_is_in_every_language(lang):
    set_language(lang)
    said = [view_words(v) for v in VIEWS] + [review_words.view_button(v) for v in VIEWS]
    assert len(set(said)) == len(said) and all(said)
