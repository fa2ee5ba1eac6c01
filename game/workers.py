"""How the game starts a worker process (the editor's solver, the computers' thinking)."""

from __future__ import annotations

import multiprocessing
from multiprocessing.context import BaseContext


def worker_context(module: str) -> BaseContext:
    """forkserver, which forks from a clean server rather than from the game with its display;
    spawn where there is none. The server preloads `module` (the worker's own), not the
    default ['__main__'], which would run the game's script again. OSError, RuntimeError or
    ValueError when this platform cannot start one."""
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        context.set_forkserver_preload([module])
    return context
