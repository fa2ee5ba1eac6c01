"""The review's words at a move: the task card the expert's move would have kept is named,
the one person at the table is "you", and each view says which it is."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine import Animal, Colour, Mode, Player, apply, initial_state, parse_move
from game.engine.ai.review import Belief, Turn, review
from game.engine.position import parse_position
from game.i18n import LANGUAGES, set_language
from game.match import review_words
from game.match.review_words import VIEWS, chance, kept_card, known_words, mover_words, view_words


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
    assert known_words([start], turn, "Anna", True) == \
        f"b1xa1 would have kept the yellow elephant for you: from {chance(0)} to {chance(1)}"
    assert "for Anna" in known_words([start], turn, "Anna", False)


def test_a_card_that_counted_for_nobody_moving_is_not_named():
    start, turn = thrown_away()
    ben = replace(start, players=(replace(start.players[0], tasks=(Animal.DOG, Colour.BLUE)),
                                  start.players[1]))
    assert kept_card([ben], turn) is None
    assert known_words([ben], turn, "Anna", False).startswith(
        "b1xa1 would have been better for Anna: ")


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
    assert "would have kept the yellow elephant for Anna" in known_words(states, turn, "Anna",
                                                                          False)


def test_a_better_move_that_left_the_card_open_too_does_not_claim_it():
    states, turn = left_open("a1xa2")  # the dog scares the cat: the blue mouse stays beside it
    assert kept_card(states, turn) is None


def test_the_movers_view_says_what_they_could_know():
    _start, turn = thrown_away()
    better = replace(turn, belief=Belief(parse_move("b1xa1"), 0.25, 0.75))
    assert mover_words(better, "Anna", True).startswith("From what you could know, b1xa1 was "
                                                        "better: from 25")
    same = replace(turn, belief=Belief(parse_move("c1xd1"), 0.5, 0.5))
    assert "nothing was much better" in mover_words(same, "Anna", False)
    assert mover_words(replace(turn, forced=True), "Anna", True) == "The only move there was."


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_each_view_says_which_it_is_in_every_language(lang):
    set_language(lang)
    said = [view_words(v) for v in VIEWS] + [review_words.view_button(v) for v in VIEWS]
    assert len(set(said)) == len(said) and all(said)
