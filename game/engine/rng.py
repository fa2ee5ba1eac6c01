"""A tiny seeded generator (SplitMix64) that gives the same numbers on every platform."""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64: fully specified integer arithmetic, so a seed means the same deal everywhere."""

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next_u64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), by rejection so there is no modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            v = self.next_u64()
            if v < limit:
                return v % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]


def seed_from_text(text: str) -> int:
    """Stable seed for any text (e.g. a date for the daily deal); FNV-1a, not hash()."""
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * 0x100000001B3) & _MASK
    return h


def next_seed(seed: int | None) -> int:
    """A new deal for 'play again', derived from the last one so replays stay reproducible."""
    return ((seed or 0) * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFF
