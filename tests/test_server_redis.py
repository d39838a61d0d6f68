"""The hall with the Redis broker underneath: the same games over the wire, every
patch through a real redis-server, and a Redis outage that refuses moves cleanly."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import msgspec
import pytest

from server.broker.redis import RedisBroker
from tests.conftest import running_server
from tests.support.redis_server import RedisServer
from tests.support.tables import open_table
from tests.test_server_game import play_to_end


@pytest.fixture
async def redis_hall() -> AsyncIterator[tuple[object, RedisServer]]:
    redis = RedisServer()
    try:
        async with running_server(broker=RedisBroker(redis.url)) as srv:
            yield srv, redis
    finally:
        redis.stop()


async def test_a_whole_game_through_redis(redis_hall) -> None:
    srv, _ = redis_hall
    room, seated, spectator = await open_table(srv)
    result = await play_to_end(room, seated, spectator, random.Random(3))
    assert result is not None
    entries = await srv.hall.broker.read_log(srv.hall.rooms[room].log_key)
    assert len(entries) == srv.hall.rooms[room].version + 1  # the start, then each move


async def test_redis_down_refuses_moves_with_unavailable_and_play_resumes(redis_hall) -> None:
    srv, redis = redis_hall
    room, (a, b), spectator = await open_table(srv, options={"pile": 50})
    live = srv.hall.rooms[room]
    port = redis.port
    redis.stop()
    before = (live.version, msgspec.msgpack.encode(live.state))
    await a.send({"t": "act", "room": room, "v": 0, "intent": {"t": "take", "n": 2}, "id": 5})
    err = await a.expect("error")
    assert err["code"] == "unavailable" and err["ref"] == 5
    assert (live.version, msgspec.msgpack.encode(live.state)) == before
    # Redis is back (on the same address): the same move goes through, no restart.
    redis.__init__(port=port)
    await a.send({"t": "act", "room": room, "v": 0, "intent": {"t": "take", "n": 2}})
    for c in (a, b, spectator):
        await c.expect("patch", room=room, v=1, timeout=10)
        assert c.view(room) == (await c.resync(room))["view"]
    assert a.view(room)["pile"] == 48
