"""The broker contract. Every implementation runs these very tests: the embedded
memory broker, the SQLite one, the Redis broker against a real redis-server on a free
port, and the cluster broker against a real local Redis Cluster. What one commit (or a
forward) touches shares a hash tag (``{t}``), as a table's keys do (server/keys.py):
on a cluster it all lives on one shard."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bench.harness.redis_server import RedisServer
from server.broker import (
    Broker,
    BrokerUnavailable,
    LeaseLost,
    MemoryBroker,
    Stored,
    Ticket,
    TicketClosed,
)
from server.broker.cluster import ClusterBroker
from server.broker.redis import RedisBroker
from server.broker.sqlite import SqliteBroker

BROKERS = ["memory", "sqlite", "redis", "cluster"]


@pytest.fixture(params=BROKERS)
async def broker(request) -> AsyncIterator[Broker]:
    if request.param == "memory":
        b: Broker = MemoryBroker()
    elif request.param == "sqlite":
        b = SqliteBroker(request.getfixturevalue("tmp_path"))
    elif request.param == "redis":
        b = RedisBroker(request.getfixturevalue("redis_server").url, prefix=f"t{id(request)}:")
    else:
        url = request.getfixturevalue("redis_cluster").url
        b = ClusterBroker(url, prefix=f"t{id(request)}:")
    yield b
    await b.close()


async def settle() -> None:
    # Delivery may be asynchronous (Redis); give it a moment either way.
    for _ in range(20):
        await asyncio.sleep(0.01)


async def test_publish_reaches_subscribers_of_that_channel_only(broker) -> None:
    got_a: list[bytes] = []
    got_b: list[bytes] = []
    await broker.subscribe("a", got_a.append)
    await broker.subscribe("b", got_b.append)
    await broker.publish("a", b"1")
    await broker.publish("a", b"2")
    await broker.publish("c", b"x")
    await settle()
    assert got_a == [b"1", b"2"] and got_b == []


async def test_every_subscriber_gets_each_message_and_unsubscribe_stops_it(broker) -> None:
    one: list[bytes] = []
    two: list[bytes] = []
    await broker.subscribe("ch", one.append)
    await broker.subscribe("ch", two.append)
    await broker.publish("ch", b"x")
    await settle()
    await broker.unsubscribe("ch", one.append)
    await broker.publish("ch", b"y")
    await settle()
    assert one == [b"x"] and two == [b"x", b"y"]


async def test_a_commit_appends_stores_and_publishes_while_the_lease_is_held(broker) -> None:
    seen: list[bytes] = []
    await broker.subscribe("ch{t}", seen.append)
    other: list[bytes] = []
    await broker.subscribe("ch2{t}", other.append)

    def items(i: int) -> list[Stored]:
        return [
            Stored("ch{t}", bytes([i]), "view{t}", b"v%d" % i, "backlog{t}", 3),
            Stored("ch2{t}", bytes([10 + i]), "view2{t}", b"w%d" % i, "backlog2{t}", 2),
        ]

    with pytest.raises(LeaseLost):  # nobody holds the lease yet
        await broker.commit("log:c{t}", b"e", "lease:c{t}", "A", items(9))
    assert await broker.acquire("lease:c{t}", "A", ttl=5)
    for i in range(5):
        assert await broker.commit("log:c{t}", b"e%d" % i, "lease:c{t}", "A", items(i)) == i
    with pytest.raises(LeaseLost):  # another owner's commit does nothing at all
        await broker.commit("log:c{t}", b"late", "lease:c{t}", "B", items(7))
    await settle()
    assert await broker.read_log("log:c{t}") == [b"e%d" % i for i in range(5)]
    assert seen == [bytes([i]) for i in range(5)]
    assert other == [bytes([10 + i]) for i in range(5)]
    assert await broker.get("view{t}") == b"v4" and await broker.get("view2{t}") == b"w4"
    assert await broker.recent("backlog{t}") == [b"\x02", b"\x03", b"\x04"]
    assert await broker.recent("backlog2{t}") == [b"\r", b"\x0e"]


async def test_a_commit_gives_its_own_subscribers_the_local_form(broker) -> None:
    seen: list[bytes] = []
    await broker.subscribe("ch{t}", seen.append)
    assert await broker.acquire("lease:l{t}", "A", ttl=5)
    items = [Stored("ch{t}", b"plain", "view{t}", b"", "backlog{t}", 3, local=b"plain+compact")]
    await broker.commit("log:l{t}", b"e", "lease:l{t}", "A", items)
    await settle()
    assert seen == [b"plain+compact"]
    assert await broker.recent("backlog{t}") == [b"plain"]  # kept for resumes: the plain one


async def test_a_ticket_is_closed_once_by_whoever_comes_first(broker) -> None:
    heard: list[bytes] = []
    await broker.subscribe("inbox{t}", heard.append)
    await broker.forward("inbox{t}", b"cmd", "ticket:1{t}", ttl=5)
    await broker.forward("inbox{t}", b"cmd2", "ticket:2{t}", ttl=5)
    await broker.forward("inbox{t}", b"cmd3", "ticket:3{t}", ttl=0.1)
    await settle()
    assert heard == [b"cmd", b"cmd2", b"cmd3"]
    assert await broker.settle("ticket:1{t}", b"r") is None  # refused by the owner...
    assert await broker.settle("ticket:1{t}", b"") == b"r"  # ... so its asker cannot withdraw
    assert await broker.settle("ticket:2{t}", b"") is None  # withdrawn by its asker...
    assert await broker.settle("ticket:2{t}", b"a7") == b""  # ... so the owner cannot apply
    await asyncio.sleep(0.3)
    assert await broker.settle("ticket:3{t}", b"a7") == b""  # expired: closed for good


async def test_a_commit_applies_a_forwarded_message_only_while_its_ticket_is_open(broker) -> None:
    answers: list[bytes] = []
    await broker.subscribe("to{t}:n", answers.append)  # the answers live with the table
    assert await broker.acquire("lease:t{t}", "A", ttl=5)
    await broker.forward("inbox{t}", b"cmd", "ticket:a{t}", ttl=5)
    ticket = Ticket("ticket:a{t}", b"a1", "to{t}:n", b"applied")
    items = [Stored("ch{t}", b"p", "view{t}", b"", "backlog{t}", 3)]
    assert await broker.commit("log:t{t}", b"e0", "lease:t{t}", "A", items, ticket) == 0
    assert await broker.settle("ticket:a{t}", b"") == b"a1"  # its asker reads the outcome
    with pytest.raises(TicketClosed):  # a copy of the same message: nothing at all
        await broker.commit("log:t{t}", b"e1", "lease:t{t}", "A", items, ticket)
    await broker.forward("inbox{t}", b"cmd", "ticket:b{t}", ttl=5)
    assert await broker.settle("ticket:b{t}", b"") is None  # its asker gave up waiting
    with pytest.raises(TicketClosed):
        await broker.commit(
            "log:t{t}", b"e1", "lease:t{t}", "A", items, ticket._replace(key="ticket:b{t}")
        )
    await settle()
    assert await broker.read_log("log:t{t}") == [b"e0"]
    assert await broker.recent("backlog{t}") == [b"p"]
    assert answers == [b"applied"]


async def test_log_keeps_entries_in_order(broker) -> None:
    assert await broker.read_log("log:r") == []
    for i in range(5):
        assert await broker.append("log:r", bytes([i])) == i
    assert await broker.read_log("log:r") == [bytes([i]) for i in range(5)]
    assert await broker.read_log("log:r", 3) == [b"\x03", b"\x04"]
    assert await broker.read_log("log:r", 4) == [b"\x04"]
    assert await broker.read_log("log:r", 5) == []
    assert await broker.read_log("log:r", 9) == []
    assert await broker.read_log("log:other", 2) == []
    await broker.delete_log("log:r")
    assert await broker.read_log("log:r") == []


async def test_keys_expire(broker) -> None:
    await broker.put("k", b"v")
    await broker.put("short", b"v", ttl=0.05)
    assert await broker.get("k") == b"v"
    assert await broker.get("short") == b"v"
    await asyncio.sleep(0.15)
    assert await broker.get("short") is None
    await broker.delete("k")
    assert await broker.get("k") is None


async def test_keys_are_listed_by_their_beginning(broker) -> None:
    """What the admin tool lists accounts with: the keys set with put or put_new under a
    prefix, not expired ones, nor lists or directories of the same names; a prefix with
    what a Redis pattern would read as a wildcard means itself."""
    await broker.put_new("account:ada", b"1")
    await broker.put("account:ben", b"2")
    await broker.put("account:gone", b"3", ttl=0.05)
    await broker.put("account-of:p1", b"ada")
    await broker.put("a*:x", b"4")
    await broker.put("ab:x", b"5")
    await broker.push_capped("account:chat", b"line", 5)
    await broker.dir_put("account:dir", {"k": b"v"})
    await asyncio.sleep(0.15)
    assert sorted(await broker.keys("account:")) == ["account:ada", "account:ben"]
    assert await broker.keys("a*:") == ["a*:x"]
    assert await broker.keys("nothing:") == []


async def test_a_lease_has_one_owner_until_it_expires(broker) -> None:
    assert await broker.acquire("lease:r", "A", ttl=0.2)
    assert not await broker.acquire("lease:r", "B", ttl=0.2)
    assert await broker.acquire("lease:r", "A", ttl=0.2)  # renewal
    await asyncio.sleep(0.3)
    assert await broker.acquire("lease:r", "B", ttl=0.2)
    await broker.release("lease:r", "A")  # not A's any more: no effect
    assert not await broker.acquire("lease:r", "A", ttl=0.2)
    await broker.release("lease:r", "B")
    assert await broker.acquire("lease:r", "A", ttl=0.2)


async def test_many_leases_are_taken_and_renewed_at_once(broker) -> None:
    assert await broker.acquire_many([], "A", ttl=1) == []
    assert await broker.acquire("lease:b", "B", ttl=5)
    assert await broker.acquire_many(["lease:a", "lease:b", "lease:c"], "A", ttl=0.2) == [
        True,
        False,
        True,
    ]
    await asyncio.sleep(0.1)
    assert await broker.acquire_many(["lease:a", "lease:c"], "A", ttl=0.2) == [True, True]
    await asyncio.sleep(0.15)  # renewed above: still A's, past the first TTL
    assert not await broker.acquire("lease:a", "B", ttl=1)
    await asyncio.sleep(0.2)
    assert await broker.acquire("lease:a", "B", ttl=1)


async def test_commits_need_the_lease(broker) -> None:
    with pytest.raises(LeaseLost):
        await broker.commit("log:f{t}", b"0", "lease:f{t}", "A", ())
    assert await broker.acquire("lease:f{t}", "A", ttl=0.2)
    assert await broker.commit("log:f{t}", b"0", "lease:f{t}", "A", ()) == 0
    with pytest.raises(LeaseLost):
        await broker.commit("log:f{t}", b"x", "lease:f{t}", "B", ())
    await asyncio.sleep(0.3)  # A's lease runs out, as for a process paused too long
    assert await broker.acquire("lease:f{t}", "B", ttl=0.2)
    with pytest.raises(LeaseLost):
        await broker.commit("log:f{t}", b"late", "lease:f{t}", "A", ())
    assert await broker.commit("log:f{t}", b"1", "lease:f{t}", "B", ()) == 1
    assert await broker.read_log("log:f{t}") == [b"0", b"1"]


async def test_directories_and_capped_lists(broker) -> None:
    assert await broker.dir_all("rooms") == {}
    await broker.dir_put("rooms", {"a": b"1", "b": b"2"})
    await broker.dir_put("rooms", {})
    await broker.dir_put("rooms", {"a": b"3"})
    assert await broker.dir_all("rooms") == {"a": b"3", "b": b"2"}
    await broker.dir_delete("rooms", "a")
    assert await broker.dir_all("rooms") == {"b": b"2"}
    for i in range(10):
        await broker.push_capped("backlog", bytes([i]), keep=4)
    assert await broker.recent("backlog") == [bytes([i]) for i in range(6, 10)]
    assert await broker.recent("nothing") == []


async def test_a_value_of_a_capped_list_is_replaced_where_it_stands(broker) -> None:
    for line in (b"a", b"b", b"a", b"c"):
        await broker.push_capped("chat:{t}", line, keep=3)
    assert await broker.replace_recent("chat:{t}", b"a", b"A")  # the first "a" left
    assert await broker.recent("chat:{t}") == [b"b", b"A", b"c"]
    assert not await broker.replace_recent("chat:{t}", b"a", b"A")  # none any more
    assert not await broker.replace_recent("chat:{none}", b"b", b"B")
    await broker.push_capped("chat:{t}", b"d", keep=3)
    assert await broker.recent("chat:{t}") == [b"A", b"c", b"d"]


async def test_redis_down_raises_unavailable_and_recovers() -> None:
    server = RedisServer()
    b = RedisBroker(server.url)
    try:
        await b.append("log:r", b"1")
        server.stop()
        with pytest.raises(BrokerUnavailable):
            await b.append("log:r", b"2")
        with pytest.raises(BrokerUnavailable):
            await b.publish("ch", b"x")
        # Redis comes back (empty: it keeps nothing on disk here): no restart needed.
        server = RedisServer(port=server.port)
        assert await b.append("log:r", b"3") == 0
        got: list[bytes] = []
        await b.subscribe("ch", got.append)
        await b.publish("ch", b"y")
        await settle()
        assert got == [b"y"]
    finally:
        await b.close()
        server.stop()


async def test_redis_processes_get_each_message_once_their_own_in_process(redis_server) -> None:
    a, b = (
        RedisBroker(redis_server.url, prefix="once:"),
        RedisBroker(redis_server.url, prefix="once:"),
    )
    try:
        at_a: list[bytes] = []
        at_b: list[bytes] = []
        await a.subscribe("ch", at_a.append)
        await b.subscribe("ch", at_b.append)
        await a.publish("ch", b"1")
        assert at_a == [b"1"]  # delivered before publish returned, without Redis' echo
        assert await a.acquire("lease", "A", ttl=5)
        await a.commit("log", b"e", "lease", "A", [Stored("ch", b"2", "v", b"v", "bl", 4)])
        await b.publish("ch", b"3")
        # A patch with its compact form along for a's own clients: b gets the plain one.
        item = Stored("ch", b"4", "v", b"v", "bl", 4, local=b"4+compact")
        await a.commit("log", b"e", "lease", "A", [item])
        await settle()
        assert at_a == [b"1", b"2", b"3", b"4+compact"]
        assert at_b == [b"1", b"2", b"3", b"4"]
        assert await a.recent("bl") == [b"2", b"4"]  # what is stored carries no tag
    finally:
        await a.close()
        await b.close()


async def test_the_archive_keeps_games_and_lists_the_newest_first(broker) -> None:
    await broker.archive("g1", b"s1", b"r1", 100.0, ["p1", "p2"])
    await broker.archive("g2", b"s2", b"r2", 300.0, ["p2", "p3"])
    await broker.archive("g3", b"s3", b"r3", 200.0, ["p1"])
    assert await broker.archived("g2") == b"r2"
    assert await broker.archived("nope") is None
    assert await broker.archive_list(10) == [b"s2", b"s3", b"s1"]
    assert await broker.archive_list(2) == [b"s2", b"s3"]
    assert await broker.archive_list(10, "p1") == [b"s3", b"s1"]
    assert await broker.archive_list(10, "p3") == [b"s2"]
    assert await broker.archive_list(10, "nobody") == []


async def test_a_key_is_claimed_once(broker) -> None:
    assert await broker.put_new("account:ada", b"first")
    assert not await broker.put_new("account:ada", b"second")
    assert await broker.get("account:ada") == b"first"
    await broker.delete("account:ada")
    assert await broker.put_new("account:ada", b"again")


async def test_a_counter_counts_until_it_expires(broker) -> None:
    assert [await broker.count("tries:x", 0.4) for _ in range(2)] == [1, 2]
    assert await broker.count("tries:y", 0.4) == 1
    await asyncio.sleep(0.25)
    assert await broker.count("tries:x", 0.4) == 3
    assert await broker.count("tries:x", 0.4, add=0) == 3
    await asyncio.sleep(0.25)  # gone 0.4 s after its first count, not after its last
    assert await broker.count("tries:x", 0.4) == 1
