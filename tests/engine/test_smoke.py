"""Smoke tests: the reference perft values of the small example."""

from game.engine import Rules, parse_position
from game.engine.perft import perft


def test_small_example_perft():
    p = parse_position("YC .. OE/PM BD YE")
    assert [perft(p, d, Rules.STANDARD) for d in range(5)] == [1, 3, 7, 4, 0]
    assert [perft(p, d, Rules.SOLO) for d in range(5)] == [1, 3, 10, 17, 12]
