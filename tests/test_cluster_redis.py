"""The hall on a Redis Cluster (issue 39): a real local cluster of three masters and
three replicas (bench/harness/redis_cluster.py), `python -m server --redis-cluster`
processes on it, a master killed mid-game and a hall process killed mid-game.

Every key and channel of a table lives on one shard, its patches go out with sharded
pub/sub from that shard only, and a replica that takes over a killed master has every
move a client was told about."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import msgspec
import pytest

from bench.harness import redis_cluster
from bench.harness.redis_cluster import RedisCluster
from server.broker.base import Stored, Ticket
from server.broker.cluster import REPLICA_WAIT_MS, ClusterBroker
from server.games import get
from server.keys import (
    DIRECTORY,
    HALL_CHAT_CHANNEL,
    LOBBY,
    PRESENT_CHANNEL,
    SIGNED_OUT_CHANNEL,
    answers_channel,
    backlog_key,
    channel,
    chat_key,
    events_channel,
    inbox_channel,
    lease_key,
    log_key,
    meta_key,
    state_key,
    tagged,
    ticket_key,
    view_key,
)
from server.room.record import LogAct, replay
from tests.support.client import Client
from tests.support.processes import ServerProcess

pytestmark = [
    pytest.mark.redis,
    pytest.mark.skipif(redis_cluster.missing() is not None, reason=str(redis_cluster.missing())),
]


def _ask(port: int, *command: str) -> str:
    done = subprocess.run(
        ["redis-cli", "-p", str(port), *command], capture_output=True, text=True, timeout=5
    )
    return done.stdout.strip()


@pytest.fixture(scope="module")
def shared() -> Iterator[RedisCluster]:
    """One cluster for the tests that kill nothing of it."""
    cluster = RedisCluster()
    yield cluster
    cluster.stop()


@pytest.fixture
def own() -> Iterator[RedisCluster]:
    """A cluster of the test's own, to kill a master of."""
    cluster = RedisCluster()
    yield cluster
    cluster.stop()


@contextlib.asynccontextmanager
async def brokers(url: str, n: int, prefix: str = "t:") -> AsyncIterator[list[ClusterBroker]]:
    made = [ClusterBroker(url, prefix=prefix) for _ in range(n)]
    try:
        yield made
    finally:
        for b in made:
            await b.close()


def rooms_on_every_master(cluster: RedisCluster, prefix: str) -> dict[int, str]:
    """A table id per master: ``prefix`` and a number, hashed to each master's slots."""
    found: dict[int, str] = {}
    i = 0
    while len(found) < 3:
        room = f"{prefix}{i}"
        found.setdefault(cluster.master_of(log_key(room)), room)
        i += 1
    return found


def test_every_key_and_channel_of_a_table_shares_its_hash_tag() -> None:
    room = "a1b2"
    names = [
        log_key(room),
        meta_key(room),
        state_key(room),
        lease_key(room),
        chat_key(room),
        ticket_key(room, "t9"),
        view_key(room, 0),
        view_key(room, None),
        backlog_key(room, 1),
        channel(room, 0),
        channel(room, None),
        events_channel(room),
        inbox_channel(room),
        answers_channel(room, "n1"),
    ]
    assert {tagged(n) for n in names} == {room}
    # Hall-wide names have none: spread by their own names, or one key each.
    assert tagged(DIRECTORY) is None
    # Hall-wide channels share a tag of their own: sharded, on one shard.
    hall_wide = [LOBBY, HALL_CHAT_CHANNEL, PRESENT_CHANNEL, SIGNED_OUT_CHANNEL]
    assert {tagged(n) for n in hall_wide} == {"hall"}


