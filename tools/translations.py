"""The translation workflow: extract, update, compile and check the catalogues (Babel's API).

    python tools/translations.py            # = update: extract game/ -> .pot, merge into each .po, compile .mo
    python tools/translations.py check      # fail on untranslated/fuzzy/placeholder/unmarked/stale .mo
    python tools/translations.py todo [LANG]  # the messages still needed, as JSON to fill in
    python tools/translations.py fill [LANG] FILE.json  # merge {msgid: msgstr | [forms]} back
                                               # (without LANG: {lang: {msgid: ...}} for all)
    python tools/translations.py sheet LANG OUTDIR  # a review sheet: every message beside the
                                               # screenshots it is drawn on (OUTDIR/LANG.html)
    python tools/translations.py review [LANG] [--json FILE] [--shots OUTDIR]
                                               # the messages no native reader has read yet
    python tools/translations.py mark LANG FILE.json  # a native reader read these: mark them

`make i18n` fails while a message is unreviewed (docs/GLOSSARY.md, "Reviewed by a native reader").

`make i18n` runs update then check. Babel is a developer tool here (the test extras): the
compiled .mo files are committed beside the .po files, and `check` proves they match.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import html
import importlib.util
import io
import json
import re
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from game.i18n import LANGUAGES, SOURCE  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
LOCALE = GAME / "locale"
DOMAIN = "scare_it"
POT = LOCALE / f"{DOMAIN}.pot"
LANGS = tuple(code for code in LANGUAGES if code != SOURCE)  # the registry's, each a catalogue
# A catalogue's English name and its plural rule (its header): one entry per language of LANGS.
LANG_NAMES = {"cs": "Czech", "de": "German", "pl": "Polish"}
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "NP_": ((1, "c"), 2)}
PLURAL_FORMS = {
    "cs": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "de": "nplurals=2; plural=(n != 1);",
}

# --- the unmarked-string scan ---------------------------------------------------------------
SCAN = ("scenes", "ui", "render", "campaign", "engine/scoring.py", "engine/cards.py",
        "settings.py", "errors.py", "app.py", "engine/ai/bots.py")  # where player-facing text is built
# Files other engineers are marking right now; scanned again once their work lands in main.
PENDING: set[str] = set()
# Calls whose words a player reads (the last name of the called function).
DRAW_CALLS = {"text", "wrapped", "label", "render", "button", "say", "set_text", "UIButton",
              "UILabel", "UITextBox", "MessageScene", "ConfirmScene", "Button", "notify"}
TEXT_KEYWORDS = {"text", "heading", "detail", "yes", "no", "placeholder", "label", "on_label",
                 "message", "words", "title"}
# Names that hold words for the screen when assigned a literal.
TEXT_NAMES = {"heading", "message", "notice", "title", "label", "note", "hint", "text", "words",
              "detail", "question", "banner", "caption", "error", "subtitle", "tagline"}
MARKERS = {"_", "N_", "NP_", "ngettext", "pgettext"}
# Literals that look like words but no player reads them as such.
ALLOW = {
    "Scare It!",  # the game's name is the same in every edition's menus
    "Anna", "Ben", "Cleo", "Dan", "Eva", "Filip", "Greta", "Hugo",  # demo players' names
}
_WORDS = re.compile(r"[A-Za-z]{2,}")
_LOOKS_LIKE_WORDS = re.compile(r"^[A-Z][a-z]|[A-Za-z]{2,}[ ,!?][A-Za-z]")
_FILE_NAME = re.compile(r"^[\w-]+\.[a-z]{2,4}$")


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _literals(node: ast.AST):
    """The string literals an expression puts on screen, stopping at marked messages."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node, node.value
    elif isinstance(node, ast.JoinedStr):
        words = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
        yield node, words
    elif isinstance(node, ast.IfExp):
        yield from _literals(node.body)
        yield from _literals(node.orelse)
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from _literals(value)
    elif isinstance(node, ast.BinOp):
        yield from _literals(node.left)
        if not isinstance(node.op, ast.Mod):  # "%(n)d" % {...}: the right side is the values
            yield from _literals(node.right)
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        for elt in node.elts:
            yield from _literals(elt)
    elif isinstance(node, ast.Dict):
        for value in node.values:
            yield from _literals(value)
    elif isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
        yield from _literals(node.elt)
        for gen in node.generators:
            yield from _literals(gen.iter)
    elif isinstance(node, ast.Call) and _call_name(node) not in MARKERS:
        if isinstance(node.func, ast.Attribute):  # "words {}".format(...), " ".join(...)
            yield from _literals(node.func.value)


