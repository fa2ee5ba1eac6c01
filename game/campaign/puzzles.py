"""The player's own puzzles: puzzle codes (field + target), the My puzzles folder and chapter.

A puzzle code is one line a player can paste anywhere: the field in the RULES.md notation with
the cells run together, then `@` and the target card when there is one, e.g. `YC..OE/PMBDYE@YC`.
User levels are files in the level format of levels/README.md, kept in `puzzles/` in the pref
folder; they form a My puzzles chapter that is always open. Pure Python: no pygame.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

from game.campaign.levels import (
    Campaign,
    Chapter,
    Level,
    LevelError,
    LevelFileError,
    format_level,
    load_level,
    refusal,
)
from game.engine.cards import Card, full_deck, parse_card
from game.engine.position import (
    EMPTY,
    FLOATS,
    MAX_COLUMNS,
    MAX_ROWS,
    NO_CARD,
    NOT_A_CARD,
    RAGGED,
    TOO_MANY_ROWS,
    TOO_WIDE,
    FieldProblem,
    Position,
    read_field,
)
from game.files import shown
from game.i18n import N_, _, ngettext
from game.names import clean_name
from game.paths import write_atomic

FOLDER = "puzzles"
MY_CHAPTER = 99  # what saved files say; in the campaign the chapter follows the curated ones
ID_PREFIX = "my-"  # user ids never clash with curated ones
CHAPTER_NAME = N_("My puzzles")
CHAPTER_ABOUT = N_("Your own, made in the Solo menu.")
TARGET_MARK = "@"
BOX = Counter(full_deck())  # how many of each card the box holds: no field holds more
NAME_MARK = "#"  # a shared code may carry its puzzle's name after this: YC..OE/PMBDYE@YC#Two cats
NAME_MAX = 30  # a puzzle's name: two lines on a level tile (the text audit checks the longest)
MAX_CODE = 120  # longer than any real code (32 cells, 3 slashes, a target) with spaces


class CodeError(ValueError):
    """A pasted code that is not a puzzle: the message is one line for the player."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A field (empty columns allowed while editing) and an optional target card."""

    position: Position
    target: Card | None = None


def too_many(card: Card, count: int) -> str:
    """The words for a field holding `count` copies of `card`, more than the box has."""
    return _("A field holds at most %(box)d of each card, as the box does: this one has "
             "%(n)d \u00d7 %(card)s") % {"box": BOX[card], "n": count, "card": card.label}


def _columns_name(x: int) -> str:
    return "abcdefgh"[x]


def parse_code(text: str) -> Puzzle:
    """A puzzle code read back; CodeError (translated, one line) when it is not one.

    Refused: garbage, ragged rows, a card floating above an empty cell, more than 8 columns or
    4 rows, an empty column, a target that is not a card or not on the field."""
    text = (text or "").strip()
    if not text:
        raise CodeError(_("Paste a puzzle code, like YC..OE/PMBDYE@YC"))
    if len(text) > MAX_CODE:
        raise CodeError(ngettext("That is too long to be a puzzle code: it has %(n)d character, "
                                 "and a code has at most %(max)d.",
                                 "That is too long to be a puzzle code: it has %(n)d characters, "
                                 "and a code has at most %(max)d.", len(text))
                        % {"n": len(text), "max": MAX_CODE})
    if len(text.splitlines()) > 1:
        raise CodeError(_("A puzzle code is one line, and this text has a line break in it"))
    field_text, _mark, target_text = text.partition(TARGET_MARK)
    rows = [re.sub(r"\s+", "", raw) for raw in field_text.split("/")]
    try:
        position = read_field(rows)
    except FieldProblem as problem:
        raise CodeError(_code_words(problem)) from None
    for x, stack in enumerate(position.columns):
        if not stack:
            raise CodeError(_("Column %(col)s of that code is empty") % {"col": _columns_name(x)})
    counts = Counter(position.cards())
    over = next((card for card in counts if counts[card] > BOX[card]), None)
    if over is not None:
        raise CodeError(too_many(over, counts[over]))
    target = None
    if _mark:
        try:
            target = parse_card(target_text.strip())
        except ValueError:
            raise CodeError(_("The target '%(t)s' is not a card (write it like YC)")
                            % {"t": shown(target_text.strip(), 12)}) from None
        if target not in position.cards():
            raise CodeError(_("The target %(t)s is not on the field") % {"t": target.code})
    return Puzzle(position, target)


def _code_words(problem: FieldProblem) -> str:
    """A puzzle code's words (the player's) for what is wrong with its field."""
    fault = problem.fault
    if fault == TOO_MANY_ROWS:
        return ngettext("A puzzle has at most %(n)d row; this code has %(got)d",
                        "A puzzle has at most %(n)d rows; this code has %(got)d", MAX_ROWS) % {
            "n": MAX_ROWS, "got": problem.count}
    if fault == TOO_WIDE:
        return ngettext("A puzzle has at most %(n)d column", "A puzzle has at most %(n)d columns",
                        MAX_COLUMNS) % {"n": MAX_COLUMNS}
    if fault == RAGGED:
        return _("That is not a puzzle code: its rows are not equally wide")
    if fault == NOT_A_CARD:
        return _("That is not a puzzle code: '%(cell)s' is not a card") % {"cell": problem.text}
    if fault == FLOATS:
        return _("A card cannot float: %(cell)s in column %(col)s has a gap below it") % {
            "cell": problem.text, "col": _columns_name(problem.column)}
    if fault == NO_CARD:
        return _("That code has no card on its field")
    return _("That is not a puzzle code: cards are two letters, like YC")  # odd, empty row


