"""The family's people: each name the game has seen finish a game at a table (couch or online;
never at a kiosk), with what that name played and won; people.json, written atomically.

No accounts: a person is a name. Per person: games played and won by mode (couch and online
apart), whom they played (people by name, computers by level), the winning streak, the days
they won (for "won 3 times this week"), and what they played alone: solo deals and their
titles by mode, campaign stars. Who plays alone is the solo seat's name, chosen on the Solo
menu (`player`, remembered; None: "You", nobody's page). A name can be renamed, merged into another (Grandma into
Grandma Eva: the counts add up) and forgotten. Pure Python: the profile records, the
per-person page reads. A damaged file is set aside with a notice (docs/DAMAGED_FILES.md).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

from game.campaign.progress import stars_for
from game.engine.scoring import result, solo_title
from game.engine.state import GameState
from game.files import FileFault, read_text, shown
from game.i18n import FileRefused, _, reason
from game.names import clean_name
from game.paths import keep_aside, write_atomic

FILE_NAME = "people.json"
VERSION = 2  # 2: `player` is who plays alone as chosen on the Solo menu (1 guessed it from
# the last couch game's first seat: such a guess is not taken over as a choice)
COUNTED_KEEP = 64  # the ids of the last games counted: a game read back twice counts once
RENAMED_KEEP = 64  # old name -> new: a solo game saved under the old name still finds its page
WINS_KEEP = 64  # the days of the last wins kept per person (enough for "this week")
BOT = "bot:"  # an opponent that is a computer: its level follows (people are plain names)
LIMIT = 1024 * 1024


@dataclass
class Person:
    """One name's figures. `modes`/`online`: mode value -> [played, won]; `against`: a
    person's name or BOT + level -> [played together, won by this person]."""

    modes: dict[str, list[int]] = field(default_factory=dict)
    online: dict[str, list[int]] = field(default_factory=dict)
    against: dict[str, list[int]] = field(default_factory=dict)
    streak: int = 0  # games with others won in a row, up to the last one
    best_streak: int = 0
    wins: list[str] = field(default_factory=list)  # ISO days of the last wins
    stars: dict[str, int] = field(default_factory=dict)  # level id -> best stars
    solo: dict[str, list[int]] = field(default_factory=dict)  # solo mode -> [deals, titles]

    @property
    def played(self) -> int:
        return sum(p for p, _w in [*self.modes.values(), *self.online.values()])

    @property
    def won(self) -> int:
        return sum(w for _p, w in [*self.modes.values(), *self.online.values()])

    def wins_since(self, day: date) -> int:
        """Games won on or after `day`."""
        return sum(1 for d in self.wins if d >= day.isoformat())

    def merge(self, other: Person) -> None:
        """Add another name's figures to these (the same person under two names)."""
        for mine, theirs in ((self.modes, other.modes), (self.online, other.online),
                             (self.against, other.against), (self.solo, other.solo)):
            for key, (played, won) in theirs.items():
                have = mine.setdefault(key, [0, 0])
                have[0] += played
                have[1] += won
        self.best_streak = max(self.best_streak, other.best_streak)
        self.streak = max(self.streak, other.streak)
        self.wins = sorted(self.wins + other.wins)[-WINS_KEEP:]
        for level, stars in other.stars.items():
            self.stars[level] = max(stars, self.stars.get(level, 0))

    def as_json(self) -> dict:
        return {"modes": self.modes, "online": self.online, "against": self.against,
                "streak": self.streak, "best_streak": self.best_streak, "wins": self.wins,
                "stars": self.stars, "solo": self.solo}


