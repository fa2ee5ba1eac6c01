"""Settings -> Text size 200 % on the records and small screens (issue 50): Saved games, a
person's page, recent solo deals, Moves so far, the settings' pages and a name refused. Each
reading text on them is drawn at least 1.8 times as tall as at 100 % (measured where text is
drawn, game/render/fit.py), and nothing is cut."""

from __future__ import annotations

from datetime import date

import pytest

from game import i18n
from game.engine import Mode, apply, new_game
from game.render import looks
from tests.scenes.test_big_text import recording
from tests.scenes.test_big_text_screens import LONG, drawn, on_page, short_of

NAMES = [LONG, "Maximilian Wojciechowski", "Bartholomew Featherstone", "Anna-Katharina Oberhofer",
         "Gwendolyn Montgomery-Orr", "Friedrich Wilhelm Bäumer", "Jan Przybyszewski-Wójcik",
         "Anna"]
TODAY = date(2026, 12, 7)


@pytest.fixture
def app(menu_app, monkeypatch):
    yield from recording(menu_app, monkeypatch)  # the big-text tests' one fixture


def saved_games(app):
    """Saved games of the longest names, every mode (eight seats the most), on each page."""
    from game.match.controller import Match
    from game.match.loading import save_game
    from game.scenes.records.saved_games import SavedGamesScene

    for seed, mode in enumerate(Mode):
        players = max(mode.player_counts)
        match = Match(new_game(mode, NAMES[:players], seed, 0, [None] * players))
        while match.ply < 5:
            match.play(next(m for m in match.state.legal_moves()
                            if not apply(match.state, m)[0].over))
        save_game(match.save_text())

    def on_page(page: int):
        def make():
            scene = SavedGamesScene(app, today=TODAY)
            scene.page = page
            return scene
        return make
    return [on_page(page) for page in range(len(Mode))]  # past the last: an empty page


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_saved_games_rows_grow_at_200(app, lang):
    """Each game's line, the longest names in it (counted at 200 % where they fill the row):
    at 200 % fewer rows to a page."""
    from game.match import load_games
    from game.scenes.records.saved_games import SavedGamesScene

    assert i18n.set_language(lang) is None
    makes = saved_games(app)
    scene = SavedGamesScene(app, today=TODAY)
    shorter = {scene.words(game): scene.words(game, short=True) for game in load_games()[0]}
    assert short_of(app, *makes, shorter=shorter.get) == {}


def person_pages(app, tmp_path):
    """The page of a person who played every mode at the couch and online, and alone, with
    the longest names: each of its pages in turn (one at 100 %: it shows every panel)."""
    from game.campaign.people import People
    from game.engine.ai import SKILLS
    from game.scenes.records.person_stats import PersonScene

    people = People(tmp_path / "people")
    app.files.use_people(people)
    seed = 0
    for online in (False, True):
        for mode in (m for m in Mode if not m.solo):
            players = max(mode.player_counts)
            bots = [None] * (players - 1) + [list(SKILLS)[seed % len(SKILLS)]]
            for _ in range(2):
                seed += 1
                state = new_game(mode, NAMES[:players], seed, 0, bots)
                while not state.over:
                    state = apply(state, state.legal_moves()[0])[0]
                people.record_match(state, game=f"g{seed}", online=online, day=TODAY)
    for mode in (m for m in Mode if m.solo):
        seed += 1
        state = new_game(mode, [LONG], seed, 0, [None])
        while not state.over:
            state = apply(state, state.legal_moves()[0])[0]
        people.record_solo(state, game=f"g{seed}")

    return [on_page(lambda: PersonScene(app, LONG, today=TODAY), shown) for shown in range(6)]  # past the last: the last again


