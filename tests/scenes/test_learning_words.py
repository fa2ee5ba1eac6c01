"""The learning screens say moves in words (issue 44): the review and the solo result, in every
language the game has, show a move in notation only as a smaller second line under the same
move said in words; the review says chances as a child counts them and tells every seat apart
by its name."""

from __future__ import annotations

import re
import time

import pygame
import pytest

from game import i18n
from game.app import LOGICAL_SIZE
from game.engine import Mode, new_game
from game.engine.rng import Rng
from game.match import analysis, computer_name
from game.match.controller import Match
from game.render import fit
from game.scenes.records import review as review_scene
from game.scenes.solo import answer_box as solo_answer_box
from tests.scenes.drive import pump

LANGS = tuple(i18n.LANGUAGES)
# A move in the text notation (RULES.md "Text notation"): scarer cell, x, target cell, "+" when
# the scarer moves in; "-" as some write it.
NOTATION = re.compile(r"\b([a-h][1-8])\s*[x\u00d7:\-\u2013]\s*([a-h][1-8])\+?", re.IGNORECASE)
CHANCE = re.compile(r"about (\d+) in 10")


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def drawn(draw) -> list[tuple[str, int]]:
    """Every text `draw(surface)` puts on a screen (the wording fitted: a name may be
    shortened), with the size it was asked in."""
    seen: list[tuple[str, int]] = []
    real = fit.fit

    def noting(assets, words, box, size, *args, **kwargs):
        img = real(assets, words, box, size, *args, **kwargs)
        seen.append((fit.words_of(img) or words, size))
        return img

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fit, "fit", noting)
        draw(pygame.Surface(LOGICAL_SIZE))
    return seen


def notation_only_as_second_line(seen: list[tuple[str, int]]) -> None:
    """A text naming a move in notation is a second line: the same screen says that move in
    words (a text naming its target cell without notation) in larger letters."""
    for words, size in seen:
        for move in NOTATION.finditer(words):
            cell = re.compile(rf"\b{move.group(2)}\b", re.IGNORECASE)
            assert any(cell.search(other) and not NOTATION.search(other) and bigger > size
                       for other, bigger in seen), f"a main line in notation: {words!r}"


# The review -------------------------------------------------------------------------------
SEATS = ["Anna", computer_name(1, "easy"), "Anna", computer_name(2, "hard")]
BOTS = [None, "easy", None, "hard"]


def finished_match(seed: int) -> Match:
    """Two people both called Anna and two computers named as the table names them."""
    match = Match(new_game(Mode.STANDARD, SEATS, seed, 0, BOTS), undo=False)
    rng = Rng(seed)
    while not match.over:
        match.play(rng.choice(match.state.legal_moves()))
    return match


@pytest.fixture(scope="module")
def reviewed(module_app):
    """The review screen of one game, judged once for every test and language here."""
    app = module_app[0]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(review_scene, "PROCESS", False)
        patch.setattr(review_scene, "NODES", 400)
        analysis.forget()
        scene = review_scene.ReviewScene(app, finished_match(5).record())
        app.stack.clear(scene)
        end = time.monotonic() + 120
        while scene.review is None and time.monotonic() < end:
            pump(app, 1)
    assert scene.review is not None
    yield scene
    analysis.forget()


def every_move(scene):
    """Each field of the game in each view: the scene showing it."""
    for index in range(len(scene.states)):
        for view in review_scene.VIEWS:
            scene.select(index)
            scene.view = view
            yield index


@pytest.mark.parametrize("lang", LANGS)
def test_the_review_says_every_move_in_words_in_every_language(reviewed, lang):
    i18n.set_language(lang)
    advised = 0
    for index in every_move(reviewed):
        seen = drawn(reviewed.draw_content)
        notation_only_as_second_line(seen)
        advised += index and reviewed.review.turns[index - 1].expert is not None
    assert advised  # the expert's move was said somewhere (in words)


def test_the_review_says_chances_as_so_many_in_ten(reviewed):
    for index in every_move(reviewed):
        said = " ".join(reviewed.lines())
        assert "%" not in said
        if index:
            turn = reviewed.review.turns[index - 1]
            shown = [int(n) for n in CHANCE.findall(reviewed.lines()[1])]
            tenths = [int(10 * c[turn.seat] + 0.5) for c in (turn.before, turn.after)]
            assert shown == tenths


def test_the_review_tells_each_seat_apart_by_its_name(reviewed):
    heads = {}
    for index in every_move(reviewed):
        if index:
            heads.setdefault(reviewed.review.turns[index - 1].seat, reviewed.lines()[0])
    assert len(heads) == len(SEATS)
    whose = {seat: head.split("\u2014", 1)[1].split(":")[0].strip() for seat, head in heads.items()}
    assert whose == {0: "Anna (seat 1)", 1: "Computer 1 (easy)", 2: "Anna (seat 3)",
                     3: "Computer 2 (hard)"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_charts_names_stay_apart_however_short(reviewed, lang, monkeypatch):
    """Shortened to fit beside the chart, two computers are never both 'Computer'."""
    i18n.set_language(lang)
    from game.ui import win_chart
    reviewed.select(0)  # the deal: no line of notation under the words
    for room in (150, 170, 200, win_chart.LABEL_W):  # the full names, the first words, none
        monkeypatch.setattr(win_chart, "LABEL_W", room)
        labels = [w for w, size in drawn(reviewed.draw_content) if size == win_chart.LABEL_SIZE]
        assert len(labels) == len(SEATS) and len(set(labels)) == len(SEATS), (room, labels)


# The solo result ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def solo_result(module_app):
    """A deal played by its first legal move every time (it slips), its result answered."""
    from game.engine.state import apply
    from game.scenes.solo.classic_result import show_result
    app = module_app[0]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solo_answer_box, "PROCESS", False)
        analysis.forget()
        start = new_game(Mode.SOLO, ["You"], 2018, 0, [None])
        end = start
        while not end.over:
            end, _ = apply(end, end.legal_moves()[0])
        app.go_to_menu()
        show_result(app, end, start)
        pump(app)
        screen = app.stack.top
        stop = time.monotonic() + 120
        while not screen.answer.job.finished and time.monotonic() < stop:
            pump(app, 1)
    assert screen.answer.answer is not None and screen.answer.answer.slip is not None
    yield screen
    analysis.forget()


@pytest.mark.parametrize("lang", LANGS)
def test_the_solo_result_says_where_it_slipped_in_words_in_every_language(solo_result, lang):
    i18n.set_language(lang)
    seen = drawn(solo_result.draw_content)
    notation_only_as_second_line(seen)
    slip = solo_result.answer.answer.slip
    assert any(slip.kept.text in words for words, _size in seen)  # the second line is there


@pytest.mark.parametrize("lang", LANGS)
def test_the_slip_tables_panel_says_it_in_words(solo_result, lang):
    from game.match import answer_words
    i18n.set_language(lang)
    box = solo_result.answer
    assert not NOTATION.search(answer_words(box.answer, box.left))
