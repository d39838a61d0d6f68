"""Every message to a table gets one answer, even while the table changes hands between
processes on one Redis (issue 22), and a move is never applied twice, whichever process
it is sent again through.

Each test starts its own redis-server and `python -m server` processes on free
loopback ports; the owner of a table is killed (SIGKILL) or frozen (SIGSTOP) while
messages for it are on their way."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import msgspec
import pytest

from bench.harness.redis_server import RedisServer
from server.broker.redis import RedisBroker
from server.keys import log_key
from server.room.record import LogAct
from tests.support.client import Client
from tests.support.processes import ServerProcess

pytestmark = pytest.mark.redis


@pytest.fixture
def cluster():
    redis = RedisServer()
    procs: list[ServerProcess] = []

    def start(n: int, **kw: Any) -> list[ServerProcess]:
        new = [ServerProcess(redis.url, **kw) for _ in range(n)]
        procs.extend(new)
        return new

    yield redis, start
    for p in procs:
        p.stop()
    redis.stop()


async def logged(redis_url: str, room: str) -> list[LogAct]:
    broker = RedisBroker(redis_url)
    try:
        entries = await broker.read_log(log_key(room))
    finally:
        await broker.close()
    return [msgspec.msgpack.decode(e, type=LogAct) for e in entries[1:]]


async def two_players(host_url: str, guest_url: str, pile: int = 30) -> tuple[str, Client, Client]:
    """A countdown table opened (and so owned) by anna's process, bert at another."""
    anna = await Client.open(host_url, "anna")
    await anna.send({"t": "create", "game": "countdown", "options": {"pile": pile}})
    room = (await anna.expect("room"))["room"]
    bert = await Client.open(guest_url, "bert")
    await bert.send({"t": "sit", "room": room, "seat": 1})
    await bert.expect("room", you=1)
    await anna.send({"t": "start", "room": room})
    for c in (anna, bert):
        await c.expect("snapshot", room=room, timeout=10)
    return room, anna, bert


def act(client: Client, room: str, ref: int) -> dict[str, Any]:
    """The client's move on the view it holds: the first legal intent."""
    return {
        "t": "act",
        "room": room,
        "v": client.version(room),
        "intent": client.view(room)["legal"][0],
        "id": ref,
    }


async def played(client: Client, room: str, ref: int, *others: Client) -> dict[str, Any]:
    """Make a move and wait for its `ok` (the patch comes first), and for the others
    to have its patch."""
    msg = act(client, room, ref)
    await client.send(msg)
    ok = await client.expect("ok", ref=ref, timeout=10)
    assert ok == {"t": "ok", "ref": ref, "room": room, "v": msg["v"] + 1, "again": False}
    assert client.version(room) == msg["v"] + 1  # its patch came before its `ok`
    for other in others:
        await other.expect("patch", room=room, v=msg["v"] + 1, timeout=10)
    return msg


async def test_a_move_sent_as_its_owner_dies_lands_without_a_resend(cluster) -> None:
    redis, start = cluster
    p0, p1 = start(2)  # a lease of 1 s, answers within 2 s
    room, anna, bert = await two_players(p0.url, p1.url)
    first = await played(anna, room, 1, bert)  # through its owner; now bert's turn
    msg = act(bert, room, 7)
    p0.kill()
    t0 = time.monotonic()
    await bert.send(msg)  # forwarded to the dead owner, and held
    ok = await bert.expect("ok", ref=7, timeout=5)
    waited = time.monotonic() - t0
    assert ok == {"t": "ok", "ref": 7, "room": room, "v": msg["v"] + 1, "again": False}
    assert bert.version(room) == msg["v"] + 1
    assert waited < 2.0  # p1 took the table over and applied the move it held
    assert [(e.seat, e.intent) for e in await logged(redis.url, room)] == [
        (0, first["intent"]),
        (1, msg["intent"]),
    ]
    # Sent again after all (its client did not trust the answer): answered, not applied.
    await bert.send(msg)
    assert (await bert.expect("ok", ref=7))["again"] is True
    assert len(await logged(redis.url, room)) == 2
    for c in (anna, bert):
        await c.close()


async def test_an_answer_comes_in_time_when_the_takeover_is_slower(cluster) -> None:
    """The lease outlasts the wait: the held move is refused with `unavailable`, is
    then never applied, and lands exactly once when the client sends it again."""
    redis, start = cluster
    p0, p1 = start(2, lease_ttl=4.0, answer_within=1.0)
    room, anna, bert = await two_players(p0.url, p1.url)
    await played(anna, room, 1, bert)
    msg = act(bert, room, 9)
    p0.kill()
    t0 = time.monotonic()
    await bert.send(msg)
    refused = await bert.expect("error", ref=9, timeout=5)
    assert refused["code"] == "unavailable"
    assert 0.9 < time.monotonic() - t0 < 1.8
    await asyncio.sleep(4.5)  # p1 has taken the table over by now
    assert len(await logged(redis.url, room)) == 1  # the refused move was not applied
    await bert.send(msg)
    ok = await bert.expect("ok", ref=9, timeout=5)
    assert ok["again"] is False and ok["v"] == msg["v"] + 1
    assert [e.seat for e in await logged(redis.url, room)] == [0, 1]
    for c in (anna, bert):
        await c.close()


