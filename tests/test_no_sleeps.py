"""Tests never wait on the wall clock to prove that nothing happens or to stage a race (issue 47,
finding 10): a fake clock, an event or an in-process server does. A pause of 0.1 s or more
written into a test is allowed only where a real process or the real network is waited on,
each place named here with its reason. And the app's frames are driven one way only:
tests.scenes.drive.pump."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
LONGEST = 0.1  # seconds: shorter pauses are a poll's breath between two looks
SLEEPS = {"sleep"}  # time.sleep, asyncio.sleep, or a bare sleep imported from either

# (file under tests/, the function that pauses): why its pause stays on the wall clock.
ALLOWED = {
    ("test_window_x11.py", "XServer.__init__"): "polls for openbox, a real process, to come up",
    ("online/test_commands.py", "test_a_command_line_host_answers_a_claim_as_its_option_says"):
        "asks a real server process again until it let go of a dropped connection",
    ("online/test_back_by_itself.py", "test_a_restarted_server_takes_everyone_back_by_themselves"):
        "a real server process is down a while between its stop and its restart (slow)",
    ("online/test_discovery.py", "_until"): "polls real mDNS on the loopback interface",
    ("online/test_discovery.py", "test_an_advertised_table_is_listed_updated_and_gone"):
        "polls real mDNS on the loopback interface",
    ("online/test_guessing.py", "_probe_times"):
        "the wall-clock test of held answers: its pauses are the scenario (slow)",
    ("online/test_front_door.py", "FrontDoor.__init__"): "polls for HAProxy, a real process, to come up",
    ("online/test_pg_failover.py", "_through"):
        "asks the real HAProxy again until its health check has seen a process gone (slow)",
    ("online/test_pgstore.py", "test_a_rejoin_waits_for_the_lock_of_a_server_dying_that_moment.run"):
        "a real PostgreSQL session holds the lock a moment, as a dying server's does",
    ("online/test_server_parts.py", "test_every_task_of_a_dropped_table_is_cancelled.main.forever"):
        "a task that never ends by itself, for the table to cancel: no wait",
}


def long_pauses(path: Path) -> list[tuple[str, int, float]]:
    """(enclosing function's qualified name, line, seconds) of each literal pause of LONGEST
    or more."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []

    def walk(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            name = function
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = child.name if function == "<module>" else f"{function}.{child.name}"
            if isinstance(child, ast.Call) and _is_sleep(child.func) and child.args:
                seconds = child.args[0]
                if isinstance(seconds, ast.Constant) and isinstance(seconds.value, int | float) \
                        and seconds.value >= LONGEST:
                    found.append((function, child.lineno, seconds.value))
            walk(child, name)

    walk(tree, "<module>")
    return found


def _is_sleep(func: ast.expr) -> bool:
    if isinstance(func, ast.Attribute):
        return func.attr in SLEEPS
    return isinstance(func, ast.Name) and func.id in SLEEPS


def test_no_test_pauses_on_the_wall_clock_outside_the_allowed_places():
    seen, unexplained = set(), []
    for path in sorted(TESTS.rglob("*.py")):
        where = path.relative_to(TESTS).as_posix()
        for function, line, seconds in long_pauses(path):
            seen.add((where, function))
            if (where, function) not in ALLOWED:
                unexplained.append(f"tests/{where}:{line} ({function}) sleeps {seconds} s")
    assert not unexplained, ("use a fake clock or an event, not the wall clock:\n"
                             + "\n".join(unexplained))
    assert not set(ALLOWED) - seen, f"allowed but no longer pausing: {set(ALLOWED) - seen}"


def test_the_guard_sees_each_way_to_pause(tmp_path):
    """The guard finds time.sleep, asyncio.sleep and a bare sleep, in a function or not."""
    sample = tmp_path / "sample.py"
    sample.write_text("import asyncio, time\nfrom time import sleep\ntime.sleep(4)\n"
                      "async def f():\n    await asyncio.sleep(0.3)\n"
                      "class C:\n    def g(self):\n        sleep(1)\n        time.sleep(0.005)\n"
                      "        time.sleep(n)\n",
                      encoding="utf-8")
    assert long_pauses(sample) == [("<module>", 3, 4), ("f", 5, 0.3), ("C.g", 8, 1)]


def test_one_pump_drives_the_app():
    """No test module defines a pump of its own (two that drew differently once disagreed)."""
    own = []
    for path in sorted(TESTS.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        own += [f"tests/{path.relative_to(TESTS).as_posix()}:{node.lineno}"
                for node in ast.walk(tree)
                if isinstance(node, ast.FunctionDef) and node.name == "pump"]
    assert own == ["tests/scenes/drive.py:" + str(_line_of_pump())], own


def _line_of_pump() -> int:
    from tests.scenes import drive

    return drive.pump.__code__.co_firstlineno
