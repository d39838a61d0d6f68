"""A turn-based table across restarts of a hall that keeps its tables in its data
directory: its deadlines are dates kept in the store, not timers in a process. They do
not move for the time the server was down, and one that passed meanwhile is acted on
when the hall starts again: once, not once per start."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from typing import Any

import msgspec
import pytest

from bench.harness.redis_server import RedisServer
from server.broker.redis import RedisBroker
from server.broker.sqlite import FILE_NAME, SqliteBroker
from server.keys import log_key, meta_key
from server.room.ledger import META_TTL
from server.room.record import LogAct, RoomMeta
from tests.support.client import Client
from tests.support.processes import ServerProcess

DAY = 86400.0


async def _turn_clocks_back(broker: Any, room: str, seconds: float) -> None:
    """As if ``seconds`` had passed while the hall was down: every running clock of
    the table's stored meta started that much earlier."""
    raw = await broker.get(meta_key(room))
    assert raw is not None
    meta = msgspec.msgpack.decode(raw, type=RoomMeta)
    meta.clock.running = {s: since - seconds for s, since in meta.clock.running.items()}
    await broker.put(meta_key(room), msgspec.msgpack.encode(meta), ttl=META_TTL)


async def _turn_based_table(url: str) -> tuple[str, Client, Client]:
    """Anna (seat 0, who moves first) and Bert at a started turn-based countdown."""
    anna = await Client.open(url, "anna")
    await anna.send(
        {"t": "create", "game": "countdown", "options": {"pace": "turn_based", "pile": 30}}
    )
    room = (await anna.expect("room"))["room"]
    bert = await Client.open(url, "bert")
    await bert.send({"t": "sit", "room": room, "seat": 1})
    await bert.expect("room", you=1)
    await anna.send({"t": "start", "room": room})
    for c in (anna, bert):
        await c.expect("snapshot", room=room)
    assert anna.view(room)["legal"]  # the first move is seat 0's
    return room, anna, bert


async def _turns(c: Client) -> list[dict[str, Any]]:
    await c.send({"t": "turns"})
    rooms: list[dict[str, Any]] = (await c.expect("turns", timeout=10))["rooms"]
    return rooms


async def _log(data: str, room: str) -> list[LogAct]:
    broker = SqliteBroker(data)
    try:
        entries = await broker.read_log(log_key(room))
    finally:
        await broker.close()
    return [msgspec.msgpack.decode(e, type=LogAct) for e in entries[1:]]


async def test_a_turn_based_table_keeps_its_deadlines_across_a_restart(tmp_path) -> None:
    data = str(tmp_path)
    first = ServerProcess(data=data)
    try:
        room, anna, bert = await _turn_based_table(first.url)
        before = await _turns(anna)
        assert [t["room"] for t in before] == [room]
        await anna.close()
        await bert.close()
        first.kill()
    finally:
        first.stop()
    # A table nobody touches for days is still kept: its meta outlives the longest
    # move (three days' bank) and a day besides, not just a day.
    with sqlite3.connect(tmp_path / FILE_NAME) as db:
        (expires,) = db.execute(
            "SELECT expires FROM keys WHERE key = ?", (meta_key(room),)
        ).fetchone()
    assert expires > time.time() + 3 * DAY

    second = ServerProcess(data=data, port=first.port)
    try:
        await asyncio.sleep(1.0)  # back, with nobody there
        again = await Client.open(second.url, "anna", token=anna.token)
        after = await _turns(again)
        # The same deadline to the second: the outage was not added to anyone's time.
        assert [(t["room"], t["deadline"], t["since"]) for t in after] == [
            (room, before[0]["deadline"], before[0]["since"])
        ]
        await again.send({"t": "enter", "room": room})
        info = await again.expect("room", room=room, timeout=10)
        assert info["options"]["pace"] == "turn_based"
        assert info["seats"][0]["clock_running"] and not info["seats"][1]["clock_running"]
        await again.close()
    finally:
        second.stop()
    assert await _log(data, room) == []  # nobody's time ran out: no move was made


