"""A client too slow to read is disconnected; the rest of the hall goes on."""

from __future__ import annotations

import asyncio
import contextlib

import msgspec
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.conftest import TEST_LIMITS, running_server


async def test_a_client_that_does_not_read_is_dropped() -> None:
    limits = msgspec.structs.replace(TEST_LIMITS, send_queue=16, open_tables=0)
    async with running_server(limits) as srv:
        other = await srv.client("other")
        for _ in range(100):  # a long room list makes every answer big
            await other.send({"t": "create", "game": "countdown"})
            await other.expect("room")
        await other.drain()
        # max_queue=1: this client stops reading from its socket almost at once, so
        # the kernel's buffers fill, then the server's bounded send queue.
        slow = await connect(srv.url, max_queue=1)
        await slow.send(msgspec.msgpack.encode({"t": "hello", "name": "slow"}))
        ask = msgspec.msgpack.encode({"t": "rooms"})
        with contextlib.suppress(ConnectionClosed):
            for i in range(3000):
                await slow.send(ask)
                if i % 50 == 0:
                    await asyncio.sleep(0.01)
                if srv.hall.metrics.slow_disconnects:
                    break
        assert srv.hall.metrics.slow_disconnects == 1
        for _ in range(100):
            if len(srv.hall.connections) == 1:
                break
            await asyncio.sleep(0.02)
        assert len(srv.hall.connections) == 1
        await other.send({"t": "ping", "id": 1})
        assert (await other.expect("pong")) == {"t": "pong", "id": 1}
        with contextlib.suppress(Exception):
            await asyncio.wait_for(slow.close(), 1)
