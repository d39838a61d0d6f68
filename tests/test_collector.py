"""Reference cycles are collected on a timer (server/collector.py): with the raised
thresholds of `tune_gc`, closed connections would otherwise stay in memory."""

from __future__ import annotations

import asyncio
import contextlib
import gc
from asyncio.selector_events import _SelectorSocketTransport
from collections.abc import Iterator

import msgspec

from tests.conftest import TEST_LIMITS, running_server


@contextlib.contextmanager
def no_automatic_collection() -> Iterator[None]:
    """As in a hall whose thresholds are so high that a full pass never comes."""
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def transports_alive() -> int:
    """asyncio's socket transports, ended or not (the tests' clients' and the hall's)."""
    return sum(type(o) is _SelectorSocketTransport for o in gc.get_objects())


async def test_closed_connections_are_freed_by_the_timer() -> None:
    limits = msgspec.structs.replace(TEST_LIMITS, gc_every=0.3)
    with no_automatic_collection():
        async with running_server(limits) as srv:
            for i in range(20):
                c = await srv.client(f"p{i}")
                await c.send({"t": "rooms"})
                await c.expect("room_list")
                await c.close()
            srv.clients.clear()
            await asyncio.sleep(0.1)
            runs = srv.hall.metrics.gc_runs
            # Each in a cycle (it keeps bound methods of itself): not freed by counting.
            before = transports_alive()
            assert before >= 20
            for _ in range(40):
                await asyncio.sleep(0.1)
                if srv.hall.metrics.gc_runs > runs:
                    break
            assert srv.hall.metrics.gc_runs > runs
            assert transports_alive() <= before // 4  # all but any still closing
            assert srv.hall.metrics.gc_collected > 0
            assert srv.hall.metrics.gc_pause_max > 0
            assert "spieltisch_gc_runs_total" in srv.hall.metrics.render()


async def test_a_hall_where_nobody_leaves_is_not_paused() -> None:
    limits = msgspec.structs.replace(TEST_LIMITS, gc_every=0.1)
    async with running_server(limits) as srv:
        c = await srv.client("stays")
        await c.send({"t": "rooms"})
        await c.expect("room_list")
        await asyncio.sleep(0.5)
        assert srv.hall.metrics.gc_runs == 0


async def test_a_hall_told_not_to_collects_nothing() -> None:
    limits = msgspec.structs.replace(TEST_LIMITS, gc_every=0.0)
    async with running_server(limits) as srv:
        await asyncio.sleep(0.3)
        assert srv.hall.metrics.gc_runs == 0