async def test_table_messages_wait_for_the_new_owner_and_each_lands_once(cluster) -> None:
    """sit, option, bot and start sent while the owner of a waiting table is dead."""
    _, start = cluster
    p0, p1 = start(2)
    anna = await Client.open(p0.url, "anna")
    await anna.send({"t": "create", "game": "countdown", "options": {"pile": 9}})
    room = (await anna.expect("room"))["room"]
    host = await Client.open(p1.url, "anna", token=anna.token)  # anna's second tab
    await host.send({"t": "enter", "room": room})
    await host.expect("room")
    bert = await Client.open(p1.url, "bert")
    await bert.send({"t": "enter", "room": room})
    await bert.expect("room")
    p0.kill()
    t0 = time.monotonic()
    sent = [
        (bert, {"t": "sit", "room": room, "seat": 1, "id": 11}),
        (host, {"t": "option", "room": room, "key": "pile", "value": 5, "id": 12}),
        (host, {"t": "bot", "room": room, "seat": 2, "level": "random", "id": 13}),
        (host, {"t": "start", "room": room, "id": 14}),
    ]
    for client, msg in sent:
        await client.send(msg)
        await asyncio.sleep(0.05)  # in this order at p1
    for client, msg in sent:
        ok = await client.expect("ok", ref=msg["id"], timeout=5)
        assert ok == {"t": "ok", "ref": msg["id"], "room": room, "v": None, "again": False}
    assert time.monotonic() - t0 < 2.0
    snap = await bert.expect("snapshot", room=room, timeout=5)
    assert snap["view"]["you"] == 1
    started = await bert.expect("room", room=room, status="playing")
    assert [s["name"] for s in started["seats"]] == ["anna", "bert", "AI 1"]
    assert started["options"]["pile"] == 5
    for c in (host, bert):
        await c.close()


async def test_a_move_resent_through_another_process_is_applied_once(cluster) -> None:
    redis, start = cluster
    p0, p1, p2 = start(3)
    room, anna, bert = await two_players(p0.url, p1.url)
    bert_too = await Client.open(p2.url, "bert", token=bert.token)  # his other line
    await bert_too.send({"t": "enter", "room": room})
    await bert_too.expect("snapshot", room=room, timeout=10)

    # The owner is alive: the same message through two processes at once.
    anna_too = await Client.open(p2.url, "anna", token=anna.token)
    await anna_too.send({"t": "enter", "room": room})
    await anna_too.expect("snapshot", room=room, timeout=10)
    msg = act(anna, room, 3)
    await asyncio.gather(anna.send(msg), anna_too.send(msg))
    answers = [await anna.expect("ok", ref=3), await anna_too.expect("ok", ref=3)]
    assert sorted(a["again"] for a in answers) == [False, True]
    assert {a["v"] for a in answers} == {msg["v"] + 1}

    # The owner dies with the same move on its way through p1 and p2.
    for c in (bert, bert_too):
        await c.expect("patch", room=room, v=msg["v"] + 1, timeout=5)
    move = act(bert, room, 5)
    p0.kill()
    await bert.send(move)
    await asyncio.sleep(0.3)
    await bert_too.send(move)
    answers = [
        await bert.expect("ok", ref=5, timeout=5),
        await bert_too.expect("ok", ref=5, timeout=5),
    ]
    assert sorted(a["again"] for a in answers) == [False, True]
    assert [e.seat for e in await logged(redis.url, room)] == [0, 1]
    for c in (anna_too, bert, bert_too):
        await c.close()


async def test_an_owner_frozen_past_the_answer_never_applies_the_move(cluster) -> None:
    """The owner holds its lease but does not answer in time: the asker refuses the
    move, and when the owner wakes up with the move in its inbox it must not apply it."""
    redis, start = cluster
    p0, p1 = start(2, lease_ttl=8.0, answer_within=1.0)
    room, anna, bert = await two_players(p0.url, p1.url)
    await played(anna, room, 1, bert)
    msg = act(bert, room, 21)
    p0.pause()
    try:
        await bert.send(msg)
        refused = await bert.expect("error", ref=21, timeout=5)
        assert refused["code"] == "unavailable"
    finally:
        p0.resume()  # within its lease: it owns the table still, and reads its inbox
    await asyncio.sleep(1.5)
    assert len(await logged(redis.url, room)) == 1
    assert bert.version(room) == msg["v"]
    fresh = await played(bert, room, 22)  # a new message: the owner is back
    assert fresh["v"] == msg["v"]
    for c in (anna, bert):
        await c.close()


async def test_a_successor_knows_the_moves_before_its_saved_state(cluster) -> None:
    """The new owner rebuilds from the state saved every 25 moves and the log after it,
    and still knows a resend of a move made before that state."""
    redis, start = cluster
    p0, p1 = start(2)
    room, anna, bert = await two_players(p0.url, p1.url, pile=60)
    sent: dict[int, dict[str, Any]] = {}
    for ref in range(1, 30):
        mover, other = (anna, bert) if anna.view(room)["legal"] else (bert, anna)
        sent[ref] = await played(mover, room, ref, other)
    p0.kill()
    early = next(r for r in range(20, 25) if sent[r]["v"] % 2 == 1)  # one of bert's, v < 25
    await bert.send(sent[early])
    ok = await bert.expect("ok", ref=early, timeout=5)
    assert ok == {"t": "ok", "ref": early, "room": room, "v": early, "again": True}
    assert len(await logged(redis.url, room)) == 29
    for c in (anna, bert):
        await c.close()
