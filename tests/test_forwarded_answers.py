"""The answers to messages forwarded to a table's owner travel on the table's own
channel for the asking process (keys.answers_channel), which that process hears from
its first message to the table until nothing of it is left there.

Two `python -m server` processes on a real redis-server: the table is owned by the
process where it was opened, and the second player's messages reach it through
Redis. The processes wait 20 s for an answer before they give up on it (and then read
the ticket's outcome themselves), so an answer that comes within seconds came on the
channel."""

from __future__ import annotations

import asyncio
import time

import pytest
import redis.asyncio as aioredis

from bench.harness.redis_server import RedisServer
from tests.support.client import Client
from tests.support.processes import ServerProcess
from tests.test_takeover import played, two_players

pytestmark = pytest.mark.redis

PATIENT = 20.0  # seconds the processes wait for an owner's answer
PROMPT = 5.0  # an answer within this came on the channel, not from the deadline


async def answers_channels(r: aioredis.Redis, room: str) -> list[bytes]:
    return sorted(await r.pubsub_channels(f"*{{{room}}}:to:*"))


async def until(check, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not await check():
        assert time.monotonic() < deadline, "not within the time"
        await asyncio.sleep(0.05)


async def test_the_asking_process_hears_a_table_answers_while_it_has_someone_there() -> None:
    redis = RedisServer()
    procs = [ServerProcess(redis.url, answer_within=PATIENT) for _ in range(2)]
    r = aioredis.Redis.from_url(redis.url)
    clients: list[Client] = []
    try:
        room, anna, bert = await two_players(procs[0].url, procs[1].url)
        clients += [anna, bert]
        # bert's process listens on the table's channel for it, and only there: the
        # owner's process (anna's) forwarded nothing.
        heard = await answers_channels(r, room)
        assert len(heard) == 1
        assert await r.pubsub_numsub(heard[0]) == [(heard[0], 1)]
        assert await r.pubsub_channels("node:*") == []  # no process-wide answers
        for ref in range(1, 5):
            mover, other = (anna, bert) if ref % 2 else (bert, anna)
            t0 = time.monotonic()
            await played(mover, room, 100 + ref, other)  # its `ok`, then other's patch
            assert time.monotonic() - t0 < PROMPT
        # Someone of bert's process who never entered the table: refused, at once.
        carl = await Client.open(procs[1].url, "carl")
        clients.append(carl)
        t0 = time.monotonic()
        await carl.send({"t": "stand", "room": room, "id": 7})
        refused = await carl.expect("error", ref=7, timeout=PATIENT + 5)
        assert refused["code"] == "already_started"  # from the owner
        assert time.monotonic() - t0 < PROMPT
        assert await answers_channels(r, room) == heard  # bert is still there
        # bert leaves, and nothing of his process waits for the table: it stops
        # listening.
        await bert.send({"t": "leave", "room": room})

        async def quiet() -> bool:
            return await answers_channels(r, room) == []

        await until(quiet)
        # carl, who never entered, asks again: heard for that answer only.
        t0 = time.monotonic()
        await carl.send({"t": "stand", "room": room, "id": 8})
        refused = await carl.expect("error", ref=8, timeout=PATIENT + 5)
        assert refused["code"] == "already_started"
        assert time.monotonic() - t0 < PROMPT
        await until(quiet)
    finally:
        for c in clients:
            await c.close()
        await r.aclose()
        for p in procs:
            p.stop()
        redis.stop()
