"""The game modes of RULES.md: who plays, which task cards they hold, which column rules apply."""

from __future__ import annotations

from enum import Enum

from game.engine.rules import Rules
from game.i18n import N_, _


class Mode(Enum):
    STANDARD = "standard"
    TEAMS = "teams"
    ALL_INCLUDED = "all-included"
    ALL_INCLUDED_YOUNG = "all-included-young"
    SOLO = "solo"
    SOLO_ADVANCED = "solo-advanced"

    @classmethod
    def parse(cls, text: str) -> Mode:
        for mode in cls:
            if mode.value == text.strip().lower():
                return mode
        raise ValueError(f"unknown mode '{text}' (choose {', '.join(m.value for m in cls)})")

    @property
    def label(self) -> str:
        return _(_LABELS[self])  # the player's language in the game; English in the CLI

    @property
    def player_counts(self) -> tuple[int, ...]:
        return _PLAYERS[self]

    @property
    def rules(self) -> Rules:
        if self in (Mode.SOLO, Mode.SOLO_ADVANCED):
            return Rules.SOLO
        if self is Mode.ALL_INCLUDED:
            return Rules.ALL_INCLUDED
        return Rules.STANDARD

    @property
    def solo(self) -> bool:
        return self in (Mode.SOLO, Mode.SOLO_ADVANCED)

    @property
    def teams(self) -> bool:
        return self is Mode.TEAMS


_LABELS = {
    Mode.STANDARD: N_("Standard"),
    Mode.TEAMS: N_("Teams of Two"),
    Mode.ALL_INCLUDED: N_("All Included"),
    Mode.ALL_INCLUDED_YOUNG: N_("All Included \u2014 young players"),
    Mode.SOLO: N_("Single player"),
    Mode.SOLO_ADVANCED: N_("Single player \u2014 advanced"),
}

_PLAYERS = {
    Mode.STANDARD: (2, 3, 4),
    Mode.TEAMS: (4, 6, 8),
    Mode.ALL_INCLUDED: tuple(range(2, 9)),
    Mode.ALL_INCLUDED_YOUNG: tuple(range(2, 9)),
    Mode.SOLO: (1,),
    Mode.SOLO_ADVANCED: (1,),
}
