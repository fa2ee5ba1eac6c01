"""The player's statistics: couch games, solo deals, daily streaks, campaign plays; a JSON file.

Kept in the pref folder beside progress.json, written atomically; a damaged file is moved aside
(as progress does) and counting starts afresh, with a notice for the player. Pure Python: the
game's scenes call `record_*` when a game ends and read the figures for the statistics screen.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from game.engine.scoring import result, solo_title, target_met
from game.engine.state import GameState
from game.files import FileFault, read_text, shown
from game.i18n import FileRefused, _, format_date, ngettext, reason
from game.paths import keep_aside, write_atomic

FILE_NAME = "statistics.json"
VERSION = 1
CALENDAR_WEEKS = 5
HIST_MAX = 8  # the cards-left chart has bars 1..HIST_MAX-1 and one "HIST_MAX or more"
RECENT_DAYS = 7 * CALENDAR_WEEKS  # the solo results listed with the best their deal allowed
RECENT_KEEP = 40
COUNTED_KEEP = 64  # the ids of the last games counted: a game read back twice counts once

# What a day of the streak calendar shows.
PLAYED, TITLE, MISSED, TODAY, FUTURE = "played", "title", "missed", "today", "future"
BEFORE = "before"  # a day before the first daily deal ever played: not missed


@dataclass(frozen=True, slots=True)
class Day:
    """One square of the streak calendar: the date, its status and the best cards left."""

    day: date
    status: str
    left: int | None = None


def _empty_mode() -> dict:
    return {"played": 0, "human_wins": 0, "against": {}}


class Statistics:
    """Every figure the statistics screen shows, kept in `folder`/statistics.json.

    `load` never raises: a damaged file is moved aside and counting starts afresh; the
    player-facing notice is in `notice`.
    """

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.modes: dict[str, dict] = {}  # mode value -> played, human_wins, against{level: [played, won]}
        self.online: dict[str, dict] = {}  # the same for games at an online table, kept apart
        self.solo_left: dict[int, int] = {}  # cards left -> games (every finished solo deal)
        self.solo_titles: dict[int, int] = {}  # title by cards (1..4) -> times earned
        self.solo_games = 0
        self.solo_best: int | None = None  # fewest cards left with the target kept
        self.daily: dict[str, int] = {}  # ISO date -> best cards left that day
        self.daily_titles: set[str] = set()  # days on which a title was reached
        self.levels_played = 0
        self.levels_cleared = 0
        self.counted: list[str] = []  # the last games counted, by their id (oldest first)
        self.recent: list[dict] = []  # the last weeks' solo results (Recent), oldest first
        self.notice: str | None = None

    @property
    def path(self) -> Path:
        return self.folder / FILE_NAME

    # -- loading -----------------------------------------------------------------------------

    @classmethod
    def load(cls, folder: str | Path) -> Statistics:
        stats = cls(folder)
        try:
            text = read_text(stats.path)
        except FileNotFoundError:
            return stats
        except FileFault as fault:
            stats._set_aside(fault.words)
            return stats
        try:
            stats._take(json.loads(text))
        except (ValueError, RecursionError) as err:  # _take says ValueError for every bad shape
            fresh = cls(folder)
            stats.__dict__.update({k: v for k, v in fresh.__dict__.items() if k != "notice"})
            stats._set_aside(reason(err))
        return stats

    def _take(self, data) -> None:
        if not isinstance(data, dict):
            raise FileRefused(_("it holds no figures"))
        for name, table in (("modes", self.modes), ("online", self.online)):
            for key, entry in _table(data.get(name, {}), name).items():
                entry = _table(entry, f"{name}/{key}")
                against = _table(entry.get("against", {}), f"{name}/{key}/against")
                table[key] = {
                    "played": _count(entry.get("played", 0), "played"),
                    "human_wins": _count(entry.get("human_wins", 0), "human_wins"),
                    "against": {level: _pair(value, level) for level, value in against.items()},
                }
        solo = _table(data.get("solo", {}), "solo")
        self.solo_games = _count(solo.get("games", 0), "games")
        self.solo_left = _counts(solo.get("left", {}), "left")
        self.solo_titles = _counts(solo.get("titles", {}), "titles")
        best = solo.get("best")
        self.solo_best = None if best is None else _count(best, "best")
        daily = _table(data.get("daily", {}), "daily")
        for key, value in daily.items():
            date.fromisoformat(key)  # ValueError names a bad date
            self.daily[key] = _count(value, key)
        titles = data.get("daily_titles", [])
        if not isinstance(titles, list) or not all(isinstance(t, str) for t in titles):
            raise ValueError("'daily_titles' is not a list of dates")
        self.daily_titles = set(titles)
        campaign = _table(data.get("campaign", {}), "campaign")
        self.levels_played = _count(campaign.get("played", 0), "played")
        self.levels_cleared = _count(campaign.get("cleared", 0), "cleared")
        counted = data.get("counted", [])
        if not isinstance(counted, list) or not all(isinstance(g, str) for g in counted):
            raise ValueError("'counted' is not a list of game ids")
        self.counted = counted[-COUNTED_KEEP:]
        self.recent = [_recent(entry) for entry in _list(data.get("recent", []), "recent")]

    def _set_aside(self, why: str) -> None:
        """Keep the unreadable file beside it under a new name; start counting afresh."""
        backup = keep_aside(self.path, "corrupt")
        if backup is None:
            self.notice = _("Your statistics file is damaged (%(why)s); counting starts "
                            "afresh.") % {"why": why}
            return
        self.notice = _("Your statistics file was damaged (%(why)s). It was kept as %(file)s; "
                        "counting starts afresh.") % {"why": why, "file": shown(backup.name)}

    # -- saving ------------------------------------------------------------------------------

    def to_json(self) -> dict:
        def table(modes: dict) -> dict:
            return {k: {"played": v["played"], "human_wins": v["human_wins"],
                        "against": {lv: list(p) for lv, p in sorted(v["against"].items())}}
                    for k, v in sorted(modes.items())}

        return {
            "version": VERSION,
            "modes": table(self.modes),
            "online": table(self.online),
            "solo": {"games": self.solo_games, "best": self.solo_best,
                     "left": {str(k): v for k, v in sorted(self.solo_left.items())},
                     "titles": {str(k): v for k, v in sorted(self.solo_titles.items())}},
            "daily": dict(sorted(self.daily.items())),
            "daily_titles": sorted(self.daily_titles),
            "campaign": {"played": self.levels_played, "cleared": self.levels_cleared},
            "counted": self.counted,
            "recent": self.recent,
        }

    def save(self) -> str | None:
        """Write atomically; None, or a notice (also kept in `notice`) when it failed."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, json.dumps(self.to_json(), indent=1))
        except OSError as err:
            self.notice = _("Your statistics could not be saved (%(why)s).") % {"why": err}
            return self.notice
        return None

    def reset(self) -> str | None:
        """Forget every figure and save the empty table."""
        fresh = Statistics(self.folder)
        self.__dict__.update(fresh.__dict__)
        return self.save()

    # -- recording ---------------------------------------------------------------------------

    def _first_time(self, game: str | None) -> bool:
        """Whether the game `game` is counted now (a game without an id always is)."""
        if game is None:
            return True
        if game in self.counted:
            return False
        self.counted = [*self.counted, game][-COUNTED_KEEP:]
        return True

    def record_match(self, state: GameState, game: str | None = None,
                     online: bool = False) -> None:
        """A game with others ended (at one screen, or `online` at a table of the network):
        played, won by a human seat, the computers it faced."""
        if state.mode is None or state.mode.solo or not state.players:
            return
        if not self._first_time(game):
            return
        entry = (self.online if online else self.modes).setdefault(state.mode.value,
                                                                    _empty_mode())
        winners = result(state).winners
        human_won = any(state.players[i].bot is None for i in winners)
        entry["played"] += 1
        entry["human_wins"] += int(human_won)
        for level in sorted({p.bot for p in state.players if p.bot is not None}):
            played, won = entry["against"].get(level, (0, 0))
            entry["against"][level] = (played + 1, won + int(human_won))
        self.save()

    def record_solo(self, state: GameState, daily: date | None = None,
                    game: str | None = None, hints: int = 0,
                    today: date | None = None) -> None:
        """A solo deal (random, advanced, seeded or the daily deal) came to its result, with
        `hints` asked for on the way."""
        if not self._first_time(game):
            return
        left = state.position.card_count()
        today = today or date.today()
        self.recent = [e for e in self.recent
                       if (today - date.fromisoformat(e["day"])).days < RECENT_DAYS]
        self.recent = [*self.recent, {
            "day": today.isoformat(), "daily": daily.isoformat() if daily else None,
            "seed": state.seed, "left": left, "met": target_met(state), "hints": hints,
            "best": None, "game": game}][-RECENT_KEEP:]
        self.solo_games += 1
        self.solo_left[left] = self.solo_left.get(left, 0) + 1
        title = solo_title(state)
        if title is not None:
            self.solo_titles[left] = self.solo_titles.get(left, 0) + 1
        if target_met(state) and (self.solo_best is None or left < self.solo_best):
            self.solo_best = left
        if daily is not None:
            key = daily.isoformat()
            if key not in self.daily or left < self.daily[key]:
                self.daily[key] = left
            if title is not None:
                self.daily_titles.add(key)
        self.save()

    def note_best(self, game: str | None, best: int | None, proven: bool = True) -> None:
        """The best the deal of solo game `game` allowed, proven once its result was shown
        (None with `proven`: no line kept the target); kept beside its Recent result."""
        entry = next((e for e in reversed(self.recent) if game and e["game"] == game), None)
        if entry is None or not proven:
            return
        entry["best"] = IMPOSSIBLE if best is None else best
        self.save()

    def record_level(self, cards_left: int, par: int, met: bool = True,
                     game: str | None = None) -> None:
        """A campaign level came to its result (stars per chapter come from the progress)."""
        if not self._first_time(game):
            return
        self.levels_played += 1
        self.levels_cleared += int(met and cards_left <= par + 2)
        self.save()

    # -- figures -----------------------------------------------------------------------------

    def histogram(self) -> list[tuple[str, int]]:
        """Solo games by cards left: bars 1..HIST_MAX-1 and one for HIST_MAX or more."""
        bars = [(str(n), self.solo_left.get(n, 0)) for n in range(1, HIST_MAX)]
        bars.append((f"{HIST_MAX}+", sum(v for k, v in self.solo_left.items() if k >= HIST_MAX)))
        return bars

    def titled(self) -> list[int]:
        """Of each histogram bar's games, how many earned a title (a deal whose advanced
        target was missed earns none, whatever its cards left)."""
        return [self.solo_titles.get(n, 0) for n in range(1, HIST_MAX)] + [
            sum(v for k, v in self.solo_titles.items() if k >= HIST_MAX)]

    def streaks(self, today: date) -> tuple[int, int]:
        """(current, longest) run of days with a daily deal played. Today not played yet does
        not break the current run: it still counts from yesterday."""
        days = sorted(date.fromisoformat(k) for k in self.daily)
        longest = run = 0
        previous = None
        for day in days:
            run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
            longest = max(longest, run)
            previous = day
        played = set(days)
        current = 0
        day = today if today in played else today - timedelta(days=1)
        while day in played:
            current += 1
            day -= timedelta(days=1)
        return current, longest

    def calendar(self, today: date, weeks: int = CALENDAR_WEEKS) -> list[Day]:
        """The last `weeks` weeks, Monday first, ending with the week of `today`."""
        start = today - timedelta(days=today.weekday() + 7 * (weeks - 1))
        first = min(self.daily, default=None)  # ISO dates sort as days do
        out = []
        for i in range(7 * weeks):
            day = start + timedelta(days=i)
            key = day.isoformat()
            left = self.daily.get(key)
            if left is not None:
                status = TITLE if key in self.daily_titles else PLAYED
            elif day > today:
                status = FUTURE
            elif day == today:
                status = TODAY
            elif first is None or key < first:
                status = BEFORE
            else:
                status = MISSED
            out.append(Day(day, status, left))
        return out


