"""A game record analysed: a solo record's answer or a multiplayer record's review, cached by
the record's text (a screen that shows a replay twice, or the chart and then a move, asks
once). Runs in the caller's thread: a screen calls it from a worker with `progress` and
`cancelled`."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from game.engine import solo_answer
from game.engine.ai import review as reviewing
from game.engine.ai.review import Review
from game.engine.solo_answer import SoloAnswer
from game.match.occasions import occasion_of
from game.match.record import Record, RecordError, read_replayed

KEPT = 8  # analyses kept, newest used last: a review costs seconds, its answer a few kB


class NotReviewable(ValueError):
    """A multiplayer record the review cannot judge: the game is not over, so its task cards
    are not all known (a record shown while a game goes on keeps them secret)."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """The record read, and its solo answer or its review (exactly one of them)."""

    record: Record
    solo: SoloAnswer | None = None
    review: Review | None = None


_cache: OrderedDict[tuple[str, int | None, bool], Analysis] = OrderedDict()
_lock = threading.Lock()


def cached(text: str, nodes: int | None = None, beliefs: bool = False) -> Analysis | None:
    """The analysis of this record text with this budget, if one was made and is kept."""
    key = (text, nodes, beliefs)
    with _lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
        return found


def forget() -> None:
    """Drop every kept analysis (tests; a screen that frees memory)."""
    with _lock:
        _cache.clear()


def analyse(text: str, nodes: int | None = None,
            progress: Callable[[float], None] | None = None,
            cancelled: Callable[[], bool] | None = None, beliefs: bool = False) -> Analysis:
    """Read the record (RecordError naming the line when it is broken) and analyse it with
    `nodes` (None: each analysis's default budget): the same text and budget give the same
    analysis, from the cache after the first time. Every seat's moves get the expert's choice
    (a screen shows those of the people); with `beliefs` the review's second view too, each
    move judged from what its mover could know. work.Cancelled when `cancelled` says so."""
    found = cached(text, nodes, beliefs)
    if found is not None:
        if progress is not None:
            progress(1.0)
        return found
    record, states = read_replayed(text)
    if occasion_of(record).solo:  # a deal played alone is answered, a game reviewed
        budget = solo_answer.DEFAULT_NODES if nodes is None else nodes
        made = Analysis(record, solo=solo_answer.answer(
            record.start, record.moves, record.target, budget, progress, cancelled))
    else:
        if not states[-1][0].over:
            raise NotReviewable("only a finished game is reviewed: its task cards are "
                                "secret until the end")
        budget = reviewing.DEFAULT_NODES if nodes is None else nodes
        made = Analysis(record, review=reviewing.review(
            states[0][0], record.moves, budget, None, progress, cancelled, beliefs))
    keep(text, nodes, beliefs, made)
    return made


def keep(text: str, nodes: int | None, beliefs: bool, made: Analysis) -> None:
    """Keep an analysis made elsewhere (a worker process) as if made here."""
    with _lock:
        _cache[(text, nodes, beliefs)] = made
        _cache.move_to_end((text, nodes, beliefs))
        while len(_cache) > KEPT:
            _cache.popitem(last=False)


__all__ = ["Analysis", "NotReviewable", "RecordError", "analyse", "cached", "forget", "keep"]
