"""Closed connections are freed without the cyclic collector (server/wire.py breaks
the cycles of their transports and websocket states), and reference cycles that
remain are collected on a timer (server/collector.py): with `tune_gc`'s automatic
passes off, they would otherwise stay in memory."""

from __future__ import annotations

import asyncio
import gc
from asyncio.selector_events import _SelectorSocketTransport

import msgspec
import pytest
from websockets.server import ServerProtocol

from server import collector, wire
from tests.conftest import TEST_LIMITS, RunningServer, running_server

try:
    import uvloop
except ImportError:  # a platform without it: the hall runs on asyncio's loop
    uvloop = None  # type: ignore[assignment]


def transports_alive(port: int) -> int:
    """The hall's socket transports (on its port), ended or not: asyncio's, or
    uvloop's where the test runs on it."""
    kinds: tuple[type, ...] = (_SelectorSocketTransport,)
    if uvloop is not None:
        kinds += (uvloop.loop.TCPTransport,)
    return sum(
        type(o) in kinds and (o.get_extra_info("sockname") or ("", 0))[1] == port
        for o in gc.get_objects()
    )


def states_alive() -> int:
    """websockets' server-side protocol states, of ended connections or not."""
    return sum(type(o) is ServerProtocol for o in gc.get_objects())


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
            if runs == first:
                # Each in a cycle (it keeps bound methods of itself): not freed by
                # counting. (On a busy machine the timer may have passed already while
                # they came and went, freeing some of them.)
                assert transports_alive(port) >= 20
            for _ in range(40):  # a pass after the last of them closed
                await asyncio.sleep(0.1)
                if srv.hall.metrics.gc_runs > runs:
                    break
            assert srv.hall.metrics.gc_runs > runs
            assert transports_alive(port) <= 5  # all but any still closing
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


async def test_cycles_piling_up_call_for_a_pass_before_the_timer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(collector, "GROWTH", 20_000)
    monkeypatch.setattr(collector, "TICK", 0.1)
    limits = msgspec.structs.replace(TEST_LIMITS, gc_every=3600.0)
    with collector.passes_off():  # as in a hall: no automatic pass comes
        async with running_server(limits) as srv:
            await asyncio.sleep(0.3)
            assert srv.hall.metrics.gc_runs == 0
            for _ in range(15_000):  # lists in cycles: only a pass frees them
                a: list[object] = []
                b: list[object] = [a]
                a.append(b)
            del a, b
            for _ in range(30):
                await asyncio.sleep(0.1)
                if srv.hall.metrics.gc_runs:
                    break
            assert srv.hall.metrics.gc_runs >= 1
            assert srv.hall.metrics.gc_collected >= 30_000