def _is_docstring(node: ast.AST, parents: dict) -> bool:
    parent = parents.get(node)
    return isinstance(parent, ast.Expr)


def unmarked(path: Path) -> list[tuple[int, str]]:
    """(line, words) of each player-facing literal in `path` that is not marked for gettext."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: list[tuple[int, str]] = []

    def report(expr: ast.AST, strict: bool) -> None:
        for node, words in _literals(expr):
            rule = _WORDS if strict else _LOOKS_LIKE_WORDS
            if words.strip() in ALLOW or _FILE_NAME.match(words) or not rule.search(words):
                continue
            found.append((node.lineno, words))

    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _call_name(node) in DRAW_CALLS:
            for arg in node.args:
                report(arg, True)
            for kw in node.keywords:
                if kw.arg in TEXT_KEYWORDS:
                    report(kw.value, True)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = {t.id if isinstance(t, ast.Name) else getattr(t, "attr", "") for t in targets}
            if node.value is not None and names & TEXT_NAMES:
                report(node.value, True)
            elif node.value is not None and any(n.isupper() for n in names):
                report(node.value, False)  # module constants: N_() them where they are defined
        elif isinstance(node, ast.Return) and node.value is not None:
            report(node.value, False)
        elif isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) \
                and _call_name(node.exc) == "ValueError" and "scenes" in path.parts:
            for arg in node.exc.args:  # a scene's ValueError text is shown to the player
                report(arg, True)
    return sorted(set(found))


def shadowed(path: Path) -> list[int]:
    """Lines of functions that call _() but also bind `_` (a throwaway `_, y = ...` or
    `for _ in ...` makes `_` local to the whole function, and _() then fails)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    lines = []
    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        body = [n for n in ast.walk(func) if n is not func]
        binds = any(isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store)
                    and not _in_comprehension(n, func) for n in body)
        calls = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_"
                    for n in body)
        if binds and calls:
            lines.append(func.lineno)
    return lines


def _in_comprehension(name: ast.Name, func: ast.AST) -> bool:
    for node in ast.walk(func):
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            if any(n is name for gen in node.generators for n in ast.walk(gen.target)):
                return True
    return False


def scan_unmarked() -> list[str]:
    problems = []
    for folder in SCAN:
        paths = [GAME / folder] if folder.endswith(".py") else sorted((GAME / folder).rglob("*.py"))
        for path in paths:
            rel = path.relative_to(GAME).as_posix()
            if rel in PENDING:
                continue
            for line, words in unmarked(path):
                problems.append(f"game/{rel}:{line}: not marked for translation: {words!r}")
    return problems


