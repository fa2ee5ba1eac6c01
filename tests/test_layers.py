"""The layer order holds: engine < campaign, anim, match < render < ui < scenes < app < cli.

Every `import` in game/ (at any depth, read with ast) points down that list, into its own
layer, or at a base module (game.i18n, paths, errors, settings). The violations known today
are listed: the test fails when a new one appears and when a listed one is gone, so the list
only shrinks and stays true.
"""

import ast
import functools
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"

# Layer of each module, by its longest matching prefix; same rank = separate siblings.
LAYERS = {
    "game.engine": ("engine", 0),
    "game.campaign": ("campaign", 1), "game.anim": ("anim", 1), "game.match": ("match", 1),
    "game.render": ("render", 2), "game.notifier": ("render", 2), "game.online": ("online", 2), "game.input": ("render", 2), "game.controls": ("render", 2), "game.speech": ("render", 2), "game.voices": ("render", 2), "game.audio": ("render", 2),
    "game.ui": ("ui", 3),
    "game.scenes": ("scenes", 4),
    "game.app": ("app", 5), "game.kiosk": ("app", 5), "game.window": ("app", 5), "game.turn_alerts": ("app", 5),
    "game.cli": ("cli", 6), "game.rule_commands": ("cli", 6), "game.simulate": ("cli", 6), "game.desktop": ("cli", 6), "game.watch": ("cli", 6), "game.__main__": ("cli", 6),
}
BASE = {"game", "game.i18n", "game.paths", "game.errors", "game.settings", "game.files", "game.workers",
        "game.names"}
ENGINE_MAY_USE = {"game.i18n"}

# (importer, imported) pairs that break the order today; phase 2 of issue 10 removes them.
KNOWN: set[tuple[str, str]] = set()  # phase 2 of issue 10 removed the last one


def module_name(path: Path) -> str:
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str):
    if module in BASE:
        return None
    best = max((p for p in LAYERS if module == p or module.startswith(p + ".")),
               key=len, default=None)
    if best is None:
        raise AssertionError(f"{module} belongs to no layer: add it to LAYERS or BASE")
    return LAYERS[best]


def imports(path: Path, module: str | None = None, strings: bool = True):
    """(imported module, line) for every absolute import of a game module in the file, and for
    every game module it names in a string (a registry that imports it with importlib later,
    as game.scenes.registry and the command table do: the same layer rules hold). `module`
    names a file kept outside game/ (a test's probe) as the module it stands for; `strings`
    False leaves out the modules named in strings."""
    module = module or module_name(path)
    package = module.rsplit(".", 1)[0] if path.name != "__init__.py" else module
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if strings and isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and _is_module(node.value.split(":")[0]):  # "module" or "module:attribute"
            yield node.value.split(":")[0], node.lineno
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the package
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                # `from game import window` imports the module game.window, not just `game`.
                yield (_submodule(module, alias.name) or module), node.lineno


def _is_module(name: str) -> bool:
    """`name` is a module or package of the game (game/x/y.py or game/x/y/__init__.py)."""
    if not name.startswith("game.") or not all(p.isidentifier() for p in name.split(".")):
        return False
    path = GAME.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _submodule(package: str, name: str) -> str | None:
    """`package.name` when that names a module or package of the game, else None."""
    candidate = f"{package}.{name}"
    return candidate if _is_module(candidate) else None


def allowed(importer: str, imported: str) -> bool:
    source = layer_of(importer)
    if imported in BASE:
        return source is None or source[0] != "engine" or imported in ENGINE_MAY_USE
    target = layer_of(imported)
    if source is None:  # a base module leans on base modules only
        return False
    return target[0] == source[0] or target[1] < source[1]


@functools.cache  # two tests read it; game/ does not change while they run
def violations() -> frozenset[tuple[str, str]]:
    found = set()
    for path in GAME.rglob("*.py"):
        importer = module_name(path)
        for imported, _line in imports(path):
            if imported == "game" or imported.startswith("game."):
                if not allowed(importer, imported):
                    found.add((importer, imported))
    return frozenset(found)


def test_no_new_upward_import():
    new = violations() - KNOWN
    assert not new, f"imports against the layer order: {sorted(new)}"


def test_the_known_list_is_still_true():
    gone = KNOWN - violations()
    assert not gone, f"fixed, so remove from KNOWN: {sorted(gone)}"


def test_every_module_has_a_layer():
    for path in GAME.rglob("*.py"):
        layer_of(module_name(path))