async def test_a_deadline_passed_while_the_hall_was_down_is_acted_on_once(tmp_path) -> None:
    data = str(tmp_path)
    first = ServerProcess(data=data)
    try:
        room, anna, bert = await _turn_based_table(first.url)
        await anna.close()
        await bert.close()
        first.kill()
    finally:
        first.stop()
    # Four days pass while the hall is down: Anna's three days have run out meanwhile.
    broker = SqliteBroker(data)
    try:
        await _turn_clocks_back(broker, room, 4 * DAY)
    finally:
        await broker.close()

    second = ServerProcess(data=data, port=first.port)
    try:
        # Nobody needs to come: the hall acts on the deadline as it starts.
        for _ in range(100):
            if len(await _log(data, room)) >= 1:
                break
            await asyncio.sleep(0.1)
        watcher = await Client.open(second.url, "watcher")
        await watcher.send({"t": "enter", "room": room})
        info = await watcher.expect("room", room=room, timeout=10)
        await watcher.reach(room, 1, timeout=10)
        assert info["seats"][0]["ai_moves"] == 1 or watcher.version(room) == 1
        await asyncio.sleep(1.0)
        assert watcher.version(room) == 1  # one move for Anna, and Bert's clock is new
        await watcher.close()
        second.kill()
    finally:
        second.stop()
    made = await _log(data, room)
    assert [(a.seat, a.by) for a in made] == [(0, "ai")]

    third = ServerProcess(data=data, port=first.port)  # and once more: nothing again
    try:
        await asyncio.sleep(1.5)
        back = await Client.open(third.url, "bert", token=bert.token)
        assert [t["room"] for t in await _turns(back)] == [room]  # Bert's move now
        await back.close()
    finally:
        third.stop()
    assert [(a.seat, a.by) for a in await _log(data, room)] == [(0, "ai")]


@pytest.mark.redis
async def test_a_successor_acts_once_on_a_deadline_that_passed_while_the_owner_was_gone() -> None:
    """In a hall shared through Redis: `turns` lists a table another process owns, and
    when the owner dies, the process that takes the table over finds the stored
    deadline passed (days went by meanwhile) and makes that one move."""
    redis = RedisServer()
    p0 = ServerProcess(redis.url, lease_ttl=3.0)  # time to move the clock on, below
    p1 = ServerProcess(redis.url)
    try:
        room, anna, bert = await _turn_based_table(p0.url)
        # Anna at the other process is told of her move at p0's table.
        elsewhere = await Client.open(p1.url, "anna", token=anna.token)
        assert [t["room"] for t in await _turns(elsewhere)] == [room]
        await elsewhere.close()
        watcher = await Client.open(p1.url, "watcher")
        await watcher.send({"t": "enter", "room": room})
        await watcher.expect("room", room=room, timeout=10)
        await watcher.reach(room, 0, timeout=10)
        p0.kill()
        broker = RedisBroker(redis.url)
        try:
            await _turn_clocks_back(broker, room, 4 * DAY)
        finally:
            await broker.close()
        await watcher.reach(room, 1, timeout=20)  # p1 took over, and the AI moved for Anna
        await asyncio.sleep(1.5)
        assert watcher.version(room) == 1
        broker = RedisBroker(redis.url)
        try:
            entries = await broker.read_log(log_key(room))
        finally:
            await broker.close()
        made = [msgspec.msgpack.decode(e, type=LogAct) for e in entries[1:]]
        assert [(a.seat, a.by) for a in made] == [(0, "ai")]
        # Bert's move now: his list, wherever he comes in, has the table.
        again = await Client.open(p1.url, "bert", token=bert.token)
        assert [t["room"] for t in await _turns(again)] == [room]
        await again.close()
        await watcher.close()
    finally:
        p0.stop()
        p1.stop()
        redis.stop()


@pytest.mark.redis
async def test_a_turn_based_table_nobody_is_at_is_taken_over_when_its_owner_dies() -> None:
    """Nobody is at the table when its owner dies (people come and go over days):
    another process takes it over all the same, lists it again, and acts on its
    deadline."""
    redis = RedisServer()
    p0 = ServerProcess(redis.url, lease_ttl=3.0)
    p1 = ServerProcess(redis.url)
    try:
        room, anna, bert = await _turn_based_table(p0.url)
        await anna.close()
        await bert.close()
        p0.kill()
        broker = RedisBroker(redis.url)
        try:
            await _turn_clocks_back(broker, room, 4 * DAY)
            made: list[LogAct] = []
            for _ in range(300):  # the successor looks every few seconds
                entries = await broker.read_log(log_key(room))
                made = [msgspec.msgpack.decode(e, type=LogAct) for e in entries[1:]]
                if made:
                    break
                await asyncio.sleep(0.1)
            assert [(a.seat, a.by) for a in made] == [(0, "ai")]
        finally:
            await broker.close()
        # The successor lists it (the lobby, and Bert's turns), with nobody having come.
        back = await Client.open(p1.url, "bert", token=bert.token)
        assert [t["room"] for t in await _turns(back)] == [room]
        await back.send({"t": "rooms"})
        listed = (await back.expect("room_list", timeout=10))["rooms"]
        assert [r["room"] for r in listed] == [room]
        await back.close()
    finally:
        p0.stop()
        p1.stop()
        redis.stop()