# --- extract / update / compile ------------------------------------------------------------
def extract() -> Catalog:
    """Every marked message in game/ (the .pot template, in memory)."""
    catalog = Catalog(project="Scare It!", version="1", charset="utf-8", fuzzy=False,
                      creation_date=STAMP)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(GAME), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        catalog.add(message, None, [(f"game/{filename}", lineno)], auto_comments=comments,
                    context=context)
    return catalog


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def read_catalog(lang: str) -> Catalog:
    with open(po_path(lang), "rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


STAMP = datetime(2026, 11, 30, tzinfo=UTC)  # fixed, so a re-run changes no header


def write_catalog(lang: str, catalog: Catalog) -> None:
    po_path(lang).parent.mkdir(parents=True, exist_ok=True)
    po_path(lang).write_text(po_text(lang, catalog), encoding="utf-8")


def po_text(lang: str, catalog: Catalog) -> str:
    """A catalogue as its .po file: the same messages and translations give the same bytes."""
    catalog.fuzzy = False
    catalog.creation_date = catalog.revision_date = STAMP
    catalog.last_translator = "Scare It! team"
    catalog.language_team = f"{lang} (words: docs/GLOSSARY.md)"
    catalog.msgid_bugs_address = ""
    catalog.copyright_holder = "the Scare It! team"
    catalog.header_comment = (f"# {LANG_NAMES[lang]} words of Scare It!\n"
                              "# The game's words (card, scare, field...) are fixed per language in "
                              "docs/GLOSSARY.md;\n# use the same word for the same thing everywhere.\n"
                              "# Edit the msgstr lines, then run: python tools/translations.py")
    buf = io.BytesIO()
    # No line numbers: a code edit elsewhere in a file must not touch every catalogue.
    write_po(buf, catalog, width=100, ignore_obsolete=True, sort_output=False, omit_header=False,
             include_lineno=False)
    text = buf.getvalue().decode("utf-8")
    # Our plural rule, not Babel's CLDR one: the issue asks for these exact gettext rules.
    return re.sub(r'"Plural-Forms: [^"]*\\n"', f'"Plural-Forms: {PLURAL_FORMS[lang]}\\\\n"', text)


def compiled(lang: str) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, read_catalog(lang), use_fuzzy=False)
    return buf.getvalue()


def pot_text(template: Catalog) -> str:
    buf = io.BytesIO()
    write_po(buf, template, width=100, omit_header=False, include_lineno=False)
    return re.sub(r'"POT-Creation-Date: [^"]*"\n', "", buf.getvalue().decode("utf-8"))


def write_pot(template: Catalog) -> None:
    POT.parent.mkdir(parents=True, exist_ok=True)
    POT.write_text(pot_text(template), encoding="utf-8")


def merged(lang: str, template: Catalog) -> Catalog:
    """The language's catalogue with the template merged in (what `update` writes)."""
    if po_path(lang).exists():
        catalog = read_catalog(lang)
    else:
        catalog = Catalog(locale=lang, domain=DOMAIN, project="Scare It!", version="1")
    catalog.update(template, update_header_comment=False)
    return catalog


def stale_files(template: Catalog) -> list[Path]:
    """The .pot and .po files that `update` would change: e.g. a message moved to another
    file changes its `#:` source comment. A clean clone stays clean after `make i18n`."""
    stale = [] if POT.exists() and POT.read_text(encoding="utf-8") == pot_text(template) else [POT]
    for lang in LANGS:
        if not po_path(lang).exists() \
                or po_path(lang).read_text(encoding="utf-8") != po_text(lang, merged(lang, template)):
            stale.append(po_path(lang))
        elif not reviewed_path(lang).exists() or reviewed_path(lang).read_text(encoding="utf-8") \
                != reviewed_text(lang, read_catalog(lang), read_reviewed(lang)):
            stale.append(reviewed_path(lang))
    return stale


def update() -> None:
    """Extract, merge into every .po (new messages empty, changed ones fuzzy), compile."""
    template = extract()
    write_pot(template)
    for lang in LANGS:
        catalog = merged(lang, template)
        write_catalog(lang, catalog)
        mo_path(lang).write_bytes(compiled(lang))
        reviewed_path(lang).write_text(reviewed_text(lang, catalog, read_reviewed(lang)),
                                       encoding="utf-8")
        print(f"{lang}: {len(catalog)} messages, {len(missing(catalog))} to translate, "
              f"{len(unreviewed(lang, catalog))} to be read by a native reader")


def compile_all() -> None:
    for lang in LANGS:
        mo_path(lang).write_bytes(compiled(lang))


