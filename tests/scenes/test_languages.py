"""Every language: level names and hints whole, keys and titles in their room, and a language
switch in Settings reaches every screen at once. Every scene's words in their boxes, in every
language and with the longest content, is the text audit's (tools/screenshots.py --audit,
tests/test_fit.py)."""

from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game import i18n  # noqa: E402
from game.app import LOGICAL_SIZE  # noqa: E402
from game.engine.modes import Mode  # noqa: E402
from game.engine.state import apply, new_game  # noqa: E402
from game.render import fit  # noqa: E402
from tests.scenes.drive import pump, step_selector  # noqa: E402

LANGS = tuple(i18n.LANGUAGES)
SCREEN = pygame.Rect((0, 0), LOGICAL_SIZE)


@pytest.fixture(scope="module")
def app(module_app):
    return module_app[0]


def finished(state):
    while not state.over:
        state, _ = apply(state, state.legal_moves()[0])
    return state


def two_players(mode=Mode.STANDARD, n=2):
    return new_game(mode, ["Anna", "Ben", "Cleo", "Dan"][:n], 2018, 0, [None] * n)


class Recorder(pygame.Surface):
    """The screen, noting where each rendered text lands."""

    def __init__(self, texts: dict[int, str]) -> None:
        super().__init__(LOGICAL_SIZE, pygame.SRCALPHA)
        self.texts = texts
        self.placed: list[tuple[str, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):
        rect = super().blit(source, dest, area, special_flags)
        words = self.texts.get(id(source)) or fit.words_of(source)  # or fitted (fit.draw)
        if words is not None:
            self.placed.append((words, pygame.Rect(dest if isinstance(dest, pygame.Rect)
                                                   else (dest, source.get_size()))))
        return rect


@pytest.fixture
def watch(monkeypatch):
    """Note every text surface the look helpers make, and every name cut with an ellipsis."""
    from game.render import widgets
    from game.ui import campaign_look as cl
    from game.ui import look
    texts: dict[int, str] = {}
    keep: list = []  # keep surfaces alive so ids stay unique
    cut: list[str] = []

    def noting(fn):
        def wrapper(assets, words, *args, **kwargs):
            surf = fn(assets, words, *args, **kwargs)
            texts[id(surf)] = words
            keep.append(surf)
            return surf
        return wrapper

    real_label = cl.label

    def label(assets, words, *args, **kwargs):
        surf = real_label(assets, words, *args, **kwargs)
        if texts.get(id(surf), words) != words:  # look.text drew a shortened name
            cut.append(words)
        texts[id(surf)] = words
        keep.append(surf)
        return surf

    monkeypatch.setattr(look, "text", noting(look.text))
    real_wrapped = look.wrapped

    def wrapped(assets, words, *args, **kwargs):  # a paragraph fills its width by design
        surf = real_wrapped(assets, words, *args, **kwargs)
        texts[id(surf)] = "\n" + words
        keep.append(surf)
        return surf

    monkeypatch.setattr(look, "wrapped", wrapped)
    monkeypatch.setattr(cl, "label", label)
    real_get = widgets.TextCache.get

    def get(self, text, *args, **kwargs):
        surf = real_get(self, text, *args, **kwargs)
        texts[id(surf)] = text
        keep.append(surf)
        return surf

    monkeypatch.setattr(widgets.TextCache, "get", get)
    return texts, cut  # drawn buttons say how their label fits themselves (Button.fit)


@pytest.mark.parametrize("lang", LANGS)
def test_level_keys_fit_beside_the_table(app, lang):
    """The level panel's key lines (made from the bindings, game/controls.py) are painted once
    into its picture, out of the recorder's sight: each fits its line on the panel, at the
    size the panel draws it or smaller down to its floor."""
    from game.controls import DEFAULT
    from game.render import fit
    from game.scenes.solo.level_table import DEVICES, HELP
    from game.scenes.table.panel import PANEL
    assert i18n.set_language(lang) is None
    for device in DEVICES:
        line = DEFAULT.help_line(device, HELP)
        assert fit.choose(app.assets, line, (PANEL.width - 44, 30), 21, floor=16).fits, \
            f"{lang}: {line!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_last_move_fits_the_panel(app, lang):
    """The panel's "Last move" words fit their three lines for every move of many deals, by
    the longest and the widest name a seat may have: the name is left out where it does not
    fit (the CI's audit once met the German mouse of "Maximilian Wojciechowski" on four)."""
    from game.match.words import describe_move
    from game.online.shared.protocol import NAME_MAX
    from game.scenes.table.panel import LAST_HEAD, LAST_WORDS
    assert i18n.set_language(lang) is None
    box = (LAST_WORDS.width, LAST_WORDS.height - LAST_HEAD)
    names = ["Maximilian Wojciechowski", "W" * NAME_MAX]
    assert all(len(name) <= NAME_MAX for name in names)
    for mode in Mode:
        seats = min((n for n in mode.player_counts if n > 1), default=None)
        if seats is None:
            continue  # solo: no name in the words
        for seed in range(8):
            state = new_game(mode, (names * 4)[:seats], seed, seed % seats)
            for move in state.legal_moves():
                words = describe_move(state, move)
                short = describe_move(state, move, named=False)
                assert fit.choose(app.assets, words, box, 22, shorter=(short,),
                                  spacing=0.84).fits, f"{lang}: {short!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_how_to_play_titles_fit_their_page(app, lang):
    """A page's title sits on the text card (the recorder sees only the screen's edges), and
    the picture's captions on the demo box."""
    from game.scenes.learn import how_to_play as page
    assert i18n.set_language(lang) is None
    bold = app.assets.font
    for title, _body in page.PAGES:
        width = bold(52, True).size(i18n._(title))[0]
        assert width <= page.TEXT_BOX.width - 100, f"{lang}: title {i18n._(title)!r}"
    for words in page.captions():
        width = bold(40, True).size(words)[0]
        assert width <= page.DEMO_BOX.width - 40, f"{lang}: caption {words!r}"


def shared_prefs(app):
    return __import__("game.paths", fromlist=["pref_dir"]).pref_dir()


def test_switching_language_in_settings_reaches_every_screen_at_once(app):
    from game.scenes.settings.settings import SettingsScene
    from game.scenes.title import TitleScene
    app.go_to_menu()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    settings = SettingsScene(app)
    app.push(settings)
    pump(app, 3, draw=False)
    words = lambda scene: sorted(getattr(e, "text", "") for e in scene.elements)  # noqa: E731
    assert "Back" in words(settings) and "New game" in words(title)
    codes = list(i18n.LANGUAGES)
    for _ in codes:  # a click on the Language row's right half steps through the languages
        if i18n.current() == "de":
            break
        step_selector(app, "language")
    assert app.settings.language == "de"
    assert '"language": "de"' in (shared_prefs(app) / "settings.json").read_text()
    assert "Zurück" in words(settings) and "Neues Spiel" in words(title)
    assert all(not e.visible for e in title.elements)  # rebuilt, but still covered
    assert app.ui.get_locale() == "de"
    settings.back()
    pump(app, 3, draw=False)
    assert all(e.visible for e in title.elements)
    saved = (app.settings.language, codes)
    assert saved[0] == "de"
    settings = SettingsScene(app)
    app.push(settings)
    step_selector(app, "language", forward=False)
    assert i18n.current() == codes[codes.index("de") - 1]
    i18n.set_language("en")


def test_a_language_that_fails_to_load_says_so_once_in_settings(app, monkeypatch, tmp_path):
    from game.scenes.message import MessageScene
    from game.scenes.settings.settings import SettingsScene
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: tmp_path / "missing.mo")
    app.go_to_menu()
    settings = SettingsScene(app)
    app.push(settings)
    step_selector(app, "language")  # en -> cs, whose catalogue is now missing
    assert i18n.current() == "en"
    assert isinstance(app.stack.top, MessageScene) and "errors.log" in app.stack.top.message
    while i18n.take_notice():
        pass


