"""Several server processes on one Redis: a table shared across processes, and a
table that survives the loss (SIGKILL) or the pause (SIGSTOP) of its owner."""

from __future__ import annotations

import asyncio
import contextlib

import msgspec
import pytest

from bench.harness.redis_server import RedisServer
from server.broker.redis import RedisBroker
from server.games import get
from server.keys import log_key
from server.room.record import LogAct, replay
from tests.support.client import Client
from tests.support.processes import ServerProcess

pytestmark = pytest.mark.redis


@pytest.fixture
def cluster():
    redis = RedisServer()
    procs: list[ServerProcess] = []

    def start(n: int) -> list[ServerProcess]:
        procs.extend(ServerProcess(redis.url) for _ in range(n))
        return procs

    yield redis, start
    for p in procs:
        p.stop()
    redis.stop()


async def move(mover: Client, room: str, watchers: list[Client], tries: int = 12) -> dict:
    """Send the mover's first legal intent until its patch arrives (a move sent to an
    owner that just died is never acknowledged, and is sent again)."""
    intent = mover.view(room)["legal"][0]
    v = mover.version(room)
    for _ in range(tries):
        await mover.send({"t": "act", "room": room, "v": v, "intent": intent})
        try:
            await mover.expect("patch", room=room, v=v + 1, timeout=1.5)
            break
        except TimeoutError:
            mover.pending.clear()
    else:
        raise AssertionError("the move was never acknowledged")
    for c in watchers:
        await c.reach(room, v + 1, timeout=10)
    return intent


async def logged_moves(redis_url: str, room: str) -> list[LogAct]:
    broker = RedisBroker(redis_url)
    try:
        entries = await broker.read_log(log_key(room))
    finally:
        await broker.close()
    replay(get("countdown"), entries)  # every entry is a legal move, in order
    return [msgspec.msgpack.decode(e, type=LogAct) for e in entries[1:]]


async def test_three_processes_one_table_and_the_owner_is_killed(cluster) -> None:
    redis, start = cluster
    p0, p1, p2 = start(3)
    anna = await Client.open(p0.url, "anna")
    await anna.send({"t": "create", "game": "countdown", "options": {"pile": 40}})
    room = (await anna.expect("room"))["room"]  # p0 owns it
    bert = await Client.open(p1.url, "bert")
    await bert.send({"t": "sit", "room": room, "seat": 1})
    await bert.expect("room", you=1)
    await anna.send({"t": "sit", "room": room, "seat": 0})
    await anna.expect("room", you=0)
    watcher = await Client.open(p2.url, "watcher")
    await watcher.send({"t": "enter", "room": room})
    await watcher.expect("room")
    await anna.send({"t": "start", "room": room})
    for c in (anna, bert, watcher):
        await c.expect("snapshot", room=room, timeout=10)

    acked = []
    for _ in range(4):
        mover, other = (anna, bert) if anna.view(room)["legal"] else (bert, anna)
        acked.append(await move(mover, room, [other, watcher]))
    for c in (anna, bert, watcher):
        assert c.view(room) == (await c.resync(room))["view"]

    p0.kill()  # the owner dies mid-game, without a word
    anna = await Client.open(p1.url, "anna", token=anna.token)  # she comes back through p1
    await anna.send({"t": "enter", "room": room})
    assert (await anna.expect("room", timeout=10))["you"] == 0
    await anna.expect("snapshot", room=room, timeout=10)

    while anna.view(room)["result"] is None:
        mover, other = (anna, bert) if anna.view(room)["legal"] else (bert, anna)
        acked.append(await move(mover, room, [other, watcher]))
    for c in (anna, bert, watcher):
        assert c.view(room)["result"] is not None
        assert c.view(room) == (await c.resync(room))["view"]
    logged = await logged_moves(redis.url, room)
    assert [e.intent for e in logged] == acked  # every acknowledged move, once, in order
    for c in (anna, bert, watcher):
        await c.close()


