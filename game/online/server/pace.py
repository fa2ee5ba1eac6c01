"""How often a table server answers questions about table codes and away seats: a pace per
address, per network and for the whole server (docs/PROTOCOL.md, "Guessing a code")."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from game.online.server.networks import network_of
from game.online.shared.protocol import ProtocolError

HOLD_MAX = 20.0  # seconds an answer may be held; a request that would wait longer is refused
SUMMARY_EVERY = 30.0  # seconds between the log's lines about held and refused guesses


@dataclass(frozen=True, slots=True)
class Cadence:
    """`burst` at once, then one every `interval` seconds."""

    burst: int
    interval: float


# Wrong table codes (docs/PROTOCOL.md has the arithmetic): one address, its network (an IPv4
# /24, an IPv6 /48) and the whole server. The server's pace is what no number of addresses
# gets past: 64 million codes, one of 200 tables found after about 320,000 wrong ones.
ADDRESS_GUESSES = Cadence(10, 1200.0)
NETWORK_GUESSES = Cadence(20, 3600.0)
SERVER_GUESSES = Cadence(100, 300.0)
# Requests to take an away seat by its name, each one a question on the host's screen.
ADDRESS_CLAIMS = Cadence(3, 60.0)
TABLE_CLAIMS = Cadence(4, 30.0)


class Pace:
    """A generic cell rate for many keys: each key's theoretical arrival time (GCRA)."""

    def __init__(self, cadence: Cadence) -> None:
        self.cadence = cadence
        self._due: dict[str, float] = {}

    def wait(self, key: str, now: float) -> float:
        """Seconds until one more of `key` keeps to the cadence (0: now)."""
        due = self._due.get(key, now)
        return max(0.0, due - (self.cadence.burst - 1) * self.cadence.interval - now)

    def take(self, key: str, at: float) -> None:
        """One of `key`, at `at` (now, or the moment a held answer is sent)."""
        self._due[key] = max(self._due.get(key, at), at) + self.cadence.interval

    def give_back(self, key: str) -> None:
        if key in self._due:
            self._due[key] -= self.cadence.interval

    def ready(self, key: str, now: float, code: str) -> None:
        """ProtocolError(code), saying when to try again, unless one of `key` may come now."""
        wait = self.wait(key, now)
        if wait > 0:
            raise ProtocolError(code, f"{ProtocolError(code).args[0]}; try again in "
                                      f"{_minutes(wait)}")

    def check(self, key: str, now: float, code: str) -> None:
        """One of `key` now, or ProtocolError(code) saying when to try again."""
        self.ready(key, now, code)
        self.take(key, now)

    def tidy(self, now: float) -> None:
        """Forget the keys whose whole burst is free again (the server's memory)."""
        for key in [k for k, due in self._due.items() if due <= now]:
            del self._due[key]

    @property
    def remembered(self) -> int:
        return len(self._due)


def _minutes(seconds: float) -> str:
    minutes = math.ceil(seconds / 60)
    return "a minute" if minutes <= 1 else f"{minutes} minutes"


# The levels of the code gate, narrowest first: a refusal names the first that is spent.
LEVELS = (("too-many-guesses", "address"), ("too-many-guesses-network", "network"),
          ("too-many-guesses-server", "server"))


class CodeGate:
    """Every request about a table code (a `join`, a `create` with a picked code) is answered
    at a moment decided before the code is looked at: at once while the asker's address, its
    network and the server have wrong guesses to spare, else held until they do (at most
    HOLD_MAX), else refused at once. So when an answer comes never tells a right code from a
    wrong one, and dropping a connection takes nothing back. Each request is counted as a
    wrong guess when it comes; a right one is given back when its answer is due (a family
    with the code costs nothing), never sooner: no answer's time depends on one not yet sent."""

    def __init__(self, address: Cadence = ADDRESS_GUESSES, network: Cadence = NETWORK_GUESSES,
                 server: Cadence = SERVER_GUESSES, hold_max: float = HOLD_MAX) -> None:
        self.paces = (Pace(address), Pace(network), Pace(server))
        self.hold_max = hold_max
        self._back: list[tuple[float, tuple[str, str, str]]] = []  # right ones, given back when due
        self.held: Counter[str] = Counter()  # since the last summary, by level
        self.refused: Counter[str] = Counter()
        self._askers: set[str] = set()  # addresses held or refused since the last summary
        self._summed = None  # when the last summary was said

    def ask(self, address: str, now: float, right: bool) -> float:
        """A request from `address` now: seconds to hold its answer (0: answer now), or
        ProtocolError (a too-many-guesses code) when it would wait past HOLD_MAX. `right`
        (the code names a table) only decides what is given back when the answer is due."""
        self._give_back(now)
        keys = (address, network_of(address), "")
        waits = [pace.wait(key, now) for pace, key in zip(self.paces, keys, strict=True)]
        hold = max(waits)
        level = next(i for i, wait in enumerate(waits) if wait == hold)
        if hold > 0:
            self._askers.add(address)
        if hold > self.hold_max:
            self.refused[LEVELS[level][1]] += 1
            code = LEVELS[level][0]
            raise ProtocolError(code, f"{ProtocolError(code).args[0]}; try again in "
                                      f"{_minutes(hold - self.hold_max)}")
        if hold > 0:
            self.held[LEVELS[level][1]] += 1
        for pace, key in zip(self.paces, keys, strict=True):
            pace.take(key, now + hold)
        if right:
            self._back.append((now + hold, keys))
        return hold

    def _give_back(self, now: float) -> None:
        due = [item for item in self._back if item[0] <= now]
        if due:
            self._back = [item for item in self._back if item[0] > now]
            for _, keys in due:
                for pace, key in zip(self.paces, keys, strict=True):
                    pace.give_back(key)

    def tidy(self, now: float) -> None:
        self._give_back(now)
        for pace in self.paces:
            pace.tidy(now)

    def summary(self, now: float) -> str | None:
        """Once a SUMMARY_EVERY at most: what was held and refused since the last time."""
        if self._summed is None:
            self._summed = now
        if now - self._summed < SUMMARY_EVERY:
            return None
        if not (self.held or self.refused):
            self._summed = now
            return None
        line = (f"{sum(self.held.values())} answers held "
                f"({_by_level(self.held)}) and {sum(self.refused.values())} refused "
                f"({_by_level(self.refused)}) in {now - self._summed:.0f} s, from "
                f"{len(self._askers)} addresses in {len({network_of(a) for a in self._askers})} "
                f"networks")
        self.held, self.refused, self._askers, self._summed = Counter(), Counter(), set(), now
        return line

    @property
    def remembered(self) -> int:
        """Addresses and networks the gate still keeps a due time for."""
        return sum(pace.remembered for pace in self.paces)


def _by_level(counts: Counter) -> str:
    return ", ".join(f"{counts[level]} by {level}" for _, level in LEVELS if counts[level]) or "none"
