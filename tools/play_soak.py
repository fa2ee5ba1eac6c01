"""Play soak: an hour of varied play (not the kiosk), headless, and each scene's resident memory.

    .venv/bin/python tools/play_soak.py [TICKS]      # default 216000: an hour at 60 ticks a second

Runs the game in this process under the dummy SDL drivers on the virtual clock, going round the
screens a player visits, in turn: the title, New game, a computer game played out on the table
(and its result screen), the Solo menu, a solver-played puzzle, the campaign's chapters and
levels, a level at the table asking for hints (the solver's shared memo grows), the puzzle editor
with its solver process, Statistics, Replays, How to play and Settings. Resident memory is
sampled every 30 ticks. Prints each screen's highest sample over the whole run and over the
last round (every screen once more, after most of the hour), the editor's solver process, and
a verdict against LIMIT_MB: every screen of the last round at most that. When it is missed (or
with --where) it says where the memory is at the end, as tools/soak.py does: pygame surfaces by
who holds them, Python objects by type, the asset caches, what glibc holds.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

LIMIT_MB = 200.0  # any scene after an hour of play
EDITOR_LIMIT_MB = 64.0  # the editor's solver process


def _rss_of(pid: int | str = "self") -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def screens(app, round_number: int):
    """The round's screens: (name, build, ticks, every) - `every(scene)` runs each 300 ticks."""
    from game.campaign.puzzles import Puzzle
    from game.engine import deal_position
    from game.scenes.editor.editor import EditorScene
    from game.scenes.kiosk.attract import Demo
    from game.scenes.learn.how_to_play import HowToPlayScene
    from game.scenes.records.replays import ReplaysScene
    from game.scenes.records.statistics import StatisticsScene
    from game.scenes.settings.settings import SettingsScene
    from game.scenes.solo.campaign_menu import CampaignMenuScene
    from game.scenes.solo.level_play import level_scene
    from game.scenes.solo.level_select import LevelSelectScene
    from game.scenes.solo.solo_menu import SoloMenuScene
    from game.scenes.table.play import table_scene
    from game.scenes.table.setup import SetupScene
    from game.scenes.title import TitleScene

    levels = app.files.campaign().levels
    level = levels[round_number * 7 % len(levels)]
    game, puzzle = Demo(2 * round_number), Demo(2 * round_number + 1)
    target = puzzle.state.target  # the editor proves a field with a target card

    def hint(scene) -> None:
        ask = getattr(scene, "ask_hint", None)
        if ask is not None:
            ask()

    return [
        ("title", lambda: TitleScene(app), 1_500, None),
        ("new game", lambda: SetupScene(app), 600, None),
        ("table: a computer game", lambda: table_scene(app, game.match, keep=False), 12_000, None),
        ("solo menu", lambda: SoloMenuScene(app), 600, None),
        ("table: a solo puzzle", lambda: table_scene(app, puzzle.match, keep=False), 6_000, None),
        ("campaign chapters", lambda: CampaignMenuScene(app), 600, None),
        ("campaign levels", lambda: LevelSelectScene(app, 1 + round_number % 3), 600, None),
        ("level table, hints", lambda: level_scene(app, level), 3_000, hint),
        ("puzzle editor", lambda: EditorScene(app, Puzzle(deal_position(round_number), target)),
         2_400, None),
        ("statistics", lambda: StatisticsScene(app), 600, None),
        ("replays", lambda: ReplaysScene(app), 600, None),
        ("how to play", lambda: HowToPlayScene(app, round_number % 3), 600, None),
        ("settings", lambda: SettingsScene(app), 600, None),
    ]


