"""Translations: plural forms, the catalogue check, a damaged catalogue, choosing the language,
translated level fields and the glyphs of every translated word."""

from __future__ import annotations

import dataclasses
import io
import sys
from pathlib import Path

import pygame
import pytest
from babel import numbers as babel_numbers
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from game import i18n
from game.campaign.levels import DEFAULT_ROOT, LevelFileError, load_campaign, load_level
from tests.tool import load_tool

ROOT = Path(__file__).resolve().parent.parent
LANGS = tuple(code for code in i18n.LANGUAGES if code != i18n.SOURCE)  # each has a catalogue


def _tool():
    return load_tool("translations")


@pytest.fixture(scope="module")
def tool():
    return _tool()


@pytest.fixture
def prefs(tmp_path, monkeypatch):
    monkeypatch.setenv("SCARE_IT_PREFS", str(tmp_path))
    return tmp_path


def test_the_translation_tool_keeps_a_catalogue_of_every_registered_language(tool):
    """Adding a language to i18n.LANGUAGES gives it a catalogue; its header words are needed."""
    assert tool.LANGS == LANGS
    assert set(tool.LANG_NAMES) == set(tool.PLURAL_FORMS) == set(LANGS)


def cards(n: int) -> str:
    return i18n.ngettext("%(n)d card", "%(n)d cards", n) % {"n": n}


# Examples of what each language must print. The tests run over the game's own registry of
# languages, so a language added without its examples fails here instead of going unchecked.
PLURALS = {
    "cs": ["1 karta", "2 karty", "5 karet", "22 karet", "25 karet"],
    "pl": ["1 karta", "2 karty", "5 kart", "22 karty", "25 kart"],
    "de": ["1 Karte", "2 Karten", "5 Karten", "22 Karten", "25 Karten"],
    "en": ["1 card", "2 cards", "5 cards", "22 cards", "25 cards"],
}
DECIMALS = {"en": "1,234.50", "cs": "1\u202f234,50", "de": "1.234,50", "pl": "1\u202f234,50"}
DAYS = {"en": "2026-11-06 09:05", "cs": "6.\u00a011.\u00a02026 09:05", "de": "06.11.2026 09:05",
        "pl": "06.11.2026 09:05"}


def example(table: dict, lang: str):
    assert lang in table, f"no example for the language {lang!r}: add one"
    return table[lang]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_plural_forms_follow_each_language(lang):
    assert i18n.set_language(lang) is None
    assert [cards(n) for n in (1, 2, 5, 22, 25)] == example(PLURALS, lang)


def test_card_words_are_the_printed_editions(prefs):
    from game.engine.cards import Animal, Colour, parse_card
    expected = {
        "de": (["Elefant", "Hund", "Katze", "Maus"], ["Gelb", "Orange", "Lila", "Blau"]),
        "pl": (["Słoń", "Pies", "Kot", "Mysz"], ["Żółty", "Pomarańczowy", "Fioletowy", "Niebieski"]),
        "cs": (["Slon", "Pes", "Kočka", "Myš"], ["Žlutá", "Oranžová", "Fialová", "Modrá"]),
        "en": (["Elephant", "Dog", "Cat", "Mouse"], ["Yellow", "Orange", "Purple", "Blue"]),
    }
    for lang in i18n.LANGUAGES:
        animals, colours = example(expected, lang)
        i18n.set_language(lang)
        assert [a.label for a in Animal] == animals
        assert [c.label for c in Colour] == colours
    i18n.set_language("cs")
    assert (parse_card("YD").label, parse_card("YC").label) == ("žlutý pes", "žlutá kočka")
    assert (parse_card("YD").object_label, parse_card("YC").object_label) == ("žlutého psa",
                                                                              "žlutou kočku")
    i18n.set_language("pl")
    assert Animal.CAT.object_label == "kota" and parse_card("BM").object_label == "niebieską mysz"
    i18n.set_language("de")
    # German names a card in a sentence with its article, in the case the sentence needs.
    assert parse_card("OE").object_label == "den orangen Elefanten"
    assert parse_card("BC").subject_label == "die blaue Katze"
    i18n.set_language("en")
    assert parse_card("YC").label == "yellow cat"
    assert parse_card("YC").subject_label == parse_card("YC").object_label == "the yellow cat"


