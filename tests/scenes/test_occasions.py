"""Each kind of game is one entry of the occasions registry (game/match/occasions.py): a toy
"puzzle of the week", registered here only, plays, saves, continues, is kept and replays with
no other code knowing it; and records written before records named their occasion still read
into the right one."""

from pathlib import Path

import pytest

from game.engine import Mode, new_game
from game.match import OCCASIONS, occasion_of, replay_match
from game.match.loading import load_game, replays, saved_files
from game.match.occasions import Occasion
from game.match.record import RecordError, read_record, record_of, write_record
from game.match.tables import occasion_match
from game.scenes.solo.classic_result import play_solo
from game.scenes.table.view import snapshot
from tests.scenes.drive import name, new_app, pump
from tests.scenes.test_resume import play_move, press_button

V1 = Path(__file__).resolve().parents[1] / "fixtures" / "v1"


class Weekly(Occasion):
    """The toy: the week's puzzle, its best kept under the week's deal."""

    def best(self, progress, record):
        return progress.best_classic(f"week-{record.seed}")

    def keep(self, profile, record, final, par, online):
        super().keep(profile, record, final, par, online)  # counted as a deal played alone
        profile.progress.record_classic(f"week-{record.seed}", final.position.card_count())

    def about(self, record, campaign):
        return f"Puzzle of week {record.seed}"

    def continue_words(self, record, short=False):
        return f"Puzzle of week {record.seed}, {len(record.moves)} moves"


@pytest.fixture
def weekly():
    occasion = OCCASIONS.register(Weekly("weekly", "continue_solo", solo=True,
                                         title="Puzzle of the week"))
    yield occasion
    OCCASIONS.unregister("weekly")
    assert "weekly" not in [o.name for o in OCCASIONS]


def test_a_new_occasion_plays_saves_continues_is_kept_and_replays(prefs, weekly):
    app = new_app("mouse")
    app.go_to_menu()
    match = occasion_match(weekly, new_game(Mode.SOLO, ["You"], 42))
    play_solo(app, match, push=True)  # the solo room's table, as any deal played alone
    table = app.stack.top
    pump(app, 2)
    assert table.session.occasion is weekly
    assert snapshot(table).title == "Puzzle of the week"  # the panel's title is the occasion's
    play_move(app, table)
    app.saver.flush()
    record, _notice = load_game()
    assert "occasion: weekly" in saved_files()[0].read_text(encoding="utf-8")
    assert occasion_of(record) is weekly and len(record.moves) == 1

    again = new_app("mouse")  # a new start: Continue names it and puts it back
    again.go_to_menu()
    pump(again, 2)
    assert "Puzzle of week 42, 1 moves" in press_button(again, "Continue").text
    table = again.stack.top
    assert table.session.occasion is weekly and table.state == record.final_state()
    while not table.state.over:
        play_move(again, table)
    pump(again, 200)
    again.saver.flush()
    assert not saved_files() and name(again) == "ClassicResultScene"

    left = table.state.position.card_count()
    assert again.files.progress().best_classic("week-42") == left  # kept as it keeps it
    kept = [p for p in replays() if "-solo-" in p.name]  # on the shelf of deals played alone
    assert len(kept) == 1
    text = kept[0].read_text(encoding="utf-8")
    assert "occasion: weekly" in text
    replay = replay_match(read_record(text))
    assert replay.occasion == "weekly" and replay.index == 0
    while replay.redo_move() is not None:
        replay.redo()
    assert replay.state == table.state
    assert occasion_of(replay.record()).kept_about(replay.record(), None) == "Puzzle of week 42"


def test_a_record_of_an_occasion_no_longer_registered_is_refused_in_words(weekly):
    text = write_record(record_of(new_game(Mode.SOLO, ["You"], 42), occasion="weekly"))
    assert "version: 3" in text and occasion_of(read_record(text)) is weekly
    OCCASIONS.unregister("weekly")
    try:
        with pytest.raises(RecordError, match="unknown occasion 'weekly'"):
            read_record(text)
    finally:
        OCCASIONS.register(weekly)


# The expected answer for each kept file of an earlier version (the rule, not a copy of the
# registry: each file's occasion is what a player of that version was playing).
@pytest.mark.parametrize(("file", "occasion"), [
    ("record-level.txt", "level"), ("save-daily.txt", "daily"),
    ("record-solo-advanced.txt", "solo"), ("save-standard.txt", "couch"),
    ("save-teams.txt", "couch"), ("record-all-included.txt", "couch"),
])
def test_records_of_earlier_versions_read_into_their_occasion(file, occasion):
    text = (V1 / file).read_text(encoding="utf-8")
    record = read_record(text)
    assert "occasion:" not in text
    assert occasion_of(record) is OCCASIONS[occasion]


def test_saves_of_online_tables_without_an_occasion_line_read_as_hosted_and_joined():
    from dataclasses import replace

    from game.match.record import Hosted, Joined

    start = new_game(Mode.STANDARD, ["Anna", "Ben"], 7)
    hosted = replace(record_of(start), online=Hosted("ABCD", 4567, ("host", "remote"),
                                                     ("t" * 16, "u" * 16)))
    joined = replace(record_of(start), tasks=None, joined=Joined("ws://host:4567", "ABCD", (1,)))
    for record, occasion in ((hosted, "hosted"), (joined, "joined")):
        text = write_record(record, secret=True)
        assert "occasion:" not in text and "version: 2" in text  # as earlier versions read
        assert occasion_of(read_record(text)) is OCCASIONS[occasion]
        assert OCCASIONS[occasion].screen in ("reopen_online", "join_again")


def test_every_occasion_opens_a_screen_the_scenes_registry_has():
    from game.scenes.registry import SCREENS

    for occasion in OCCASIONS:
        assert occasion.screen in SCREENS, occasion.name


def test_an_occasion_that_does_not_play_the_records_mode_is_refused_in_words():
    couch = write_record(record_of(new_game(Mode.STANDARD, ["Anna", "Ben"], 7)))
    named = couch.replace("mode: standard", "occasion: daily\nmode: standard")
    with pytest.raises(RecordError, match="occasion: a daily game is not played as standard"):
        read_record(named)
    with pytest.raises(RecordError, match="daily: a daily game is not played as standard"):
        read_record(couch.replace("mode: standard", "daily: 2026-11-30\nmode: standard"))
