"""The event loop's stalls: how long the hall, at times, answers nobody.

A task wakes every `PERIOD` seconds and measures how late it woke. Whatever held the
loop (a pass of the cycle collector, a large view built at once, a blocking call) held
this task too, so its lateness is that stall, less at most one period. Each lateness
goes into a histogram and the longest into a maximum (`Metrics.stalls`,
`Metrics.stall_max`, at /metrics as ``spieltisch_loop_stall_seconds``): the figure of
the issue's "no pause longer than a frame", which the benchmarks print.

On a machine shared with other work the process also waits for a core, and that is in
the lateness too. So the loop thread's CPU time over the same wait is kept beside it
(`Metrics.held`, ``spieltisch_loop_held_seconds``): the part of the stall that was
the hall's own work."""

from __future__ import annotations

import asyncio
import time

from server.metrics import Metrics

PERIOD = 0.01  # seconds between wake-ups: a hundred a second, some 2 ms of CPU


async def probe(metrics: Metrics, period: float = PERIOD) -> None:
    while True:
        t0, cpu0 = time.perf_counter(), time.thread_time()
        await asyncio.sleep(period)
        late = max(0.0, time.perf_counter() - t0 - period)
        # The loop's own work in that wait, at most the lateness: work done while the
        # probe was not yet due held nothing up.
        held = min(late, time.thread_time() - cpu0)
        metrics.stalls.observe(late)
        metrics.held.observe(held)
        metrics.stall_max = max(metrics.stall_max, late)
        metrics.held_max = max(metrics.held_max, held)
