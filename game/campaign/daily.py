"""The daily deal: a solo field seeded by the date, the same for everyone that day."""

from __future__ import annotations

import datetime as _dt

from game.engine.position import Position
from game.engine.rng import seed_from_text
from game.engine.state import deal_position


def daily_seed(date: _dt.date) -> int:
    """The seed of a day's deal: the same date gives the same seed on every machine."""
    return seed_from_text(date.isoformat())


def daily_position(date: _dt.date) -> Position:
    """The field dealt for a day."""
    return deal_position(daily_seed(date))


def today() -> _dt.date:
    """The player's local date (the daily deal changes at local midnight)."""
    return _dt.date.today()
