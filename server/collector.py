"""The cyclic garbage collector, on a timer, in passes that each look only at what is
new.

`tune_gc` (server/__main__.py) turns the collector's automatic passes off: the many
short-lived dicts and lists of every move's views set them off, and each pass stops
every table of the process (at 250 tables, the young generation's passes took 4 ms on
average and up to 70 ms, the hall's p99 latency). Playing and closing tables makes no
reference cycles (tests/test_no_cycles.py); reference counting frees the views, and
the closed connections: each would leave its asyncio transport in a cycle (it keeps
bound methods of itself), and those cycles are broken here, on each tick, for the
transports that have closed since (server/wire.py watches every connection's,
websocket or HTTP).

A full collection walks every object the process holds: 0.45-0.7 s at 250 tables and
2,000 connections on a 2-core machine, the whole hall stopped. So there is none on a
schedule. Instead, every `TICK`, a pass over what is not frozen, then `gc.freeze()`:
what survived is left out of every later pass, and the next one walks only what was
made since, and is still alive, or in a cycle (`young`). Its pause follows what the
hall made since the last pass and still holds, not the hall's size: in a busy hall,
about each table's newest views, whether the tick is half a second or two (a table's
views replace those of its move before). At 250 Carcassonne tables and 2,000
connections (500 moves a second), a pass every half second walked some 11,000 objects
in 5-13 ms of CPU (21 at most), 25 µs a move in all; every two seconds, the longest
pass took 17 ms (2026-11-27) for a quarter of that cost. The full pass it replaces
walked half a million. A burst (many tables opened at once) comes sooner: the count
of objects made and not freed since the last pass is looked at every `POLL`, and past
`YOUNG` it calls for a pass at once, so that no pass walks much more than that
(passes over 100,000 of the hall's objects took 60-120 ms). A cycle made of objects
that had lived past a tick before they became garbage is not found by these passes;
the hall makes none (the tests above), and the soak's memory slope (bench/soak.py)
would show them. A full pass (`full`: everything thawed, collected and frozen again) comes only
when a closed connection's cycle could not be broken (another server or event loop:
`cycles_left`), at most every ``every`` seconds; its pause is not bounded.

While the process's automatic passes are on (a test's, a benchmark's), nothing is
frozen: they find every cycle themselves. Passes and pauses are counted in the
metrics (`gc_runs` the full ones, `gc_young_runs`, `gc_collected`,
`gc_pause_max` the longest of either).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
from collections.abc import Iterator

from server import wire
from server.metrics import Metrics

TICK = 2.0  # seconds between sweeps of closed transports and young passes
POLL = 0.1  # seconds between looks at how many objects are new
YOUNG = 10_000  # new objects (made and not freed since the last pass) that call for one


async def run(every: float, metrics: Metrics) -> None:
    left = metrics.cycles_left
    last = tick = time.monotonic()
    while True:
        await asyncio.sleep(min(every, TICK, POLL))
        now = time.monotonic()
        burst = not gc.isenabled() and gc.get_count()[0] >= YOUNG
        if now - tick < min(every, TICK) and not burst:
            continue
        tick = now
        wire.sweep()
        if metrics.cycles_left != left and now - last >= every:
            left = metrics.cycles_left
            last = now
            full(metrics)
        elif not gc.isenabled():
            young(metrics)


@contextlib.contextmanager
def passes_off(freeze: bool = False) -> Iterator[None]:
    """The automatic passes off for a while, as `tune_gc` turns them off in the hub,
    after a full pass; with ``freeze``, what is alive then is left out of passes, as
    the hub leaves out what it holds at startup. As they were afterwards (what the
    collector froze meanwhile thawed, unless something was frozen before), and a pass
    for what the while left in cycles. For benchmarks and tests: their figures must be
    the hub's, without the pauses its collector no longer makes."""
    was = gc.isenabled()
    thaw = freeze or gc.get_freeze_count() == 0
    gc.collect()
    if freeze:
        gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        if thaw:
            gc.unfreeze()
        if was:
            gc.enable()
        gc.collect()


def young(metrics: Metrics) -> int:
    """A pass over what was made since the last pass, then all of it frozen. With the
    automatic passes off, that is all the youngest generation holds (what was older
    was frozen, by `tune_gc` or a pass), and a pass over it alone leaves Python's free
    lists as they are (a pass over every generation empties them: the hub then spent
    some 40-60 µs a move more at 250 tables)."""
    found = _timed(metrics, 0)
    gc.freeze()
    metrics.gc_young_runs += 1
    return found


def full(metrics: Metrics) -> int:
    """A pass over everything (what the young passes froze too), frozen again after when
    the automatic passes are off (the hub's startup objects were: `tune_gc`)."""
    frozen = gc.get_freeze_count() > 0
    gc.unfreeze()
    found = _timed(metrics)
    if frozen or not gc.isenabled():
        gc.freeze()
    metrics.gc_runs += 1
    return found


def _timed(metrics: Metrics, generation: int = 2) -> int:
    t0 = time.perf_counter()
    found = gc.collect(generation)
    pause = time.perf_counter() - t0
    metrics.gc_collected += found
    metrics.gc_pause_max = max(metrics.gc_pause_max, pause)
    return found