def test_title_cards_keep_clear_of_the_longer_german_tagline_after_a_switch(app):
    import math

    from game.scenes.title import LOGO, TAGLINE, TitleScene, tagline_lines, words_span
    from game.ui.language import switch_language
    app.go_to_menu()
    scene = app.stack.top
    assert isinstance(scene, TitleScene)
    english = words_span(app.assets)
    switch_language(app, "de")
    left, right = words_span(app.assets)
    assert right - left > english[1] - english[0]  # German is wider here
    _words, _size, top, step = TAGLINE
    lines = tagline_lines()
    words = pygame.Rect(left, LOGO[2], right - left, top + len(lines) * step - LOGO[2])
    for tick in range(600):
        for flyer in scene.flyers:
            flyer.update(0.1, 1.0)
        if tick % 5:
            continue
        for flyer in scene.flyers:
            image = app.assets.card_turned(flyer.name, flyer.width, round(flyer.angle))
            x = flyer.x + math.sin(flyer.phase) * flyer.sway
            rect = image.get_rect(center=(round(x), round(flyer.y)))
            assert not rect.colliderect(words), (flyer.name, rect)
    switch_language(app, "en")


def test_a_catalogue_that_fails_at_start_is_told_once_over_the_title(app, monkeypatch, tmp_path):
    from game.scenes.message import MessageScene
    from game.scenes.title import TitleScene
    broken = tmp_path / "scare_it.mo"
    broken.write_bytes(b"\x00" * 40)
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: broken)
    assert i18n.start("", "pl") == "en"
    app.go_to_menu()
    pump(app, 3, draw=False)
    assert isinstance(app.stack.top, MessageScene) and "Polski" in app.stack.top.message
    app.go_to_menu()
    pump(app, 3, draw=False)
    assert isinstance(app.stack.top, TitleScene)  # once only


