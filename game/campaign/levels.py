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
    problem: str

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


def _fail(path: Path, line: int | None, problem: str) -> LevelFileError:
    return LevelFileError(LevelError(path, line, problem))


def _read_lines(path: Path) -> list[str]:
    try:
        return read_text(path).splitlines()
    except FileNotFoundError as err:
        raise _fail(path, None, f"cannot be read ({err.strerror})") from None
    except FileFault as fault:
        raise _fail(path, None, fault.why) from None


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
                    raise _fail(path, number, f"'{m.group(1)}': only {', '.join(words)} can be "
                                              f"translated (like {words[0]}.cs:)")
                if lang not in i18n.LANGUAGES or lang == i18n.SOURCE:
                    others = [c for c in i18n.LANGUAGES if c != i18n.SOURCE]
                    raise _fail(path, number, f"'{m.group(1)}': unknown language '{lang}' "
                                              f"(known: {', '.join(others)})")
                if not m.group(2).strip():
                    raise _fail(path, number, f"'{m.group(1)}:' is empty (leave the line out "
                                              "to show the English words)")
            elif key not in allowed:
                raise _fail(path, number, f"unknown key '{m.group(1)}' (known: {', '.join(allowed)})")
            if key in meta:
                raise _fail(path, number, f"'{key}' is given twice (first on line {meta[key][1]})")
            meta[key] = (m.group(2).strip(), number)
            if rows:
                rows_done = True
            continue
        if ":" in text:
            raise _fail(path, number, f"cannot read '{text}' (write metadata as 'key: value')")
        if rows_done:
            raise _fail(path, number, "the field rows must stand together, one block")
        rows.append((number, text))
    return meta, rows


def _parse_field(path: Path, rows: list[tuple[int, str]]) -> Position:
    """The drawn field, top row first; every refusal names the file line of the bad row."""
    if not rows:
        raise _fail(path, None, "there is no field (draw it as rows of cards like 'YC .. OE')")
    try:
        position = read_field([text for _, text in rows], widths_from=0)
    except FieldProblem as problem:
        raise _field_fault(path, rows, problem) from None
    for x, stack in enumerate(position.columns):
        if not stack:
            raise _fail(path, rows[-1][0], f"column {'abcdefgh'[x]} is empty")
    return position


def _field_fault(path: Path, rows: list[tuple[int, str]], problem: FieldProblem) -> LevelFileError:
    """A level file's words for what is wrong with its field, on the line at fault (English,
    as every level file's refusal: `scare-it levels` and the level lists show them)."""
    kind, line = problem.kind, rows[MAX_ROWS if problem.kind == TOO_MANY_ROWS else problem.row][0]
    if kind == TOO_MANY_ROWS:
        return _fail(path, line, f"the field has {problem.count} rows, at most {MAX_ROWS}")
    if kind == NO_CARD:
        return _fail(path, line, "the field has no card")
    if kind == ODD_TOKEN:
        return _fail(path, line, f"'{problem.text}' is not a card (cards are two letters, or ..)")
    if kind == TOO_WIDE:
        return _fail(path, line, f"the field has {problem.count} columns, at most {MAX_COLUMNS}")
    if kind == RAGGED:
        return _fail(path, line, f"ragged rows: row {problem.y + 1} has {problem.count} cells, "
                                 f"the top row has {problem.width}")
    if kind == NOT_A_CARD:
        return _fail(path, line, f"{problem.cell}: '{problem.text}' is not a card")
    if kind == FLOATS:
        return _fail(path, line, f"{problem.cell} {problem.text} floats above an empty cell")
    return _fail(path, line, str(problem))


def _whole_number(path: Path, key: str, entry: tuple[str, int], minimum: int) -> int:
    text, line = entry
    try:
        value = int(text)
    except ValueError:
        raise _fail(path, line, f"{key} must be a whole number, not '{text}'") from None
    if value < minimum:
        raise _fail(path, line, f"{key} must be at least {minimum}, not {value}")
    return value


def load_level(path: str | Path) -> Level:
    """Read one level file; a bad file raises LevelFileError naming the file, line and problem."""
    path = Path(path)
    meta, rows = _split(path, REQUIRED + OPTIONAL)
    for key in REQUIRED:
        if key not in meta or not meta[key][0]:
            line = meta[key][1] if key in meta else None
            raise _fail(path, line, f"missing field '{key}:' (every level needs {', '.join(REQUIRED)})")
    level_id, id_line = meta["id"]
    if not _ID_RE.match(level_id):
        raise _fail(path, id_line, f"id '{level_id}' must be lower-case letters, digits and dashes")
    position = _parse_field(path, rows)
    chapter = _whole_number(path, "chapter", meta["chapter"], 1)
    par = _whole_number(path, "par", meta["par"], 1)
    if par > position.card_count():
        raise _fail(path, meta["par"][1], f"par {par} is more than the {position.card_count()} cards")
    target = None
    if "target" in meta and meta["target"][0]:
        text, line = meta["target"]
        try:
            target = parse_card(text)
        except ValueError:
            raise _fail(path, line, f"target '{text}' is not a card (write it like YC)") from None
        if target not in position.cards():
            raise _fail(path, line, f"target {target.code} is not on the field")
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
        raise _fail(path, rows[0][0], f"cannot read '{rows[0][1]}' (write 'key: value')")
    for key in ("number", "name"):
        if key not in meta or not meta[key][0]:
            raise _fail(path, None, f"missing field '{key}:'")
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
        return Campaign((), (), (LevelError(root, None, f"cannot read the levels folder ({err})"),))
    for folder in folders:
        chapter_path = folder / CHAPTER_FILE
        if not chapter_path.is_file():
            errors.append(LevelError(folder, None, f"no {CHAPTER_FILE} names this chapter"))
            continue
        try:
            number, name, about, translations = _load_chapter(chapter_path)
        except LevelFileError as err:
            errors.append(err.error)
            continue
        if number in seen_numbers:
            errors.append(LevelError(
                chapter_path, None, f"chapter {number} is also {seen_numbers[number]}"))
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
                                f"chapter {level.chapter}, but the file is in chapter {number}'s folder")
                if level.id in seen_ids:
                    raise _fail(path, level.line_of("id"),
                                f"duplicate id '{level.id}' (also in {seen_ids[level.id]})")
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
