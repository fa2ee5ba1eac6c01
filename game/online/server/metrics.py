"""`/metrics`: what an operator watches of one `serve` process, in Prometheus' text format.
Only counts and times: nothing here names a table code, a token or a player."""

from __future__ import annotations

from collections import Counter

from prometheus_client import CollectorRegistry, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

from game.online.shared.protocol import ERRORS

STATES = ("waiting", "playing", "over")
# Seconds: a move's time in the server is goaled at 10 ms at p99 (docs/PROTOCOL.md).
MOVE_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1.0)
WRITE_BUCKETS = (0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.05, 0.25, 1.0)


def state_of(table) -> str:
    return "over" if table.over else "playing" if table.started else "waiting"


class Metrics:
    """One process's figures, in a registry of its own (a test may run several servers)."""

    def __init__(self, server) -> None:
        self.server = server
        self.registry = CollectorRegistry(auto_describe=True)
        self.moves = Histogram("scare_it_move_seconds", "a person's move in to its moved out, "
                               "in the server", buckets=MOVE_BUCKETS, registry=self.registry)
        self.writes = Histogram("scare_it_db_write_seconds", "a move kept in the database",
                                buckets=WRITE_BUCKETS, registry=self.registry)
        self.refusals: Counter[str] = Counter()
        self.registry.register(self)

    def refused(self, reason: str) -> None:
        """A refusal, by its protocol error code (never anything a client typed)."""
        self.refusals[reason if reason in ERRORS else "other"] += 1

    def collect(self):
        """The figures read off the server when scraped (nothing is kept for them meanwhile)."""
        server = self.server
        tables = GaugeMetricFamily("scare_it_tables", "tables by state", labels=["state"])
        counts = Counter(state_of(table) for table in server.tables.values())
        for state in STATES:
            tables.add_metric([state], counts[state])
        yield tables
        yield GaugeMetricFamily("scare_it_connections", "open connections",
                                value=server.open_connections)
        yield GaugeMetricFamily("scare_it_draining", "1 while the process takes no new tables",
                                value=int(getattr(server, "draining", False)))
        yield CounterMetricFamily("scare_it_moves", "moves played (rate(): moves a second)",
                                  value=server.moves_played)
        refusals = CounterMetricFamily("scare_it_refusals", "refusals by reason",
                                       labels=["reason"])
        for reason, count in sorted(self.refusals.items()):
            refusals.add_metric([reason], count)
        yield refusals
        gc = server.gc
        yield CounterMetricFamily("scare_it_gc_pauses", "garbage collections", value=gc.count)
        yield CounterMetricFamily("scare_it_gc_pause_seconds", "time the loop stood in them",
                                  value=gc.wall_total)
        yield GaugeMetricFamily("scare_it_gc_pause_max_seconds", "the longest so far",
                                value=gc.wall_max)

    def describe(self):
        return []

    def text(self) -> bytes:
        return generate_latest(self.registry)