async def test_a_table_lives_on_one_shard_and_its_patches_are_sharded(shared) -> None:
    async with brokers(shared.url, 2) as (owner, other):
        got: list[tuple[str, bytes]] = []
        rooms = rooms_on_every_master(shared, "s")
        for room in rooms.values():
            await other.subscribe(channel(room, 0), lambda d, r=room: got.append((r, d)))
        # The answers to the messages process n1 forwards to the first master's table.
        asked = rooms[shared.masters()[0]]
        await other.subscribe(answers_channel(asked, "n1"), lambda d: got.append(("n1", d)))
        held = await owner.acquire_many([lease_key(r) for r in rooms.values()], "A", 30)
        assert held == [True, True, True]
        assert await other.acquire_many([lease_key(r) for r in rooms.values()], "B", 30) == [
            False,
            False,
            False,
        ]
        for master, room in rooms.items():
            items = [
                Stored(
                    channel(room, 0),
                    b"p" + room.encode(),
                    view_key(room, 0),
                    b"v",
                    backlog_key(room, 0),
                    5,
                )
            ]
            assert await owner.commit(log_key(room), b"start", lease_key(room), "A", items) == 0
            # The table's channel is a sharded one, subscribed on its own master only.
            name = "t:" + channel(room, 0)
            for port in shared.masters():
                counted = _ask(port, "pubsub", "shardnumsub", name).split()
                assert counted == [name, "1" if port == master else "0"]
            assert _ask(master, "pubsub", "numsub", name).split() == [name, "0"]
            assert _ask(master, "exists", "t:" + log_key(room)) == "1"
        # A forwarded message's ticket, closed by the commit that applies it, and the
        # answer sharded too: heard on the table's master alone.
        room = asked
        name = "t:" + answers_channel(room, "n1")
        for port in shared.masters():
            counted = _ask(port, "pubsub", "shardnumsub", name).split()
            assert counted == [name, "1" if port == shared.masters()[0] else "0"]
            assert _ask(port, "pubsub", "numsub", name).split() == [name, "0"]
        await owner.forward(inbox_channel(room), b"cmd", ticket_key(room, "k"), ttl=5)
        ticket = Ticket(ticket_key(room, "k"), b"a1", answers_channel(room, "n1"), b"answer")
        assert await owner.commit(log_key(room), b"m1", lease_key(room), "A", [], ticket) == 1
        assert await other.settle(ticket_key(room, "k"), b"") == b"a1"
        assert await other.read_log(log_key(room)) == [b"start", b"m1"]
        assert await other.read_log(log_key(room), 1) == [b"m1"]
        # Finished games on several shards, listed together.
        for i in range(4):
            await owner.archive(f"g{i}", b"s%d" % i, b"r", float(i), ["p1"], listed=i != 0)
        assert await other.archive_list(10) == [b"s3", b"s2", b"s1"]
        assert await other.archive_list(10, "p1") == [b"s3", b"s2", b"s1", b"s0"]
        # The test cluster keeps nothing on disk, and a hall process says so at start.
        assert "appendonly off" in (await owner.volatile() or "")
        for port in shared.masters():
            _ask(port, "config", "set", "save", "3600 1")
        assert await owner.volatile() is None
        for port in shared.masters():
            _ask(port, "config", "set", "save", "")
        for _ in range(50):
            if len(got) == 4:
                break
            await asyncio.sleep(0.05)
        assert sorted(got) == sorted(
            [(r, b"p" + r.encode()) for r in rooms.values()] + [("n1", b"answer")]
        )


