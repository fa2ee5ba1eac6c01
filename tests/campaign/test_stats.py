"""The statistics store: recording, streaks, the calendar, damaged files, atomic saving."""

from datetime import date, timedelta

from game.campaign.stats import (
    BEFORE,
    FUTURE,
    MISSED,
    PLAYED,
    TITLE,
    TODAY,
    Statistics,
    share_line,
)
from game.engine.modes import Mode
from game.engine.position import parse_position
from game.engine.rules import Rules
from game.engine.state import Player, initial_state, new_game


def solo_end(field: str, target=None, seed=7):
    from game.engine.cards import parse_card
    return initial_state(parse_position(field), Rules.SOLO, mode=Mode.SOLO,
                         players=(Player("You"),), seed=seed,
                         target=parse_card(target) if target else None)


def test_solo_games_fill_the_histogram_titles_and_best(tmp_path):
    stats = Statistics(tmp_path)
    stats.record_solo(solo_end("YC PE"))  # 2 cards left: Lord of the Animals
    stats.record_solo(solo_end("YC PE YE YE YE"))  # 5: no title
    stats.record_solo(solo_end("YD YD YD YD YD/YC PE YD YD YD"))  # 10: the "8+" bar
    assert stats.solo_games == 3
    assert stats.solo_best == 2
    assert stats.solo_titles == {2: 1}
    bars = dict(stats.histogram())
    assert bars["2"] == 1 and bars["5"] == 1 and bars["8+"] == 1 and bars["1"] == 0
    again = Statistics.load(tmp_path)
    assert again.to_json() == stats.to_json()


def test_a_missed_target_earns_no_title_and_no_best(tmp_path):
    stats = Statistics(tmp_path)
    stats.record_solo(solo_end("YE PE", target="BC"))
    assert stats.solo_titles == {} and stats.solo_best is None and stats.solo_games == 1


def test_couch_games_count_human_wins_and_the_computers_faced(tmp_path):
    stats = Statistics(tmp_path)
    state = new_game(Mode.STANDARD, ["Anna", "Bot"], 3, 0, [None, "hard"])
    stats.record_match(state)
    entry = stats.modes["standard"]
    assert entry["played"] == 1
    assert set(entry["against"]) == {"hard"}
    played, won = entry["against"]["hard"]
    assert played == 1 and won == entry["human_wins"]
    stats.record_match(new_game(Mode.SOLO, ["You"], 3, 0, [None]))  # solo is not a couch game
    assert set(stats.modes) == {"standard"}


def test_streaks_count_runs_of_days_and_survive_an_unplayed_today(tmp_path):
    stats = Statistics(tmp_path)
    today = date(2026, 11, 30)
    for back in (1, 2, 3, 6, 7):
        day = today - timedelta(days=back)
        stats.record_solo(solo_end("YC"), daily=day)
    assert stats.streaks(today) == (3, 3)
    stats.record_solo(solo_end("YC PE YE YE YE"), daily=today)
    assert stats.streaks(today) == (4, 4)
    assert stats.streaks(today + timedelta(days=2)) == (0, 4)


def test_the_calendar_shows_five_weeks_monday_first(tmp_path):
    stats = Statistics(tmp_path)
    today = date(2026, 11, 26)  # a Thursday
    stats.record_solo(solo_end("YC"), daily=today - timedelta(days=1))  # 1 card: a title
    stats.record_solo(solo_end("YC PE YE YE YE"), daily=today - timedelta(days=2))  # no title
    stats.record_solo(solo_end("YC PE YE YE YE"), daily=today - timedelta(days=5))  # the first
    days = stats.calendar(today)
    assert len(days) == 35 and days[0].day.weekday() == 0
    by_day = {d.day: d.status for d in days}
    assert by_day[today - timedelta(days=1)] == TITLE
    assert by_day[today - timedelta(days=2)] == PLAYED
    assert by_day[today - timedelta(days=3)] == MISSED
    assert by_day[today] == TODAY
    assert by_day[today + timedelta(days=1)] == FUTURE
    assert by_day[today - timedelta(days=6)] == BEFORE  # before the first daily deal: not missed
    assert MISSED not in {d.status for d in Statistics(tmp_path / "new").calendar(today)}


def test_a_damaged_file_is_kept_aside_with_a_notice(tmp_path):
    (tmp_path / "statistics.json").write_text('{"solo": {"games": -3}}')
    stats = Statistics.load(tmp_path)
    assert stats.solo_games == 0
    assert stats.notice and "statistics.json.corrupt-" in stats.notice
    assert list(tmp_path.glob("statistics.json.corrupt-*"))
    assert not (tmp_path / "statistics.json").exists()


def test_garbage_and_wrong_shapes_are_damaged_too(tmp_path):
    for text in ("not json", "[1, 2]", '{"daily": {"yesterday": 1}}',
                 '{"modes": {"standard": {"against": {"hard": [1, 5]}}}}'):
        (tmp_path / "statistics.json").write_text(text)
        stats = Statistics.load(tmp_path)
        assert stats.notice, text
        assert stats.to_json() == Statistics(tmp_path).to_json()


def test_reset_forgets_everything_and_saves(tmp_path):
    stats = Statistics(tmp_path)
    stats.record_solo(solo_end("YC"), daily=date(2026, 1, 1))
    stats.record_level(2, 2)
    stats.reset()
    assert Statistics.load(tmp_path).to_json() == Statistics(tmp_path).to_json()
    assert not list(tmp_path.glob("*.tmp"))


def test_the_share_line_names_the_day_cards_and_title_and_no_stars_the_screen_lacks():
    line = share_line(solo_end("YC PE"), daily=date(2026, 11, 30))
    assert "2026-11-30" in line and "2 cards left" in line and "Lord of the Animals" in line
    assert "\u2605" not in line and "\u2606" not in line  # a deal's screen shows no stars
    seeded = share_line(solo_end("YC PE YE YE YE", seed=1234))
    assert "1234" in seeded and seeded.endswith("no title")
    assert "\n" not in seeded


# The share line is one message per kind of game: its parts join as the language writes them
# (lower case after each dot in Czech and Polish, the day with no-break spaces).
SHARE_LINES = {
    "cs": ("Scare It! rozdání dne 30.\u00a011.\u00a02026 · zbyly 2 karty · %s",
           "Scare It! rozdání 1234 · zbylo 5 karet · bez titulu"),
    "de": ("Scare It! Spiel des Tages 30.11.2026 · 2 Karten übrig · %s",
           "Scare It! Spiel Nr. 1234 · 5 Karten übrig · kein Titel"),
    "pl": ("Scare It! rozdanie dnia 30.11.2026 · zostały 2 karty · %s",
           "Scare It! rozdanie 1234 · zostało 5 kart · bez tytułu"),
}


def test_the_share_line_is_one_sentence_in_each_language():
    from game import i18n
    for lang, (daily, seeded) in SHARE_LINES.items():
        i18n.set_language(lang)
        try:
            title = i18n._("Lord of the Animals")
            assert share_line(solo_end("YC PE"), daily=date(2026, 11, 30)) == daily % title
            assert share_line(solo_end("YC PE YE YE YE", seed=1234)) == seeded
        finally:
            i18n.set_language("en")
