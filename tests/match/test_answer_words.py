"""A solo answer's words: where it slipped names the player's move by its ordinal, which
follows each language's rule (English 1st, 2nd, 3rd, 4th, 11th, 21st; Czech, German, Polish 4.),
and says the move that kept the best in words, the notation apart for a smaller line."""

from __future__ import annotations

import pytest

from game.engine import parse_move
from game.engine.position import parse_position
from game.engine.solo_answer import Best, Slip
from game.i18n import LANGUAGES, set_language
from game.match.answers import better_words, notation_words, ordinal, slip_words


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


# The rule: English writes its ordinals with endings; every other language the game speaks
# writes the number and a full stop.
OTHERS = [lang for lang in LANGUAGES if lang != "en"]


@pytest.mark.parametrize("n", range(1, 140))
def test_an_english_ordinal_takes_the_ending_its_last_digits_ask(n):
    tens, last = n // 10 % 10, n % 10
    ending = "th" if tens == 1 or last not in (1, 2, 3) else ("st", "nd", "rd")[last - 1]
    assert ordinal(n) == f"{n}{ending}"


@pytest.mark.parametrize("lang", OTHERS)
def test_czech_german_and_polish_write_the_number_and_a_full_stop(lang):
    set_language(lang)
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 22)] == ["1.", "2.", "3.", "4.", "11.", "22."]


def test_the_slip_is_told_in_words_each_outcome_its_own_sentence():
    slip = Slip(4, parse_move("a1xa2"), Best(1), Best(3), parse_move("b2xc2"))
    assert slip_words(slip) == ("Your 4th move was the slip. The best possible before it: 1 card; "
                                "after it: 3 cards.")
    lost = Slip(22, parse_move("a1xa2"), Best(1), Best(None), parse_move("b2xc2"))
    assert slip_words(lost) == ("Your 22nd move was the slip. The best possible before it: 1 card; "
                                "after it, no line kept the target card on the field.")


def test_the_move_that_kept_the_best_is_said_in_words_and_in_the_notation_apart():
    position = parse_position("OC PD BM YE")
    assert better_words(position, parse_move("b1xa1")) == \
        "Better: The purple dog on b1 scares the orange cat on a1."
    assert notation_words(None, parse_move("b1xa1")) == "In notation, better: b1xa1"
    assert notation_words(parse_move("c1xd1"), parse_move("b1xa1+")) == \
        "In notation: c1xd1; better: b1xa1+"


@pytest.mark.parametrize("lang", OTHERS)
def test_the_slip_names_the_move_by_its_ordinal_in_every_language(lang):
    set_language(lang)
    said = slip_words(Slip(4, parse_move("a1xa2"), Best(1), Best(3), parse_move("b2xc2")))
    assert " 4. " in said and "b2xc2" not in said