async def answer(client: Client, ref: int, timeout: float = 8.0) -> dict[str, Any]:
    """The `ok` or `error` that answers message ``ref``; other messages stay pending."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    passed: list[dict[str, Any]] = []
    try:
        while True:
            msg = await client.recv(max(0.01, deadline - loop.time()))
            if msg.get("ref") == ref and msg["t"] in ("ok", "error"):
                return msg
            passed.append(msg)
    finally:
        client.pending[:0] = passed


class Table:
    """A countdown table opened at one process, its second player at the other."""

    refs = iter(range(1, 1_000_000))

    def __init__(self, room: str, anna: Client, bert: Client) -> None:
        self.room, self.anna, self.bert = room, anna, bert
        self.acked: list[Any] = []
        self.refused: list[str] = []

    @classmethod
    async def open(cls, host: str, guest: str, pile: int) -> Table:
        anna = await Client.open(host, "anna")
        await anna.send({"t": "create", "game": "countdown", "options": {"pile": pile}})
        room = (await anna.expect("room"))["room"]
        bert = await Client.open(guest, "bert")
        await bert.send({"t": "sit", "room": room, "seat": 1})
        await bert.expect("room", you=1)
        await anna.send({"t": "start", "room": room})
        for c in (anna, bert):
            await c.expect("snapshot", room=room, timeout=10)
        return cls(room, anna, bert)

    def over(self) -> bool:
        return self.anna.view(self.room)["result"] is not None

    async def move(self, tries: int = 60) -> None:
        """The mover's first legal move, sent until it is acknowledged; each refusal
        is kept (``unavailable`` while its shard fails over)."""
        room = self.room
        mover, other = (
            (self.anna, self.bert) if self.anna.view(room)["legal"] else (self.bert, self.anna)
        )
        for _ in range(tries):
            ref = next(self.refs)
            intent, v = mover.view(room)["legal"][0], mover.version(room)
            await mover.send({"t": "act", "room": room, "v": v, "intent": intent, "id": ref})
            got = await answer(mover, ref)
            if got["t"] == "ok":
                self.acked.append(intent)
                await other.reach(room, got["v"], timeout=15)
                return
            self.refused.append(got["code"])
            await asyncio.sleep(0.2)
            with contextlib.suppress(TimeoutError):
                await mover.resync(room)  # a patch may have been lost with its shard
        raise AssertionError(f"never acknowledged: {self.refused}")

    async def logged(self, url: str) -> list[Any]:
        async with brokers(url, 1, prefix="spieltisch:") as (broker,):
            entries = await broker.read_log(log_key(self.room))
        replay(get("countdown"), entries)  # every entry a legal move, in order
        return [msgspec.msgpack.decode(e, type=LogAct).intent for e in entries[1:]]

    async def close(self) -> None:
        for c in (self.anna, self.bert):
            await c.close()


@contextlib.contextmanager
def halls(url: str, n: int = 2, **kw: Any) -> Iterator[list[ServerProcess]]:
    procs = [ServerProcess(redis_cluster=url, **kw) for _ in range(n)]
    try:
        yield procs
    finally:
        for p in procs:
            p.stop()


async def tables_on_every_shard(
    cluster: RedisCluster, p0: ServerProcess, p1: ServerProcess, pile: int
) -> dict[int, Table]:
    """Tables opened at p0 (their second player at p1) until each master holds one."""
    found: dict[int, Table] = {}
    for _ in range(30):
        table = await Table.open(p0.url, p1.url, pile)
        master = cluster.master_of(log_key(table.room))
        if master in found:
            await table.close()
        else:
            found[master] = table
        if len(found) == 3:
            return found
    raise AssertionError("30 tables and still a master without one")


def intents(table: Table) -> list[Any]:
    return [msgspec.to_builtins(i) for i in table.acked]


async def test_two_processes_play_tables_on_every_shard(shared) -> None:
    with halls(shared.url) as (p0, p1):
        tables = await tables_on_every_shard(shared, p0, p1, pile=8)
        while not all(t.over() for t in tables.values()):
            await asyncio.gather(*(t.move() for t in tables.values() if not t.over()))
        for t in tables.values():
            assert t.refused == []
            assert [msgspec.to_builtins(i) for i in await t.logged(shared.url)] == intents(t)
            assert t.bert.view(t.room) == (await t.bert.resync(t.room))["view"]
            await t.close()


async def test_a_master_killed_mid_game_loses_no_acknowledged_move(own) -> None:
    with halls(own.url) as (p0, p1):
        tables = await tables_on_every_shard(own, p0, p1, pile=30)
        for t in tables.values():
            for _ in range(3):
                await t.move()
        victim = own.masters()[0]
        hit, spared = tables[victim], [t for m, t in tables.items() if m != victim]
        own.kill(victim)
        t0 = time.monotonic()
        # The other shards serve on meanwhile; the killed one's table is refused
        # (`unavailable`) until its replica has taken over, then carries on.
        await asyncio.gather(hit.move(), *(t.move() for t in spared))
        assert all(t.refused == [] for t in spared)
        assert "unavailable" in hit.refused  # its move came while its shard was down
        assert time.monotonic() - t0 < 20
        own.wait_failover(victim)
        for t in tables.values():
            for _ in range(3):
                await t.move()
        for t in tables.values():
            assert set(t.refused) <= {"unavailable"}
            assert [msgspec.to_builtins(i) for i in await t.logged(own.live_url())] == intents(t)
            await t.close()


async def test_a_hall_process_killed_mid_game_its_tables_move(shared) -> None:
    with halls(shared.url) as (p0, p1):
        tables = await tables_on_every_shard(shared, p0, p1, pile=20)
        for t in tables.values():
            await t.move()
        p0.kill()  # the owner of every table, and anna's process
        for t in tables.values():
            t.anna = await Client.open(p1.url, "anna", token=t.anna.token)
            await t.anna.send({"t": "enter", "room": t.room})
            await t.anna.expect("snapshot", room=t.room, timeout=15)
        for t in tables.values():
            for _ in range(3):
                await t.move()
            assert [msgspec.to_builtins(i) for i in await t.logged(shared.url)] == intents(t)
            await t.close()


async def test_the_hub_bench_runs_on_a_cluster_and_measures_each_master() -> None:
    from bench import hub

    row = await hub.measure(2, 1.5, 0.1, "carcassonne", "redis-cluster")
    assert row["setup"] == "redis-cluster" and row["moves_per_s"] > 0
    assert row["errors"] == {} and row["redis_cpu_pct"] > 0
    each = row["shards"].split("each master: ")[1].split(" µs")[0].split(", ")
    assert len(each) == 3 and all(float(x) >= 0 for x in each)
    # Half the moves are forwarded to their table's owner: their answers, like the
    # patches, go out sharded, and so does what is hall-wide (the lobby's notices, who
    # is present): nothing goes out to every node (3.0 ordinary publishes received a
    # move when the answers and the hall-wide channels were ordinary pub/sub).
    ordinary, sharded = row["bus_per_move"]
    assert sharded > 1 and ordinary == 0, (ordinary, sharded)


def move_slot(cluster: RedisCluster, key: str, to: int) -> None:
    """Move ``key``'s slot, keys and all, to the master ``to`` (a resharding)."""
    source = cluster.master_of(key)
    slot = _ask(source, "cluster", "keyslot", key)
    ids = {p: _ask(p, "cluster", "myid") for p in (source, to)}
    _ask(to, "cluster", "setslot", slot, "importing", ids[source])
    _ask(source, "cluster", "setslot", slot, "migrating", ids[to])
    while keys := _ask(source, "cluster", "getkeysinslot", slot, "100").split():
        _ask(source, "migrate", "127.0.0.1", str(to), "", "0", "5000", "keys", *keys)
    for port in cluster.masters():
        _ask(port, "cluster", "setslot", slot, "node", ids[to])