def test_from_game_import_a_module_is_that_modules_import(tmp_path):
    """`from game import app` inside game/engine would be an engine -> app import."""
    probe = tmp_path / "_probe_layers.py"  # never in game/: parallel workers read it
    probe.write_text("from game import app\nfrom game.scenes.table import play\n", encoding="utf-8")
    seen = {module for module, _line in imports(probe, "game.engine._probe_layers")}
    assert seen == {"game.app", "game.scenes.table.play"}
    assert not allowed("game.engine._probe_layers", "game.app")


def test_a_module_named_in_a_string_is_an_import(tmp_path):
    """A registry that names a module for importlib is held to the layers like an import."""
    probe = tmp_path / "_probe_layers.py"
    probe.write_text('SCREENS = {"table": "game.scenes.table.play:PlayScene"}\n'
                     'WORDS = "game.over"\n', encoding="utf-8")
    seen = {module for module, _line in imports(probe, "game.engine._probe_layers")}
    assert seen == {"game.scenes.table.play"}
    assert ("game.scenes.registry", "game.scenes.table.play") in {
        (module_name(GAME / "scenes" / "registry.py"), m)
        for m, _line in imports(GAME / "scenes" / "registry.py")}


def test_the_checker_sees_an_upward_import():
    assert not allowed("game.engine.state", "game.match.record")
    assert not allowed("game.match.loading", "game.campaign.progress")  # siblings stay apart
    assert not allowed("game.engine.moves", "game.paths")
    assert not allowed("game.paths", "game.engine")
    assert allowed("game.engine.moves", "game.i18n")
    assert allowed("game.scenes.table.play", "game.match.controller")
    assert allowed("game.match.loading", "game.paths")


# Imports of game modules inside functions today (mostly scenes dodging their cycles, e.g.
# play <-> scoring). None may be added; phase 2 of issue 10 moves the shared things down a
# layer and removes them. (cli's lazy perft/solver imports only spare start-up time.)
KNOWN_LOCAL: set[tuple[str, str]] = set()  # phase 2 of issue 10 removed the last one


