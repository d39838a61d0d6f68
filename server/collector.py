"""The cyclic garbage collector, on a timer.

`tune_gc` (server/__main__.py) turns the collector's automatic passes off: the many
short-lived dicts and lists of every move's views set them off, and each pass stops
every table of the process (at 250 tables, the young generation's passes took 4 ms on
average and up to 70 ms, the hall's p99 latency). Playing and closing tables makes no
reference cycles (tests/test_no_cycles.py); reference counting frees the views.
Then what ends up in reference cycles stays until a pass comes: each closed websocket
would leave its asyncio transport in one (the transport keeps bound methods of
itself), and with it some 40 KB of the process's memory. The soak (bench/soak.py) saw
the hall grow by some 0.6 MB with every game played.

Those cycles are broken here, on each tick, for the transports that have closed since
(server/wire.py watches every connection's, websocket or HTTP), so that reference
counting frees them. A full collection pauses the whole process
(0.5-0.7 s at 250 tables and 2,000 connections on a 2-core machine: a pass over every
table's views), so it runs only every ``every`` seconds when a closed connection's
cycle could not be broken (another server or event loop: `cycles_left`), at least
every ``EVERY_QUIET`` seconds otherwise, for any other cycle, and as soon as the
objects the collector tracks have grown by ``GROWTH`` since the last pass (cycles
made faster than expected, say by a flood of refused messages, are bounded so). Its
pauses are counted in the metrics (`gc_runs`, `gc_collected`, `gc_pause_seconds_max`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
from collections.abc import Iterator

from server import wire
from server.metrics import Metrics

EVERY_QUIET = 600.0  # seconds between full collections while nothing calls for one
# Tracked objects (containers) allocated and not freed since the last pass that call
# for one: some four times what 250 tables and 2,000 connections hold.
GROWTH = 2_000_000
TICK = 5.0  # seconds between sweeps of closed transports, and looks at that growth


async def run(every: float, metrics: Metrics) -> None:
    left = metrics.cycles_left
    last = time.monotonic()
    while True:
        await asyncio.sleep(min(every, TICK))
        wire.sweep()
        now = time.monotonic()
        if (
            (metrics.cycles_left != left and now - last >= every)
            or now - last >= EVERY_QUIET
            or gc.get_count()[0] > GROWTH
        ):
            left = metrics.cycles_left
            last = now
            collect(metrics)


@contextlib.contextmanager
def passes_off(freeze: bool = False) -> Iterator[None]:
    """The automatic passes off for a while, as `tune_gc` turns them off in the hub,
    after a full pass; with ``freeze``, what is alive then is left out of passes, as
    the hub leaves out what it holds at startup. As they were afterwards, and a pass
    for what the while left in cycles. For benchmarks and tests: their figures must be
    the hub's, without the pauses its collector no longer makes."""
    was = gc.isenabled()
    gc.collect()
    if freeze:
        gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        if freeze:
            gc.unfreeze()
        if was:
            gc.enable()
        gc.collect()


def collect(metrics: Metrics) -> int:
    t0 = time.perf_counter()
    found = gc.collect()
    pause = time.perf_counter() - t0
    metrics.gc_runs += 1
    metrics.gc_collected += found
    metrics.gc_pause_max = max(metrics.gc_pause_max, pause)
    return found
