"""Counters, gauges and a histogram, exposed at /metrics in Prometheus text format.

Kept in-house: a few dozen lines cover what the hall reports, with no client library
to configure and no global registry to reset between tests."""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Callable

# Seconds; intent-to-publish is normally well under a millisecond.
LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)
# Seconds the event loop was held (server/stalls.py): fine around a frame (16 ms) and
# the line (50 ms), so that a benchmark can bound a window's longest.
STALL_BUCKETS = (
    0.002,
    0.005,
    0.01,
    0.015,
    0.02,
    0.03,
    0.04,
    0.05,
    0.075,
    0.1,
    0.15,
    0.2,
    0.3,
    0.5,
    0.75,
    1.0,
    2.0,
    5.0,
)


class Histogram:
    def __init__(self, buckets: tuple[float, ...] = LATENCY_BUCKETS) -> None:
        self.buckets = buckets
        self.counts = [0] * (len(buckets) + 1)
        self.total = 0.0
        self.n = 0

    def observe(self, value: float) -> None:
        self.counts[bisect.bisect_left(self.buckets, value)] += 1
        self.total += value
        self.n += 1


class Metrics:
    def __init__(self) -> None:
        self.intents_accepted = 0
        self.intents_refused: Counter[str] = Counter()
        self.errors: Counter[str] = Counter()
        self.patches = 0
        self.patch_bytes = 0
        self.messages_in = 0
        self.slow_disconnects = 0
        self.connections_closed = 0
        self.compact_clients = 0  # open connections that get compact patches
        # websockets and HTTP requests whose transport's reference cycle wire.py cannot
        # break once it has closed: the collector's timer collects them (collector.py)
        self.cycles_left = 0
        self.gc_runs = 0  # full collections on the timer (collector.py)
        self.gc_young_runs = 0  # passes over what is new since the last (collector.py)
        self.gc_collected = 0  # objects they found unreachable
        self.gc_pause_max = 0.0  # the longest of them, in seconds
        self.latency = Histogram()
        self.stalls = Histogram(STALL_BUCKETS)  # how late the loop's probe woke (stalls.py)
        self.stall_max = 0.0  # the longest of them, in seconds
        self.held = Histogram(STALL_BUCKETS)  # of each, the loop thread's own CPU time
        self.held_max = 0.0
        # Live values are read when scraped, from whoever owns them.
        self.gauges: dict[str, Callable[[], dict[str, float] | float]] = {}

    def render(self) -> str:
        lines: list[str] = []

        def metric(name: str, kind: str, help_: str, samples: list[tuple[str, float]]) -> None:
            lines.append(f"# HELP {name} {help_}")
            lines.append(f"# TYPE {name} {kind}")
            for labels, value in samples:
                lines.append(f"{name}{labels} {value:g}")

        for name, read in sorted(self.gauges.items()):
            value = read()
            if isinstance(value, dict):
                samples = [(f'{{status="{k}"}}', v) for k, v in sorted(value.items())]
            else:
                samples = [("", value)]
            metric(f"spieltisch_{name}", "gauge", name.replace("_", " "), samples)
        metric(
            "spieltisch_intents_accepted_total",
            "counter",
            "intents applied",
            [("", self.intents_accepted)],
        )
        metric(
            "spieltisch_intents_refused_total",
            "counter",
            "intents refused, by code",
            [(f'{{code="{c}"}}', n) for c, n in sorted(self.intents_refused.items())] or [("", 0)],
        )
        metric(
            "spieltisch_errors_total",
            "counter",
            "error replies, by code",
            [(f'{{code="{c}"}}', n) for c, n in sorted(self.errors.items())] or [("", 0)],
        )
        metric(
            "spieltisch_messages_in_total",
            "counter",
            "client messages received",
            [("", self.messages_in)],
        )
        metric("spieltisch_patches_total", "counter", "patches published", [("", self.patches)])
        metric(
            "spieltisch_patch_bytes_total",
            "counter",
            "bytes of patches published",
            [("", self.patch_bytes)],
        )
        metric(
            "spieltisch_slow_disconnects_total",
            "counter",
            "connections closed for reading too slowly",
            [("", self.slow_disconnects)],
        )
        metric(
            "spieltisch_connections_closed_total",
            "counter",
            "websockets that ended",
            [("", self.connections_closed)],
        )
        metric(
            "spieltisch_cycles_left_total",
            "counter",
            "websockets and HTTP requests whose transport is left to the cycle collector",
            [("", self.cycles_left)],
        )
        metric("spieltisch_gc_runs_total", "counter", "full collections", [("", self.gc_runs)])
        metric(
            "spieltisch_gc_young_runs_total",
            "counter",
            "collections of what was made since the last",
            [("", self.gc_young_runs)],
        )
        metric(
            "spieltisch_gc_collected_total",
            "counter",
            "objects in reference cycles freed by them",
            [("", self.gc_collected)],
        )
        metric(
            "spieltisch_gc_pause_seconds_max",
            "gauge",
            "the longest pause of a collection",
            [("", self.gc_pause_max)],
        )
        metric(
            "spieltisch_loop_stall_seconds_max",
            "gauge",
            "the longest the event loop was held",
            [("", self.stall_max)],
        )
        metric(
            "spieltisch_loop_held_seconds_max",
            "gauge",
            "the most CPU time the event loop's own work took of one stall",
            [("", self.held_max)],
        )

        def histogram(name: str, help_: str, h: Histogram) -> None:
            lines.append(f"# HELP {name} {help_}")
            lines.append(f"# TYPE {name} histogram")
            running = 0
            for bound, count in zip(h.buckets, h.counts, strict=False):
                running += count
                lines.append(f'{name}_bucket{{le="{bound:g}"}} {running}')
            lines.append(f'{name}_bucket{{le="+Inf"}} {h.n}')
            lines.append(f"{name}_sum {h.total:g}")
            lines.append(f"{name}_count {h.n}")

        histogram(
            "spieltisch_intent_publish_seconds",
            "time from receiving an intent to publishing its patches",
            self.latency,
        )
        histogram(
            "spieltisch_loop_stall_seconds",
            "how late a task woke that the event loop should have woken on time",
            self.stalls,
        )
        histogram(
            "spieltisch_loop_held_seconds",
            "of each stall, the CPU time of the event loop's own work (the rest: waiting "
            "for a core)",
            self.held,
        )
        return "\n".join(lines) + "\n"