def test_a_move_reads_as_a_whole_sentence_in_each_language(prefs):
    """The move history is past tense (Czech and Polish agree with the scarer), German has its
    articles, and a line opens with a capital."""
    from game.engine.cards import parse_card
    from game.engine.modes import Mode
    from game.engine.moves import Move
    from game.engine.position import Position
    from game.engine.state import new_game
    from game.match.words import describe_move, describe_next
    position = Position(((parse_card("YC"),), (parse_card("BM"),)), 1)
    state = dataclasses.replace(new_game(Mode.SOLO, ["Anna"], 1, 0, [None]), position=position)
    move = Move((0, 0), (1, 0), False)
    expected = {
        "en": ("The yellow cat scared the blue mouse on b1",
               "The yellow cat on a1 scares the blue mouse on b1"),
        "cs": ("Žlutá kočka vystrašila modrou myš na b1", "Žlutá kočka na a1 vystraší modrou myš na b1"),
        "de": ("Die gelbe Katze hat die blaue Maus auf b1 erschreckt",
               "Die gelbe Katze auf a1 erschreckt die blaue Maus auf b1"),
        "pl": ("Żółty kot wystraszył niebieską mysz na b1", "Żółty kot na a1 straszy niebieską mysz na b1"),
    }
    for lang in i18n.LANGUAGES:
        played, hint = example(expected, lang)
        i18n.set_language(lang)
        assert describe_move(state, move) == played
        assert describe_next(position, move) == hint
        # After "Hint:" Czech and Polish go on in lower case, English and German do not.
        after = describe_next(position, move, opens=False)
        assert after == i18n.after_colon(hint[0].lower() + hint[1:])
        assert after[0].islower() == (not i18n.LANGUAGES[lang].colon_capital)
    i18n.set_language("en")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_numbers_are_written_the_way_each_language_writes_them(lang):
    i18n.set_language(lang)
    assert i18n.format_decimal(1234.5, 2) == example(DECIMALS, lang)
    assert i18n.format_number(0.5) == ("0.5" if lang == "en" else "0,5")
    assert i18n.format_number(2.0) == "2"
    i18n.set_language("en")


# A share of 100 as each language writes it: Czech and German put a no-break space before "%".
PERCENTS = {"en": "80%", "cs": "80\u00a0%", "de": "80\u00a0%", "pl": "80%"}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_percentage_is_written_the_way_each_language_writes_it(lang):
    i18n.set_language(lang)
    assert i18n.format_percent(80) == example(PERCENTS, lang)
    assert i18n.format_percent(12.5).startswith("12" + i18n.language().point + "5")
    i18n.set_language("en")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_percentage_rule_agrees_with_cldr(lang):
    """The small per-language rule the game carries (Babel is a developer tool here, not a
    run-time dependency) writes whole percentages as Unicode's CLDR data does."""
    i18n.set_language(lang)
    try:
        for n in (0, 5, 80, 100):
            assert i18n.format_percent(n) == babel_numbers.format_percent(n / 100, locale=lang)
    finally:
        i18n.set_language("en")


def test_the_game_name_and_czech_and_polish_one_letter_words_hold_to_the_next_word():
    i18n.set_language("cs")
    assert i18n.bind("nejsou v něm, k nim a s tebou; V domácí síti") == (
        "nejsou v\u00a0něm, k\u00a0nim a\u00a0s\u00a0tebou; V\u00a0domácí síti")
    assert i18n.bind("LB/RB a Ctrl+R restart, b1 c2") == "LB/RB a\u00a0Ctrl+R restart, b1 c2"
    i18n.set_language("pl")
    assert i18n.bind("w domu i z nami") == "w\u00a0domu i\u00a0z\u00a0nami"
    i18n.set_language("en")
    assert i18n.bind("a cat in Scare It! now") == "a cat in Scare\u00a0It! now"
    assert i18n.bind("deal 7 · 2 cards left  ·  no title — Anna") == (
        "deal 7\u00a0· 2 cards left\u00a0\u00a0·  no title\u00a0— Anna")  # as wide each side
    i18n.set_language("en")