async def test_an_owner_paused_past_its_lease_never_applies_again(cluster) -> None:
    redis, start = cluster
    p0, p1 = start(2)
    anna = await Client.open(p0.url, "anna")
    await anna.send({"t": "create", "game": "countdown", "options": {"pile": 30}})
    room = (await anna.expect("room"))["room"]
    bert = await Client.open(p1.url, "bert")
    await bert.send({"t": "sit", "room": room, "seat": 1})
    await bert.expect("room", you=1)
    await anna.send({"t": "sit", "room": room, "seat": 0})
    await anna.expect("room", you=0)
    await anna.send({"t": "start", "room": room})
    for c in (anna, bert):
        await c.expect("snapshot", room=room, timeout=10)
    await move(anna, room, [bert])  # now it is bert's turn
    # bert is also connected to the owner, through which his moves would go
    bert_at_p0 = await Client.open(p0.url, "bert", token=bert.token)
    await bert_at_p0.send({"t": "enter", "room": room})
    await bert_at_p0.expect("snapshot", room=room, timeout=10)
    stale = {"t": "act", "room": room, "v": 1, "intent": bert.view(room)["legal"][0]}

    p0.pause()  # the owner freezes; its lease runs out; p1 (bert's) takes over
    await asyncio.sleep(3.0)
    await move(bert, room, [])  # applied by the new owner: anna's turn now
    # A move that is legal in the paused owner's stale state waits in its socket; the
    # owner must not log it when it wakes (its append is fenced by the lease).
    await bert_at_p0.send(stale)
    p0.resume()
    with contextlib.suppress(TimeoutError):
        await bert_at_p0.expect("error", room=room, timeout=3)
    # anna's connection to the old owner still works; her move must not be applied
    # there: it is either refused or carried to the new owner and applied once.
    v = anna.version(room)
    await anna.send({"t": "act", "room": room, "v": v, "intent": {"t": "take", "n": 1}})
    with contextlib.suppress(TimeoutError):
        await anna.expect("patch", room=room, timeout=3)
    await asyncio.sleep(1.0)
    logged = await logged_moves(redis.url, room)  # replay refuses any move out of turn
    assert len(logged) in (2, 3)
    await bert_at_p0.close()
    for c in (anna, bert):
        await c.close()


async def test_a_table_is_found_on_every_process_as_soon_as_it_is_answered(cluster) -> None:
    """A link shared the moment a table opens works on another process at once: the
    table is written where the others look before its opener is answered."""
    redis, start = cluster
    p0, p1 = start(2)
    host = await Client.open(p0.url, "host")
    guest = await Client.open(p1.url, "guest")
    for n in range(5):
        await host.send({"t": "create", "game": "countdown"})
        room = (await host.expect("room"))["room"]
        await guest.send({"t": "enter", "room": room, "id": n})
        got = await guest.expect("room", room=room)
        assert got["seats"][0]["name"] == "host"
        assert not [m for m in guest.pending if m["t"] == "error"]


async def test_a_game_whose_owner_is_killed_at_its_end_is_rated_once(cluster) -> None:
    """Two signed-in players; the owner is killed right after the last move is sent.
    Whether it died before applying it, before archiving it or after, the game ends
    archived once and rated once."""
    import httpx

    redis, start = cluster
    p0, p1 = start(2)
    ada = await Client.open(p0.url, "Ada")
    ben = await Client.open(p1.url, "Ben")
    for c, name in ((ada, "Ada"), (ben, "Ben")):
        await c.send({"t": "register", "name": name, "password": "correct horse"})
        c.token = (await c.expect("welcome", timeout=10))["token"]
    await ada.send({"t": "create", "game": "countdown", "options": {"pile": 4}})
    room = (await ada.expect("room"))["room"]  # p0 owns it
    await ben.send({"t": "sit", "room": room, "seat": 1})
    await ben.expect("room", you=1)
    await ada.send({"t": "start", "room": room})
    for c in (ada, ben):
        await c.expect("snapshot", room=room, timeout=10)
    await move(ada, room, [ben])  # takes 1: three are left, Ben may take them all
    v = ben.version(room)
    last = {"t": "act", "room": room, "v": v, "intent": {"t": "take", "n": 3}, "id": 1}
    await ben.send(last)
    p0.kill()  # the owner dies as the last move reaches it
    for _ in range(20):  # sent again until answered (a resend is never applied twice)
        await ben.send(last)
        try:
            await ben.expect("ok", ref=1, timeout=1.5)
            break
        except TimeoutError:
            ben.pending.clear()
    broker = RedisBroker(redis.url)
    try:
        async with httpx.AsyncClient() as http:
            board: list = []
            for _ in range(100):
                board = (await http.get(f"{p1.http}/api/leaderboard/countdown")).json()["players"]
                if board:
                    break
                await asyncio.sleep(0.1)
        assert [(p["name"], p["games"], p["wins"]) for p in board] == [
            ("Ben", 1, 1),
            ("Ada", 1, 0),
        ]
        assert len(await broker.archive_list(10)) == 1
        assert len(await broker.read_log("ratings:countdown")) in (1, 2)  # folded once
    finally:
        await broker.close()
        for c in (ada, ben):
            await c.close()