# --- review: no message lands before a native reader has read it ---------------------------
REVIEWED_HEADER = (
    "# Messages of this catalogue a native {name} game localiser has read in place (beside\n"
    "# docs/GLOSSARY.md and the rendered screen): one line each, the fingerprint of its context,\n"
    "# English and translation, then its English for people. A changed English or translation\n"
    "# has a new fingerprint, so it is read again. Written by `tools/translations.py mark`.\n")


def reviewed_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".reviewed")


def message_key(msg) -> str:
    """A message's key in todo/fill/review JSON: "context\x04singular\x00plural"."""
    key = msg.id if isinstance(msg.id, str) else "\x00".join(msg.id)
    return f"{msg.context}\x04{key}" if msg.context else key


def fingerprint(msg) -> str:
    """What a reviewer read: the context, the English and every form of the translation."""
    ids = list(msg.id) if isinstance(msg.id, (tuple, list)) else [msg.id]
    strings = list(msg.string) if isinstance(msg.string, (tuple, list)) else [msg.string]
    text = json.dumps([msg.context, ids, strings], ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def read_reviewed(lang: str) -> set[str]:
    """The fingerprints marked read (none when the file is missing)."""
    path = reviewed_path(lang)
    if not path.exists():
        return set()
    return {line.split()[0] for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")}


def reviewed_text(lang: str, catalog: Catalog, marks: set[str]) -> str:
    """The .reviewed file for `marks`, in catalogue order, holding only present messages."""
    lines = [REVIEWED_HEADER.format(name=LANG_NAMES[lang])]
    for msg in catalog:
        if msg.id and fingerprint(msg) in marks:
            english = message_key(msg).replace("\n", "\\n").replace("\x04", " | ")
            lines.append(f"{fingerprint(msg)} {english.split(chr(0))[0][:72].rstrip()}\n")
    return "".join(lines)


def translated(msg) -> bool:
    strings = msg.string if isinstance(msg.string, (tuple, list)) else (msg.string,)
    return bool(msg.id) and not msg.fuzzy and all(strings)


def unreviewed(lang: str, catalog: Catalog | None = None) -> list:
    """Translated messages no native reader has marked (untranslated ones fail on their own)."""
    catalog = read_catalog(lang) if catalog is None else catalog
    marks = read_reviewed(lang)
    return [msg for msg in catalog if translated(msg) and fingerprint(msg) not in marks]


def review_problems(lang: str, catalog: Catalog) -> list[str]:
    waiting = unreviewed(lang, catalog)
    if not waiting:
        return []
    first = message_key(waiting[0]).replace("\x04", " | ")
    return [f"{reviewed_path(lang).relative_to(ROOT)}: {len(waiting)} message(s) no native "
            f"{LANG_NAMES[lang]} reader has read yet, e.g. {first[:60]!r} (tools/translations.py "
            f"review {lang}; then mark what the reader approved)"]


def review_items(lang: str, shots: dict | None = None) -> list[dict]:
    """What a reviewer needs for each unread message: its key, context, English, translation,
    where the code uses it and the screenshots it is drawn on (when `shots` was made)."""
    items = []
    for msg in unreviewed(lang):
        ids = list(msg.id) if isinstance(msg.id, (tuple, list)) else [msg.id]
        strings = list(msg.string) if isinstance(msg.string, (tuple, list)) else [msg.string]
        items.append({"key": message_key(msg), "context": msg.context, "english": ids,
                      "translation": strings,
                      "where": [f"{f}:{n}" if n else f for f, n in msg.locations],
                      "comments": list(msg.auto_comments),
                      "screens": (shots or {}).get((msg.context, ids[0]), [])})
    return items


def mark(lang: str, keys: list) -> int:
    """Mark the messages `keys` names as read by a native reader; refuses a key the catalogue
    does not hold or holds untranslated (a reader cannot approve what is not there)."""
    catalog = read_catalog(lang)
    by_key = {message_key(m): m for m in catalog if m.id}
    marks = read_reviewed(lang)
    for key in keys:
        key = key["key"] if isinstance(key, dict) else key
        msg = by_key.get(key)
        if msg is None or not translated(msg):
            raise SystemExit(f"{lang}: {key!r} is not a translated message of the catalogue")
        marks.add(fingerprint(msg))
    reviewed_path(lang).write_text(reviewed_text(lang, catalog, marks), encoding="utf-8")
    return len(keys)


# --- the glossary's refused words --------------------------------------------------------------
GLOSSARY = ROOT / "docs" / "GLOSSARY.md"


@dataclass(frozen=True)
class Refusal:
    """One row of the glossary's "Words the check refuses"."""

    lang: str
    words: str
    instead: str
    only_where: str

    def pattern(self) -> re.Pattern:
        """`*` is any letters (lower case: a capital there is another word), the first letter in
        either case, the whole at word boundaries."""
        parts = []
        for i, piece in enumerate(self.words.split("*")):
            if i:
                parts.append(r"(\w*)")
            if piece and not parts:
                first = piece[0]
                parts.append(f"[{re.escape(first.upper())}{re.escape(first.lower())}]"
                             + re.escape(piece[1:]))
            elif piece:
                parts.append(re.escape(piece))
        return re.compile(r"(?<!\w)" + "".join(parts) + r"(?!\w)")

    def finds(self, english: str, translation: str) -> bool:
        if self.only_where and self.only_where.lower() not in english.lower():
            return False
        return any(all(self._lower(m, i) for i in range(1, len(m.groups()) + 1))
                   for m in self.pattern().finditer(translation))

    @staticmethod
    def _lower(match: re.Match, group: int) -> bool:
        """A `*`'s letters are lower case (the first may be a capital where the words begin)."""
        letters = match.group(group)
        if match.start(group) == match.start():
            letters = letters[1:]
        return letters == "" or letters.islower()


def refusals(path: Path = GLOSSARY) -> list[Refusal]:
    """The rows of the glossary's table under "## Words the check refuses"."""
    text = path.read_text(encoding="utf-8")
    section = text.split("## Words the check refuses", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0] in LANGS:
            rows.append(Refusal(cells[0], cells[1], cells[2], cells[3]))
    return rows


def refused_words(catalog: Catalog, lang: str, where: str, rules: list[Refusal]) -> list[str]:
    """A line per message whose translation uses a word the glossary refuses in `lang`."""
    problems = []
    for msg in catalog:
        if not msg.id:
            continue
        english = " ".join(msg.id) if isinstance(msg.id, (tuple, list)) else msg.id
        strings = msg.string if isinstance(msg.string, (tuple, list)) else (msg.string,)
        for rule in rules:
            if rule.lang == lang and any(s and rule.finds(english, s) for s in strings):
                problems.append(f"{where}:{msg.lineno}: {rule.words!r} is refused by "
                                f"docs/GLOSSARY.md (say: {rule.instead}) in {english[:60]!r}")
    return problems


# --- check -----------------------------------------------------------------------------------
_PLACEHOLDER = re.compile(r"%\((\w+)\)[#0 +-]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]|%[diouxXeEfFgGcrsa]|"
                          r"\{[^{}]*\}")


def placeholders(text: str) -> list[str]:
    return sorted(m.group(0) for m in _PLACEHOLDER.finditer(text))


def missing(catalog: Catalog) -> list:
    out = []
    for msg in catalog:
        if not msg.id:
            continue
        strings = msg.string if isinstance(msg.string, (tuple, list)) else (msg.string,)
        if msg.fuzzy or not all(strings):
            out.append(msg)
    return out


def check_catalog(lang: str, template: Catalog) -> list[str]:
    where = po_path(lang).relative_to(ROOT)
    try:
        catalog = read_catalog(lang)
    except (OSError, ValueError) as err:
        return [f"{where}: cannot be read ({err})"]
    problems = catalog_problems(catalog, lang, template, str(where))
    problems += review_problems(lang, catalog)
    problems += refused_words(catalog, lang, str(where), refusals())
    if not mo_path(lang).exists() or mo_path(lang).read_bytes() != compiled(lang):
        problems.append(f"{mo_path(lang).relative_to(ROOT)}: stale (run tools/translations.py compile)")
    return problems


def catalog_problems(catalog: Catalog, lang: str, template: Catalog, where: str) -> list[str]:
    """Untranslated, fuzzy, missing or placeholder-changing messages of one catalogue."""
    problems = []
    nplurals = int(re.search(r"nplurals=(\d+)", PLURAL_FORMS[lang]).group(1))
    if catalog.num_plurals != nplurals:
        problems.append(f"{where}: Plural-Forms should be {PLURAL_FORMS[lang]!r}")
    for msg in template:
        if msg.id and catalog.get(msg.id, context=msg.context) is None:
            problems.append(f"{where}: missing {msg.id!r} (run tools/translations.py)")
    for msg in catalog:
        if not msg.id:
            continue
        key = msg.id if isinstance(msg.id, str) else msg.id[0]
        if msg.fuzzy:
            problems.append(f"{where}:{msg.lineno}: fuzzy {key!r}")
        ids = msg.id if isinstance(msg.id, (tuple, list)) else (msg.id,)
        strings = msg.string if isinstance(msg.string, (tuple, list)) else (msg.string,)
        if isinstance(msg.id, (tuple, list)) and len(strings) != nplurals:
            problems.append(f"{where}:{msg.lineno}: {key!r} needs {nplurals} plural forms")
        if not all(strings):
            problems.append(f"{where}:{msg.lineno}: untranslated {key!r}")
            continue
        want = placeholders(ids[-1])
        for s in strings:
            # a singular form may drop the count ("one card"), never add or rename one
            got = placeholders(s)
            if got != want and not (len(ids) > 1 and set(got) <= set(want)):
                problems.append(f"{where}:{msg.lineno}: placeholders differ in {key!r}: "
                                f"{want} vs {got} in {s!r}")
    return problems


def check() -> list[str]:
    template = extract()
    problems = []
    stale = {m.id for m in template if m.id} != _pot_ids()
    if stale:
        problems.append(f"{POT.relative_to(ROOT)}: out of date with game/ (run tools/translations.py)")
    for path in stale_files(template):
        problems.append(f"{path.relative_to(ROOT)}: not as `update` writes it, e.g. its #: source "
                        "comments (run make i18n and commit the result)")
    for lang in LANGS:
        problems += check_catalog(lang, template)
    problems += scan_unmarked()
    for path in sorted(GAME.rglob("*.py")):
        for line in shadowed(path):
            problems.append(f"{path.relative_to(ROOT)}:{line}: binds `_` and also calls _()")
    return problems


def _pot_ids() -> set:
    if not POT.exists():
        return set()
    with open(POT, "rb") as fh:
        return {m.id for m in read_po(fh) if m.id}


# --- todo / fill: translations in and out as JSON ----------------------------------------
def todo(lang: str) -> dict:
    out = {}
    for msg in missing(read_catalog(lang)):
        key = msg.id if isinstance(msg.id, str) else "\x00".join(msg.id)
        if msg.context:
            key = f"{msg.context}\x04{key}"
        out[key] = msg.string if msg.string else ""
    return out


def fill(lang: str, translations: dict) -> int:
    catalog = read_catalog(lang)
    done = 0
    for key, value in translations.items():
        context = None
        if "\x04" in key:
            context, key = key.split("\x04", 1)
        msgid = tuple(key.split("\x00")) if "\x00" in key else key
        msg = catalog.get(msgid if isinstance(msgid, str) else msgid[0], context=context)
        if msg is None or not value:
            continue
        msg.string = tuple(value) if isinstance(value, list) else value
        msg.flags.discard("fuzzy")
        done += 1
    write_catalog(lang, catalog)
    mo_path(lang).write_bytes(compiled(lang))
    return done


# --- sheet: each message beside the screenshots it appears on -------------------------------
class MessageRecorder:
    """Wraps the active catalogue and notes every message looked up (the scene being shot)."""

    def __init__(self, translation, seen: set) -> None:
        self._translation, self._seen = translation, seen

    def gettext(self, message: str) -> str:
        self._seen.add((None, message))
        return self._translation.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self._seen.add((None, singular))
        return self._translation.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        self._seen.add((context, message))
        return self._translation.pgettext(context, message)


def shots_by_message(lang: str, outdir: Path) -> dict:
    """Render every scene of tools/screenshots.py in `lang` into `outdir`; returns
    {(context, msgid): [shot names]} - a message counts for a shot when it was looked up
    between the shot before and this one (building or drawing the scene)."""
    spec = importlib.util.spec_from_file_location("screenshots", ROOT / "tools" / "screenshots.py")
    shots = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(shots)
    from game import i18n
    seen: set = set()
    found: dict = {}
    use = i18n.use
    i18n.use = lambda translation: use(MessageRecorder(translation, seen))
    shoot = shots.shoot

    def recording_shoot(app, where, name, seconds=0.3):
        shoot(app, where, name, seconds)
        for key in seen:
            found.setdefault(key, []).append(name)
        seen.clear()

    def recording_online(name):
        for key in seen:
            found.setdefault(key, []).append(name)
        seen.clear()

    shots.shoot, shots.ONLINE_SHOWN = recording_shoot, recording_online
    try:
        if shots.main(["--lang", lang, str(outdir)]) != 0:
            raise SystemExit(f"screenshots in {lang} failed")
    finally:
        i18n.use, shots.shoot = use, shoot
    return found


def write_sheet(lang: str, outdir: Path) -> Path:
    """outdir/LANG.html: a row per message (English, translation, the shots it is on), the
    messages no shot showed last, for a reviewer to read in context."""
    found = shots_by_message(lang, outdir)
    rows, unseen = [], []
    for msg in read_catalog(lang):
        if not msg.id:
            continue
        msgid = msg.id if isinstance(msg.id, str) else msg.id[0]
        ids = msg.id if isinstance(msg.id, (tuple, list)) else (msg.id,)
        strings = msg.string if isinstance(msg.string, (tuple, list)) else (msg.string,)
        names = found.get((msg.context, msgid), [])
        english = " / ".join(html.escape(i) for i in ids)
        if msg.context:
            english = f"<small>[{html.escape(msg.context)}]</small> {english}"
        words = "<br>".join(html.escape(s) for s in strings)
        pictures = "".join(f'<a href="{n}.png"><img src="{n}.png" alt="{n}" title="{n}"></a>'
                           for n in names)
        row = f"<tr><td>{english}</td><td lang=\"{lang}\">{words}</td><td>{pictures}</td></tr>"
        (rows if names else unseen).append(row)
    head = ("<tr><th>English</th><th>" + LANG_NAMES[lang] + "</th><th>Seen on</th></tr>")
    page = (f"<!doctype html><meta charset=\"utf-8\"><title>Scare It! - {LANG_NAMES[lang]} "
            "review sheet</title><style>body{font-family:sans-serif}td{vertical-align:top;"
            "border-bottom:1px solid #ccc;padding:4px}img{height:120px;margin:2px}</style>"
            f"<h1>{LANG_NAMES[lang]} words in context</h1><p>Each message beside the "
            "screenshots it is drawn on (click one for full size). Words and forms: "
            "docs/GLOSSARY.md.</p>"
            f"<table>{head}{''.join(rows)}</table><h2>Not on any screenshot ({len(unseen)})</h2>"
            "<p>Shown in situations the screenshots do not reach (errors, rare endings): "
            f"read them with their English.</p><table>{head}{''.join(unseen)}</table>")
    path = outdir / f"{lang}.html"
    path.write_text(page, encoding="utf-8")
    print(f"{lang}: {len(rows)} messages on screenshots, {len(unseen)} on none -> {path}")
    return path


def parser() -> argparse.ArgumentParser:
    """The commands of the module's docstring, each with its own arguments."""
    top = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                  epilog="Without a command: update.")
    commands = top.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("update", help="extract game/ -> .pot, merge into each .po, compile .mo")
    commands.add_parser("compile", help="compile every .po into its .mo")
    commands.add_parser("check", help="fail on untranslated, fuzzy, placeholder, unmarked or "
                                      "stale .mo")
    todo_ = commands.add_parser("todo", help="the messages still needed, as JSON to fill in")
    todo_.add_argument("lang", nargs="?", choices=LANGS, help="one language (default: all)")
    fill_ = commands.add_parser("fill", help="merge {msgid: msgstr | [forms]} back (without "
                                             "LANG: {lang: {msgid: ...}} for all)")
    fill_.add_argument("lang", nargs="?", choices=LANGS, help="the language FILE holds")
    fill_.add_argument("file", type=Path, help="the JSON file")
    sheet = commands.add_parser("sheet", help="a review sheet: every message beside the "
                                              "screenshots it is drawn on (OUTDIR/LANG.html)")
    sheet.add_argument("lang", choices=LANGS)
    sheet.add_argument("outdir", type=Path)
    review = commands.add_parser("review", help="the messages no native reader has read yet "
                                                "(make i18n fails while there is one)")
    review.add_argument("lang", nargs="?", choices=LANGS, help="one language (default: all)")
    review.add_argument("--json", type=Path, metavar="FILE",
                        help="write them as JSON for the reader ({lang: [items]})")
    review.add_argument("--shots", type=Path, metavar="OUTDIR",
                        help="render every screen into OUTDIR and name the ones each is on")
    mark_ = commands.add_parser("mark", help="a native reader read and approved these: mark "
                                             "them reviewed")
    mark_.add_argument("lang", choices=LANGS)
    mark_.add_argument("file", type=Path, help="JSON: a list of keys (or review items)")
    return top


def show_review(langs: list[str], json_path: Path | None, shots: Path | None) -> int:
    """Print (and with --json write) the unread messages of `langs`."""
    out = {}
    for lang in langs:
        found = None
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)
            found = shots_by_message(lang, shots / lang)
        out[lang] = review_items(lang, found)
        print(f"{lang}: {len(out[lang])} message(s) to be read by a native "
              f"{LANG_NAMES[lang]} reader")
        for item in out[lang]:
            context = f"[{item['context']}] " if item["context"] else ""
            screens = ", ".join(item["screens"]) or "no screenshot"
            print(f"  {context}{' / '.join(item['english'])!r}\n    -> "
                  f"{' / '.join(item['translation'])!r}\n    ({', '.join(item['where'])}; "
                  f"{screens})")
    if json_path is not None:
        json_path.write_text(json.dumps(out, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    if args.command in (None, "update"):
        update()
        return 0
    if args.command == "compile":
        compile_all()
        return 0
    if args.command == "check":
        problems = check()
        for p in problems:
            print(p)
        print(f"{len(problems)} problems" if problems else "catalogues OK")
        return 1 if problems else 0
    if args.command == "todo":
        wanted = {lang: todo(lang) for lang in ([args.lang] if args.lang else LANGS)}
        print(json.dumps(wanted[args.lang] if args.lang else wanted, ensure_ascii=False,
                         indent=1))
        return 0
    if args.command == "fill":
        data = json.loads(args.file.read_text(encoding="utf-8"))
        for lang, translations in ({args.lang: data} if args.lang else data).items():
            print(f"{lang}: {fill(lang, translations)} messages filled")
        return 0
    if args.command == "review":
        return show_review([args.lang] if args.lang else list(LANGS), args.json, args.shots)
    if args.command == "mark":
        keys = json.loads(args.file.read_text(encoding="utf-8"))
        print(f"{args.lang}: {mark(args.lang, keys)} message(s) marked read by a native reader")
        return 0
    args.outdir.mkdir(parents=True, exist_ok=True)  # sheet
    write_sheet(args.lang, args.outdir)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
