"""The registry of computer levels: each level's name, how to make its bot, and its words.

Everything that offers, names, counts or records a computer level reads SKILLS: the New game
screen, the table's panel, statistics, records and saves, simulate and the kiosk's demo.
Adding a level is one entry here (and its words in the catalogues).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from game.engine.ai.bots import Bot, EasyBot, HardBot, NormalBot
from game.engine.ai.expert import ExpertBot
from game.i18n import N_, _


@dataclass(frozen=True, slots=True)
class Skill:
    """One computer level. `name` is what records, saves, settings and the command line write;
    `word` is its name in the player's language ("expert"), `choice` how the New game screen
    offers it ("Expert — thinks deeply"); both go through _() when shown."""

    name: str
    make: Callable[[int | None], Bot]  # nodes (None: the time budget) -> a fresh bot
    word: str
    choice: str
    searches: bool = False  # searches for its whole time budget: worth a core of its own


class SkillRegistry:
    """The levels, gentlest first; iterating gives their names (as the command line takes them)."""

    def __init__(self, levels: tuple[Skill, ...], default: str) -> None:
        self._levels = {level.name: level for level in levels}
        self.default = default  # the level a seat gets when nobody chose: hints, stand-ins

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._levels))

    def __len__(self) -> int:
        return len(self._levels)

    def __contains__(self, name: object) -> bool:
        return name in self._levels

    def __getitem__(self, name: str) -> Skill:
        return self._levels[name]

    def levels(self) -> list[Skill]:
        return list(self._levels.values())

    def get(self, name: str | None) -> Skill | None:
        return self._levels.get(name) if name is not None else None

    def word(self, name: str) -> str:
        """A level's name in the player's language (English in the CLI); an unknown level, as
        written (a level no longer offered still reads as itself)."""
        level = self._levels.get(name)
        return _(level.word) if level is not None else name

    def parse(self, text: str) -> str:
        """A level's name from what a person typed; ValueError names the choices."""
        key = text.strip().lower()
        if key not in self._levels:
            raise ValueError(f"unknown bot level '{text.strip()}' (choose {', '.join(self)})")
        return key

    def register(self, level: Skill) -> None:
        """One more level, after the built-in ones (tests register a throwaway level)."""
        if level.name in self._levels or level.name in ("human", "line", "remote"):
            raise ValueError(f"a level or seat named '{level.name}' exists already")
        self._levels[level.name] = level

    def replace(self, level: Skill) -> Skill:
        """Put `level` in the place of the level of its name, keeping the order; returns the
        one it replaced (tests: a quicker computer, put back afterwards)."""
        old = self._levels[level.name]
        self._levels[level.name] = level
        return old

    def unregister(self, name: str) -> None:
        del self._levels[name]


SKILLS = SkillRegistry((
    Skill("easy", lambda nodes: EasyBot(), N_("easy"), N_("Easy \u2014 learning")),
    Skill("normal", lambda nodes: NormalBot(), N_("normal"), N_("Normal \u2014 a fair player")),
    Skill("hard", lambda nodes: HardBot(nodes=nodes), N_("hard"),
             N_("Hard \u2014 a strong player"), searches=True),
    Skill("expert", lambda nodes: ExpertBot(nodes=nodes), N_("expert"),
             N_("Expert \u2014 thinks deeply"), searches=True),
), default="normal")


def make_bot(level: str, nodes: int | None = None) -> Bot:
    """A bot of the named level. With `nodes` the searching levels stop after that many search
    nodes per move instead of at the time budget, the same on any machine."""
    return SKILLS[SKILLS.parse(level)].make(nodes)
