"""The server's move times as a histogram: percentiles as a sorted list gives them, to 1 %."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from game.online.server.timings import FLOOR, RATIO, Timings

seconds = st.floats(min_value=0.0, max_value=100.0, allow_nan=False)


@given(st.lists(seconds, min_size=1, max_size=400), st.sampled_from([0.5, 0.9, 0.99, 1.0]))
def test_a_percentile_is_the_sorted_lists_to_within_one_bucket(times, share):
    kept = Timings()
    for t in times:
        kept.add(t)
    exact = sorted(times)[max(1, math.ceil(share * len(times))) - 1]
    read = kept.at(share)
    assert read <= max(times)
    assert exact <= read * RATIO * (1 + 1e-9)  # never below the bucket it is in
    assert read <= max(exact, FLOOR) * RATIO * (1 + 1e-9)  # nor a bucket above it
    assert kept.total == len(times)


def test_no_move_yet_reads_as_none_and_a_copy_stays_apart():
    kept = Timings()
    assert kept.at(0.99) is None
    kept.add(0.002)
    twin = kept.copy()
    kept.add(5.0)
    assert twin.total == 1 and twin.at(1.0) == 0.002 and kept.at(1.0) == 5.0
