"""Match benchmark: the cost of saving after every move, and `scare-it replay` over many records.

Run: .venv/bin/python tools/bench_match.py [--games N] [--records N]
Prints, over whole games: the main thread's share of a save (building the text, and with the
background writer only handing it over) and a full synchronous atomic save (text + fsync +
rename), median and worst; then the time `scare-it replay` takes over N records (in one
process, and as N separate processes); then the line counts of game/match/*.py.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.cli import main as cli_main  # noqa: E402
from game.engine.modes import Mode  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from game.engine.state import new_game  # noqa: E402
from game.match.controller import Match  # noqa: E402
from game.match.loading import SaveWriter, save_game  # noqa: E402

MODES = (Mode.STANDARD, Mode.TEAMS, Mode.ALL_INCLUDED, Mode.SOLO)
NAMES = ["Anna", "Ben", "Cleo", "Dan", "Eva", "Filip", "Greta", "Hugo"]


def games(count: int):
    """Random legal games of several modes (the save cost does not depend on who plays)."""
    for g in range(count):
        mode = MODES[g % len(MODES)]
        players = mode.player_counts[-1] if mode is not Mode.ALL_INCLUDED else 5
        names = NAMES[:players] if players > 1 else ["You"]
        start = new_game(mode, names, 1000 + g)
        rng = Rng(g)
        line = []
        state = start
        match = Match(start)
        while not state.over:
            move = rng.choice(state.legal_moves())
            state, _ = match.play(move)
            line.append(move)
        yield start, line


def ms(values: list[float]) -> str:
    p99 = sorted(values)[int(0.99 * (len(values) - 1))]
    return (f"median {1000 * statistics.median(values):.3f} ms, 99th percentile "
            f"{1000 * p99:.3f} ms, worst {1000 * max(values):.3f} ms")


def bench_saves(count: int, folder: Path) -> None:
    text_s, handover_s, alone_s, sync_s = [], [], [], []
    writer = SaveWriter(folder / "background")
    sync = folder / "sync"
    moves = 0
    for start, line in games(count):
        match = Match(start)
        for move in line:
            match.play(move)
            moves += 1
            t0 = time.perf_counter()
            text = match.save_text()
            t1 = time.perf_counter()
            writer.save(text, match.game)
            t2 = time.perf_counter()
            writer.flush()  # in play a move takes a second or more: the writer is idle again
            t3 = time.perf_counter()
            notice = save_game(match.save_text(), sync)
            t4 = time.perf_counter()
            assert notice is None, notice
            text_s.append(t1 - t0)
            handover_s.append(t2 - t0)
            alone_s.append(t2 - t1)
            sync_s.append(t4 - t3)
    writer.close()
    print(f"saving after each move, {moves} moves in {count} games:")
    print(f"  build the save text           {ms(text_s)}")
    print(f"  hand it to the SaveWriter     {ms(alone_s)}")
    print(f"  main thread with SaveWriter   {ms(handover_s)}")
    print(f"  synchronous atomic save       {ms(sync_s)}")


def bench_replay(count: int, folder: Path) -> None:
    records = folder / "records"
    records.mkdir()
    for i, (start, line) in enumerate(games(count)):
        match = Match(start)
        for move in line:
            match.play(move)
        (records / f"game-{i}.txt").write_text(match.record_text(), encoding="utf-8")
    files = sorted(records.iterdir())
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        codes = [cli_main(["replay", str(f)]) for f in files]
    one = time.perf_counter() - t0
    assert set(codes) == {0}, codes
    t0 = time.perf_counter()
    for f in files:
        subprocess.run([sys.executable, "-m", "game", "replay", str(f)], check=True,
                       capture_output=True, cwd=ROOT)
    many = time.perf_counter() - t0
    print(f"scare-it replay over {len(files)} records:")
    print(f"  in one process        {1000 * one:.1f} ms total, {1000 * one / len(files):.2f} ms each")
    print(f"  {len(files)} processes         {many:.2f} s total, {1000 * many / len(files):.1f} ms each")


def line_counts() -> None:
    total = 0
    print("line counts of game/match:")
    for path in sorted((ROOT / "game" / "match").glob("*.py")):
        n = len(path.read_text(encoding="utf-8").splitlines())
        total += n
        print(f"  {path.name:<16}{n:>5}")
    print(f"  {'total':<16}{total:>5}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--records", type=int, default=100)
    parser.add_argument("--quick", action="store_true",
                        help="seconds, not minutes: 2 games, 5 records (a check that it still measures)")
    args = parser.parse_args()
    if args.quick:
        args.games, args.records = 2, 5
    with tempfile.TemporaryDirectory() as tmp:
        bench_saves(args.games, Path(tmp))
        bench_replay(args.records, Path(tmp))
    line_counts()


if __name__ == "__main__":
    main()
