"""The cyclic garbage collector, on a timer.

`tune_gc` (server/__main__.py) raises the collector's thresholds so that the many
short-lived dicts and lists of every move's views do not set off full passes over the
hall. Then a full collection almost never comes, and what ends up in reference cycles
stays: each closed websocket leaves its asyncio transport in one (the transport keeps
bound methods of itself), and with it some 40 KB of the process's memory. The soak
(bench/soak.py) saw the hall grow by some 0.6 MB with every game played.

So a full collection runs every ``every`` seconds when connections have closed since
the one before (it pauses the process for a moment: some 0.1 s with 20 tables on a
busy 2-core machine), and at least every ``EVERY_QUIET`` seconds otherwise. Its
pauses are counted in the metrics (`gc_runs`, `gc_collected`,
`gc_pause_seconds_max`).
"""

from __future__ import annotations

import asyncio
import gc
import time

from server.metrics import Metrics

EVERY_QUIET = 600.0  # seconds between full collections while nobody leaves


async def run(every: float, metrics: Metrics) -> None:
    closed = metrics.connections_closed
    last = time.monotonic()
    while True:
        await asyncio.sleep(every)
        if metrics.connections_closed != closed or time.monotonic() - last >= EVERY_QUIET:
            closed = metrics.connections_closed
            last = time.monotonic()
            collect(metrics)


def collect(metrics: Metrics) -> int:
    t0 = time.perf_counter()
    found = gc.collect()
    pause = time.perf_counter() - t0
    metrics.gc_runs += 1
    metrics.gc_collected += found
    metrics.gc_pause_max = max(metrics.gc_pause_max, pause)
    return found
