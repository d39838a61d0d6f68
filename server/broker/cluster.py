"""The Redis Cluster broker: the Redis broker's contract on a cluster of shards, so that
a hall can outgrow one Redis and survive the loss of one.

Where things live:

- Every key and channel of one table carries the table's id as a hash tag
  (server/keys.py), so one shard owns the whole table: its commit script runs there,
  and its patches go out with sharded pub/sub (``SPUBLISH``), which only the shard that
  owns the channel's slot (and its replicas) carries, not the whole cluster.
  The owner's answers to the messages other processes forward to a table go out on
  the table's shard too (a channel per table and asking process, keys.answers_channel).
- The hall-wide channels (the lobby's, the hall chat's, who is present, sign-outs)
  share a tag of their own, ``{hall}``: sharded too, on the one shard of that slot,
  where every process subscribes them. A channel without a tag (none of the hall's)
  would be ordinary ``PUBLISH``, which the cluster sends to every node.
- Hall-wide keys are spread by their own names (a session, an account, a finished
  game are each a key of their own, each on the shard its name hashes to). What stays
  on one shard is one key each: the lobby directory, who is present, the archive's
  index and the hall's chat, written once per table change or line said, not per move
  (bench/README.md, "A Redis Cluster", counts them).

Sharded pub/sub: redis-py's asyncio cluster client has ``ssubscribe``, but it reads the
shards' connections one after another, each with its own wait, so a patch could wait
behind the other shards' timeouts. This broker keeps a pub/sub connection per master
instead, each read by its own task, and subscribes each channel on the master that
owns its slot. When a connection drops, or a shard tells it that a channel's slot
moved away (a failover, a resharding), it asks the cluster for its slots again and
subscribes every channel anew where it now lives, then tells its ``on_reconnect``
callbacks (messages published meanwhile are lost, as after a Redis outage).

No acknowledged move is lost with its master: a commit runs on the table's master and,
in the same round trip and on the same connection, ``WAIT``s until one replica has it
before it is acknowledged. A replica that takes over then has every move a client was
told about. The broker counts each master's replicas itself (``INFO replication``), so
that a shard left without one (its replica dead, or promoted in a failover) does not
wait out the WAIT's timeout on every move. A replica that does not answer within
REPLICA_WAIT_MS leaves the move acknowledged on its master alone, and says so in the
log: a move is not refused for a slow replica.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.client import PubSub
from redis.asyncio.cluster import ClusterNode
from redis.asyncio.cluster import RedisCluster as AioRedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.crc import key_slot
from redis.exceptions import (
    AskError,
    ClusterDownError,
    ClusterError,
    MasterDownError,
    MovedError,
    NoScriptError,
    ReadOnlyError,
    RedisClusterException,
    SlotNotCoveredError,
    TryAgainError,
)

from server.broker.base import TICKET_OPEN, BrokerUnavailable, Handler
from server.broker.redis import (
    _ACQUIRE,
    _ACQUIRE_MANY,
    _COMMIT,
    _DOWN,
    _READ_FROM,
    _RELEASE,
    _REPLACE,
    _SETTLE,
    POOL_SIZE,
    TAG,
    RedisBroker,
)
from server.keys import tagged

log = logging.getLogger("spieltisch.broker")

# Refused now, may work once the cluster has settled (a failover, slots moving).
_UNSETTLED = (
    ClusterDownError,
    TryAgainError,
    MasterDownError,
    SlotNotCoveredError,
    MovedError,
    AskError,
    ReadOnlyError,
    RedisClusterException,
    ClusterError,
)
_CLUSTER_DOWN = (*_DOWN, *_UNSETTLED, RedisClusterException)
# How long a commit waits for a replica's copy before it is acknowledged anyway (the
# move is on its master then: lost only if the master dies in this window, which the
# log says). On one machine or a LAN a replica answers in well under a millisecond.
REPLICA_WAIT_MS = 250
RESUBSCRIBE_EVERY = 0.2  # seconds between tries while the cluster settles
RECOUNT_EVERY = 5.0  # seconds between counts of a master's replicas
RECOUNT_SOON = 0.5  # ... at the most often, when a replica did not answer
# The table's patches go out with sharded pub/sub, and so does the answer to a
# forwarded message it settles (on the table's channel for the asking process).
_COMMIT_SHARDED = _COMMIT.replace("redis.call('PUBLISH', ", "redis.call('SPUBLISH', ")
assert _COMMIT_SHARDED.count("SPUBLISH") == 2
# Open a ticket and send the message it stands for, on the table's shard.
_FORWARD = """
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SPUBLISH', ARGV[3], ARGV[4])
return 1
"""


def _no_retry() -> Retry:
    """A connection to one node does not retry on its own: when its node is gone, the
    broker asks the cluster where things live now (redis-py would retry the dead node
    with growing pauses, seconds past the failover)."""
    return Retry(NoBackoff(), 0)


class ClusterBroker(RedisBroker):
    shared = True
    durable = True

    def __init__(self, url: str, prefix: str = "spieltisch:") -> None:
        # Fail fast while a shard is down: the room answers `unavailable` and the
        # client tries again, rather than waiting out redis-py's retries.
        # redis-py's cluster client refuses a command outright when a node's
        # connections are all busy (MaxConnectionsError, which it takes for a node
        # gone, and asks the cluster for its slots again): commands wait for their
        # turn here instead, at most POOL_SIZE at once, under the client's limit.
        self._turns = asyncio.Semaphore(POOL_SIZE)
        self._redis: Any = AioRedisCluster.from_url(
            url,
            max_connections=2 * POOL_SIZE,
            socket_timeout=5,
            socket_connect_timeout=2,
            retry=Retry(NoBackoff(), 1),
        )
        self._prefix = prefix
        self._tag = secrets.token_bytes(TAG)
        self._handlers: dict[str, list[Handler]] = defaultdict(list)
        self._reconnected: list[Callable[[], None]] = []
        self._acquire = self._redis.register_script(_ACQUIRE)
        self._release = self._redis.register_script(_RELEASE)
        self._settle = self._redis.register_script(_SETTLE)
        self._read_from = self._redis.register_script(_READ_FROM)
        self._replace = self._redis.register_script(_REPLACE)
        self._forward = self._redis.register_script(_FORWARD)
        self._commit_sha = self._redis.register_script(_COMMIT_SHARDED).sha
        self._acquire_many_sha = self._redis.register_script(_ACQUIRE_MANY).sha
        # Per master: a client of its own (commits and their WAIT on one connection,
        # lease renewals pipelined) and a pub/sub connection with its reader.
        self._nodes: dict[str, aioredis.Redis] = {}
        self._links: dict[str, _Link] = {}
        self._where: dict[str, str] = {}  # subscribed channel (prefixed) -> its link
        self._lock = asyncio.Lock()
        self._moving: asyncio.Task[None] | None = None
        self._again = False
        self._started = False
        self._replicas: dict[str, int] = {}  # master -> its replicas, when last counted
        self._counted: dict[str, float] = {}  # master -> when
        self._background: set[asyncio.Task[None]] = set()

    async def _start(self) -> None:
        if not self._started:
            await self._call(self._redis.initialize())
            self._started = True

    async def _call(self, coro: Any) -> Any:
        try:
            async with self._turns:
                return await coro
        except _CLUSTER_DOWN as e:
            # redis-py asks the cluster for its slots again on the next command.
            log.debug("redis cluster call failed: %r", e)
            raise BrokerUnavailable(str(e)) from e

    # --- one master's own client -----------------------------------------------------

    def _master(self, key: str) -> tuple[aioredis.Redis, str]:
        """The client of the master that owns ``key``'s slot now, and its name."""
        nodes: list[ClusterNode] = (
            self._redis.nodes_manager.slots_cache.get(key_slot(key.encode())) or []
        )
        if not nodes:
            raise BrokerUnavailable(f"no master owns the slot of {key}")
        master = nodes[0]
        client = self._nodes.get(master.name)
        if client is None:
            pool = aioredis.BlockingConnectionPool(
                host=master.host,
                port=int(master.port),
                max_connections=POOL_SIZE,
                timeout=5,
                socket_timeout=5,
                socket_connect_timeout=2,
                retry=_no_retry(),
            )
            client = self._nodes[master.name] = aioredis.Redis.from_pool(pool)
        return client, master.name

    async def _refresh(self) -> None:
        """Ask the cluster again which master owns which slots."""
        with contextlib.suppress(*_CLUSTER_DOWN):
            await self._redis.nodes_manager.initialize()

    def _count_soon(self, name: str, client: aioredis.Redis, urgent: bool = False) -> None:
        """Count the master's replicas again (``INFO replication``): every
        RECOUNT_EVERY seconds, so that a replica that comes (back) is waited for, and
        at once when a replica did not answer a WAIT, so that a dead one stops holding
        up the shard's moves. redis-py's view of the slots does not help here: it
        lists no replica until the shard has had a write, and is asked again only
        after an error."""
        now = time.monotonic()
        if now - self._counted.get(name, -RECOUNT_EVERY) < (
            RECOUNT_SOON if urgent else RECOUNT_EVERY
        ):
            return
        self._counted[name] = now
        task = asyncio.create_task(self._count(name, client))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _count(self, name: str, client: aioredis.Redis) -> None:
        with contextlib.suppress(Exception):
            info = await client.info("replication")
            self._replicas[name] = int(info.get("connected_slaves", 0))

    async def _on_master(self, key: str, calls: list[tuple[str, list[Any]]]) -> list[Any]:
        """Run scripts (by digest, with their keys and arguments) on ``key``'s master in
        one round trip, then WAIT for a replica's copy when the shard has replicas:
        the results of the scripts. Refused without running (the slot moved, the node
        is a replica now, it does not know a script): asked again, twice at most (a
        moved slot's new master may not know the scripts yet)."""
        await self._start()
        for attempt in range(3):
            client, name = self._master(key)
            # Until counted, a master is taken to have a replica: an acknowledged move
            # is never left on its master alone for want of a count.
            replicas = self._replicas.get(name, 1)
            self._count_soon(name, client)
            try:
                async with client.pipeline(transaction=False) as pipe:
                    for sha, keys_args in calls:
                        pipe.evalsha(sha, *keys_args)
                    if replicas:
                        pipe.execute_command("WAIT", 1, REPLICA_WAIT_MS)
                    got = await pipe.execute()
            except NoScriptError:
                # Nothing ran: a pipeline stops at its first error only in its
                # answers, but a missing script runs nothing of that call.
                for source in (_COMMIT_SHARDED, _ACQUIRE_MANY):
                    with contextlib.suppress(*_DOWN):
                        await client.script_load(source)
                continue
            except (MovedError, AskError, ReadOnlyError, TryAgainError) as e:
                await self._refresh()
                if attempt == 2:
                    raise BrokerUnavailable(str(e)) from e
                continue
            except _CLUSTER_DOWN as e:
                await self._refresh()
                raise BrokerUnavailable(str(e)) from e
            if replicas and int(got[-1]) < 1:
                log.warning("redis cluster: no replica confirmed a write to %s in time", key)
                self._count_soon(name, client, urgent=True)
            return list(got[: len(calls)])
        raise BrokerUnavailable(f"the master of {key} did not take the scripts")

    # --- pub/sub ---------------------------------------------------------------------

    async def publish(self, channel: str, data: bytes) -> None:
        await self._start()
        name = self._k(channel)
        if tagged(name) is None:
            await self._call(self._redis.publish(name, self._tag + data))
        else:
            await self._call(self._redis.spublish(name, self._tag + data))
        self._deliver(channel, data)

    async def _run_commit(self, keys: list[str], args: list[bytes | str | int]) -> int:
        (index,) = await self._on_master(keys[0], [(self._commit_sha, [len(keys), *keys, *args])])
        return int(index)

    async def forward(self, channel: str, data: bytes, ticket: str, ttl: float) -> None:
        await self._start()
        px = max(1, int(ttl * 1000))
        args: list[bytes | str | int] = [TICKET_OPEN, px, self._k(channel), self._tag + data]
        await self._call(self._forward(keys=[self._k(ticket)], args=args))
        self._deliver(channel, data)

    async def subscribe(self, channel: str, handler: Handler) -> None:
        handlers = self._handlers[channel]
        handlers.append(handler)
        if len(handlers) == 1:
            try:
                await self._start()
                async with self._lock:
                    await self._subscribe(self._k(channel))
            except (BrokerUnavailable, *_CLUSTER_DOWN) as e:
                # It is kept in the handlers: subscribed where it lives once the
                # cluster answers again.
                self._move()
                raise BrokerUnavailable(str(e)) from e

    async def _subscribe(self, name: str) -> None:
        """Subscribe on the master that owns the channel's slot (a hall-wide channel:
        on any node, which hears every node's publishes). Under ``_lock``."""
        if tagged(name) is None:
            link = self._link("", self._redis.get_default_node())
            await link.pubsub.subscribe(name)
        else:
            node = self._redis.get_node_from_key(name)
            link = self._link(node.name, node)
            await link.pubsub.ssubscribe(name)
        self._where[name] = link.name

    def _link(self, name: str, node: ClusterNode) -> _Link:
        link = self._links.get(name)
        if link is None:
            client = aioredis.Redis(
                host=node.host,
                port=int(node.port),
                socket_connect_timeout=2,
                socket_timeout=None,
                retry=_no_retry(),
            )
            link = self._links[name] = _Link(name, client, self)
        return link

    async def unsubscribe(self, channel: str, handler: Handler) -> None:
        handlers = self._handlers.get(channel)
        if not handlers or handler not in handlers:
            return
        handlers.remove(handler)
        if not handlers:
            del self._handlers[channel]
            name = self._k(channel)
            async with self._lock:
                link = self._links.get(self._where.pop(name, ""))
                if link is not None:
                    with contextlib.suppress(*_CLUSTER_DOWN):
                        if tagged(name) is None:
                            await link.pubsub.unsubscribe(name)
                        else:
                            await link.pubsub.sunsubscribe(name)

    def _received(self, name: str, data: bytes) -> None:
        if data[:TAG] == self._tag:
            return  # ours: delivered in process when it was published
        self._deliver(name[len(self._prefix) :], data[TAG:])

    def _lost(self, name: str) -> None:
        """A channel's shard let it go: its slot moved elsewhere."""
        if name in self._where and name[len(self._prefix) :] in self._handlers:
            self._move()

    def _move(self) -> None:
        """Resubscribe every channel where its slot lives now, once the cluster
        answers; one such move at a time."""
        if self._moving is None or self._moving.done():
            self._moving = asyncio.create_task(self._resubscribe(), name="redis-cluster-move")
        else:
            self._again = True  # a link made by the move under way may have failed since

    async def _resubscribe(self) -> None:
        while True:
            await asyncio.sleep(RESUBSCRIBE_EVERY)
            self._again = False
            async with self._lock:
                old, self._links, self._where = self._links, {}, {}
                for link in old.values():
                    await link.close()
                try:
                    await self._redis.nodes_manager.initialize()
                    for channel in list(self._handlers):
                        await self._subscribe(self._k(channel))
                except (BrokerUnavailable, *_CLUSTER_DOWN) as e:
                    log.info("redis cluster: resubscribing after %r", e)
                    continue
            if self._again:
                continue
            log.warning("redis cluster: pub/sub back on %d shard connections", len(self._links))
            for callback in self._reconnected:
                callback()
            return

    # --- many keys over several shards -----------------------------------------------

    async def acquire_many(self, keys: Sequence[str], owner: str, ttl: float) -> list[bool]:
        """Leases grouped by slot (a script touches one slot), the groups of each
        master pipelined in one round trip, the masters at once. A master that cannot
        be reached fails the whole call, after every other master has renewed."""
        if not keys:
            return []
        await self._start()
        by_master: dict[str, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
        for i, key in enumerate(keys):
            name = self._k(key)
            nodes = self._redis.nodes_manager.slots_cache.get(key_slot(name.encode()))
            where = nodes[0].name if nodes else ""
            by_master[where][key_slot(name.encode())].append(i)
        px = max(1, int(ttl * 1000))
        got: list[bool] = [False] * len(keys)

        async def renew(slots: dict[int, list[int]]) -> None:
            groups = list(slots.values())
            calls = [
                (self._acquire_many_sha, [len(g), *(self._k(keys[i]) for i in g), owner, px])
                for g in groups
            ]
            answers = await self._on_master(self._k(keys[groups[0][0]]), calls)
            for group, answer in zip(groups, answers, strict=True):
                for i, held in zip(group, answer, strict=True):
                    got[i] = bool(held)

        done = await asyncio.gather(
            *(renew(slots) for slots in by_master.values()), return_exceptions=True
        )
        for outcome in done:
            if isinstance(outcome, BaseException):
                if isinstance(outcome, BrokerUnavailable):
                    raise outcome
                raise BrokerUnavailable(repr(outcome)) from outcome
        return got

    async def archive(
        self,
        game_id: str,
        summary: bytes,
        record: bytes,
        ended: float,
        players: Sequence[str],
        listed: bool = True,
    ) -> None:
        # The game's keys and the indexes live on different shards: no transaction
        # spans them, so the game is written before the indexes that find it.
        await self._start()
        async with self._redis.pipeline(transaction=False) as pipe:
            pipe.set(self._k(f"archive:{game_id}"), record)
            pipe.set(self._k(f"archive:{game_id}:summary"), summary)
            await self._call(pipe.execute())
        async with self._redis.pipeline(transaction=False) as pipe:
            if listed:
                pipe.zadd(self._k("archive"), {game_id: ended})
            for player in set(players):
                pipe.zadd(self._k(f"archive:player:{player}"), {game_id: ended})
            await self._call(pipe.execute())

    async def archive_list(self, limit: int, player: str | None = None) -> list[bytes]:
        await self._start()
        index = self._k("archive" if player is None else f"archive:player:{player}")
        ids = await self._call(self._redis.zrevrange(index, 0, limit - 1))
        if not ids:
            return []
        keys = [self._k(f"archive:{i.decode()}:summary") for i in ids]
        values = await self._call(self._redis.mget_nonatomic(keys))
        return [v for v in values if v is not None]

    async def volatile(self) -> str | None:
        """Why what the cluster holds would not survive all of it stopping: a master
        that keeps neither an append-only file nor snapshots (a failover needs only the
        replicas; a restart of every node needs the disks). None when every master
        keeps its data, or does not say."""
        await self._start()
        for node in self._redis.get_primaries():
            try:
                config = await self._call(self._redis.config_get("appendonly", target_nodes=node))
                config.update(await self._call(self._redis.config_get("save", target_nodes=node)))
            except BrokerUnavailable:
                raise
            except Exception:
                return None  # CONFIG refused: nothing to tell
            if config.get("appendonly") != "yes" and not (config.get("save") or "").strip():
                return f"the master {node.name} has appendonly off and saves no snapshots"
        return None

    async def close(self) -> None:
        for task in list(self._background):
            task.cancel()
        if self._moving is not None:
            self._moving.cancel()
            with contextlib.suppress(BaseException):
                await self._moving
        for link in list(self._links.values()):
            await link.close()
        for client in self._nodes.values():
            with contextlib.suppress(Exception):
                await client.aclose()
        with contextlib.suppress(Exception):
            await self._redis.aclose()


class _Link:
    """One pub/sub connection to one node, read by a task of its own."""

    def __init__(self, name: str, client: aioredis.Redis, broker: ClusterBroker) -> None:
        self.name = name
        self.client = client
        self.broker = broker
        self.pubsub: PubSub = client.pubsub(ignore_subscribe_messages=False)
        self.task = asyncio.create_task(self._read(), name=f"redis-cluster-pubsub {name}")

    async def _read(self) -> None:
        broker = self.broker
        while True:
            try:
                if not self.pubsub.subscribed:
                    await asyncio.sleep(0.05)
                    continue
                msg = await self.pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except _CLUSTER_DOWN:
                log.warning("redis cluster: pub/sub connection to %s lost", self.name or "a node")
                broker._move()
                return
            if msg is None:
                continue
            kind = msg.get("type")
            if kind in ("message", "smessage"):
                broker._received(msg["channel"].decode(), msg["data"])
            elif kind == "sunsubscribe":
                broker._lost(msg["channel"].decode())

    async def close(self) -> None:
        self.task.cancel()
        with contextlib.suppress(BaseException):
            await self.task
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()
        with contextlib.suppress(Exception):
            await self.client.aclose()
