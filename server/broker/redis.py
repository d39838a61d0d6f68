"""The Redis broker: pub/sub for patches, a Redis Stream per room log, keys with an
expiry, and leases, so that several processes can serve one hall.

Every call that cannot reach Redis raises BrokerUnavailable, so the room actor can
refuse an intent cleanly (``unavailable``) instead of half-applying it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from server.broker.base import (
    TICKET_OPEN,
    BrokerUnavailable,
    Handler,
    LeaseLost,
    Stored,
    Ticket,
    TicketClosed,
)

log = logging.getLogger("spieltisch.broker")

_DOWN = (RedisConnectionError, RedisTimeoutError, OSError)
POOL_SIZE = 32  # connections to Redis per process, besides the pub/sub one
TAG = 8  # bytes of the publisher's tag in front of every published message
_GLOB = re.compile(r"[\\*?\[\]]")  # what a SCAN pattern would read as a wildcard

# Take the lease when it is free or already ours (then it is a renewal).
_ACQUIRE = """
local cur = redis.call('GET', KEYS[1])
if (not cur) or cur == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""
# The same for every lease in KEYS; one 0/1 per key.
_ACQUIRE_MANY = """
local got = {}
for i, key in ipairs(KEYS) do
  local cur = redis.call('GET', key)
  if (not cur) or cur == ARGV[1] then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
    got[i] = 1
  else
    got[i] = 0
  end
end
return got
"""
# Give the lease back only if it is still ours.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


# A room's accepted change: the fenced append, then each audience's stored view,
# capped backlog and patch, then the ticket of the forwarded message it applies (if any)
# and its answer. KEYS: log, lease, ticket (the lease again when there is none), then
# view and backlog per audience; ARGV: owner, entry, the publisher's tag, the ticket's
# new value ('' for none), the answer's channel and data, the open ticket's value, then
# channel, data, value, keep per audience.
_COMMIT = """
if redis.call('GET', KEYS[2]) ~= ARGV[1] then
  return -1
end
local settle = ARGV[4]
if settle ~= '' and redis.call('GET', KEYS[3]) ~= ARGV[7] then
  return -2
end
redis.call('XADD', KEYS[1], '*', 'e', ARGV[2])
for i = 1, (#KEYS - 3) / 2 do
  local view, backlog, a = KEYS[2 + 2 * i], KEYS[3 + 2 * i], 8 + 4 * (i - 1)
  if ARGV[a + 2] ~= '' then
    redis.call('SET', view, ARGV[a + 2])
  end
  redis.call('RPUSH', backlog, ARGV[a + 1])
  redis.call('LTRIM', backlog, -tonumber(ARGV[a + 3]), -1)
  redis.call('PUBLISH', ARGV[a], ARGV[3] .. ARGV[a + 1])
end
if settle ~= '' then
  local ttl = redis.call('PTTL', KEYS[3])
  redis.call('SET', KEYS[3], settle, 'PX', math.max(ttl, 1))
  redis.call('PUBLISH', ARGV[5], ARGV[3] .. ARGV[6])
end
return redis.call('XLEN', KEYS[1]) - 1
"""
# Close a ticket that is still open (KEYS[1]; ARGV: the open value, the new value or ''
# to withdraw it), keeping its expiry. 1 when this call closed it, else what it holds.
# The entries of a stream from the ``start``-th on, reading only those: a stream's ids
# are times, not indices, so the newest (length - start) are read backwards, in one
# step so that an entry appended meanwhile cannot shift them.
_READ_FROM = """
local n = redis.call('XLEN', KEYS[1])
local want = n - tonumber(ARGV[1])
if want <= 0 then
  return {}
end
return redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', want)
"""


def _entry(fields: list[bytes]) -> bytes:
    """A log entry from a stream entry's fields as a script returns them (flat)."""
    return fields[fields.index(b"e") + 1]


# In a capped list (KEYS[1]), the first value equal to ARGV[1] becomes ARGV[2].
_REPLACE = """
local i = redis.call('LPOS', KEYS[1], ARGV[1])
if not i then
  return 0
end
redis.call('LSET', KEYS[1], i, ARGV[2])
return 1
"""
_SETTLE = """
local cur = redis.call('GET', KEYS[1])
if cur ~= ARGV[1] then
  return cur or ''
end
if ARGV[2] == '' then
  redis.call('DEL', KEYS[1])
else
  local ttl = redis.call('PTTL', KEYS[1])
  redis.call('SET', KEYS[1], ARGV[2], 'PX', math.max(ttl, 1))
end
return 1
"""


