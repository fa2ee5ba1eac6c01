"""A solo answer's words: where it slipped names the player's move by its ordinal, which
follows each language's rule (English 1st, 2nd, 3rd, 4th, 11th, 21st; Czech, German, Polish 4.)."""

from __future__ import annotations

import pytest

from game.engine import parse_move
from game.engine.solo_answer import Best, Slip
from game.i18n import LANGUAGES, set_language
from game.match.answers import ordinal, slip_words


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


def test_the_slip_is_told_as_the_issue_words_it():
    slip = Slip(4, parse_move("a1xa2"), Best(1), Best(3), parse_move("b2xc2"))
    assert slip_words(slip) == "After your 4th move the best was 3 cards; b2xc2 kept 1 card"
    lost = Slip(22, parse_move("a1xa2"), Best(1), Best(None), parse_move("b2xc2"))
    assert slip_words(lost).startswith("After your 22nd move the target card could no longer")


@pytest.mark.parametrize("lang", OTHERS)
def test_the_slip_names_the_move_by_its_ordinal_in_every_language(lang):
    set_language(lang)
    said = slip_words(Slip(4, parse_move("a1xa2"), Best(1), Best(3), parse_move("b2xc2")))
    assert " 4. " in said and "b2xc2" in said
