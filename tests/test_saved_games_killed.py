"""The store of saved games survives a process killed at any moment (issue 32, "Done when"):
a writer switching between games, starting, playing, forgetting and converting, is killed
with SIGKILL at random moments; after each kill every game it had reported saved is there,
at least at the move reported, and none is damaged. Some of its games are tables sat at
(saved without task cards, with the table they were joined at)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine.modes import Mode
from game.match.controller import Match
from game.match.loading import SAVE_FILE, load_games, store
from game.match.record import read_record
from game.match.saving import OLDER_DIR
from tests.drain import drain
from tests.match.helpers import dealt, random_line

# The child: continues every saved game it finds, then switches between them at random,
# playing a move of one and saving it (or forgetting one, or starting a new one); after each
# save is on disk it prints what it saved, so the parent knows what must be there.
CHILD = """
import random, sys
from dataclasses import replace
from game.engine.modes import Mode
from game.match.controller import Match
from game.match.record import Joined, write_record
from game.match.loading import SaveWriter, load_games
from tests.match.helpers import dealt

def save_text(match):
    # a couch game or solo deal saves as ever; a table sat at saves without task cards
    if match.game not in joined:
        return match.save_text()
    record = replace(match.record(), tasks=None, joined=joined[match.game])
    return write_record(record, secret=True, final=match.state)

folder, seed = sys.argv[1], int(sys.argv[2])
rng = random.Random(seed)
saved = load_games(folder)[0]
joined = {g.record.game: g.record.joined for g in saved if g.record.joined}
games = [Match.from_record(g.record) for g in saved]
print("LOADED", " ".join(f"{m.game}:{m.ply}" for m in games), flush=True)
writer = SaveWriter(folder)
while True:
    if not games or rng.random() < 0.1:
        mode, players = rng.choice([(Mode.STANDARD, 3), (Mode.SOLO, 1), (Mode.TEAMS, 4)])
        games.append(Match(dealt(mode, players, rng.randrange(10**6))))
        if mode is Mode.STANDARD and rng.random() < 0.5:  # an online table sat at
            joined[games[-1].game] = Joined("ws://10.0.0.7:8765", "ABCD23", (1,))
    match = rng.choice(games)
    if rng.random() < 0.05:
        print("FORGETTING", match.game, flush=True)  # from now on it may be gone
        writer.forget(match.game)
        games.remove(match)
        continue
    moves = [m for m in match.state.legal_moves()
             if not __import__("game.engine", fromlist=["apply"]).apply(match.state, m)[0].over]
    if not moves:
        print("FORGETTING", match.game, flush=True)
        writer.forget(match.game)
        games.remove(match)
        continue
    match.play(rng.choice(moves))
    writer.save(save_text(match), match.game)
    if rng.random() < 0.5:
        writer.flush()
        print("SAVED", match.game, match.ply, flush=True)
"""

ROOT = Path(__file__).resolve().parents[1]


def run_and_kill(folder: Path, seed: int, rng: random.Random) -> dict[str, int | None]:
    """One life of the child, killed after a random time; what it reported: each game's
    last saved ply, or None once it was being forgotten (it may be gone or not)."""
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(folder), str(seed)], cwd=ROOT,
                             stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    line = child.stdout.readline()  # the start (and any conversion) is done
    assert line.startswith("LOADED"), line
    time.sleep(rng.uniform(0.0, 0.4))
    child.send_signal(signal.SIGKILL)
    out, _err = drain(child, 30)  # with the lines readline() took in after LOADED
    return reports(out)


def reports(out: str) -> dict[str, int | None]:
    """Each game's last saved ply, or None once it was being forgotten, from the child's
    output. A line the kill cut short is not counted: under PYTHONUNBUFFERED (set on CI)
    print() writes each word on its own, so a kill can leave "SAVED" alone; the child acts
    on a game only once its line's newline is out, so a cut line promised nothing yet."""
    reported: dict[str, int | None] = {}
    *lines, _cut = out.split("\n")
    for text in lines:
        kind, game, *ply = text.split()
        reported[game] = int(ply[0]) if kind == "SAVED" else None
    return reported


def check(folder: Path, known: dict[str, int | None]) -> dict[str, int | None]:
    games, notice = load_games(folder)
    assert notice is None, notice  # nothing damaged, nothing set aside
    found = {g.record.game: len(g.record.moves) for g in games}
    for path in (store(folder) / OLDER_DIR).glob("*.txt"):  # beyond the cap: kept whole there
        record = read_record(path.read_text(encoding="utf-8"))
        found.setdefault(record.game, len(record.moves))
    for game, ply in known.items():
        if ply is not None:
            assert game in found and found[game] >= ply, (game, ply, found.get(game))
    leftovers = [p.name for p in folder.rglob("*") if ".damaged" in p.name]
    assert leftovers == []
    return found


def kill_again_and_again(tmp_path: Path, lives: int) -> None:
    folder = tmp_path / "prefs"
    folder.mkdir()
    old = Match(dealt(Mode.STANDARD, 3, 5))  # the single save of an earlier version
    old.play(random_line(old.start, 5)[0][0])
    (folder / SAVE_FILE).write_text(old.save_text(), encoding="utf-8")
    rng = random.Random(32)
    known: dict[str, int | None] = {old.game: 1}
    for life in range(lives):
        known.update(run_and_kill(folder, life, rng))
        found = check(folder, known)
        if known.get(old.game) is not None:
            assert old.game in found  # the converted game lives on until it is forgotten
        known = dict(found)  # what the next life must keep: every game at least as far
    assert not (folder / SAVE_FILE).exists()  # converted at the first start


def test_a_line_cut_by_the_kill_promises_nothing():
    out = "SAVED 0a1b2c 4\nFORGETTING 3d4e5f\nSAVED 0a1b2c 5\nSAVED"
    assert reports(out) == {"0a1b2c": 5, "3d4e5f": None}
    assert reports("SAVED 0a1b2c 4\nFORGETTING 3d") == {"0a1b2c": 4}
    assert reports("") == {}


def test_a_writer_killed_a_few_times_loses_no_saved_game(tmp_path):
    kill_again_and_again(tmp_path, 3)


@pytest.mark.slow
def test_a_writer_killed_at_random_moments_loses_and_damages_no_saved_game(tmp_path):
    kill_again_and_again(tmp_path, 25)
