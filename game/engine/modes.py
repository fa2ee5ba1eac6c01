"""The registry of game modes (RULES.md): one spec per mode — seats, task deal, teams, rules.

Everything that deals, offers, reads, records or counts a mode reads its spec: new_game, the
bots' beliefs, records, the New game screen, statistics and the kiosk's demo. Adding a mode is
one entry here (and its words in the catalogues). `Mode.STANDARD` and friends name the
built-in specs; iterating `Mode` gives every registered one, in the order the game offers them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from game.engine.rules import Rules
from game.i18n import N_, _

# How a mode's task cards are dealt (which task cards each seat holds follows from it):
PAIRS = "pairs"  # every seat: one animal and one colour (Standard)
TEAM_HALVES = "team halves"  # a team's two seats: one animal, one colour, which is drawn
ALTERNATE = "alternate"  # in turn order from the first player: animal, colour, animal, ...
NO_TASKS = "none"  # solo: no task cards (an advanced solo deal draws a target card instead)


class _Registry(type):
    """Iterating the Mode class gives the registered modes (as an Enum's members would)."""

    def __iter__(cls) -> Iterator[Mode]:
        return iter(list(cls._registered))

    def __len__(cls) -> int:
        return len(cls._registered)


@dataclass(frozen=True, eq=False)
class Mode(metaclass=_Registry):
    """One mode: `value` is what records, saves and the command line write."""

    value: str
    words: str  # the mode's name (N_: pass through _() to show; `label` does)
    player_counts: tuple[int, ...]
    rules: Rules
    deal: str  # PAIRS, TEAM_HALVES, ALTERNATE or NO_TASKS
    target: bool = False  # a solo deal with a target card that must remain
    couch: bool = True  # offered on the New game screen and counted as a couch game

    _registered = []  # the class's registry (no annotation: not a field), filled by register()

    @classmethod
    def register(cls, mode: Mode) -> Mode:
        if any(m.value == mode.value for m in cls._registered):
            raise ValueError(f"a mode named '{mode.value}' exists already")
        cls._registered.append(mode)
        return mode

    @classmethod
    def unregister(cls, mode: Mode) -> None:
        cls._registered.remove(mode)

    @classmethod
    def parse(cls, text: str) -> Mode:
        for mode in cls._registered:
            if mode.value == text.strip().lower():
                return mode
        raise ValueError(f"unknown mode '{text}' (choose "
                         f"{', '.join(m.value for m in cls._registered)})")

    def __repr__(self) -> str:
        return f"Mode({self.value})"

    @property
    def label(self) -> str:
        return _(self.words)  # the player's language in the game; English in the CLI

    @property
    def solo(self) -> bool:
        return self.deal == NO_TASKS

    @property
    def teams(self) -> bool:
        return self.deal == TEAM_HALVES

    def team_of(self, seat: int, players: int) -> int | None:
        """Seats alternate teams (RULES.md): seat i plays for team i % (n / 2)."""
        return seat % (players // 2) if self.teams else None

    def tasks_per_seat(self) -> int:
        """How many task cards each seat holds."""
        return 2 if self.deal == PAIRS else 0 if self.deal == NO_TASKS else 1

    def deal_tasks(self, rng, players: int, first: int, animals: list, colours: list):
        """Each seat's task cards, from the shuffled animals and colours (drawing from `rng`
        exactly as the game always has: a seed replays the same deal)."""
        tasks: list[tuple] = [() for _ in range(players)]
        if self.deal == PAIRS:
            tasks = [(animals[i], colours[i]) for i in range(players)]
        elif self.deal == TEAM_HALVES:
            half = players // 2
            for team in range(half):
                a, b = team, team + half
                if rng.below(2):
                    a, b = b, a
                tasks[a], tasks[b] = (animals[team],), (colours[team],)
        elif self.deal == ALTERNATE:
            for k in range(players):
                seat = (first + k) % players
                tasks[seat] = (animals[k // 2],) if k % 2 == 0 else (colours[k // 2],)
        return tasks


Mode.STANDARD = Mode.register(Mode("standard", N_("Standard"), (2, 3, 4), Rules.STANDARD, PAIRS))
Mode.TEAMS = Mode.register(Mode("teams", N_("Teams of Two"), (4, 6, 8), Rules.STANDARD,
                                TEAM_HALVES))
Mode.ALL_INCLUDED = Mode.register(Mode("all-included", N_("All Included"), tuple(range(2, 9)),
                                       Rules.ALL_INCLUDED, ALTERNATE))
Mode.ALL_INCLUDED_YOUNG = Mode.register(Mode("all-included-young",
                                             N_("All Included \u2014 young players"),
                                             tuple(range(2, 9)), Rules.STANDARD, ALTERNATE))
Mode.SOLO = Mode.register(Mode("solo", N_("Single player"), (1,), Rules.SOLO, NO_TASKS,
                               couch=False))
Mode.SOLO_ADVANCED = Mode.register(Mode("solo-advanced", N_("Single player \u2014 advanced"), (1,),
                                        Rules.SOLO, NO_TASKS, target=True, couch=False))
Mode.DEFAULT = Mode.STANDARD  # what a new game, the command line and a damaged memory start from