@functools.cache
def local_imports() -> frozenset[tuple[str, str]]:
    """(importer, imported) for every game-module import inside a function body."""
    found = set()
    for path in GAME.rglob("*.py"):
        importer = module_name(path)
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                for node in ast.walk(fn):
                    names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                        [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                    found.update((importer, n) for n in names
                                 if n == "game" or n.startswith("game."))
    return frozenset(found)


def test_no_new_import_inside_a_function():
    new = local_imports() - KNOWN_LOCAL
    assert not new, f"import at the top of the module instead: {sorted(new)}"


def test_the_known_local_list_is_still_true():
    gone = KNOWN_LOCAL - local_imports()
    assert not gone, f"gone, so remove from KNOWN_LOCAL: {sorted(gone)}"


def long_files(root: Path, most: int = 450) -> dict[str, int]:
    """Every .py file under `root`, in any room at any depth, longer than `most` lines."""
    return {str(p.relative_to(root)): n for p in root.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > most}


def test_no_scene_file_is_longer_than_450_lines():
    """One scene per file, each small: a scene that grows splits into parts (its drawing, its
    input, its layout) instead. Every room's files count, not only the top folder's."""
    assert long_files(GAME / "scenes") == {}


def test_the_line_rule_reads_the_rooms(tmp_path):
    (tmp_path / "room").mkdir()
    (tmp_path / "room" / "long.py").write_text("x = 1\n" * 451, encoding="utf-8")
    (tmp_path / "short.py").write_text("x = 1\n" * 450, encoding="utf-8")
    assert long_files(tmp_path) == {str(Path("room", "long.py")): 451}


# Rooms: the packages of game/ (a scene room, a sub-package of game/online, ...), each one
# node. A package imports another when one of its own modules does (a statement at any depth,
# or a module named in a string, as for the layers). The package graph has no cycle, so every
# room stands on the rooms below it. The screen registry names every room's screens so that one
# room opens another's by name: it is the one way up, so its names are no edge.
WAYS_UP = {"game.scenes.registry"}
# The floors inside a package: each sub-package's rank ("" the package's own modules); a
# sub-package imports only lower floors, and those of one floor stay apart like siblings.
FLOORS = {
    "game.online": {"shared": 0, "server": 1, "client": 1, "window": 2, "": 3},
}


def package_of(module: str) -> str:
    """The package a module sits in (a package is its own)."""
    path = GAME.parent.joinpath(*module.split("."))
    return module if (path / "__init__.py").is_file() else module.rsplit(".", 1)[0]


@functools.cache
def package_imports() -> dict[str, dict[str, tuple[str, str]]]:
    """importer package -> imported package -> one (importer module, imported module) that
    makes the edge; game/ itself is no node (its modules are held by LAYERS one by one)."""
    edges: dict[str, dict[str, tuple[str, str]]] = {}
    for path in GAME.rglob("*.py"):
        importer = module_name(path)
        source = package_of(importer)
        for imported, _line in imports(path, strings=importer not in WAYS_UP):
            if not _is_module(imported):
                continue
            target = package_of(imported)
            if "game" not in (source, target) and source != target:
                edges.setdefault(source, {}).setdefault(target, (importer, imported))
    return edges


def a_cycle(edges: dict[str, dict[str, object]]) -> list[str]:
    """One cycle of the graph as its nodes in order (the first again at the end), or []."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done, no cycle through it
    path: list[str] = []

    def walk(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, {})):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := walk(nxt)):
                return found
        state[node] = 2
        path.pop()
        return []

    for node in sorted(edges):
        if node not in state and (found := walk(node)):
            return found
    return []


def test_no_package_cycle_between_rooms():
    edges = package_imports()
    cycle = a_cycle(edges)
    said = "; ".join(f"{a} -> {b} ({' imports '.join(edges[a][b])})"
                     for a, b in zip(cycle, cycle[1:], strict=False))
    assert not cycle, "packages that import each other round (open a room's screen through " \
        f"the screen registry instead): {said}"


def test_the_cycle_finder_sees_a_cycle():
    assert a_cycle({"a": {"b": 0}, "b": {"c": 0}, "c": {"a": 0}, "d": {"a": 0}}) == \
        ["a", "b", "c", "a"]
    assert a_cycle({"a": {"b": 0, "c": 0}, "b": {"c": 0}}) == []


def floor_of(module: str) -> tuple[str, int] | None:
    """(the package with FLOORS, the module's floor in it) for a module inside one, else None."""
    for package, floors in FLOORS.items():
        if module == package or module.startswith(package + "."):
            rest = package_of(module)[len(package) + 1:].split(".")[0]
            return package, floors[rest]
    return None


def test_sub_packages_import_only_downward():
    """game/online: shared < server, client (apart) < window < the commands."""
    wrong = []
    for targets in package_imports().values():
        for importer_module, imported in targets.values():
            source, target = floor_of(importer_module), floor_of(imported)
            if source and target and source[0] == target[0] and source[1] <= target[1]:
                wrong.append(f"{importer_module} imports {imported}")
    assert not wrong, f"a floor imports its own floor or one above: {wrong}"


def test_every_sub_package_has_a_floor():
    for package, floors in FLOORS.items():
        subs = {p.parent.name for p in GAME.parent.joinpath(*package.split(".")).glob("*/__init__.py")}
        assert subs | {""} == set(floors), f"{package}: place each sub-package on a floor"


def test_the_scenes_reach_the_midend_only_through_its_door():
    """A scene imports from `game.match` only the names its DOOR lists, never one of its modules
    (`from game.match.x import`, `import game.match.x`, `from game.match import x`)."""
    import game.match as midend

    modules = {p.stem for p in (GAME / "match").glob("*.py")} - {"__init__"}
    for path in sorted((GAME / "scenes").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                named = [a.name for a in node.names if a.name.startswith("game.match")]
                assert not named, f"{path}:{node.lineno} imports {named}: use the door"
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game.match"):
                assert node.module == "game.match", \
                    f"{path}:{node.lineno} imports from {node.module}: use the door, game.match"
                for alias in node.names:
                    assert alias.name in midend.DOOR and alias.name not in modules, \
                        f"{path}:{node.lineno}: {alias.name} is not a name of game.match's door"


def test_every_name_of_the_door_is_its_modules_and_the_door_loads_nothing_first():
    """Each DOOR name is defined by the module it names; importing the package alone loads none of
    them (a record read at start brings in no computer and no solver)."""
    import importlib
    import subprocess
    import sys

    import game.match as midend

    for name, where in midend.DOOR.items():
        module, _, there = where.partition(":")
        defined = getattr(importlib.import_module(f"game.match.{module}"), there or name)
        assert getattr(midend, name) is defined
    loaded = subprocess.run([sys.executable, "-c", "import sys, game.match; print(sorted("
                             "m for m in sys.modules if m.startswith('game.match.')))"],
                            capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == "[]"
