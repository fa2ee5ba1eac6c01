"""The server's own time for each move, kept as a histogram: percentiles without a sort."""

from __future__ import annotations

import math

FLOOR = 1e-6  # seconds: every quicker time counts as this
RATIO = 1.01  # each bucket 1 % wider than the last: a percentile is read to within 1 %
_LOG = math.log(RATIO)


class Timings:
    """Counts of times by bucket. Adding is O(1) and a percentile O(buckets), where a sorted
    list of 100,000 times held the interpreter lock for milliseconds every second (the loop's
    moves waited behind `serve --stats` itself)."""

    def __init__(self) -> None:
        self.counts: dict[int, int] = {}
        self.total = 0
        self.longest = 0.0

    def add(self, seconds: float) -> None:
        bucket = 0 if seconds <= FLOOR else math.ceil(math.log(seconds / FLOOR) / _LOG)
        self.counts[bucket] = self.counts.get(bucket, 0) + 1
        self.total += 1
        self.longest = max(self.longest, seconds)

    def copy(self) -> Timings:
        twin = Timings()
        twin.counts, twin.total, twin.longest = dict(self.counts), self.total, self.longest
        return twin

    def at(self, share: float) -> float | None:
        """The time `share` of the moves took at most (the bucket's upper edge, never above the
        longest); None before any move."""
        if not self.total:
            return None
        rank = max(1, math.ceil(share * self.total))
        seen = 0
        for bucket in sorted(self.counts):
            seen += self.counts[bucket]
            if seen >= rank:
                return min(self.longest, FLOOR * RATIO ** bucket)
        return self.longest