# 2-4 s a language: in make test-slow, beside the every-screen
# audit at 200 % that walks these screens too (make test keeps within its five minutes).
@pytest.mark.slow
@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_a_persons_page_grows_at_200(app, lang, tmp_path):
    """Games by mode, whom with (the longest names) and the streak: at 200 % one panel at a
    time, a long one over more pages, every line at least 1.8 times as tall."""
    assert i18n.set_language(lang) is None
    try:
        assert short_of(app, *person_pages(app, tmp_path)) == {}
    finally:
        app.files.use_people(None)


def moves_words(count: int) -> list[str]:
    """The first `count` moves of a game of long first names, in words (Moves so far: at
    100 % a whole long name's move is drawn on two lines in a row's room, left alone here)."""
    from game.match.controller import Match

    match = Match(new_game(Mode.STANDARD, [name.split()[0] for name in NAMES[:3]], 3, 0,
                           [None] * 3))
    while match.ply < count:
        match.play(next(m for m in match.state.legal_moves()
                        if not apply(match.state, m)[0].over))
    return match.move_list()


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_moves_so_far_grow_at_200(app, lang):
    """Each move in words, long names in them: at 200 % each wraps at its large size,
    the latest that fit shown (a long game's: none cut)."""
    from game.scenes.table.moves import MovesScene

    assert i18n.set_language(lang) is None
    few, many = moves_words(3), moves_words(20)
    assert short_of(app, lambda: MovesScene(app, few)) == {}
    # A long game at 200 %: the latest moves, each at the large size (at 100 % the note
    # "(the latest 12 moves)" runs into the Czech heading: left alone here).
    large = drawn(app, lambda: MovesScene(app, many), 2.0)
    shown = [words for words in many if words in large]
    assert shown == many[-len(shown):] and len(shown) >= 3
    assert {large[words] for words in shown} == {app.assets.font(looks.LARGE).get_height()}


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_a_name_refused_is_told_larger_at_200(app, lang):
    """A new name of spaces refused in its box (the Solo menu's New name): the refusal
    wraps at its large size in a taller box."""
    from game.scenes.solo.who_plays import NewNameScene

    def refused(scene) -> None:
        scene.name_entry.set_text("   ")
        scene._take()

    def make():
        return NewNameScene(app, None)
    make.then = refused
    assert i18n.set_language(lang) is None
    assert short_of(app, make) == {}


# 2-4 s a language: in make test-slow, beside the every-screen
# audit at 200 % that walks these screens too (make test keeps within its five minutes).
@pytest.mark.slow
@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_the_settings_labels_grow_at_200(app, lang):
    """Settings -> Controls (each action's name, on each page: three to a page at
    200 %) and Settings -> Help (each help's name): a long one wraps onto a second line."""
    from game.controls import ACTIONS
    from game.scenes.settings.controls import ControlsScene
    from game.scenes.settings.helps import HelpScene

    assert i18n.set_language(lang) is None
    assert short_of(app, *(on_page(lambda: ControlsScene(app), shown)
                           for shown in range(len(ACTIONS))),
                    lambda: HelpScene(app)) == {}


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_recent_solo_deals_grow_at_200(app, lang, tmp_path):
    """Each result's day, deal, cards left, best possible and hints (the advanced deals'
    "target lost" the longest): at 200 % a result's columns flow at their large size, the
    results a page at a time."""
    from datetime import timedelta

    from game.campaign.stats import Statistics
    from game.scenes.records.recent_solo import RecentSoloScene

    stats = Statistics(tmp_path / "stats")
    app.files.use_statistics(stats)
    for seed in range(14):
        mode = Mode.SOLO_ADVANCED if seed % 2 else Mode.SOLO
        state = new_game(mode, ["You"], seed, 0, [None])
        while not state.over:
            state = apply(state, state.legal_moves()[0])[0]
        stats.record_solo(state, game=f"deal-{seed}", hints=seed % 3 == 1,
                          daily=TODAY - timedelta(days=seed) if seed % 5 == 0 else None,
                          today=TODAY)
        stats.note_best(f"deal-{seed}", None if seed % 4 == 1 else 1 + seed % 3)

    assert i18n.set_language(lang) is None
    try:
        assert short_of(app, *(on_page(lambda: RecentSoloScene(app), shown)
                               for shown in range(8))) == {}
    finally:
        app.files.use_statistics(None)


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_a_replays_last_move_and_buttons_grow_at_200(app, lang):
    """A replay of three seats of the longest names, paused four moves in: the last move
    in words (a long name in it), the game's line and Pause / Play (a long word in Czech and
    Polish) at least 1.8 times as tall."""
    assert i18n.set_language(lang) is None
    assert short_of(app, replay_of(app, Mode.STANDARD, 3)) == {}


