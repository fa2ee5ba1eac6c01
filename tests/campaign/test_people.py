"""The family's people (issue 32): each name seen at a table, what it played and won by mode,
against whom, its streak and wins this week, its campaign stars; renamed, merged, forgotten;
people.json written atomically, a damaged one set aside with a notice."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date, timedelta

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.campaign.people import BOT, FILE_NAME, People
from game.engine.modes import Mode
from game.engine.scoring import result, solo_title
from game.names import clean_name
from tests.match.helpers import dealt, random_line

TODAY = date(2026, 12, 2)


def finished(seed: int, names=("Grandma", "Ben"), bots=None, mode=Mode.STANDARD):
    """A finished game of these seats (a computer where `bots` names a level)."""
    start = dealt(mode, len(names), seed, bots=bots)
    start = replace(start, players=tuple(replace(p, name=n) for p, n in
                                         zip(start.players, names, strict=True)))
    return random_line(start, seed)[1]


def winner_of(state) -> set[str]:
    return {state.players[i].name for i in result(state).winners}


def test_a_game_counts_for_every_person_at_it_by_mode_and_against_whom(tmp_path):
    people = People(tmp_path)
    state = finished(1, bots=[None, None, "easy"], names=("Grandma", "Ben", "Computer 1"))
    people.record_match(state, game="g1", day=TODAY)
    people.record_match(state, game="g1", day=TODAY)  # read back again: counted once
    assert people.names() == sorted(["Grandma", "Ben"])  # the computer is nobody
    for name in ("Grandma", "Ben"):
        person = people.people[name]
        won = int(name in winner_of(state))
        assert person.modes == {"standard": [1, won]} and person.online == {}
        other = "Ben" if name == "Grandma" else "Grandma"
        assert person.against == {other: [1, won], BOT + "easy": [1, won]}
        assert person.streak == won and person.wins == [TODAY.isoformat()] * won
    people.record_match(finished(2), game="g2", online=True, day=TODAY)
    assert people.people["Grandma"].online["standard"][0] == 1  # online apart
    assert People.load(tmp_path).to_json() == people.to_json()


def test_streaks_run_while_a_person_wins_and_this_weeks_wins_are_counted(tmp_path):
    people = People(tmp_path)
    seeds = range(40)
    days = [TODAY - timedelta(days=9 - i // 4) for i in seeds]
    run = best = week = 0
    for seed, day in zip(seeds, days, strict=True):
        state = finished(seed)
        people.record_match(state, game=f"g{seed}", day=day)
        won = "Grandma" in winner_of(state)
        run = run + 1 if won else 0
        best = max(best, run)
        week += int(won and day >= TODAY - timedelta(days=6))
    grandma = people.people["Grandma"]
    assert (grandma.streak, grandma.best_streak) == (run, best)
    assert people.won_this_week("Grandma", TODAY) == week
    assert grandma.modes["standard"] == [40, sum(1 for s in seeds
                                                 if "Grandma" in winner_of(finished(s)))]


def test_grandma_merged_into_grandma_eva_adds_up_and_the_others_follow(tmp_path):
    people = People(tmp_path)
    for seed in range(6):
        people.record_match(finished(seed, ("Grandma", "Ben")), game=f"a{seed}", day=TODAY)
        people.record_match(finished(seed, ("Grandma Eva", "Ben")), game=f"b{seed}", day=TODAY)
    people.record_match(finished(9, ("Grandma", "Grandma Eva")), game="c", day=TODAY)
    before = json.loads(json.dumps(people.to_json()))["people"]
    assert people.rename("Grandma", "  Grandma   Eva ") == "Grandma Eva"
    eva = people.people["Grandma Eva"]
    assert "Grandma" not in people.people
    assert eva.modes["standard"][0] == (before["Grandma"]["modes"]["standard"][0]
                                        + before["Grandma Eva"]["modes"]["standard"][0])
    assert "Grandma Eva" not in eva.against and "Grandma" not in eva.against  # not herself
    ben = people.people["Ben"]
    assert ben.against == {"Grandma Eva": [12, sum(before["Ben"]["against"][n][1]
                                                   for n in ("Grandma", "Grandma Eva"))]}
    people.rename("Ben", "Benjamin")  # a plain rename
    assert people.names() == ["Grandma Eva", "Benjamin"]
    assert People.load(tmp_path).to_json() == people.to_json()


def test_a_forgotten_person_is_gone_from_every_page(tmp_path):
    people = People(tmp_path)
    people.record_match(finished(3, ("Grandma", "Ben", "Mia")), game="x", day=TODAY)
    people.forget("Mia")
    assert sorted(people.people) == ["Ben", "Grandma"]
    assert all("Mia" not in p.against for p in people.people.values())
    assert "Mia" not in People.load(tmp_path).people


def solo_finished(seed: int, name: str, mode=Mode.SOLO):
    """A finished solo deal of the seat `name`."""
    start = dealt(mode, 1, seed)
    start = replace(start, players=(replace(start.players[0], name=name),))
    return random_line(start, seed)[1]


def test_campaign_stars_go_to_the_name_in_the_seat_never_to_the_last_couch_game(tmp_path):
    people = People(tmp_path)
    people.record_level("1-1", 2, 2, name="Mia")  # a name the family has not got: nobody
    assert people.people == {}
    people.record_match(finished(1, ("Mia", "Grandma")), game="x", day=TODAY)
    assert people.player is None  # a couch game never says who plays alone next
    people.record_level("1-1", 1, 2, name="You")  # the anonymous seat is nobody's
    people.record_level("1-1", 3, 2, name="Grandma")  # par + 1: 2 stars
    people.record_level("1-1", 5, 2, name="Grandma")  # worse: the best stays
    assert people.people["Grandma"].stars == {"1-1": 2} and people.people["Mia"].stars == {}
    people.rename("Grandma", "Grandma Eva")
    people.record_level("1-2", 2, 2, name="Grandma Eva")
    assert People.load(tmp_path).people["Grandma Eva"].stars == {"1-1": 2, "1-2": 3}


def test_solo_deals_count_for_the_person_in_the_seat_once_each_with_their_titles(tmp_path):
    people = People(tmp_path)
    assert people.choose("  Grandma   Eva ") == "Grandma Eva"  # a new name: a page at once
    assert people.player == "Grandma Eva" and people.people["Grandma Eva"].played == 0
    deals = [solo_finished(seed, "Grandma Eva", mode)
             for seed, mode in enumerate([Mode.SOLO, Mode.SOLO, Mode.SOLO_ADVANCED])]
    for i, deal in enumerate(deals):
        people.record_solo(deal, game=f"s{i}")
    people.record_solo(deals[0], game="s0")  # read back twice: counted once
    people.record_solo(solo_finished(9, "You"), game="y")  # nobody's
    titles = [int(solo_title(d) is not None) for d in deals]
    assert People.load(tmp_path).people["Grandma Eva"].solo == {
        "solo": [2, titles[0] + titles[1]], "solo-advanced": [1, titles[2]]}
    assert People.load(tmp_path).player == "Grandma Eva"  # the choice is remembered
    people.choose(None)  # You again
    assert People.load(tmp_path).player is None


def test_reset_starts_every_page_again_keeping_the_names_and_their_stars(tmp_path):
    people = People(tmp_path)
    people.record_match(finished(1, ("Mia", "Grandma")), game="x", day=TODAY)
    people.record_level("1-1", 2, 2, name="Mia")
    people.record_solo(solo_finished(2, "Mia"), game="s")
    people.reset()
    again = People.load(tmp_path)
    assert sorted(again.people) == ["Grandma", "Mia"]
    assert again.people["Mia"].stars == {"1-1": 3}
    assert all(p.played == 0 and not p.solo and not p.against and not p.wins and p.streak == 0
               for p in again.people.values())
    again.record_match(finished(1, ("Mia", "Grandma")), game="x", day=TODAY)  # counts anew
    assert again.people["Mia"].played == 1


def test_a_damaged_file_is_set_aside_with_a_notice_and_counting_starts_afresh(tmp_path):
    for bad in ("{", "[]", json.dumps({"people": {"Ann": {"modes": {"standard": [1, 2]}}}}),
                json.dumps({"people": {" Ann": {}}}), json.dumps({"people": {"A": {"wins": [5]}}})):
        (tmp_path / FILE_NAME).write_text(bad, encoding="utf-8")
        people = People.load(tmp_path)
        assert people.people == {} and people.notice and "damaged" in people.notice
        assert not (tmp_path / FILE_NAME).exists()
        assert list(tmp_path.glob(FILE_NAME + ".damaged-*"))
        for old in tmp_path.glob(FILE_NAME + ".damaged-*"):
            old.unlink()


def test_a_full_disk_says_so_and_the_counts_stay_in_the_game(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    people = People(blocker)
    people.record_match(finished(1), game="x", day=TODAY)
    assert people.notice and "could not be saved" in people.notice
    assert "Grandma" in people.people


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=24), min_size=2, max_size=2, unique=True))
def test_every_name_a_table_can_hold_reads_back(tmp_path_factory, names):
    names = [clean_name(n) for n in names]
    assume(all(names) and len(set(names)) == 2)
    folder = tmp_path_factory.mktemp("people")
    people = People(folder)
    people.record_match(finished(4, tuple(names)), game="x", day=TODAY)
    again = People.load(folder)
    assert again.notice is None and sorted(again.people) == sorted(names)


def test_the_old_files_guess_of_who_plays_alone_is_not_taken_as_a_choice(tmp_path):
    people = People(tmp_path)
    people.record_match(finished(1, ("Mia", "Grandma")), game="x", day=TODAY)
    people.choose("Grandma")
    old = json.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8"))
    old["version"] = 1  # the version that guessed `player` from the last couch game
    (tmp_path / FILE_NAME).write_text(json.dumps(old), encoding="utf-8")
    again = People.load(tmp_path)
    assert again.notice is None and again.player is None and again.people["Mia"].played == 1
    assert People.load(tmp_path).people.keys() == {"Mia", "Grandma"}


def test_a_game_saved_before_a_rename_or_merge_still_counts_for_its_person(tmp_path):
    people = People(tmp_path)
    people.choose("Grandma")
    people.choose("Grandma Eva")
    people.rename("Grandma", "Granny")
    people.rename("Granny", "Grandma Eva")  # merged
    again = People.load(tmp_path)
    again.record_solo(solo_finished(3, "Grandma"), game="s")  # the seat kept the old name
    again.record_level("1-1", 2, 2, name="Granny")
    eva = People.load(tmp_path).people["Grandma Eva"]
    assert sum(p for p, _t in eva.solo.values()) == 1 and eva.stars == {"1-1": 3}
    again.forget("Grandma Eva")
    again.record_solo(solo_finished(4, "Grandma"), game="t")  # forgotten: nobody's
    assert again.people == {} and again.renamed == {}