# "Hint: …": English and German capitalise a whole sentence after a colon, Czech and Polish not.
AFTER_COLON = {"en": "The yellow dog", "de": "The yellow dog", "cs": "the yellow dog",
               "pl": "the yellow dog"}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_sentence_after_a_colon_is_capitalised_as_each_language_does(lang):
    i18n.set_language(lang)
    assert i18n.after_colon("the yellow dog") == example(AFTER_COLON, lang)
    i18n.set_language("en")


def test_a_refused_file_says_why_in_the_players_words(prefs, tmp_path):
    import errno
    i18n.set_language("de")
    assert i18n.reason(OSError(errno.ENOSPC, "No space left on device")) == \
        "der Datenträger ist voll"
    assert i18n.reason(i18n.FileRefused("schon übersetzt")) == "schon übersetzt"
    (tmp_path / "settings.json").write_text("[1, 2]", encoding="utf-8")
    from game.settings import Settings
    _settings, notice = Settings.load()
    assert notice is not None and "keine Einstellungen darin" in notice
    assert "JSON" not in notice and "object" not in notice
    i18n.set_language("en")


def test_the_catalogues_pass_the_check(tool):
    """Every message translated, none fuzzy, placeholders kept, .mo compiled from its .po, and
    no unmarked player-facing string in the scanned code."""
    problems = tool.check()
    assert problems == []


def test_the_check_finds_untranslated_fuzzy_and_changed_placeholders(tool):
    from babel.messages.catalog import Catalog
    template = Catalog()
    for msgid in ("New game", "Pass to %(name)s", "{x} left", "Quit"):
        template.add(msgid)
    template.add(("%(n)d card", "%(n)d cards"))
    catalog = Catalog(locale="cs")
    catalog.add("New game", "Nová hra")
    catalog.add("Pass to %(name)s", "Předej hráči %(jmeno)s")
    catalog.add("{x} left", "Zbývá {y}")
    catalog.add("Quit", "Konec", flags=["fuzzy"])
    catalog.add(("%(n)d card", "%(n)d cards"), ("%(n)d karta", "", ""))
    found = "\n".join(tool.catalog_problems(catalog, "cs", template, "cs.po"))
    assert "placeholders differ in 'Pass to %(name)s'" in found
    assert "placeholders differ in '{x} left'" in found
    assert "fuzzy 'Quit'" in found
    assert "untranslated '%(n)d card'" in found
    assert "New game" not in found
    template.add("Settings")
    assert "missing 'Settings'" in "\n".join(tool.catalog_problems(catalog, "cs", template, "x"))


def test_the_check_finds_unmarked_player_words(tool, tmp_path):
    source = tmp_path / "scene.py"
    source.write_text(
        "from game.i18n import N_, _\n"
        "LABELS = (N_('Slow'), 'Very fast')\n"
        "FILE = 'progress.json'\n"
        "def draw(look, assets, n):\n"
        "    look.text(assets, 'Hello there', 40)\n"
        "    look.text(assets, _('Marked'), 40)\n"
        "    look.text(assets, f'{n} of 10 stars', 40)\n"
        "    heading = 'Unmarked heading'\n"
        "    return 'Muted' if n else _('On')\n", encoding="utf-8")
    words = [w for _, w in tool.unmarked(source)]
    assert words == ["Very fast", "Hello there", " of 10 stars", "Unmarked heading", "Muted"]


def test_the_check_finds_a_shadowed_underscore(tool, tmp_path):
    source = tmp_path / "scene.py"
    source.write_text("from game.i18n import _\n"
                      "def draw(rect):\n"
                      "    _, y, _, h = rect\n"
                      "    return _('Settings')\n"
                      "def fine(rows):\n"
                      "    return [_('Row') for _row in rows] + [1 for _ in rows]\n",
                      encoding="utf-8")
    assert tool.shadowed(source) == [2]


