"""Level files: a drawn field plus `key: value` lines; the loader and the campaign of chapters."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from game import i18n
from game.engine.cards import Card, parse_card
from game.engine.position import (
    EMPTY,
    FLOATS,
    MAX_COLUMNS,
    MAX_ROWS,
    NO_CARD,
    NOT_A_CARD,
    ODD_TOKEN,
    RAGGED,
    TOO_MANY_ROWS,
    TOO_WIDE,
    FieldProblem,
    Position,
    read_field,
)
from game.files import FileFault, read_text
from game.i18n import N_, _
from game.paths import LEVELS

REQUIRED = ("id", "name", "chapter", "par")
OPTIONAL = ("target", "hint", "author")
CHAPTER_FILE = "chapter.txt"
CHAPTER_KEYS = ("number", "name", "about")
# Words a player reads may be given per language too: `name.cs:`, `hint.de:`, `about.pl:`.
TRANSLATABLE = ("name", "hint", "about")
# The campaign shipped with the game (the game.levels data package, see game.paths).
DEFAULT_ROOT = LEVELS

_KEY_RE = re.compile(r"^([A-Za-z][A-Za-z_-]*(?:\.[A-Za-z_-]*)?)\s*:\s*(.*)$")
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True, slots=True)
class LevelError:
    """Why a level (or chapter) file was refused: the file, the line (1-based) and the problem."""

    path: Path
    line: int | None
    problem: str  # in English: the CLI and errors.log
    message: str = ""  # the same as a marked message with %(name)s values, for the player
    values: tuple[tuple[str, object], ...] = ()

    @property
    def words(self) -> str:
        """The problem in the player's language (level makers read `problem`)."""
        return _(self.message) % dict(self.values) if self.message else self.problem

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else f"{self.path}"
        return f"{where}: {self.problem}"


class LevelFileError(ValueError):
    """Raised by load_level; carries the LevelError that explains it."""

    def __init__(self, error: LevelError) -> None:
        super().__init__(str(error))
        self.error = error


def _translated(words, key: str) -> str:
    """A level's or chapter's `key` in the player's language; English when not translated."""
    return words.translations.get(f"{key}.{i18n.current()}") or getattr(words, f"english_{key}")


@dataclass(frozen=True, slots=True)
class Level:
    """One curated solo puzzle: the field, the fewest cards that can remain, and its words.

    `name` and `hint` are in the player's language (from `translations`, such as 'name.cs');
    `english_name` and `english_hint` are the file's own `name:` and `hint:`."""

    id: str
    english_name: str
    chapter: int
    par: int
    position: Position
    target: Card | None = None
    english_hint: str = ""
    author: str = ""
    path: Path | None = field(default=None, compare=False)
    lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    translations: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    @property
    def name(self) -> str:
        return _translated(self, "name")

    @property
    def hint(self) -> str:
        return _translated(self, "hint")

    def line_of(self, key: str) -> int | None:
        """The file line that holds a field ('par', 'target', 'field' for the first row...)."""
        return self.lines.get(key)


@dataclass(frozen=True, slots=True)
class Chapter:
    """A chapter: its number, name, a line about it, its good levels in order and broken files."""

    number: int
    english_name: str
    english_about: str = ""
    levels: tuple[Level, ...] = ()
    broken: tuple[LevelError, ...] = ()
    path: Path | None = None
    translations: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    catalogued: bool = False  # its words are the game's own (My puzzles): gettext has them

    @property
    def name(self) -> str:
        return i18n._(self.english_name) if self.catalogued else _translated(self, "name")

    @property
    def about(self) -> str:
        return i18n._(self.english_about) if self.catalogued else _translated(self, "about")


@dataclass(frozen=True, slots=True)
class Campaign:
    """Every chapter in order, every good level in play order, and every refused file."""

    chapters: tuple[Chapter, ...]
    levels: tuple[Level, ...]
    errors: tuple[LevelError, ...]

    def level(self, level_id: str) -> Level | None:
        return next((lv for lv in self.levels if lv.id == level_id), None)

    def chapter(self, number: int) -> Chapter | None:
        return next((ch for ch in self.chapters if ch.number == number), None)