IMPOSSIBLE = "impossible"  # a Recent result's best when no line kept the target


def _list(value, name: str) -> list:
    if not isinstance(value, list):
        raise ValueError(f"'{name}' is not a list")
    return value


def _recent(entry) -> dict:
    """A Recent solo result as saved; ValueError naming what is wrong."""
    entry = _table(entry, "recent")
    day, daily = entry.get("day"), entry.get("daily")
    if not isinstance(day, str) or not (daily is None or isinstance(daily, str)):
        raise ValueError("a recent result's day is not a date")
    date.fromisoformat(day)  # ValueError names a bad date
    if daily is not None:
        date.fromisoformat(daily)
    best = entry.get("best")
    if best is not None and best != IMPOSSIBLE:
        _count(best, "best")
    seed, game = entry.get("seed"), entry.get("game")
    if (seed is not None and not isinstance(seed, int)) or \
            (game is not None and not isinstance(game, str)):
        raise ValueError("a recent result's seed or game is not right")
    return {"day": entry["day"], "daily": daily, "seed": seed,
            "left": _count(entry.get("left"), "left"), "met": bool(entry.get("met", True)),
            "hints": _count(entry.get("hints", 0), "hints"), "best": best, "game": game}


def _table(value, name: str) -> dict:
    if not isinstance(value, dict):
        raise ValueError(f"'{name}' is not a table")
    return value