class RedisBroker:
    shared = True
    durable = True  # as durable as Redis is set up to be (README: running Redis)

    def __init__(self, url: str, prefix: str = "spieltisch:") -> None:
        # A bounded pool that makes a command wait for a free connection: under load
        # hundreds of rooms commit at once, and redis-py's default pool refuses the
        # 101st concurrent command outright (MaxConnectionsError) instead of queueing it.
        pool = aioredis.BlockingConnectionPool.from_url(
            url,
            max_connections=POOL_SIZE,
            timeout=5,
            socket_timeout=5,
            socket_connect_timeout=2,
            health_check_interval=10,
        )
        self._redis: aioredis.Redis = aioredis.Redis.from_pool(pool)  # closes it with itself
        self._prefix = prefix
        # Every message this broker publishes carries its tag. Its own subscribers get
        # the message at once, in process, and the copy that comes back from Redis is
        # dropped: a process's own clients do not wait for the pub/sub round trip (nor
        # queue behind the single pub/sub reader), other processes' clients are served
        # as before.
        self._tag = secrets.token_bytes(TAG)
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        self._handlers: dict[str, list[Handler]] = defaultdict(list)
        self._reader: asyncio.Task[None] | None = None
        self._reconnected: list[Callable[[], None]] = []
        self._acquire = self._redis.register_script(_ACQUIRE)
        self._acquire_many = self._redis.register_script(_ACQUIRE_MANY)
        self._release = self._redis.register_script(_RELEASE)
        self._commit = self._redis.register_script(_COMMIT)
        self._settle = self._redis.register_script(_SETTLE)
        self._read_from = self._redis.register_script(_READ_FROM)
        self._replace = self._redis.register_script(_REPLACE)

    def _k(self, key: str) -> str:
        return self._prefix + key

    async def _call(self, coro: Any) -> Any:
        try:
            return await coro
        except _DOWN as e:
            log.debug("redis call failed: %r", e)
            raise BrokerUnavailable(str(e)) from e

    # --- pub/sub ---------------------------------------------------------------------

    async def publish(self, channel: str, data: bytes) -> None:
        await self._call(self._redis.publish(self._k(channel), self._tag + data))
        self._deliver(channel, data)

    def _deliver(self, channel: str, data: bytes) -> None:
        for handler in list(self._handlers.get(channel, ())):
            try:
                handler(data)
            except Exception:
                log.exception("a handler of %s failed", channel)

    async def commit(
        self,
        log: str,
        entry: bytes,
        lease: str,
        owner: str,
        items: Sequence[Stored],
        ticket: Ticket | None = None,
    ) -> int:
        keys = [self._k(log), self._k(lease), self._k(ticket.key if ticket else lease)]
        args: list[bytes | str | int] = [owner, entry, self._tag]
        if ticket is None:
            args += [b"", b"", b"", TICKET_OPEN]
        else:
            args += [ticket.value, self._k(ticket.channel), ticket.data, TICKET_OPEN]
        for item in items:
            keys += [self._k(item.key), self._k(item.backlog)]
            args += [self._k(item.channel), item.data, item.value, item.keep]
        index = await self._run_commit(keys, args)
        if index == -1:
            raise LeaseLost(lease)
        if index == -2:
            raise TicketClosed(ticket.key if ticket else "")
        for item in items:
            self._deliver(item.channel, item.local or item.data)
        if ticket is not None:
            self._deliver(ticket.channel, ticket.data)
        return index

    async def _run_commit(self, keys: list[str], args: list[bytes | str | int]) -> int:
        return int(await self._call(self._commit(keys=keys, args=args)))

    async def forward(self, channel: str, data: bytes, ticket: str, ttl: float) -> None:
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.set(self._k(ticket), TICKET_OPEN, px=max(1, int(ttl * 1000)))
            pipe.publish(self._k(channel), self._tag + data)
            await self._call(pipe.execute())
        self._deliver(channel, data)

    async def settle(self, ticket: str, value: bytes) -> bytes | None:
        got = await self._call(self._settle(keys=[self._k(ticket)], args=[TICKET_OPEN, value]))
        return None if got == 1 else bytes(got)

    async def subscribe(self, channel: str, handler: Handler) -> None:
        handlers = self._handlers[channel]
        handlers.append(handler)
        if len(handlers) == 1:
            await self._call(self._pubsub.subscribe(self._k(channel)))
        if self._reader is None or self._reader.done():
            self._reader = asyncio.create_task(self._read(), name="redis-pubsub")

    async def unsubscribe(self, channel: str, handler: Handler) -> None:
        handlers = self._handlers.get(channel)
        if not handlers or handler not in handlers:
            return
        handlers.remove(handler)
        if not handlers:
            del self._handlers[channel]
            with contextlib.suppress(*_DOWN):
                await self._pubsub.unsubscribe(self._k(channel))

    async def _read(self) -> None:
        skip = len(self._prefix)
        while True:
            try:
                if not self._pubsub.subscribed:
                    await asyncio.sleep(0.05)
                    continue
                msg = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except _DOWN:
                log.warning("redis pub/sub connection lost; resubscribing")
                await self._resubscribe()
                continue
            if msg is None or msg.get("type") != "message":
                continue
            data = msg["data"]
            if data[:TAG] == self._tag:
                continue  # ours: delivered in process when it was published
            self._deliver(msg["channel"].decode()[skip:], data[TAG:])

    async def _resubscribe(self) -> None:
        """After an outage: a fresh pub/sub connection with every channel we had,
        retried until Redis answers again."""
        old, self._pubsub = self._pubsub, self._redis.pubsub(ignore_subscribe_messages=True)
        with contextlib.suppress(Exception):
            await old.aclose()
        while True:
            await asyncio.sleep(0.2)
            channels = [self._k(c) for c in self._handlers]
            if not channels:
                return
            try:
                await self._pubsub.subscribe(*channels)
            except _DOWN:
                continue
            for callback in self._reconnected:
                callback()
            return

    def on_reconnect(self, callback: Callable[[], None]) -> None:
        self._reconnected.append(callback)

    # --- room logs (Redis Streams) ---------------------------------------------------

    async def append(self, log_name: str, entry: bytes) -> int:
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.xadd(self._k(log_name), {"e": entry})
            pipe.xlen(self._k(log_name))
            _, length = await self._call(pipe.execute())
        return int(length) - 1

    async def read_log(self, log_name: str, start: int = 0) -> list[bytes]:
        if start <= 0:
            rows = await self._call(self._redis.xrange(self._k(log_name)))
            return [fields[b"e"] for _, fields in rows]
        # A ranking or a successor catching up reads only what is new since it last did.
        rows = await self._call(self._read_from(keys=[self._k(log_name)], args=[start]))
        return [_entry(fields) for _, fields in reversed(rows)]

    async def delete_log(self, log_name: str) -> None:
        await self._call(self._redis.delete(self._k(log_name)))

    # --- keys ------------------------------------------------------------------------

    async def put(self, key: str, value: bytes, ttl: float | None = None) -> None:
        px = None if ttl is None else max(1, int(ttl * 1000))
        await self._call(self._redis.set(self._k(key), value, px=px))

    async def get(self, key: str) -> bytes | None:
        value: bytes | None = await self._call(self._redis.get(self._k(key)))
        return value

    async def keys(self, prefix: str) -> list[str]:
        # SCAN, not KEYS: a long scan in steps lets the hall's own commands through
        # between them. On a cluster the client scans every master in turn.
        pattern = _GLOB.sub(r"\\\g<0>", self._k(prefix)) + "*"
        skip = len(self._prefix)

        async def scan() -> list[str]:
            it = self._redis.scan_iter(match=pattern, count=1000, _type="string")
            return sorted({key.decode()[skip:] async for key in it})

        found: list[str] = await self._call(scan())
        return found

    async def delete(self, key: str) -> None:
        await self._call(self._redis.delete(self._k(key)))

    async def put_new(self, key: str, value: bytes) -> bool:
        return bool(await self._call(self._redis.set(self._k(key), value, nx=True)))

    async def count(self, key: str, ttl: float, add: int = 1) -> int:
        async with self._redis.pipeline(transaction=True) as pipe:
            # The expiry is set by the first count only (NX), so a stream of counts ends.
            pipe.set(self._k(key), 0, nx=True, px=max(1, int(ttl * 1000)))
            pipe.incrby(self._k(key), add)
            _, n = await self._call(pipe.execute())
        return int(n)

    # --- directories and capped lists -------------------------------------------------

    async def dir_put(self, name: str, entries: Mapping[str, bytes]) -> None:
        if entries:
            fields: dict[Any, Any] = dict(entries)  # redis-py's Mapping type is invariant
            await self._call(self._redis.hset(self._k(name), mapping=fields))

    async def dir_delete(self, name: str, key: str) -> None:
        await self._call(self._redis.hdel(self._k(name), key))

    async def dir_all(self, name: str) -> dict[str, bytes]:
        raw = await self._call(self._redis.hgetall(self._k(name)))
        return {k.decode(): v for k, v in raw.items()}

    async def push_capped(self, key: str, value: bytes, keep: int) -> None:
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.rpush(self._k(key), value)
            pipe.ltrim(self._k(key), -keep, -1)
            await self._call(pipe.execute())

    async def recent(self, key: str) -> list[bytes]:
        values: list[bytes] = await self._call(self._redis.lrange(self._k(key), 0, -1))
        return values

    async def replace_recent(self, key: str, old: bytes, new: bytes) -> bool:
        return bool(await self._call(self._replace(keys=[self._k(key)], args=[old, new])))

    # --- the archive: a key per game (no expiry), sorted sets by when they ended --------

    async def archive(
        self,
        game_id: str,
        summary: bytes,
        record: bytes,
        ended: float,
        players: Sequence[str],
        listed: bool = True,
    ) -> None:
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.set(self._k(f"archive:{game_id}"), record)
            pipe.set(self._k(f"archive:{game_id}:summary"), summary)
            if listed:
                pipe.zadd(self._k("archive"), {game_id: ended})
            for player in set(players):
                pipe.zadd(self._k(f"archive:player:{player}"), {game_id: ended})
            await self._call(pipe.execute())

    async def archived(self, game_id: str) -> bytes | None:
        value: bytes | None = await self._call(self._redis.get(self._k(f"archive:{game_id}")))
        return value

    async def archive_list(self, limit: int, player: str | None = None) -> list[bytes]:
        index = self._k("archive" if player is None else f"archive:player:{player}")
        ids = await self._call(self._redis.zrevrange(index, 0, limit - 1))
        if not ids:
            return []
        keys = [self._k(f"archive:{i.decode()}:summary") for i in ids]
        values = await self._call(self._redis.mget(keys))
        return [v for v in values if v is not None]

    # --- how durable Redis itself is -------------------------------------------------

    async def volatile(self) -> str | None:
        """Why what this Redis holds would not survive its restart (neither an
        append-only file nor snapshots), or None when it keeps its data on disk or
        does not say (CONFIG may be disabled on a managed Redis)."""
        try:
            config = await self._call(self._redis.config_get("appendonly"))
            config.update(await self._call(self._redis.config_get("save")))
        except BrokerUnavailable:
            raise
        except Exception:
            return None  # CONFIG refused: nothing to tell
        if config.get("appendonly") == "yes" or (config.get("save") or "").strip():
            return None
        return "appendonly is off and no snapshots are saved (save is empty)"

    # --- leases ----------------------------------------------------------------------

    async def acquire(self, key: str, owner: str, ttl: float) -> bool:
        got = await self._call(
            self._acquire(keys=[self._k(key)], args=[owner, max(1, int(ttl * 1000))])
        )
        return bool(got)

    async def acquire_many(self, keys: Sequence[str], owner: str, ttl: float) -> list[bool]:
        if not keys:
            return []
        got = await self._call(
            self._acquire_many(
                keys=[self._k(k) for k in keys], args=[owner, max(1, int(ttl * 1000))]
            )
        )
        return [bool(g) for g in got]

    async def release(self, key: str, owner: str) -> None:
        await self._call(self._release(keys=[self._k(key)], args=[owner]))

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(BaseException):
                await self._reader
        with contextlib.suppress(Exception):
            await self._pubsub.aclose()
        with contextlib.suppress(Exception):
            await self._redis.aclose()