class People:
    """Every person of `folder`/people.json. `load` never raises: a damaged file is kept
    aside and the people start afresh, `notice` saying so once."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.people: dict[str, Person] = {}
        self.counted: list[str] = []
        self.player: str | None = None  # who plays alone, as last chosen on the Solo menu
        # (None: "You", counted on nobody's page)
        self.renamed: dict[str, str] = {}  # old name -> new (rename, merge), newest last
        self.notice: str | None = None

    @property
    def path(self) -> Path:
        return self.folder / FILE_NAME

    # -- loading and saving --------------------------------------------------------------------

    @classmethod
    def load(cls, folder: str | Path) -> People:
        people = cls(folder)
        try:
            text = read_text(people.path, LIMIT)
        except FileNotFoundError:
            return people
        except FileFault as fault:
            people._set_aside(fault.words)
            return people
        try:
            people._take(json.loads(text))
        except (ValueError, RecursionError) as err:  # _take says ValueError for every bad shape
            people.people, people.counted = {}, []
            people._set_aside(reason(err))
        return people

    def _take(self, data) -> None:
        if not isinstance(data, dict) or not isinstance(data.get("people", {}), dict):
            raise FileRefused(_("it holds no figures"))
        for name, entry in data.get("people", {}).items():
            if not isinstance(name, str) or clean_name(name) != name or not name:
                raise ValueError(f"'{shown(str(name), 40)}' is not a name")
            if not isinstance(entry, dict):
                raise ValueError(f"'{shown(name, 40)}' holds no figures")
            self.people[name] = Person(
                modes=_pairs(entry.get("modes", {})), online=_pairs(entry.get("online", {})),
                against=_pairs(entry.get("against", {})),
                streak=_count(entry.get("streak", 0)), best_streak=_count(entry.get("best_streak", 0)),
                wins=_days(entry.get("wins", [])), stars=_stars(entry.get("stars", {})),
                solo=_pairs(entry.get("solo", {})))
        counted = data.get("counted", [])
        if not isinstance(counted, list) or not all(isinstance(g, str) for g in counted):
            raise ValueError("'counted' is not a list of game ids")
        self.counted = counted[-COUNTED_KEEP:]
        renamed = data.get("renamed", {})
        if not isinstance(renamed, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in renamed.items()):
            raise ValueError("'renamed' is not a table of names")
        self.renamed = renamed
        player = data.get("player") if data.get("version") == VERSION else None
        self.player = player if isinstance(player, str) and player in self.people else None

    def _set_aside(self, why: str) -> None:
        backup = keep_aside(self.path, "damaged")
        if backup is None:
            self.notice = _("The family's statistics file is damaged (%(why)s); counting "
                            "starts afresh.") % {"why": why}
            return
        self.notice = _("The family's statistics file was damaged (%(why)s). It was kept as "
                        "%(file)s; counting starts afresh.") % {"why": why,
                                                                "file": shown(backup.name)}

    def to_json(self) -> dict:
        return {"version": VERSION, "counted": self.counted, "player": self.player,
                "renamed": self.renamed,
                "people": {n: p.as_json() for n, p in sorted(self.people.items())}}

    def save(self) -> str | None:
        """Write atomically; None, or a notice (kept in `notice` too) when it failed."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, json.dumps(self.to_json(), indent=1, ensure_ascii=False))
        except OSError as err:
            self.notice = _("The family's statistics could not be saved (%(why)s).") % {
                "why": shown(err.strerror or err)}
            return self.notice
        return None

    # -- recording ---------------------------------------------------------------------------

    def record_match(self, state: GameState, game: str | None = None, online: bool = False,
                     day: date | None = None) -> None:
        """A game with others ended: each person at it played it (and won, if among the
        winners), against every other seat; a win carries their streak on, a loss ends it."""
        if state.mode is None or state.mode.solo or not state.players:
            return
        if game is not None:
            if game in self.counted:
                return
            self.counted = [*self.counted, game][-COUNTED_KEEP:]
        winners = set(result(state).winners)
        day = day or date.today()
        for i, player in enumerate(state.players):
            name = clean_name(player.name)
            if player.bot is not None or not name:
                continue
            person = self.people.setdefault(name, Person())
            won = i in winners
            entry = (person.online if online else person.modes).setdefault(state.mode.value, [0, 0])
            entry[0] += 1
            entry[1] += int(won)
            for j, other in enumerate(state.players):
                if j == i:
                    continue
                key = BOT + other.bot if other.bot is not None else clean_name(other.name)
                pair = person.against.setdefault(key, [0, 0])
                pair[0] += 1
                pair[1] += int(won)
            person.streak = person.streak + 1 if won else 0
            person.best_streak = max(person.best_streak, person.streak)
            if won:
                person.wins = [*person.wins, day.isoformat()][-WINS_KEEP:]
        self.save()

    def record_solo(self, state: GameState, game: str | None = None) -> None:
        """A solo deal ended: counted for the person in its seat (a title when earned), if
        that name is one of the family's (the anonymous "You" is nobody's)."""
        person = self.person(state.players[0].name) if state.players else None
        if person is None or state.mode is None or not state.mode.solo:
            return
        if game is not None:
            if game in self.counted:
                return
            self.counted = [*self.counted, game][-COUNTED_KEEP:]
        entry = person.solo.setdefault(state.mode.value, [0, 0])
        entry[0] += 1
        entry[1] += int(solo_title(state) is not None)
        self.save()

    def record_level(self, level: str, cards_left: int, par: int, met: bool = True,
                     name: str | None = None) -> None:
        """A campaign level came to its result: its best stars kept for `name`, the person in
        its seat, if that is one of the family's names."""
        person = self.person(name or "")
        stars = stars_for(cards_left, par, met)
        if person is None or stars <= person.stars.get(level, 0):
            return
        person.stars[level] = stars
        self.save()

    def person(self, name: str) -> Person | None:
        """The page of `name`, followed through its renames (a game saved before a rename is
        still its person's); None for a name that is nobody's."""
        name = clean_name(name)
        for _step in range(len(self.renamed) + 1):
            if name in self.people:
                return self.people[name]
            name = self.renamed.get(name)
            if name is None:
                return None
        return None

    def choose(self, name: str | None) -> str | None:
        """Who plays alone from now on (the Solo menu's choice, remembered): a family name, a
        new one (a page of its own from now), or None for "You". The name kept, cleaned as
        where it is typed; None for a name with nothing visible in it."""
        name = clean_name(name or "") or None
        new = name is not None and name not in self.people
        if new:
            self.people[name] = Person()
        if new or name != self.player:
            self.player = name
            self.save()
        return name

    def reset(self) -> None:
        """Every page's figures start again (Statistics -> Reset, the family's pages too):
        the names and their campaign stars stay, as the campaign's stars do."""
        for name, person in self.people.items():
            self.people[name] = Person(stars=person.stars)
        self.counted = []
        self.save()

    # -- the family's changes ------------------------------------------------------------------

    def rename(self, old: str, new: str) -> str:
        """Rename a person (merging into the one of that name, if there is one); the name
        kept (cleaned as where it is typed). ValueError for a name with nothing visible."""
        new = clean_name(new)
        if not new:
            raise ValueError("a name needs something visible in it")
        if old not in self.people or new == old:
            return new
        person = self.people.pop(old)
        self.renamed.pop(new, None)
        self.renamed = dict([*self.renamed.items(), (old, new)][-RENAMED_KEEP:])
        if self.player == old:
            self.player = new
        if new in self.people:
            self.people[new].merge(person)
        else:
            self.people[new] = person
        for other in self.people.values():  # whom they played is renamed too
            if old in other.against:
                pair = other.against.pop(old)
                have = other.against.setdefault(new, [0, 0])
                have[0] += pair[0]
                have[1] += pair[1]
        self.people[new].against.pop(new, None)  # never "against themselves" after a merge
        self.save()
        return new

    def forget(self, name: str) -> None:
        """Forget a person: their page, and their name in the others' opponents."""
        if self.people.pop(name, None) is None:
            return
        for other in self.people.values():
            other.against.pop(name, None)
        gone = {name}  # every old name that led to it goes too
        while any(new in gone and old not in gone for old, new in self.renamed.items()):
            gone |= {old for old, new in self.renamed.items() if new in gone}
        self.renamed = {old: new for old, new in self.renamed.items() if new not in gone}
        if self.player == name:
            self.player = None
        self.save()

    def names(self) -> list[str]:
        """Everyone, most games first (then by name)."""
        return sorted(self.people, key=lambda n: (-self.people[n].played, n.casefold()))

    def won_this_week(self, name: str, today: date) -> int:
        """How often `name` won in the last seven days (today among them)."""
        return self.people[name].wins_since(today - timedelta(days=6))


def _count(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"'{shown(str(value), 20)}' is not a count")
    return value


def _pairs(value) -> dict[str, list[int]]:
    if not isinstance(value, dict):
        raise ValueError("a table of games is not a table")
    out = {}
    for key, pair in value.items():
        if not isinstance(key, str) or not isinstance(pair, list) or len(pair) != 2:
            raise ValueError(f"'{shown(str(key), 40)}' is not played and won")
        played, won = _count(pair[0]), _count(pair[1])
        if won > played:
            raise ValueError(f"'{shown(key, 40)}' has more wins than games")
        out[key] = [played, won]
    return out


def _days(value) -> list[str]:
    if not isinstance(value, list):
        raise ValueError("'wins' is not a list of days")
    for day in value:
        if not isinstance(day, str):
            raise ValueError("'wins' is not a list of days")
        date.fromisoformat(day)  # ValueError names a bad date
    return value[-WINS_KEEP:]


def _stars(value) -> dict[str, int]:
    if not isinstance(value, dict):
        raise ValueError("'stars' is not a table")
    out = {}
    for level, stars in value.items():
        if not isinstance(level, str) or _count(stars) > 3:
            raise ValueError(f"'{shown(str(level), 40)}' has more than 3 stars")
        out[level] = stars
    return out