def format_code(puzzle: Puzzle) -> str:
    """The one-line code of a puzzle: rows top first, cells run together, '@target'."""
    pos = puzzle.position
    rows = []
    for y in range(pos.height - 1, -1, -1):
        rows.append("".join(c[y].code if y < len(c) else EMPTY for c in pos.columns))
    code = "/".join(rows)
    return code + (f"{TARGET_MARK}{puzzle.target.code}" if puzzle.target is not None else "")


def named_code(puzzle: Puzzle, name: str | None) -> str:
    """The code to share: the puzzle's code and, after '#', its name (on one line)."""
    name = clean_name(name or "", NAME_MAX)
    return format_code(puzzle) + (f"{NAME_MARK}{name}" if name else "")


def split_named(text: str) -> tuple[str, str | None]:
    """A shared code's puzzle code and its name (None: the code carries no name)."""
    code, mark, name = text.strip().partition(NAME_MARK)
    return code.strip(), (clean_name(name, NAME_MAX) or None) if mark else None


def looks_like_code(text: str) -> bool:
    """Typed into the Solo seed field: a puzzle code rather than a deal's number."""
    code, _name = split_named(text)  # a code never holds a digit; a deal's number is nothing else
    return bool(code) and not any(ch.isdigit() for ch in code)


# -- the My puzzles folder --------------------------------------------------------------------

def folder_of(pref: str | Path) -> Path:
    return Path(pref) / FOLDER


def load_my_puzzles(pref: str | Path, number: int = MY_CHAPTER) -> Chapter | None:
    """The My puzzles chapter from the pref folder, or None when the folder holds no file.

    Each file is read by the level loader; a bad one is kept as a LevelError (file, line,
    problem) and the others load. The chapter gets `number` (its files' own chapter line does
    not matter), so it can follow the curated chapters."""
    folder = folder_of(pref)
    try:
        # Every *.txt, even a link to nowhere or in a loop: the reader lists it as unavailable.
        paths = sorted(folder.glob("*.txt"), key=lambda p: p.stem)
    except OSError:
        paths = []
    if not paths:
        return None
    good: list[Level] = []
    broken: list[LevelError] = []
    seen: dict[str, Path] = {}
    for path in paths:
        try:
            level = load_level(path)
            if not level.id.startswith(ID_PREFIX):
                raise LevelFileError(refusal(path, level.line_of("id"),
                                             N_("id must start with '%(prefix)s' in My puzzles"),
                                             prefix=ID_PREFIX))
            if level.id in seen:
                raise LevelFileError(refusal(path, level.line_of("id"),
                                             N_("duplicate id '%(id)s' (also in %(other)s)"),
                                             id=level.id, other=seen[level.id].name))
        except LevelFileError as err:
            broken.append(err.error)
            continue
        seen[level.id] = path
        good.append(replace(level, chapter=number))
    # The game's own words: translated when shown, so a language switch reaches them at once.
    return Chapter(number, CHAPTER_NAME, CHAPTER_ABOUT, tuple(good), tuple(broken), folder,
                   catalogued=True)


def with_my_puzzles(campaign: Campaign, pref: str | Path) -> Campaign:
    """The campaign with the My puzzles chapter last, numbered after the curated ones
    (unchanged when there is none)."""
    number = max((ch.number for ch in campaign.chapters), default=0) + 1
    chapter = load_my_puzzles(pref, number)
    if chapter is None:
        return campaign
    chapters = campaign.chapters + (chapter,)
    return Campaign(chapters, campaign.levels + chapter.levels, campaign.errors + chapter.broken)


def is_my_chapter(campaign: Campaign, number: int) -> bool:
    """Whether chapter `number` is My puzzles (always open, every puzzle in it too)."""
    chapter = campaign.chapter(number)
    return chapter is not None and chapter.path is not None and chapter.path.name == FOLDER \
        and chapter.path.is_dir()


def my_chapter(campaign: Campaign) -> Chapter | None:
    return next((ch for ch in campaign.chapters if is_my_chapter(campaign, ch.number)), None)


def slug(name: str) -> str:
    """A file and id part from a player's name for a puzzle: lower-case letters, digits, dashes."""
    text = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return text[:40].strip("-") or "puzzle"


def save_puzzle(pref: str | Path, name: str, puzzle: Puzzle, par: int) -> Level:
    """Write a new user level (never overwriting one) and return it; OSError when it fails."""
    folder = folder_of(pref)
    folder.mkdir(parents=True, exist_ok=True)
    base = ID_PREFIX + slug(name)
    level_id, n = base, 1
    while (folder / f"{level_id}.txt").exists():
        n += 1
        level_id = f"{base}-{n}"
    level = Level(id=level_id, english_name=clean_name(name, NAME_MAX) or level_id,
                  chapter=MY_CHAPTER, par=par,
                  position=puzzle.position, target=puzzle.target)
    path = folder / f"{level_id}.txt"
    write_atomic(path, format_level(level))
    return replace(level, path=path)

