"""Closed connections are freed without the cyclic collector (server/wire.py breaks
the cycles of their transports and websocket states), and reference cycles that
remain are collected on a timer (server/collector.py): with `tune_gc`'s automatic
passes off, they would otherwise stay in memory. Those passes look only at what is
new, so their pauses do not grow with what the hall holds; the event loop's stalls
are measured (server/stalls.py)."""

from __future__ import annotations

import asyncio
import gc
import time
from asyncio.selector_events import _SelectorSocketTransport

import msgspec
import pytest
from websockets.server import ServerProtocol

from server import collector, stalls, wire
from tests.conftest import TEST_LIMITS, RunningServer, running_server

try:
    import uvloop
except ImportError:  # a platform without it: the hall runs on asyncio's loop
    uvloop = None  # type: ignore[assignment]


def every_object() -> list[object]:
    """Every object the collector tracks, those the hall's passes froze too (which
    `gc.get_objects` leaves out): they are thawed, and the next pass freezes them."""
    gc.unfreeze()
    return gc.get_objects()


def transports_alive(port: int) -> int:
    """The hall's socket transports (on its port), ended or not: asyncio's, or
    uvloop's where the test runs on it."""
    kinds: tuple[type, ...] = (_SelectorSocketTransport,)
    if uvloop is not None:
        kinds += (uvloop.loop.TCPTransport,)
    return sum(
        type(o) in kinds and (o.get_extra_info("sockname") or ("", 0))[1] == port
        for o in every_object()
    )


def states_alive() -> int:
    """websockets' server-side protocol states, of ended connections or not."""
    return sum(type(o) is ServerProtocol for o in every_object())


def port_of(srv: RunningServer) -> int:
    return int(srv.url.rsplit(":", 1)[1].split("/")[0])


async def come_and_go(srv: RunningServer, n: int) -> None:
    """``n`` people who connect, look at the list of tables and hang up."""
    for i in range(n):
        c = await srv.client(f"p{i}")
        await c.send({"t": "rooms"})
        await c.expect("room_list")
        await c.close()
    srv.clients.clear()


async def freed_without_the_collector() -> None:
    limits = msgspec.structs.replace(TEST_LIMITS, gc_every=0.2)  # the sweep's tick too
    with collector.passes_off():  # as in a hall: no automatic pass comes
        async with running_server(limits) as srv:
            port = port_of(srv)
            await come_and_go(srv, 20)
            for _ in range(40):
                await asyncio.sleep(0.1)
                if transports_alive(port) == 0 and states_alive() == 0:
                    break
            # Freed by counting references: no full pass of the collector needed one.
            assert transports_alive(port) == 0
            assert states_alive() == 0  # and each websocket's state with its parser
            assert srv.hall.metrics.cycles_left == 0
            assert srv.hall.metrics.gc_runs == 0


async def test_closed_connections_are_freed_without_the_collector() -> None:
    # On the loop `python -m server` runs on: uvloop's, where it is installed.
    if uvloop is not None:
        assert isinstance(asyncio.get_running_loop(), uvloop.Loop)
    await freed_without_the_collector()


@pytest.mark.asyncio_loop
async def test_closed_connections_are_freed_without_the_collector_on_asyncio() -> None:
    # Python's own loop (`python -m server --loop asyncio`, or no uvloop).
    assert type(asyncio.get_running_loop()) is asyncio.SelectorEventLoop
    await freed_without_the_collector()


@pytest.mark.asyncio_loop  # its transports keep themselves in a cycle; uvloop's do not
async def test_cycles_left_by_closed_connections_are_freed_by_the_timer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # As under an event loop whose transports the hall cannot watch: nothing is swept.
    monkeypatch.setattr(wire, "watch", lambda transport, protocol=None: False)
    limits = msgspec.structs.replace(TEST_LIMITS, gc_every=0.3)
    with collector.passes_off():  # as in a hall: no automatic pass comes
        async with running_server(limits) as srv:
            port = port_of(srv)
            first = srv.hall.metrics.gc_runs
            await come_and_go(srv, 20)
            await asyncio.sleep(0.1)
            runs = srv.hall.metrics.gc_runs
            assert srv.hall.metrics.cycles_left >= 20
            assert runs >= first
            # Each in a cycle (it keeps bound methods of itself): not freed by counting,
            # and those that had lived past a young pass were frozen: a full pass, after
            # the last of them closed.
            for _ in range(40):
                await asyncio.sleep(0.1)
                if srv.hall.metrics.gc_runs > runs:
                    break
            assert srv.hall.metrics.gc_runs > runs
            assert transports_alive(port) <= 5  # all but any still closing
            assert srv.hall.metrics.gc_collected > 0
            assert srv.hall.metrics.gc_pause_max > 0
            assert "spieltisch_gc_runs_total" in srv.hall.metrics.render()


async def test_a_hall_where_nobody_leaves_makes_no_full_pass() -> None:
    limits = msgspec.structs.replace(TEST_LIMITS, gc_every=0.1)
    with collector.passes_off():
        async with running_server(limits) as srv:
            c = await srv.client("stays")
            await c.send({"t": "rooms"})
            await c.expect("room_list")
            await asyncio.sleep(0.5)
            assert srv.hall.metrics.gc_runs == 0
            assert srv.hall.metrics.gc_young_runs >= 2  # only passes over what is new