@pytest.mark.parametrize("damage", [b"", b"not a catalogue at all", None, "truncated"])
def test_a_damaged_or_missing_catalogue_means_english_and_one_notice(prefs, monkeypatch, tmp_path,
                                                                       damage):
    good = i18n.catalogue_path("de").read_bytes()
    bad = tmp_path / "scare_it.mo"
    if damage == "truncated":
        bad.write_bytes(good[: len(good) // 2])
    elif damage is not None:
        bad.write_bytes(damage)  # None: the file is missing
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: bad)
    while i18n.take_notice():
        pass
    notice = i18n.set_language("de")
    assert notice and "Deutsch" in notice and "errors.log" in notice
    assert i18n.current() == "en" and i18n._("New game") == "New game"
    assert i18n.take_notice() == notice and i18n.take_notice() is None  # told once
    log = (prefs / "errors.log").read_text(encoding="utf-8")
    assert "language de" in log and "English is used instead" in log


def test_a_damaged_plural_rule_is_caught_at_load(prefs, monkeypatch, tmp_path):
    catalog = Catalog(locale="de")
    catalog.add("New game", "Neues Spiel")
    buf = io.BytesIO()
    write_mo(buf, catalog)
    data = buf.getvalue().replace(b"plural=(n != 1)", b"plural=(n !! 1)")
    assert b"n !! 1" in data
    bad = tmp_path / "scare_it.mo"
    bad.write_bytes(data)
    monkeypatch.setattr(i18n, "catalogue_path", lambda code: bad)
    assert i18n.set_language("de") is not None and i18n.current() == "en"
    i18n.take_notice()


@pytest.mark.parametrize("tag, code", [("cs_CZ.UTF-8", "cs"), ("de-AT", "de"), ("pl", "pl"),
                                       ("fr_FR", None), ("", None), ("C", None), ("en_GB", "en")])
def test_locale_tags_match_our_languages(tag, code):
    assert i18n.match(tag) == code


def test_the_system_language_comes_from_sdl_then_the_environment(monkeypatch):
    monkeypatch.setattr(pygame.system, "get_pref_locales",
                        lambda: [{"language": "fr", "country": "FR"},
                                 {"language": "pl", "country": "PL"}])
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.system_language() == "pl"
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: [])
    monkeypatch.setenv("LANGUAGE", "fr:cs")
    assert i18n.system_language() == "cs"
    monkeypatch.delenv("LANGUAGE")
    assert i18n.system_language() == "de"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert i18n.system_language() == "en"


def test_start_prefers_the_command_line_then_the_setting_then_the_system(monkeypatch):
    monkeypatch.setattr(i18n, "system_language", lambda: "pl")
    assert i18n.start("de", "cs") == "cs"
    assert i18n.start("de") == "de"
    assert i18n.start("") == "pl"
    assert i18n.start("xx") == "pl"  # a hand-edited settings file with no such language


def test_lang_option_sets_the_language_for_one_run(capsys, monkeypatch, prefs):
    import types

    from game.cli import main
    seen = []
    fake = types.ModuleType("game.app")
    fake.run = lambda **options: seen.append(i18n.current()) or 0
    monkeypatch.setitem(sys.modules, "game.app", fake)
    assert main(["--lang", "pl", "--frames", "1"]) == 0
    assert seen == ["pl"]
    assert not (prefs / "settings.json").exists()  # one run: nothing saved


