"""The player's language: the gettext lookups every layer marks its words with, and the catalogues."""

from __future__ import annotations

import errno
import gettext
import io
import json
import os
import re
import struct
from dataclasses import dataclass
from datetime import date
from importlib import resources

from game.paths import log_traceback

DOMAIN = "scare_it"
SOURCE = "en"  # the language the code is written in; it needs no catalogue


@dataclass(frozen=True)
class Language:
    """One language the game speaks: its name in its own words (that is how a player finds
    it), how it writes a decimal number (the mark before the fraction and the one that groups
    thousands) and a day."""

    name: str
    point: str
    group: str
    day: str  # str.format with y, m, d
    percent: str = "{n}%"  # str.format with n, the number already written in the language's marks
    # One-letter words that may not end a line (Czech and Polish typography): the space after
    # them does not break (`bind`).
    clingy: frozenset[str] = frozenset()
    # Whether a whole sentence after a colon starts with a capital ("Tipp: Der gelbe Hund…");
    # Czech and Polish go on in lower case ("Nápověda: žlutý pes…").
    colon_capital: bool = True


# The registry: adding a language is one entry here plus its catalogue (tools/translations.py).
# A small table rather than Babel at run time: these are the only marks the game's numbers need.
LANGUAGES = {
    "en": Language("English", ".", ",", "{y:04d}-{m:02d}-{d:02d}"),  # the ISO day the share line had
    # Groups of thousands: a narrow no-break space; a day's parts and "80 %" never break apart.
    "cs": Language("Čeština", ",", "\u202f", "{d}.\u00a0{m}.\u00a0{y}", "{n}\u00a0%",
                   frozenset("ksvzouai"), colon_capital=False),
    "de": Language("Deutsch", ",", ".", "{d:02d}.{m:02d}.{y}", "{n}\u00a0%"),
    "pl": Language("Polski", ",", "\u202f", "{d:02d}.{m:02d}.{y}", "{n}%",
                   frozenset("aiouwz"), colon_capital=False),
}
NBSP = "\u00a0"
# The game's name never breaks across lines, in any language.
UNBROKEN = ("Scare It!",)

# The active catalogue; English (the source language) until a language is chosen.
_translation: gettext.NullTranslations = gettext.NullTranslations()
_current = SOURCE
_notices: list[str] = []  # for the player, shown once by the title screen (English: no catalogue)


class CatalogueError(Exception):
    """A language's compiled catalogue is missing or damaged."""


def _(message: str) -> str:
    """The message in the player's language. Call it when the text is drawn or built, never at
    import time, so a language switch reaches every screen at once."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The right plural form for n (Czech and Polish have three)."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """One English word that needs two translations, told apart by context."""
    return _translation.pgettext(context, message)


def language() -> Language:
    """The language on screen."""
    return LANGUAGES.get(_current, LANGUAGES[SOURCE])


def format_decimal(value: float, digits: int = 1) -> str:
    """`value` with `digits` decimals, written for the language on screen: 0.02 in English is
    0,02 in Czech, German and Polish; 1234.5 is 1,234.5 / 1 234,5 / 1.234,5."""
    text = f"{value:,.{digits}f}"
    return text.translate({ord(","): language().group, ord("."): language().point})


def format_number(value: float) -> str:
    """A speed, factor or count as short as it goes (0.5, 2, 1.25), in the language's marks:
    Czech ×0,5, German ×0,5."""
    text = f"{value:,.3f}".rstrip("0").rstrip(".")
    return text.translate({ord(","): language().group, ord("."): language().point})


def format_percent(value: float) -> str:
    """A share of 100 for the language on screen: 80% in English and Polish, 80 % (with a
    no-break space) in Czech and German."""
    return language().percent.format(n=format_number(value))


def bind(text: str) -> str:
    """`text` with no-break spaces where a line may not break: inside the game's name, and
    after a Czech or Polish one-letter word (k, s, v, z, o, u, a, i; w in Polish), which
    typography keeps with the word after it ("v\u00a0něm", "z\u00a0těchto"). A dash or a
    middle dot between words stays at the end of a line, never opens the next one."""
    for name in UNBROKEN:
        text = text.replace(name, name.replace(" ", NBSP))
    text = _SEPARATOR.sub(lambda m: NBSP * len(m.group(1)) + m.group(2), text)
    clingy = language().clingy
    if not clingy:
        return text
    return _CLINGY.sub(lambda m: m.group(1) + NBSP if m.group(1).lower() in clingy
                       else m.group(0), text)


# A spaced dash or middle dot: the spaces before it become no-break spaces, as many as there
# are (so "a  ·  b" keeps its width on both sides); the line may break after it.
_SEPARATOR = re.compile(r"( +)([\u2013\u2014\u00b7] )")
# A one-letter word (after a space, a line start, a quote or a bracket) and the space after it.
_CLINGY = re.compile(r"(?<![\w.\-/+])(\w) (?=\S)")


def after_colon(text: str) -> str:
    """A whole sentence placed after a colon: capitalised where the language does that
    (English, German), as it is where it goes on in lower case (Czech, Polish)."""
    return text[:1].upper() + text[1:] if language().colon_capital else text


def format_date(day: date | str, clock: str = "") -> str:
    """A day written for the language on screen: 2026-11-26, Czech 26. 11. 2026, German and
    Polish 26.11.2026; `clock` ("14:05") follows it. A string that is no ISO date is shown as
    it is."""
    if isinstance(day, str):
        try:
            day = date.fromisoformat(day)
        except ValueError:
            return f"{day} {clock}".strip()
    text = language().day.format(y=day.year, m=day.month, d=day.day)
    return f"{text} {clock}".strip()


def N_(message: str) -> str:
    """Marks a message for the catalogue where it is defined; `_()` translates it where it is shown."""
    return message


def NP_(context: str, message: str) -> str:
    """N_ with a context: marks a message that is shown with pgettext(context, message)."""
    return message


class FileRefused(ValueError):
    """A file refused for a reason already put in the player's words (raise it with _())."""


