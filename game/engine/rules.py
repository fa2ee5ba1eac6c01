"""What happens when a column empties, per rule set."""

from __future__ import annotations

from enum import Enum


class Rules(Enum):
    """Column rules: STANDARD ends at the first empty column; ALL_INCLUDED closes the first and
    ends at the second; SOLO closes every empty column."""

    STANDARD = "standard"
    ALL_INCLUDED = "all-included"
    SOLO = "solo"

    @classmethod
    def parse(cls, text: str) -> Rules:
        for rules in cls:
            if rules.value == text.strip().lower():
                return rules
        names = ", ".join(r.value for r in cls)
        raise ValueError(f"unknown rules '{text}' (choose {names})")

    @property
    def closings_allowed(self) -> int:
        """How many emptied columns close up before an emptied column ends the game."""
        return {Rules.STANDARD: 0, Rules.ALL_INCLUDED: 1, Rules.SOLO: 99}[self]