def refusal(path: Path, line: int | None, message: str, **values) -> LevelError:
    """A LevelError from a marked message: English in `problem`, translated in `words`."""
    return LevelError(path, line, message % values, message, tuple(values.items()))


def _fail(path: Path, line: int | None, message: str, **values) -> LevelFileError:
    return LevelFileError(refusal(path, line, message, **values))


def _read_lines(path: Path) -> list[str]:
    try:
        return read_text(path).splitlines()
    except FileNotFoundError as err:
        raise _fail(path, None, N_("cannot be read (%(err)s)"), err=err.strerror) from None
    except FileFault as fault:
        # The fault's words are translated already: carried as they are (no message to look up).
        raise LevelFileError(LevelError(path, None, fault.why, "%(why)s", (("why", fault.words),))
                             ) from None


def _split(path: Path, allowed: tuple[str, ...]):
    """Yield the metadata dict (key -> (value, line)) and the field rows [(line, text)]."""
    meta: dict[str, tuple[str, int]] = {}
    rows: list[tuple[int, str]] = []
    rows_done = False
    for number, raw in enumerate(_read_lines(path), start=1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        m = _KEY_RE.match(text)
        if m:
            key = m.group(1).lower()
            base, dot, lang = key.partition(".")
            if dot:
                if base not in allowed or base not in TRANSLATABLE:
                    words = [k for k in allowed if k in TRANSLATABLE]
                    raise _fail(path, number, N_("'%(key)s': only %(keys)s can be translated "
                                                 "(like %(first)s.cs:)"),
                                key=m.group(1), keys=", ".join(words), first=words[0])
                if lang not in i18n.LANGUAGES or lang == i18n.SOURCE:
                    others = [c for c in i18n.LANGUAGES if c != i18n.SOURCE]
                    raise _fail(path, number, N_("'%(key)s': unknown language '%(lang)s' "
                                                 "(known: %(known)s)"),
                                key=m.group(1), lang=lang, known=", ".join(others))
                if not m.group(2).strip():
                    raise _fail(path, number, N_("'%(key)s:' is empty (leave the line out to "
                                                 "show the English words)"), key=m.group(1))
            elif key not in allowed:
                raise _fail(path, number, N_("unknown key '%(key)s' (known: %(known)s)"),
                            key=m.group(1), known=", ".join(allowed))
            if key in meta:
                raise _fail(path, number, N_("'%(key)s' is given twice (first on line %(first)d)"),
                            key=key, first=meta[key][1])
            meta[key] = (m.group(2).strip(), number)
            if rows:
                rows_done = True
            continue
        if ":" in text:
            raise _fail(path, number, N_("cannot read '%(text)s' (write metadata as "
                                         "'key: value')"), text=text)
        if rows_done:
            raise _fail(path, number, N_("the field rows must stand together, one block"))
        rows.append((number, text))
    return meta, rows


def _parse_field(path: Path, rows: list[tuple[int, str]]) -> Position:
    """The drawn field, top row first; every refusal names the file line of the bad row."""
    if not rows:
        raise _fail(path, None, N_("there is no field (draw it as rows of cards like "
                                   "'YC .. OE')"))
    try:
        position = read_field([text for _, text in rows], widths_from=0)
    except FieldProblem as problem:
        raise _field_fault(path, rows, problem) from None
    for x, stack in enumerate(position.columns):
        if not stack:
            raise _fail(path, rows[-1][0], N_("column %(col)s is empty"), col="abcdefgh"[x])
    return position


def _field_fault(path: Path, rows: list[tuple[int, str]], problem: FieldProblem) -> LevelFileError:
    """A level file's words for what is wrong with its field, on the line at fault (English in
    `problem` for `scare-it levels`, the player's words in `words`)."""
    fault, line = problem.fault, rows[MAX_ROWS if problem.fault == TOO_MANY_ROWS else problem.row][0]
    if fault == TOO_MANY_ROWS:
        return _fail(path, line, N_("the field has %(n)d rows, at most %(most)d"),
                     n=problem.count, most=MAX_ROWS)
    if fault == NO_CARD:
        return _fail(path, line, N_("the field has no card"))
    if fault == ODD_TOKEN:
        return _fail(path, line, N_("'%(token)s' is not a card (cards are two letters, or ..)"),
                     token=problem.text)
    if fault == TOO_WIDE:
        return _fail(path, line, N_("the field has %(n)d columns, at most %(most)d"),
                     n=problem.count, most=MAX_COLUMNS)
    if fault == RAGGED:
        return _fail(path, line, N_("ragged rows: row %(row)d has %(cells)d cells, the top row "
                                    "has %(width)d"),
                     row=problem.y + 1, cells=problem.count, width=problem.width)
    if fault == NOT_A_CARD:
        return _fail(path, line, N_("%(cell)s: '%(code)s' is not a card"), cell=problem.cell,
                     code=problem.text)
    if fault == FLOATS:
        return _fail(path, line, N_("%(cell)s %(code)s floats above an empty cell"),
                     cell=problem.cell, code=problem.text)
    return LevelFileError(LevelError(path, line, str(problem)))


def _whole_number(path: Path, key: str, entry: tuple[str, int], minimum: int) -> int:
    text, line = entry
    try:
        value = int(text)
    except ValueError:
        raise _fail(path, line, N_("%(key)s must be a whole number, not '%(text)s'"), key=key,
                    text=text) from None
    if value < minimum:
        raise _fail(path, line, N_("%(key)s must be at least %(least)d, not %(value)d"),
                    key=key, least=minimum, value=value)
    return value


def load_level(path: str | Path) -> Level:
    """Read one level file; a bad file raises LevelFileError naming the file, line and problem."""
    path = Path(path)
    meta, rows = _split(path, REQUIRED + OPTIONAL)
    for key in REQUIRED:
        if key not in meta or not meta[key][0]:
            line = meta[key][1] if key in meta else None
            raise _fail(path, line, N_("missing field '%(key)s:' (every level needs %(all)s)"),
                        key=key, all=", ".join(REQUIRED))
    level_id, id_line = meta["id"]
    if not _ID_RE.match(level_id):
        raise _fail(path, id_line, N_("id '%(id)s' must be lower-case letters, digits and "
                                      "dashes"), id=level_id)
    position = _parse_field(path, rows)
    chapter = _whole_number(path, "chapter", meta["chapter"], 1)
    par = _whole_number(path, "par", meta["par"], 1)
    if par > position.card_count():
        raise _fail(path, meta["par"][1], N_("par %(par)d is more than the %(cards)d cards"),
                    par=par, cards=position.card_count())
    target = None
    if "target" in meta and meta["target"][0]:
        text, line = meta["target"]
        try:
            target = parse_card(text)
        except ValueError:
            raise _fail(path, line, N_("target '%(text)s' is not a card (write it like YC)"),
                        text=text) from None
        if target not in position.cards():
            raise _fail(path, line, N_("target %(card)s is not on the field"), card=target.code)
    lines = {key: line for key, (_, line) in meta.items()}
    lines["field"] = rows[0][0]
    return Level(
        id=level_id, english_name=meta["name"][0], chapter=chapter, par=par, position=position,
        target=target, english_hint=meta.get("hint", ("", 0))[0],
        author=meta.get("author", ("", 0))[0], path=path, lines=lines,
        translations=_translations(meta),
    )


def _translations(meta: dict[str, tuple[str, int]]) -> dict[str, str]:
    return {key: value for key, (value, _) in meta.items() if "." in key}


def _load_chapter(path: Path) -> tuple[int, str, str, dict[str, str]]:
    meta, rows = _split(path, CHAPTER_KEYS)
    if rows:
        raise _fail(path, rows[0][0], N_("cannot read '%(text)s' (write 'key: value')"),
                    text=rows[0][1])
    for key in ("number", "name"):
        if key not in meta or not meta[key][0]:
            raise _fail(path, None, N_("missing field '%(key)s:'"), key=key)
    number = _whole_number(path, "number", meta["number"], 1)
    return number, meta["name"][0], meta.get("about", ("", 0))[0], _translations(meta)


def load_campaign(root: str | Path) -> Campaign:
    """Every chapter folder under `root` (each with a chapter.txt) and its level files.

    A bad file becomes a LevelError and never stops the other levels loading.
    """
    root = Path(root)
    errors: list[LevelError] = []
    chapters: list[Chapter] = []
    seen_ids: dict[str, Path] = {}
    seen_numbers: dict[int, Path] = {}
    try:
        # "." hides a folder; "__pycache__" appears beside the data package's __init__.py.
        folders = sorted(p for p in root.iterdir()
                         if p.is_dir() and not p.name.startswith((".", "__")))
    except OSError as err:
        return Campaign((), (), (refusal(root, None, N_("cannot read the levels folder "
                                                        "(%(err)s)"), err=err),))
    for folder in folders:
        chapter_path = folder / CHAPTER_FILE
        if not chapter_path.is_file():
            errors.append(refusal(folder, None, N_("no %(file)s names this chapter"),
                                  file=CHAPTER_FILE))
            continue
        try:
            number, name, about, translations = _load_chapter(chapter_path)
        except LevelFileError as err:
            errors.append(err.error)
            continue
        if number in seen_numbers:
            errors.append(refusal(chapter_path, None, N_("chapter %(n)d is also %(other)s"),
                                  n=number, other=seen_numbers[number]))
            continue
        seen_numbers[number] = chapter_path
        good: list[Level] = []
        broken: list[LevelError] = []
        for path in sorted(folder.glob("*.txt")):
            if path.name == CHAPTER_FILE:
                continue
            try:
                level = load_level(path)
                if level.chapter != number:
                    raise _fail(path, level.line_of("chapter"),
                                N_("chapter %(n)d, but the file is in chapter %(folder)d's folder"),
                                n=level.chapter, folder=number)
                if level.id in seen_ids:
                    raise _fail(path, level.line_of("id"),
                                N_("duplicate id '%(id)s' (also in %(other)s)"), id=level.id,
                                other=seen_ids[level.id])
            except LevelFileError as err:
                broken.append(err.error)
                continue
            seen_ids[level.id] = path
            good.append(level)
        errors.extend(broken)
        chapters.append(Chapter(number, name, about, tuple(good), tuple(broken), chapter_path,
                                translations))
    chapters.sort(key=lambda ch: ch.number)
    levels = tuple(lv for ch in chapters for lv in ch.levels)
    return Campaign(tuple(chapters), levels, tuple(errors))


def field_rows(position: Position) -> list[str]:
    """The field drawn as rows, top row first, as a level file shows it."""
    rows = []
    for y in range(position.height - 1, -1, -1):
        rows.append(" ".join(c[y].code if y < len(c) else EMPTY for c in position.columns))
    return rows


def format_level(level: Level) -> str:
    """The text of a level file; load_level of it gives the same level back."""
    lines = [f"id: {level.id}", f"name: {level.english_name}"]
    lines += [f"{key}: {value}" for key, value in level.translations.items() if key.startswith("name.")]
    lines += [f"chapter: {level.chapter}", f"par: {level.par}"]
    if level.target is not None:
        lines.append(f"target: {level.target.code}")
    if level.english_hint:
        lines.append(f"hint: {level.english_hint}")
    lines += [f"{key}: {value}" for key, value in level.translations.items() if key.startswith("hint.")]
    if level.author:
        lines.append(f"author: {level.author}")
    return "\n".join(lines + [""] + field_rows(level.position)) + "\n"
