"""A review kept beside its replay (`game-1.txt` -> `game-1.review`), so a game looked at again
is shown at once: JSON, written atomically, tied to the record's text and the budget it was
made with (another record or budget, or a damaged file, is simply made again)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path

from game.engine.ai import review as reviewing
from game.engine.ai.review import Belief, Review, Turn
from game.engine.moves import parse_move
from game.files import FileFault, read_text
from game.match.record import Record, write_record
from game.paths import log_traceback, write_atomic

VERSION = 1


def path_for(replay: Path) -> Path:
    return replay.with_suffix(".review")


def _key(record: Record, nodes: int, beliefs: bool) -> str:
    """What the review depends on: the game and the budget, not when or where it was kept (the
    end screen's record has no date yet, the replay's has)."""
    game = write_record(replace(record, date=None, online=None, joined=None))
    return hashlib.sha256(f"{nodes} {beliefs}\n{game}".encode()).hexdigest()


def to_json(review: Review) -> dict:
    def turn(t: Turn) -> dict:
        return {"number": t.number, "seat": t.seat, "move": t.move.text,
                "before": list(t.before), "after": list(t.after),
                "expert": t.expert.text if t.expert else None,
                "expert_after": list(t.expert_after) if t.expert_after else None,
                "forced": t.forced, "turning": t.turning,
                "belief": None if t.belief is None else [t.belief.expert.text, t.belief.played,
                                                         t.belief.best]}
    return {"start": list(review.start), "turns": [turn(t) for t in review.turns]}


def from_json(data: dict) -> Review:
    """ValueError (or KeyError, TypeError) for anything not written by to_json."""
    def chances(values) -> tuple[float, ...]:
        if not isinstance(values, list) or not all(isinstance(v, int | float) for v in values):
            raise ValueError("chances are not a list of numbers")
        return tuple(float(v) for v in values)

    def turn(t: dict) -> Turn:
        belief = t["belief"]
        return Turn(int(t["number"]), int(t["seat"]), parse_move(t["move"]),
                    chances(t["before"]), chances(t["after"]),
                    parse_move(t["expert"]) if t["expert"] else None,
                    chances(t["expert_after"]) if t["expert_after"] else None,
                    bool(t["forced"]), bool(t["turning"]),
                    None if belief is None else Belief(parse_move(belief[0]), float(belief[1]),
                                                       float(belief[2])))
    return Review(chances(data["start"]), tuple(turn(t) for t in data["turns"]))


def read(path: Path, record: Record, nodes: int = reviewing.DEFAULT_NODES,
         beliefs: bool = False) -> Review | None:
    """The review kept at `path` for this record and budget; None: none, or not usable."""
    try:
        data = json.loads(read_text(path))
        if data.get("version") != VERSION or data.get("key") != _key(record, nodes, beliefs):
            return None
        review = from_json(data["review"])
    except FileNotFoundError:
        return None
    except (FileFault, ValueError, KeyError, TypeError, AttributeError) as err:
        log_traceback(f"review file {path.name} not used ({err!r}): made again")
        return None
    if len(review.turns) != len(record.moves):
        return None
    return review


def write(path: Path, record: Record, review: Review,
          nodes: int = reviewing.DEFAULT_NODES, beliefs: bool = False) -> bool:
    """Keep the review beside its replay; False when it could not be written (the review is
    still shown, only made again next time)."""
    data = {"version": VERSION, "key": _key(record, nodes, beliefs), "review": to_json(review)}
    try:
        write_atomic(path, json.dumps(data))
    except OSError as err:
        log_traceback(f"review file {path.name} not written ({err!r})")
        return False
    return True