def test_every_level_name_and_hint_is_shown_whole_in_every_language(app, watch):
    """The level screen wraps the name and the teaching line into its panel: every word of
    them must be drawn, in every language (a long German hint must not lose its end)."""
    from game.scenes.solo.level_play import level_scene
    from game.scenes.table.view import snapshot
    texts, cut = watch
    campaign = app.files.campaign()
    problems = []
    for level in campaign.levels:
        i18n.set_language("en")
        scene = level_scene(app, level)
        app.stack.clear(scene)  # entered once: the panel reads the words when it draws
        for lang in LANGS:
            i18n.set_language(lang)
            screen = Recorder(texts)
            scene.kind.panel.draw(screen, snapshot(scene))  # the table keeps its panel cached
            shown = " ".join(words for words, _rect in screen.placed).split()
            for what in (level.name, level.hint):
                missing = [w for w in what.split() if w not in shown]
                if missing:
                    problems.append(f"{lang} {level.id}: {what!r} lost {missing}")
    i18n.set_language("en")
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_every_chapter_level_select_names_every_level_uncut(app, watch, lang):
    from game.scenes.solo.level_select import LevelSelectScene
    texts, cut = watch
    i18n.set_language(lang)
    for chapter in app.files.campaign().chapters:
        app.go_to_menu()
        app.push(LevelSelectScene(app, chapter.number))
        app.stack.top.draw(Recorder(texts))
    i18n.set_language("en")
    assert cut == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_volume_is_a_percentage_written_as_the_language_writes_it(app, lang):
    from game.scenes.settings.settings import SettingsScene
    assert i18n.set_language(lang) is None
    try:
        app.settings.volume = 0.8
        scene = SettingsScene(app)
        app.push(scene)
        pump(app, 3, draw=False)
        screen = Recorder({})
        scene.draw_content(screen)
        words = [w for w, _rect in screen.placed]
        assert i18n.format_percent(80) in words, words
        assert ("80\u00a0%" in words) == ("\u00a0%" in i18n.LANGUAGES[lang].percent)
        app.pop()
    finally:
        i18n.set_language("en")


# Nouns that guess a winner's gender (docs/GLOSSARY.md: nobody's gender is guessed).
GENDERED_WINNER = {"en": (), "cs": ("Vítěz", "vítěz"), "de": ("Sieger", "Gewinner"),
                   "pl": ("Zwycięz", "zwycięz")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_winner_line_guesses_no_gender(lang):
    from game.scenes.table.replay import ending_words
    final = finished(two_players())
    i18n.set_language(lang)
    try:
        words = ending_words(final)
        assert lang in GENDERED_WINNER
        assert not [w for w in GENDERED_WINNER[lang] if w in words], words
        assert any(p.name in words for p in final.players)
        # The Replays line: one pattern, the winner part in lower case after its dash.
        from game.scenes.records.replays import replay_line
        line = replay_line("today", "Standard", final)
        ending = line.rsplit(" \u2014 " if lang == "en" else " \u2013 ", 1)[1]
        assert ending[0].islower() and not [w for w in GENDERED_WINNER[lang] if w in line]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_setup_labels_share_one_size_in_every_language(app, lang):
    """A long label (the German cat question) takes two lines, not a much smaller size."""
    from game.scenes.table import setup
    assert i18n.set_language(lang) is None
    try:
        for words, box in ((i18n._("Who last stroked a cat?"), setup.label_box(0, tall=True)),
                           (i18n._("Seed (optional)"), setup.label_box(0, 70)),
                           (i18n._("Players"), setup.label_box(0))):
            chosen = fit.choose(app.assets, words, box.size, setup.LABEL_SIZE, True,
                                spacing=setup.LABEL_SPACING)
            assert chosen.fits and chosen.size == setup.LABEL_SIZE, (words, chosen)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGS)
def test_a_solo_replay_line_is_one_pattern_in_lower_case_after_its_dash(lang):
    from game.scenes.records.replays import replay_line
    final = finished(new_game(Mode.SOLO, ["Anna"], 2018, 0, [None]))
    i18n.set_language(lang)
    try:
        line = replay_line("today", "Solo", final)
        ending = line.rsplit(" \u2014 " if lang == "en" else " \u2013 ", 1)[1]
        assert ending[0].islower() or ending[0].isdigit(), line
        assert str(final.position.card_count()) in ending
    finally:
        i18n.set_language("en")