async def test_a_hall_told_not_to_collects_nothing() -> None:
    limits = msgspec.structs.replace(TEST_LIMITS, gc_every=0.0)
    async with running_server(limits) as srv:
        await asyncio.sleep(0.3)
        assert srv.hall.metrics.gc_runs == 0
        assert srv.hall.metrics.gc_young_runs == 0


async def test_a_process_that_collects_by_itself_has_nothing_frozen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Python's automatic passes on (a test's process, a benchmark's): they find every
    # cycle themselves, and what the hall froze they would never look at again.
    monkeypatch.setattr(collector, "TICK", 0.05)
    assert gc.isenabled()
    limits = msgspec.structs.replace(TEST_LIMITS, gc_every=0.1)
    # What an earlier test of this worker process left frozen is not the hall's doing.
    frozen = gc.get_freeze_count()
    async with running_server(limits) as srv:
        await asyncio.sleep(0.4)
        assert srv.hall.metrics.gc_young_runs == 0
        assert gc.get_freeze_count() == frozen


def full_pass_seconds() -> float:
    """How long a pass over everything takes now (all of it thawed)."""
    gc.unfreeze()
    t0 = time.perf_counter()
    gc.collect()
    return time.perf_counter() - t0


async def test_cycles_are_freed_within_a_tick_in_a_pause_that_does_not_grow_with_the_hall(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(collector, "TICK", 0.1)
    limits = msgspec.structs.replace(TEST_LIMITS, gc_every=3600.0)
    with collector.passes_off():  # as in a hall: no automatic pass comes
        # What a big hall holds for long (views, tables, connections): two million
        # containers, none of them garbage.
        held = [[i] for i in range(2_000_000)]
        async with running_server(limits) as srv:
            metrics = srv.hall.metrics
            for _ in range(100):  # the first pass walks them all, and freezes them
                await asyncio.sleep(0.1)
                if metrics.gc_young_runs >= 2:
                    break
            assert metrics.gc_young_runs >= 2
            metrics.gc_pause_max = 0.0
            collected = metrics.gc_collected
            for _ in range(15_000):  # lists in cycles: only a pass frees them
                a: list[object] = []
                b: list[object] = [a]
                a.append(b)
            del a, b
            for _ in range(50):
                await asyncio.sleep(0.1)
                if metrics.gc_collected - collected >= 30_000:
                    break
            assert metrics.gc_collected - collected >= 30_000  # by the next young passes
            assert metrics.gc_runs == 0  # and no full pass
            young = metrics.gc_pause_max
            full = full_pass_seconds()  # what a full pass over the same hall takes
            assert young < full / 4, (young, full)
        assert len(held) == 2_000_000


async def test_a_burst_of_new_objects_calls_for_a_pass_before_the_tick(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(collector, "TICK", 3600.0)
    limits = msgspec.structs.replace(TEST_LIMITS, gc_every=3600.0)
    with collector.passes_off():
        async with running_server(limits) as srv:
            metrics = srv.hall.metrics
            await asyncio.sleep(0.3)
            assert metrics.gc_young_runs == 0  # the tick is an hour away
            # Many tables opened at once: objects held, more than YOUNG of them.
            burst = [[i] for i in range(collector.YOUNG + 1000)]
            for _ in range(50):
                await asyncio.sleep(0.05)
                if metrics.gc_young_runs:
                    break
            assert metrics.gc_young_runs == 1  # a pass over them, not one a poll
            assert gc.get_count()[0] < collector.YOUNG  # they are frozen now
            del burst


async def test_the_loop_s_stalls_are_measured() -> None:
    async with running_server() as srv:
        metrics = srv.hall.metrics
        for _ in range(50):  # the probe has woken a few times
            await asyncio.sleep(0.02)
            if metrics.stalls.n >= 3:
                break
        assert metrics.stalls.n >= 3
        # The loop held, as by a long pass of the collector, but not working: the
        # process waits (as for a core, on a busy machine).
        time.sleep(0.2)
        for _ in range(50):
            await asyncio.sleep(0.02)
            if metrics.stall_max >= 0.1:
                break
        # At least the stall less one period of the probe's.
        assert 0.2 - stalls.PERIOD - 0.01 <= metrics.stall_max < 2.0
        assert metrics.held_max < 0.1
        # Now held by work of its own.
        t0 = time.thread_time()
        while time.thread_time() - t0 < 0.2:
            pass
        for _ in range(50):
            await asyncio.sleep(0.02)
            if metrics.held_max >= 0.1:
                break
        assert 0.2 - stalls.PERIOD - 0.01 <= metrics.held_max <= metrics.stall_max
        text = metrics.render()
        assert "spieltisch_loop_stall_seconds_max" in text
        assert "spieltisch_loop_held_seconds_max" in text
        assert 'spieltisch_loop_stall_seconds_bucket{le="0.2"}' in text
        assert 'spieltisch_loop_held_seconds_bucket{le="0.2"}' in text
