"""One name, one thing (issue 47): no class name is defined in two of the game's modules.

Every module under game/ is read with ast; a top-level or nested class whose name another
module also defines fails the test, so a reader who meets `Refusal` knows which one it is.
A file path the code names in its words (`game/match/saving.SaveWriter`) leads somewhere.
"""

import ast
import re
from collections import defaultdict
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"

# Class names allowed in several modules, each with its reason (none needed today).
ALLOWED: dict[str, str] = {}


def class_homes() -> dict[str, set[str]]:
    """Each class name defined in game/, and the modules that define it."""
    homes: dict[str, set[str]] = defaultdict(set)
    for path in sorted(GAME.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                homes[node.name].add(str(path.relative_to(GAME.parent)))
    return homes


def test_each_class_name_is_defined_in_one_module():
    twice = {name: sorted(where) for name, where in class_homes().items()
             if len(where) > 1 and name not in ALLOWED}
    assert twice == {}, f"one class name, several things (rename one): {twice}"


def test_the_allow_list_is_still_needed():
    homes = class_homes()
    assert [name for name in ALLOWED if len(homes.get(name, ())) < 2] == []


def test_the_walk_sees_the_game():
    assert len(class_homes()) > 100  # the walk reads game/, not an empty folder


# A path the code names: game/folder/module(.py), then perhaps .Name defined there.
NAMED_PATH = re.compile(r"\bgame/([\w/]+?)(?:\.py)?(?:\.([A-Za-z_]\w*))?\b(?![/\w])")


def test_the_paths_named_in_the_code_lead_somewhere():
    stale = []
    for path in sorted(GAME.rglob("*.py")):
        for found in NAMED_PATH.finditer(path.read_text(encoding="utf-8")):
            target, name = GAME / found.group(1), found.group(2)
            module = target.with_suffix(".py")
            if not (module.exists() or target.exists()):
                stale.append(f"{path.name}: {found.group(0)}")
            elif name and name != "py" and module.exists() and not re.search(
                    rf"^\s*(class|def)\s+{name}\b|^{name}\s*[:=]", module.read_text(encoding="utf-8"),
                    re.M):
                stale.append(f"{path.name}: {found.group(0)}")
    assert stale == []