def test_unknown_lang_is_one_line_and_status_2(capsys):
    from game.cli import main
    assert main(["--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown language 'fr'" in err and "cs" in err


# --- level files ------------------------------------------------------------------------------
LEVEL = """id: cat
name: Cat and Mouse
name.cs: Kočka a myš
chapter: 1
par: 1
hint: A cat scares a mouse.
hint.de: Die Katze erschreckt die Maus.
{extra}
YC PM
"""


def test_translated_level_fields_follow_the_language(tmp_path):
    path = tmp_path / "cat.txt"
    path.write_text(LEVEL.format(extra=""), encoding="utf-8")
    level = load_level(path)
    assert (level.name, level.hint) == ("Cat and Mouse", "A cat scares a mouse.")
    i18n.set_language("cs")
    assert (level.name, level.hint) == ("Kočka a myš", "A cat scares a mouse.")  # no hint.cs
    i18n.set_language("de")
    assert (level.name, level.hint) == ("Cat and Mouse", "Die Katze erschreckt die Maus.")
    from game.campaign.levels import format_level
    again = tmp_path / "again.txt"
    again.write_text(format_level(level), encoding="utf-8")
    assert load_level(again).translations == level.translations


@pytest.mark.parametrize("extra, line, needle", [
    ("par.cs: 2", 8, "only name, hint can be translated"),
    ("name.fr: Chat et souris", 8, "unknown language 'fr'"),
    ("name.cs:", 8, "is empty"),
    ("name.cs: Znovu", 8, "given twice"),
])
def test_a_malformed_translated_field_is_refused_naming_file_and_line(tmp_path, extra, line,
                                                                         needle):
    path = tmp_path / "bad.txt"
    path.write_text(LEVEL.format(extra=extra), encoding="utf-8")
    with pytest.raises(LevelFileError) as err:
        load_level(path)
    assert err.value.error.line == line and needle in err.value.error.problem
    assert str(path) in str(err.value)


def test_every_shipped_level_and_chapter_speaks_every_language():
    campaign = load_campaign(DEFAULT_ROOT)
    assert not campaign.errors and len(campaign.levels) == 49
    for lang in LANGS:
        for chapter in campaign.chapters:
            assert f"name.{lang}" in chapter.translations and f"about.{lang}" in chapter.translations
        for level in campaign.levels:
            assert f"name.{lang}" in level.translations, level.id
            if level.english_hint:
                assert f"hint.{lang}" in level.translations, level.id


# --- glyphs -----------------------------------------------------------------------------------
def every_translated_text(tool) -> set[str]:
    texts = set()
    for lang in LANGS:
        for msg in tool.read_catalog(lang):
            strings = msg.string if isinstance(msg.string, (tuple, list)) else (msg.string,)
            texts.update(s for s in strings if s)
    campaign = load_campaign(DEFAULT_ROOT)
    for words in (*campaign.levels, *campaign.chapters):
        texts.update(words.translations.values())
    texts.update(lang.name for lang in i18n.LANGUAGES.values())  # the Settings language names
    return texts


def test_the_font_has_every_glyph_of_every_translation(tool):
    pygame.font.init()
    texts = every_translated_text(tool)
    assert len(texts) > 300
    from game.render.fit import missing_glyphs
    chars = "".join(sorted({c for text in texts for c in text if not c.isspace()}))
    for name in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf"):
        font = pygame.font.Font(str(ROOT / "assets" / "fonts" / name), 24)
        assert missing_glyphs(font, chars) == [], f"{name} lacks them"
        assert missing_glyphs(font, "\u2605") == ["\u2605"]  # the check can fail: no star


def test_a_refused_level_file_says_why_in_the_players_words(prefs, tmp_path):
    """The loader's reason stays English for level makers (problem) and is translated for the
    player (words) - the My puzzles case of par 'two'."""
    bad = tmp_path / "bad.txt"
    bad.write_text("id: bad\nname: Bad\nchapter: 1\npar: two\n\nYC PM\n", encoding="utf-8")
    with pytest.raises(LevelFileError) as caught:
        load_level(bad)
    error = caught.value.error
    assert error.problem == "par must be a whole number, not 'two'"
    whole = {"de": "ganze Zahl", "cs": "celé číslo", "pl": "liczbą całkowitą"}
    for lang in LANGS:
        words = example(whole, lang)
        i18n.set_language(lang)
        assert words in error.words and "whole number" not in error.words
    i18n.set_language("en")
    assert error.words == error.problem


def test_the_review_sheet_puts_each_message_beside_its_screenshots(tool, tmp_path, monkeypatch):
    """`translations.py sheet`: a message seen on a shot links the shot, the rest come last."""
    monkeypatch.setattr(tool, "shots_by_message", lambda lang, outdir: {
        (None, "New game"): ["title", "setup"], ("scared", "the yellow cat"): ["play"]})
    page = tool.write_sheet("de", tmp_path).read_text(encoding="utf-8")
    seen, unseen = page.split("Not on any screenshot")
    assert "Neues Spiel" in seen and 'src="title.png"' in seen and 'src="setup.png"' in seen
    assert "die gelbe Katze" in seen and 'src="play.png"' in seen
    assert "<td>New game</td>" not in unseen and "<td>Settings</td>" in unseen


def test_the_recorder_notes_every_lookup_kind():
    import gettext
    tool = _tool()
    seen: set = set()
    recorder = tool.MessageRecorder(gettext.NullTranslations(), seen)
    recorder.gettext("Quit")
    recorder.ngettext("%(n)d card", "%(n)d cards", 3)
    recorder.pgettext("scared", "the cat")
    assert seen == {(None, "Quit"), (None, "%(n)d card"), ("scared", "the cat")}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_day_is_written_the_way_each_language_writes_it(lang):
    from datetime import date
    text = example(DAYS, lang)
    i18n.set_language(lang)
    assert i18n.format_date(date(2026, 11, 6), "09:05") == text
    assert i18n.format_date("2026-11-06") == text.split(" 09")[0]
    assert i18n.format_date("not a day") == "not a day"  # a damaged record's field, shown as is
    i18n.set_language("en")


# --- the house style for dashes (docs/GLOSSARY.md) ---------------------------------------------
RANGE = ("%(first)s", "%(first_year)d")  # a span of months: an en dash in every language


def test_english_breaks_with_an_em_dash_and_translations_with_an_en_dash(tool):
    """A break in a sentence or a label: " — " in English, " – " in Czech, German and Polish,
    a hyphen never; a span of months an en dash everywhere. Levels and chapters too."""
    campaign = load_campaign(DEFAULT_ROOT)
    english = [*(m.id for m in tool.read_catalog(LANGS[0]) if m.id),
               *(w.english_name for w in campaign.levels), *(w.english_hint or ""
                                                              for w in campaign.levels)]
    english += [c.english_about for c in campaign.chapters]
    flat = [s for m in english for s in (m if isinstance(m, (tuple, list)) else (m,))]
    assert flat and not [s for s in flat if " - " in s]
    assert not [s for s in flat if "\u2013" in s and not s.startswith(RANGE)]
    for lang in LANGS:
        for msg in tool.read_catalog(lang):
            strings = msg.string if isinstance(msg.string, (tuple, list)) else (msg.string,)
            for text in strings:
                assert "\u2014" not in text and " - " not in text, (lang, text)
        for words in (*campaign.levels, *campaign.chapters):
            for key, text in words.translations.items():
                if key.endswith(lang):
                    assert "\u2014" not in text and " - " not in text, (key, text)


# --- one English text, two meanings; sentences shown on two lines --------------------------------
def test_play_and_stay_have_a_context_for_each_meaning(tool):
    """"Play" is the hand-over's button (Czech Hrát) and the replay's (Přehrát); "Stay" a how to
    play caption (Polish Zostać) and the editor's button (Zostań): each meaning its own message."""
    template = tool.extract()
    for word in ("Play", "Stay"):
        contexts = [m.context for m in template if m.id == word]
        assert len(contexts) >= 2 and None not in contexts, (word, contexts)
    pot = (ROOT / "game" / "locale" / "scare_it.pot").read_text(encoding="utf-8")
    for word in ("Play", "Stay"):  # the committed template too, each under a msgctxt
        assert pot.count(f'msgid "{word}"\n') == pot.count(f'"\nmsgid "{word}"\n') >= 2


def two_line_messages():
    from game.scenes import title
    from game.scenes.table import handover
    return [*handover.TWO_LINES, title.TAGLINE[0]]


@pytest.mark.parametrize("lang", LANGS)
def test_a_two_line_sentence_is_one_message_with_one_break_in_every_language(lang):
    """The translator sees the whole sentence and chooses where its line breaks."""
    i18n.set_language(lang)
    try:
        for english in two_line_messages():
            words = i18n._(english)
            assert words != english and words.count("\n") == english.count("\n") == 1, words
            assert all(line.strip() for line in words.split("\n"))
    finally:
        i18n.set_language("en")


# A span of months: the second month after the dash is lower case in Czech and Polish.
MONTH_RANGES = {"en": ("October – November 2026", "December 2026 – January 2027"),
                "cs": ("Říjen – listopad 2026", "Prosinec 2026 – leden 2027"),
                "de": ("Oktober – November 2026", "Dezember 2026 – Januar 2027"),
                "pl": ("Październik – listopad 2026", "Grudzień 2026 – styczeń 2027")}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_month_inside_a_range_has_its_own_form(lang):
    from datetime import date

    from game.scenes.records.statistics import MONTHS, MONTHS_IN_RANGE, month_words
    i18n.set_language(lang)
    try:
        same_year, across = example(MONTH_RANGES, lang)
        assert month_words(date(2026, 10, 5), date(2026, 11, 20)) == same_year
        assert month_words(date(2026, 12, 5), date(2027, 1, 20)) == across
        for alone, inside in zip(MONTHS, MONTHS_IN_RANGE, strict=True):
            inside = i18n.pgettext("month after the dash of a range", inside)
            # The rule, not a copy of a registry: Czech and Polish write a month lower case
            # mid-sentence, English and German never do.
            assert inside == (i18n._(alone).lower() if lang in ("cs", "pl") else i18n._(alone))
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_computer_seat_is_named_by_one_message_with_one_space(lang):
    from types import SimpleNamespace

    from game.scenes.table.panel import seat_label
    i18n.set_language(lang)
    try:
        label = seat_label(SimpleNamespace(name="Robo", bot=True))
        assert label.startswith("Robo (") and label.endswith(")") and "  " not in label
        assert seat_label(SimpleNamespace(name="Robo (hard)", bot=True)) == "Robo (hard)"
        assert seat_label(SimpleNamespace(name="Anna", bot=False)) == "Anna"
    finally:
        i18n.set_language("en")


def test_the_game_name_never_breaks_across_lines():
    pygame.init()
    from game.render import fit
    from game.render.assets import Assets
    font = Assets().font(30)
    words = "Copied: Scare It! daily deal 2026-11-30 · 2 cards left"
    for width in range(font.size("Scare It!")[0], font.size(words)[0], 7):
        for line in fit.break_lines(font, words, width):
            assert not line.endswith("Scare") and not line.startswith("It!"), (width, line)


@pytest.mark.parametrize("lang", LANGS)
def test_the_screenshot_notices_are_what_the_game_says_in_the_language(prefs, lang):
    """The review sheets show the notices a player sees: the game's own words and reason,
    translated, never an English message or reason the game would not show."""
    shots = load_tool("screenshots")
    i18n.set_language(lang)
    try:
        (name, settings), (_name, save) = shots.notices()
        assert name == "message"
        assert i18n._("it holds no settings") in settings
        assert i18n._("part of it makes no sense") in save
        for words in (settings, save):
            assert not {"could", "damaged", "game", "file"} & set(words.split()), words
    finally:
        i18n.set_language("en")


def test_no_sentence_ends_in_the_games_exclamation_mark_and_a_full_stop(tool):
    """"…stůl Scare It!." reads as a typo: the name goes where the sentence does not end."""
    found = []
    for lang in LANGS:
        for msg in tool.read_catalog(lang):
            ids = msg.id if isinstance(msg.id, (tuple, list)) else (msg.id,)
            strings = msg.string if isinstance(msg.string, (tuple, list)) else (msg.string,)
            found += [s for s in (*ids, *strings) if "!." in s]
    assert not found


def test_czech_never_puts_z_or_ze_before_a_number_it_cannot_see(tool):
    """Czech says "z 5" but "ze 3" (ze dvou, tří, čtyř, šesti, sedmi, ze 30…): before a
    number only known at run time the catalogue writes "3/5" or words it otherwise."""
    import re
    bad = []
    for msg in tool.read_catalog("cs"):
        strings = msg.string if isinstance(msg.string, (tuple, list)) else (msg.string,)
        bad += [s for s in strings if re.search(r"\bze? %\(\w+\)d", s)]
    assert not bad


def _fresh_locale(tool, tmp_path, monkeypatch):
    """A copy of the catalogues the tool works on, so a test may change them."""
    import shutil
    shutil.copytree(tool.LOCALE, tmp_path / "locale")
    monkeypatch.setattr(tool, "LOCALE", tmp_path / "locale")
    monkeypatch.setattr(tool, "ROOT", tmp_path)


@pytest.mark.parametrize("lang", LANGS)
def test_a_new_unread_message_fails_the_check_until_a_native_reader_marks_it(
        tool, tmp_path, monkeypatch, lang):
    """The review gate: `make i18n` (check) fails on a translated message no reader has read,
    and a changed translation must be read again."""
    _fresh_locale(tool, tmp_path, monkeypatch)
    catalog = tool.read_catalog(lang)
    assert tool.review_problems(lang, catalog) == []
    catalog.add("A brand-new sentence", "Nová věta", context="test")
    tool.write_catalog(lang, catalog)
    problems = tool.review_problems(lang, tool.read_catalog(lang))
    assert len(problems) == 1 and "1 message(s)" in problems[0] and "brand-new" in problems[0]
    items = tool.review_items(lang)
    assert [i["english"] for i in items] == [["A brand-new sentence"]]
    assert tool.mark(lang, items) == 1
    assert tool.review_problems(lang, tool.read_catalog(lang)) == []
    catalog = tool.read_catalog(lang)
    catalog.get("A brand-new sentence", context="test").string = "Jiná věta"
    assert len(tool.review_problems(lang, catalog)) == 1
    with pytest.raises(SystemExit, match="not a translated message"):
        tool.mark(lang, ["test\x04Not in the catalogue"])


def test_update_keeps_the_reviewed_marks_of_present_messages_only(tool, tmp_path, monkeypatch):
    _fresh_locale(tool, tmp_path, monkeypatch)
    catalog = tool.read_catalog("de")
    gone = next(m for m in catalog if m.id and isinstance(m.id, str))
    text = tool.reviewed_text("de", catalog, tool.read_reviewed("de") | {"0" * 20})
    assert "0" * 20 not in text and tool.fingerprint(gone) in text
    catalog.delete(gone.id, context=gone.context)
    assert tool.fingerprint(gone) not in tool.reviewed_text("de", catalog, tool.read_reviewed("de"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_check_refuses_each_word_the_glossary_forbids(tool, lang):
    """Every row of GLOSSARY.md's "Words the check refuses" for the language refuses its word
    in a translation (a `*` filled with letters), and only where its English says so."""
    from babel.messages.catalog import Catalog
    rules = [r for r in tool.refusals() if r.lang == lang]
    assert rules, f"the glossary refuses no word in {lang}"
    for rule in rules:
        used = rule.words.replace("*", "ab")
        english = f"Something about {rule.only_where or 'cards'}"
        catalog = Catalog(locale=lang)
        catalog.add(english, f"Na začátku {used} na konci.")
        catalog.add("Elsewhere", f"{used.capitalize()} hned na začátku.")
        found = tool.refused_words(catalog, lang, "x.po", rules)
        assert any(repr(rule.words) in p and "Something" in p for p in found), rule
        if rule.only_where:
            assert not any("Elsewhere" in p for p in found if repr(rule.words) in p), rule
        else:
            assert any("Elsewhere" in p for p in found if repr(rule.words) in p), rule
        other = Catalog(locale=lang)
        other.add(english, "Nothing refused here" if "*" not in rule.words
                  else f"Na začátku {rule.words.replace('*', 'xAb')} na konci.")
        assert not [p for p in tool.refused_words(other, lang, "x.po", [rule])], rule


def test_a_name_is_never_followed_by_an_english_possessive(tool):
    """Issue 44: "Whiskers's turn"; and a name stands in the nominative in its own slot for
    translators (issue 46): "Turn: %(name)s", never "%(name)s's turn"."""
    import re
    bad = []
    for msg in tool.extract():
        ids = msg.id if isinstance(msg.id, (tuple, list)) else (msg.id,)
        bad += [s for s in ids if re.search(r"%\(\w+\)s['\u2019]s\b", s)]
    assert not bad