def _count(value, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"'{name}' is not a count")
    return value


def _counts(value, name: str) -> dict[int, int]:
    out = {}
    for key, count in _table(value, name).items():
        if not str(key).isdigit():
            raise ValueError(f"'{name}' has a bad key {key!r}")
        out[int(key)] = _count(count, name)
    return out


def _pair(value, name: str) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"'{name}' is not a pair of counts")
    played, won = _count(value[0], name), _count(value[1], name)
    if won > played:
        raise ValueError(f"'{name}' has more wins than games")
    return played, won


def share_line(state: GameState, *, daily: date | None = None, hints: int = 0,
               best: int | None = None) -> str:
    """The one line Copy result puts on the clipboard: game, day or seed, cards, title; the
    daily deal's the best the deal allows too (`best`, once proven) and a hinted game says it
    was. No stars: a deal's screen shows none (its title says how well it went); only levels
    have stars, three of them."""
    line = _share_line(state, daily)
    if daily is not None and best is not None:
        line += " · " + ngettext("best possible %(n)d card", "best possible %(n)d cards",
                                 best) % {"n": best}
    if hints:
        line += " · " + ngettext("%(n)d hint", "%(n)d hints", hints) % {"n": hints}
    return line


def _share_line(state: GameState, daily: date | None) -> str:
    left = state.position.card_count()
    title = solo_title(state)
    words = {"day": format_date(daily) if daily is not None else "", "seed": state.seed,
             "n": left, "title": _(title) if title is not None else ""}
    # Each line a whole pattern, so a translator sees how its parts join (and their case).
    if daily is not None and title is not None:
        line = ngettext("Scare It! daily deal %(day)s · %(n)d card left · %(title)s",
                        "Scare It! daily deal %(day)s · %(n)d cards left · %(title)s", left)
    elif daily is not None:
        line = ngettext("Scare It! daily deal %(day)s · %(n)d card left · no title",
                        "Scare It! daily deal %(day)s · %(n)d cards left · no title", left)
    elif state.target is not None and title is not None:
        line = ngettext("Scare It! advanced deal %(seed)s · %(n)d card left · %(title)s",
                        "Scare It! advanced deal %(seed)s · %(n)d cards left · %(title)s", left)
    elif state.target is not None:
        line = ngettext("Scare It! advanced deal %(seed)s · %(n)d card left · no title",
                        "Scare It! advanced deal %(seed)s · %(n)d cards left · no title", left)
    elif title is not None:
        line = ngettext("Scare It! deal %(seed)s · %(n)d card left · %(title)s",
                        "Scare It! deal %(seed)s · %(n)d cards left · %(title)s", left)
    else:
        line = ngettext("Scare It! deal %(seed)s · %(n)d card left · no title",
                        "Scare It! deal %(seed)s · %(n)d cards left · no title", left)
    return line % words
