"""The event loop's stalls: how long the hall, at times, answers nobody.

A task wakes every `PERIOD` seconds and measures how late it woke. Whatever held the
loop (a pass of the cycle collector, a large view built at once, a blocking call) held
this task too, so its lateness is that stall, less at most one period. Each lateness
goes into a histogram and the longest into a maximum (`Metrics.stalls`,
`Metrics.stall_max`, at /metrics as ``spieltisch_loop_stall_seconds``): the figure of
the issue's "no pause longer than a frame", which the benchmarks print."""

from __future__ import annotations

import asyncio
import time

from server.metrics import Metrics

PERIOD = 0.01  # seconds between wake-ups: a hundred a second, some 2 ms of CPU


async def probe(metrics: Metrics, period: float = PERIOD) -> None:
    while True:
        t0 = time.perf_counter()
        await asyncio.sleep(period)
        late = max(0.0, time.perf_counter() - t0 - period)
        metrics.stalls.observe(late)
        if late > metrics.stall_max:
            metrics.stall_max = late
