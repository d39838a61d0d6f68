"""The embedded broker: one process, no dependencies, nothing survives a restart
(``--data :memory:``; the durable embedded broker, sqlite.py, builds on it)."""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from server.broker.base import TICKET_OPEN, Handler, LeaseLost, Stored, Ticket, TicketClosed


class Archived(NamedTuple):
    summary: bytes
    record: bytes
    ended: float
    players: tuple[str, ...]
    listed: bool = True  # in the hall's list, not only in its players'


class MemoryBroker:
    shared = False
    durable = False

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._subs: dict[str, list[Handler]] = defaultdict(list)
        self._logs: dict[str, list[bytes]] = defaultdict(list)
        self._keys: dict[str, tuple[bytes, float | None]] = {}
        self._leases: dict[str, tuple[str, float]] = {}
        self._dirs: dict[str, dict[str, bytes]] = defaultdict(dict)
        self._lists: dict[str, list[bytes]] = defaultdict(list)
        self._archive: dict[str, Archived] = {}
        # Tickets are never kept on disk (the SQLite broker inherits this): they live
        # for seconds, and only a shared hall forwards messages at all.
        self._tickets: dict[str, tuple[bytes, float]] = {}
        self._counters: dict[str, tuple[int, float]] = {}  # not on disk either

    async def publish(self, channel: str, data: bytes) -> None:
        # A copy, so a handler that unsubscribes itself does not upset the loop.
        for handler in list(self._subs.get(channel, ())):
            handler(data)

    async def commit(
        self,
        log: str,
        entry: bytes,
        lease: str,
        owner: str,
        items: Sequence[Stored],
        ticket: Ticket | None = None,
    ) -> int:
        held = self._leases.get(lease)
        if held is None or held[0] != owner or held[1] <= self._clock():
            raise LeaseLost(lease)
        if ticket is not None and self._ticket(ticket.key) != TICKET_OPEN:
            raise TicketClosed(ticket.key)
        index = await self.append(log, entry)
        for item in items:
            if item.value:
                await self.put(item.key, item.value)
            await self.push_capped(item.backlog, item.data, item.keep)
            await self.publish(item.channel, item.local or item.data)
        if ticket is not None:
            await self.settle(ticket.key, ticket.value)
            await self.publish(ticket.channel, ticket.data)
        return index

    def _ticket(self, key: str) -> bytes:
        held = self._tickets.get(key)
        if held is None:
            return b""
        if held[1] <= self._clock():
            del self._tickets[key]
            return b""
        return held[0]

    async def forward(self, channel: str, data: bytes, ticket: str, ttl: float) -> None:
        # Expired tickets are dropped here, so the dict holds about one answer bound's worth.
        now = self._clock()
        for key in [k for k, (_, until) in self._tickets.items() if until <= now]:
            del self._tickets[key]
        self._tickets[ticket] = (TICKET_OPEN, now + ttl)
        await self.publish(channel, data)

    async def settle(self, ticket: str, value: bytes) -> bytes | None:
        current = self._ticket(ticket)
        if current != TICKET_OPEN:
            return current
        if value:
            self._tickets[ticket] = (value, self._tickets[ticket][1])
        else:
            del self._tickets[ticket]
        return None

    async def subscribe(self, channel: str, handler: Handler) -> None:
        self._subs[channel].append(handler)

    async def unsubscribe(self, channel: str, handler: Handler) -> None:
        handlers = self._subs.get(channel)
        if handlers and handler in handlers:
            handlers.remove(handler)
            if not handlers:
                del self._subs[channel]

    async def append(self, log: str, entry: bytes) -> int:
        entries = self._logs[log]
        entries.append(entry)
        return len(entries) - 1

    async def read_log(self, log: str, start: int = 0) -> list[bytes]:
        return list(self._logs.get(log, ())[start:])

    async def delete_log(self, log: str) -> None:
        self._logs.pop(log, None)

    async def put(self, key: str, value: bytes, ttl: float | None = None) -> None:
        self._keys[key] = (value, None if ttl is None else self._clock() + ttl)

    async def get(self, key: str) -> bytes | None:
        item = self._keys.get(key)
        if item is None:
            return None
        value, expires = item
        if expires is not None and expires <= self._clock():
            del self._keys[key]
            return None
        return value

    async def keys(self, prefix: str) -> list[str]:
        now = self._clock()
        return [
            key
            for key, (_, expires) in self._keys.items()
            if key.startswith(prefix) and (expires is None or expires > now)
        ]

    async def delete(self, key: str) -> None:
        self._keys.pop(key, None)
        self._lists.pop(key, None)  # a capped list is a key too (as in Redis)

    async def put_new(self, key: str, value: bytes) -> bool:
        if await self.get(key) is not None:
            return False
        await self.put(key, value)
        return True

    async def count(self, key: str, ttl: float, add: int = 1) -> int:
        now = self._clock()
        n, until = self._counters.get(key, (0, 0.0))
        if until <= now:
            n, until = 0, now + ttl
        self._counters[key] = (n + add, until)
        return n + add

    async def dir_put(self, name: str, entries: Mapping[str, bytes]) -> None:
        self._dirs[name].update(entries)

    async def dir_delete(self, name: str, key: str) -> None:
        self._dirs[name].pop(key, None)

    async def dir_all(self, name: str) -> dict[str, bytes]:
        return dict(self._dirs.get(name, {}))

    async def push_capped(self, key: str, value: bytes, keep: int) -> None:
        values = self._lists[key]
        values.append(value)
        del values[:-keep]

    async def recent(self, key: str) -> list[bytes]:
        return list(self._lists.get(key, ()))

    async def replace_recent(self, key: str, old: bytes, new: bytes) -> bool:
        values = self._lists.get(key, [])
        if old not in values:
            return False
        values[values.index(old)] = new
        return True

    async def acquire(self, key: str, owner: str, ttl: float) -> bool:
        now = self._clock()
        held = self._leases.get(key)
        if held is not None and held[0] != owner and held[1] > now:
            return False
        self._leases[key] = (owner, now + ttl)
        return True

    async def acquire_many(self, keys: Sequence[str], owner: str, ttl: float) -> list[bool]:
        return [await self.acquire(key, owner, ttl) for key in keys]

    async def release(self, key: str, owner: str) -> None:
        held = self._leases.get(key)
        if held is not None and held[0] == owner:
            del self._leases[key]

    async def archive(
        self,
        game_id: str,
        summary: bytes,
        record: bytes,
        ended: float,
        players: Sequence[str],
        listed: bool = True,
    ) -> None:
        self._archive[game_id] = Archived(summary, record, ended, tuple(players), listed)

    async def archived(self, game_id: str) -> bytes | None:
        item = self._archive.get(game_id)
        return None if item is None else item.record

    async def archive_list(self, limit: int, player: str | None = None) -> list[bytes]:
        items = (
            a
            for a in self._archive.values()
            if (a.listed if player is None else player in a.players)
        )
        newest = sorted(items, key=lambda a: a.ended, reverse=True)[:limit]
        return [a.summary for a in newest]

    def on_reconnect(self, callback: Callable[[], None]) -> None:
        pass  # in one process, pub/sub is never cut off

    async def close(self) -> None:
        self._subs.clear()

    def channels(self) -> int:
        """How many channels have subscribers (for tests and metrics)."""
        return len(self._subs)