def replay_of(app, mode: Mode, seats: int):
    """A replay of `seats` seats of the longest names, paused four moves in."""
    from game.match.record import record_of
    from game.scenes.table.replay import replay_scene
    from tests.scenes.drive import pump

    start = new_game(mode, NAMES[:seats], 2018, 0, [None] * seats)
    moves, state = [], start
    for _turn in range(7):
        move = next(m for m in state.legal_moves() if not apply(state, m)[0].over)
        moves.append(move)
        state = apply(state, move)[0]

    def stepped(table) -> None:
        for _press in range(4):
            table.commands.run("forward")
            pump(app, 30, force=True)
        table.commands.run("play")  # paused: Play on its button
        pump(app, 30, force=True)

    def make():
        return replay_scene(app, record_of(start, moves))
    make.then = stepped
    return make


def test_a_replay_of_eight_seats_fits_at_200(app):
    """Eight seats of the longest names: at 200 % the seats close up, their task cards
    smaller, so the speed and the last move stay above the buttons (they ran under them);
    the last move smaller where the room is short, never cut."""
    assert i18n.set_language("de") is None
    large = drawn(app, replay_of(app, Mode.ALL_INCLUDED, 8), 2.0)  # nothing cut or across
    assert "Letzter Zug" in large  # the last move under its heading


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
def test_the_reviews_words_grow_at_200(app, lang, monkeypatch, tmp_path):
    """The review of a game of the longest names at the move the expert would have played
    otherwise with the most words, in both views: the verdict, the chances and what the mover knew, at least
    1.8 times as tall at 200 % (over pages of the move's words there), none cut."""
    from game.engine.rng import Rng
    from game.match import VIEWS
    from game.match.controller import Match
    from game.scenes.records import review as review_scene
    from game.scenes.records.review import ReviewScene

    monkeypatch.setattr(review_scene, "PROCESS", False)
    monkeypatch.setattr(review_scene, "NODES", 400)
    match = Match(new_game(Mode.STANDARD, NAMES[:2], 5, 0, [None] * 2), undo=False)
    rng = Rng(5)
    while not match.over:
        match.play(rng.choice(match.state.legal_moves()))
    record, cache = match.record(), tmp_path / "review.json"

    def shown(view: str, page: int):
        def make():
            return ReviewScene(app, record, cache)

        def then(scene) -> None:
            scene.view = view

            def wordy(number: int) -> int:  # the move with the most words in this view
                scene.selected = number
                return sum(map(len, scene.lines()))
            scene.select(max((t.number for t in scene.review.turns if t.expert is not None),
                             key=wordy))
            scene.page = page
            scene.rebuild()
        make.until = lambda scene: scene.review is not None
        make.then = then
        return make
    assert i18n.set_language(lang) is None
    short = short_of(app, *(shown(view, page) for view in VIEWS for page in range(4)))
    # The chart's move numbers (larger at 200 %, fewer of them) and names (beside it a first
    # name at 100 %, the whole name wrapped at 200 %): test_big_text's review test.
    firsts = {name.split()[0] for name in NAMES}
    assert {words: sizes for words, sizes in short.items()
            if not ((words.isdigit() or words in firsts) and sizes[1] is None)} == {}
