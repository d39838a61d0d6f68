"""A process's subscriptions (server/channels.py) on a real redis-server: a channel
given up and wanted again before the broker has dropped it stays heard."""

from __future__ import annotations

import asyncio

import pytest

from bench.harness.redis_server import RedisServer
from server.broker.redis import RedisBroker
from server.channels import Channels

pytestmark = pytest.mark.redis


async def test_a_channel_wanted_again_before_its_unsubscription_ran_stays_heard() -> None:
    redis = RedisServer()
    broker = RedisBroker(redis.url)
    try:
        channels = Channels(broker)
        first: list[bytes] = []
        again: list[bytes] = []
        await channels.subscribe("c", "t", lambda room, data: first.append(data))
        drop = channels.unsubscribe("c")  # as when spawned: it has not run yet
        await channels.subscribe("c", "t", lambda room, data: again.append(data))
        await drop
        publisher = RedisBroker(redis.url)
        try:
            for _ in range(100):
                await publisher.publish("c", b"x")
                await asyncio.sleep(0.02)
                if again:
                    break
        finally:
            await publisher.close()
        assert again and not first
        await channels.unsubscribe("c")
    finally:
        await broker.close()
        redis.stop()