def play_soak(ticks: int, where: bool | None = None):
    """Run `ticks` ticks of play; returns (peaks per screen, peaks of the last round, the
    editor's solver's highest, wall seconds, rounds, exceptions, where the memory is at the
    end: lines, when `where` or (None) when a screen of the last round so far is over)."""
    from soak import where_memory_is

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("SCARE_IT_PREFS", tempfile.mkdtemp(prefix="scare-it-play-soak-"))
    from game.app import App

    app = App(frames=ticks)
    app.go_to_menu()
    peaks: dict[str, float] = {}
    last_round: dict[str, float] = {}
    state = {"queue": [], "until": 0, "name": "", "every": None, "round": 0, "editor": 0.0,
             "this_round": {}, "where": [], "highest": (0.0, "")}
    step = app.step

    def next_screen() -> None:
        if not state["queue"]:
            if state["this_round"]:
                last_round.clear()
                last_round.update(state["this_round"])
            state["this_round"] = {}
            state["queue"] = screens(app, state["round"])
            state["round"] += 1
        name, build, length, every = state["queue"].pop(0)
        app.stack.clear(build())
        state.update(name=name, until=app.ticks + length, every=every)

    def soaked_step(dt: float) -> None:
        step(dt)
        tick = app.ticks
        if tick >= state["until"]:
            next_screen()
        elif state["every"] is not None and tick % 300 == 0 and app.stack.top is not None:
            state["every"](app.stack.top)
        if tick % 30 == 0:
            now = _rss_of()
            name = state["name"]
            peaks[name] = max(peaks.get(name, 0.0), now)
            state["this_round"][name] = max(state["this_round"].get(name, 0.0), now)
            if now > state["highest"][0]:
                state["highest"] = (now, f"tick {tick}, {name}")
            worker = getattr(app.live_solver, "_proc", None) if app.live_solver_started else None
            if worker is not None and worker.is_alive():
                state["editor"] = max(state["editor"], _rss_of(worker.pid))
        if tick == ticks:  # before run() quits pygame at the end
            over = any(mb > LIMIT_MB for mb in (last_round or state["this_round"]).values())
            if where or (where is None and over):
                state["where"] = [f"highest sample {state['highest'][0]:.1f} MB at "
                                  f"{state['highest'][1]}", *where_memory_is(app)]

    app.step = soaked_step
    started = time.perf_counter()
    app.run()
    if not last_round:  # a run shorter than two rounds: its only round is the last
        last_round.update(state["this_round"])
    return peaks, last_round, state["editor"], time.perf_counter() - started, state["round"], \
        app.errors, state["where"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ticks", nargs="?", default="216000",
                        help="logic ticks (60 a second; default an hour)")
    parser.add_argument("--where", action="store_true",
                        help="say where the memory is at the end even when the goal is met")
    args = parser.parse_args(argv)
    try:
        ticks = int(args.ticks)
        if ticks < 1:
            raise ValueError
    except ValueError:
        print("play_soak: TICKS must be a whole number above 0", file=sys.stderr)
        return 2
    print(f"play soak: {ticks} ticks ({ticks / 60:.0f} s of play) on the virtual clock")
    peaks, last, editor, wall, rounds, errors, where = play_soak(
        ticks, where=True if args.where else None)
    print(f"{'screen':<26}{'highest MB':>11}{'last round MB':>15}")
    for name, peak in peaks.items():
        if name:
            print(f"{name:<26}{peak:>11.1f}{last.get(name, float('nan')):>15.1f}")
    print(f"editor's solver process: highest {editor:.1f} MB")
    print(f"{rounds} rounds, wall {wall:.0f} s ({1000 * wall / ticks:.2f} ms per tick), "
          f"{errors} exceptions")
    for line in where:
        print(line)
    over = {name: mb for name, mb in last.items() if name and mb > LIMIT_MB}
    missed = [f"{name} {mb:.1f} MB" for name, mb in over.items()]
    if editor > EDITOR_LIMIT_MB:
        missed.append(f"editor's solver {editor:.1f} MB")
    if errors:
        missed.append(f"{errors} exceptions")
    print(f"goals: every screen of the last round <= {LIMIT_MB:g} MB, the editor's solver <= "
          f"{EDITOR_LIMIT_MB:g} MB, no exception: "
          + ("met" if not missed else "MISSED (" + "; ".join(missed) + ")"))
    return 0 if not missed else 1


if __name__ == "__main__":
    raise SystemExit(main())