# Why the disk said no, in the player's words (errno -> message).
_DISK_REASONS = {
    errno.ENOENT: N_("the file is missing"),
    errno.EACCES: N_("the game may not open it"),
    errno.EPERM: N_("the game may not open it"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EROFS: N_("the disk is read-only"),
    errno.EISDIR: N_("a folder is in its place"),
}
_DISK_FAILED = N_("the disk could not be used")


def reason(err: BaseException) -> str:
    """Why a file was refused, in the player's language: a FileRefused says it itself, a disk error
    by its errno, anything else is 'damaged' (the English detail is for errors.log)."""
    if isinstance(err, FileRefused):
        return str(err)
    if isinstance(err, OSError):
        return _(_DISK_REASONS.get(err.errno, _DISK_FAILED))
    if isinstance(err, UnicodeDecodeError):
        return _("it is not text")
    if isinstance(err, json.JSONDecodeError):
        return _("it is not in the game's format")
    return _("part of it makes no sense")


def use(translation: gettext.NullTranslations) -> None:
    """Make translation the active catalogue."""
    global _translation
    _translation = translation


def current() -> str:
    """The code of the language on screen now ('en', 'cs', 'de', 'pl')."""
    return _current


def catalogue_path(code: str):
    """The compiled catalogue of a language inside the package (a Traversable: wheel or frozen)."""
    return resources.files("game") / "locale" / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def load(code: str) -> gettext.NullTranslations:
    """The catalogue of `code`; CatalogueError when it is missing or damaged."""
    if code == SOURCE:
        return gettext.NullTranslations()
    if code not in LANGUAGES:
        raise CatalogueError(f"no such language '{code}'")
    path = catalogue_path(code)
    try:
        data = path.read_bytes()
    except OSError as err:
        raise CatalogueError(f"{path} cannot be read ({err})") from None
    try:
        translation = gettext.GNUTranslations(io.BytesIO(data))
        # A bad Plural-Forms header only fails when first used: try it now, not mid-game.
        for n in (0, 1, 2, 5, 22):
            translation.plural(n)
    except (OSError, ValueError, struct.error, UnicodeDecodeError, IndexError, KeyError,
            SyntaxError) as err:  # what GNUTranslations raises on a damaged file
        raise CatalogueError(f"{path} is damaged ({type(err).__name__}: {err})") from None
    return translation


def set_language(code: str) -> str | None:
    """Put `code` on screen; returns None, or a notice for the player when its catalogue is
    missing or damaged (the game then speaks English and the error log says why)."""
    global _current
    try:
        translation = load(code)
    except CatalogueError as err:
        log_traceback(f"language {code}: {err}; English is used instead")
        use(gettext.NullTranslations())
        _current = SOURCE
        name = LANGUAGES[code].name if code in LANGUAGES else code
        notice = (f"The {name} words could not be loaded, so the game speaks English. "
                  "The details are in errors.log.")
        if notice not in _notices:
            _notices.append(notice)
        return notice
    use(translation)
    _current = code
    return None


def take_notice() -> str | None:
    """The oldest notice about a language that failed to load, once; None when there is none."""
    return _notices.pop(0) if _notices else None


def match(tag: str | None) -> str | None:
    """The language we speak for a locale tag ('cs_CZ.UTF-8', 'de-AT', 'pl'), or None."""
    if not tag:
        return None
    code = tag.replace("-", "_").split("_")[0].split(".")[0].split("@")[0].lower()
    return code if code in LANGUAGES else None


def system_language() -> str:
    """The operating system's language if we speak it, else English: SDL's preferred locales
    first, then the LANGUAGE (a colon list) and LANG variables."""
    # pygame is a runtime dependency, imported here so the CLI engine commands never load it.
    import pygame

    tags = [loc.get("language", "") for loc in pygame.system.get_pref_locales()]
    tags += os.environ.get("LANGUAGE", "").split(":")
    tags.append(os.environ.get("LANG", ""))
    for tag in tags:
        code = match(tag)
        if code is not None:
            return code
    return SOURCE


def start(chosen: str = "", override: str | None = None) -> str:
    """Choose the language at start: `--lang` for this run, else the player's choice in
    Settings, else the system's. Returns the code on screen (English if its catalogue failed)."""
    code = override or (chosen if chosen in LANGUAGES else "") or system_language()
    set_language(code)
    return _current