async def test_a_table_whose_slot_moves_goes_on_where_it_lives_now(shared) -> None:
    async with brokers(shared.url, 2) as (owner, other):
        room = "moving"
        got: list[bytes] = []
        back: list[int] = []
        other.on_reconnect(lambda: back.append(1))
        await other.subscribe(channel(room, 0), got.append)
        assert await owner.acquire(lease_key(room), "A", ttl=30)

        def items(n: int) -> list[Stored]:
            return [
                Stored(channel(room, 0), b"%d" % n, view_key(room, 0), b"", backlog_key(room, 0), 5)
            ]

        assert await owner.commit(log_key(room), b"e0", lease_key(room), "A", items(0)) == 0
        before = shared.master_of("t:" + log_key(room))
        move_slot(shared, "t:" + log_key(room), next(p for p in shared.masters() if p != before))
        # The old master said MOVED: the commit went where the table lives now.
        assert await owner.commit(log_key(room), b"e1", lease_key(room), "A", items(1)) == 1
        for _ in range(100):  # the subscriber was let go by the old master, and came back
            if back:
                break
            await asyncio.sleep(0.05)
        assert back
        assert await owner.commit(log_key(room), b"e2", lease_key(room), "A", items(2)) == 2
        for _ in range(50):
            if b"2" in got:
                break
            await asyncio.sleep(0.05)
        assert got[0] == b"0" and got[-1] == b"2"
        assert await other.read_log(log_key(room)) == [b"e0", b"e1", b"e2"]


async def test_a_move_waits_for_a_replica_and_a_dead_one_stops_holding_it_up(own) -> None:
    """A commit is acknowledged once a replica has it (WAIT, on the table's master);
    once that replica is dead, the shard's moves stop waiting for it (each would
    otherwise wait out the WAIT's timeout)."""
    async with brokers(own.url, 1) as (broker,):
        room = "spare"
        master = own.master_of("t:" + log_key(room))
        name = f"127.0.0.1:{master}"

        async def commit(n: int) -> float:
            t0 = time.monotonic()
            assert await broker.commit(log_key(room), b"e", lease_key(room), "A", []) == n
            return time.monotonic() - t0

        assert await broker.acquire(lease_key(room), "A", ttl=60)
        await commit(0)
        waits = _ask(master, "info", "commandstats").split("cmdstat_wait:calls=")
        assert len(waits) == 2 and int(waits[1].split(",")[0]) >= 1
        own.kill(own.replica_of(master))
        n = 1
        for _ in range(50):  # moves go on meanwhile, acknowledged
            await commit(n)
            n += 1
            if broker._replicas.get(name) == 0:
                break
            await asyncio.sleep(0.1)
        assert broker._replicas.get(name) == 0  # counted again: none left to wait for
        assert await commit(n) < REPLICA_WAIT_MS / 1000
