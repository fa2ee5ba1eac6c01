"""The words of a table over days (issue 48): every time the Host screen offers has its own
words, the time left reads in days, then hours, then minutes, and every note the server keeps
in a table's history is said in words that name the seat (the closing names none)."""

from __future__ import annotations

from game import i18n
from game.online.server.overdays import NOTES
from game.online.shared.protocol import DAY, ON_TIME, PER_MOVE_CHOICES
from game.scenes.online.days import left_words, note_words, per_move_words, rule_words


def test_every_offered_time_and_rule_has_words_of_its_own_in_every_language():
    for lang in i18n.LANGUAGES:
        try:
            i18n.set_language(lang)
            times = [per_move_words(seconds) for seconds in PER_MOVE_CHOICES]
            assert len(set(times)) == len(PER_MOVE_CHOICES) and all(times)
            assert len({rule_words(rule) for rule in ON_TIME}) == len(ON_TIME)
            for note in NOTES:
                words = note_words(note, "Wilhelmina")
                assert words and (("Wilhelmina" in words) == (note != "closed")), (lang, note)
        finally:
            i18n.set_language("en")


def test_the_time_left_reads_in_days_then_hours_then_minutes():
    assert left_words(2 * DAY) == "2 days left"
    assert left_words(DAY + 5 * 3600) == "2 days left"  # a day and more: the days begun
    assert left_words(5 * 3600 - 1) == "5 hours left"
    assert left_words(59) == "1 minute left"
    assert left_words(0) == "Time is up"
