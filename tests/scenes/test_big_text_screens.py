"""Settings -> Text size 200 % on the screens between games: the hand-over and the campaign's
chapters (issue 50). Each reading text on them is drawn at least 1.8 times as tall as at
100 % (measured where text is drawn, game/render/fit.py), and nothing is cut."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from game import i18n
from game.engine import Mode, apply, new_game
from tests.scenes.drive import pump

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import text_audit  # noqa: E402

from tests.scenes.test_big_text import recording  # noqa: E402

READING = 26  # text this size or smaller at 100 % is reading text (larger: headings)
GROWTH = 1.8
LONG = "Wilhelmina Großmann-Wüst"  # a name as long as a person's may be


@pytest.fixture
def app(menu_app, monkeypatch):
    yield from recording(menu_app, monkeypatch)  # the big-text tests' one fixture


def drawn(app, make, text_size: float) -> dict[str, int]:
    """The scene `make()` drawn at `text_size` on a recording screen: each text's height (the
    smallest it is drawn at); nothing on it cut or across an edge."""
    app.settings.text_size = text_size
    app.apply_looks()
    scene = make()
    app.stack.clear(scene)
    pump(app, 2, force=True)
    until = getattr(make, "until", None)  # what the scene waits for (a result's answer)
    end = time.monotonic() + 120  # a guard only: the search ends long before
    while until is not None and not until(scene) and time.monotonic() < end:
        pump(app, 1)
    pump(app, 1, force=True)
    then = getattr(make, "then", None)  # what is done on it once it has entered
    if then is not None:
        then(scene)
        pump(app, 1, force=True)
    screen = text_audit.Recorder()
    scene.draw(screen)
    panel = None if scene.opaque else getattr(scene, "panel_rect", None)
    assert text_audit.check_scene(screen.texts, panel, [], screen.shapes) == []
    heights: dict[str, int] = {}
    for t in screen.texts:
        if t.height:
            heights[t.words] = min(t.height, heights.get(t.words, t.height))
    return heights


def short_of(app, *makes, shorter=lambda words: None) -> dict[str, tuple[int, int | None]]:
    """The reading texts of the scenes `makes` make (one screen's states: all its words
    between them) less than 1.8 times as tall at 200 % as at 100 %; a text not drawn at 200 %
    is measured by its `shorter(words)` wording where it has one."""
    small: dict[str, int] = {}
    large: dict[str, int] = {}
    for heights, size in ((small, 1.0), (large, 2.0)):
        for make in makes:
            for words, height in drawn(app, make, size).items():
                heights[words] = min(height, heights.get(words, height))
    assert small, "no text measured"
    reading = app.assets.font(READING).get_height()
    after = {words: large.get(words, large.get(shorter(words))) for words in small}
    return {words: (height, after[words]) for words, height in small.items()
            if height <= reading and (after[words] or 0) < GROWTH * height}


def hand_over(app, team: bool):
    """The hand-over to a player with the longest name (in a team game, the team's name too)."""
    from game.scenes.table.handover import HandoverScene

    names = [LONG, "Ben", "Cleo", "Dan"]
    state = new_game(Mode.TEAMS, names, 3) if team else new_game(Mode.STANDARD, names[:3], 3)
    return lambda: HandoverScene(app, state.players[0])


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
@pytest.mark.parametrize("team", (False, True))
def test_the_hand_overs_words_grow_at_200(app, lang, team):
    assert i18n.set_language(lang) is None
    assert short_of(app, hand_over(app, team)) == {}


def chapters(app):
    """The campaign's chapters, some levels cleared (chapter 2 open, the rest locked), each
    chapter in focus in turn (at a large text size the one in focus is told under the rows)."""
    from game.scenes.solo.campaign_menu import CampaignMenuScene

    campaign = app.files.campaign()
    progress = app.files.progress()
    for level in campaign.chapters[0].levels:
        progress.record_level(level.id, level.par)
    progress.record_level(campaign.chapters[1].levels[0].id, campaign.chapters[1].levels[0].par)
    return [in_focus(lambda: CampaignMenuScene(app), i) for i in range(len(campaign.chapters))]


def in_focus(make, index: int):
    """`make`, whose tile menu takes tile `index` into focus once entered (`drawn` does it:
    entering puts the newest open chapter in focus)."""
    make.then = lambda scene: setattr(scene, "focus", index)
    return make


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_the_chapters_words_grow_at_200(app, lang):
    """Each chapter's "N of M levels cleared" and what it is about, or why it is locked."""
    assert i18n.set_language(lang) is None
    assert short_of(app, *chapters(app)) == {}


def scorings(app):
    """The scores of a game played to its end by the first legal moves: two players with the
    longest name, and four in teams (a team's name beside WINNER), each row selected in turn
    (the note under the field names the selected player)."""
    from game.scenes.table.scoring import ScoringScene

    def played(state):
        while not state.over:
            state = apply(state, state.legal_moves()[0])[0]
        return state

    games = (played(new_game(Mode.STANDARD, [LONG, "Maximilian Wojciechowski"], 3)),
             played(new_game(Mode.TEAMS, [LONG, "Ben", "Cleo", "Dan"], 3)))
    makes = []
    for state in games:
        for row in range(len(state.players)):
            def make(state=state, row=row):
                scene = ScoringScene(app, state, lambda _state: None)
                scene.selected = row
                return scene
            makes.append(make)
    return makes


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_the_scores_words_grow_at_200(app, lang):
    """WINNER, a team's name and the note under the field."""
    assert i18n.set_language(lang) is None
    assert short_of(app, *scorings(app)) == {}


def solo_result(app):
    """The result of a solo deal played by the first legal moves to its end, with its best
    possible, where it slipped and the better move (words and notation)."""
    from game.scenes.solo.classic_result import ClassicResultScene

    start = state = new_game(Mode.SOLO_ADVANCED, [LONG], 7, 0, [None])
    while not state.over:
        state = apply(state, state.legal_moves()[0])[0]

    def make():
        return ClassicResultScene(app, state, start)
    make.until = lambda scene: scene.answer.job.finished
    return make


def test_a_solo_results_answer_grows_at_200(app, monkeypatch):
    """Where the deal slipped and the better move, in words and in the notation."""
    from game.match import analysis
    from game.scenes.solo import answer_box

    monkeypatch.setattr(answer_box, "PROCESS", False)  # a thread: no process per test
    analysis.forget()
    try:
        assert short_of(app, solo_result(app)) == {}
    finally:
        analysis.forget()


def test_a_questions_words_grow_at_200(app):
    """A question with a name in it on two lines (merging two names) and what it means, as
    a person's page asks it."""
    from game.i18n import _
    from game.scenes.confirm import ConfirmScene

    names = {"old": "Gwendolyn Montgomery-Orr", "new": LONG}

    def make():
        return ConfirmScene(app, _("Merge two names into one?\n%(old)s will count as %(new)s")
                            % names, lambda: None, yes=_("Merge"), no=_("Keep both"),
                            detail=_("%(new)s has a page already: the games of both names add "
                                     "up under %(new)s.") % names)
    assert short_of(app, make) == {}


def test_my_tables_rows_grow_at_200(app, monkeypatch):
    """A table over days: its code and names, whose turn it is and the time left."""
    from game.engine.position import format_position
    from game.online.client.tokens import HeldSeats
    from game.online.window.my_tables import Looked, MyTable
    from game.scenes.online import my_tables

    dealt = new_game(Mode.STANDARD, [LONG, "Ben"], 3)
    last = {"before": format_position(dealt.position), "seat": 0,
            "move": str(dealt.legal_moves()[0])}  # the last move, in words on the row
    seats = [{"seat": 0, "place": "host", "name": LONG, "taken": True, "connected": False},
             {"seat": 1, "place": "remote", "name": "Ben", "taken": True, "connected": False}]
    tables = tuple(MyTable(HeldSeats("ws://eva.local:8765", code, ((1, "tok"),), "Ben", 0.0,
                                     days=True),
                           {"known": True, "started": True, "over": False, "turn": turn,
                            "deadline": None, "mode": "standard", "seats": seats,
                            "per_move": 0, "last": last})
                   for code, turn in (("KTR4WM", 1), ("RMJJX7", 0), ("3FHCKM", 1)))
    monkeypatch.setattr(my_tables, "look_up",
                        lambda store, insecure=False: Looked(tables, ()))

    def on_page(page: int):
        """My tables, turned to `page` (its last where there are fewer)."""
        def make():
            return my_tables.MyTablesScene(app)

        def turn(scene) -> None:
            scene.page = min(page, (len(tables) - 1) // my_tables.page_size())
            scene.rebuild()
        make.until = lambda scene: scene.tables is not None
        make.then = turn
        return make
    assert short_of(app, *(on_page(page) for page in range(len(tables)))) == {}


def on_page(make_scene, page: int):
    """A maker of the scene `make_scene()` makes, turned to `page` (a screen shown a page at a
    time at a large text size)."""
    def make():
        scene = make_scene()
        scene.page = page
        return scene
    return make
