"""Owning tables in a hall of several processes: leases, and taking tables over.

Each table has one owner, the process holding its lease in the broker. The owner
renews the leases of all its tables in one round trip, a few times per lease period;
a process that finds a lease gone to someone else stops that table's actor. When an
owner goes silent, its leases expire, and a process whose clients are at one of its
tables takes the lease and rebuilds the table from the broker: meta, latest saved
state and the log after it. A process holding messages for a table's owner that does
not answer (waiting.py) tries for that lease more often, so that it takes the table
over as soon as the lease runs out; the new owner then gets the messages still waiting.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Collection, Mapping

import msgspec

from server.broker import Broker, BrokerUnavailable
from server.connection import Connection
from server.events import Census
from server.keys import DIRECTORY, TURN_BASED, events_channel, lease_key
from server.limits import Limits
from server.lobby import DIRECTORY_TTL
from server.tables import Tables
from server.tasks import Spawn
from server.waiting import Waiting

log = logging.getLogger("spieltisch.hub")
_encode = msgspec.msgpack.Encoder().encode
HURRY_EVERY = 0.1  # seconds between tries for the lease of a table whose owner is silent


class Leases:
    def __init__(
        self,
        broker: Broker,
        limits: Limits,
        node: str,
        spawn: Spawn,
        tables: Tables,
        members: Mapping[str, Collection[Connection]],
        waiting: Waiting,
    ) -> None:
        """``node`` is this process; ``members``, this process's connections at each
        table (fanout.py): the tables to take over when their owner goes silent."""
        self.broker = broker
        self.limits = limits
        self.node = node
        self.spawn = spawn
        self.tables = tables
        self.members = members
        self.waiting = waiting
        self._refreshed = time.monotonic()
        self._taking: set[str] = set()  # tables being rebuilt here now
        self._hurrying: set[str] = set()

    async def run(self) -> None:
        """Renew the leases of our tables, give up those we lost, and take over the
        tables our clients are at whose owner has gone silent."""
        tables, broker = self.tables, self.broker
        ttl = self.limits.lease_ttl
        self._refreshed = time.monotonic()
        while True:
            await asyncio.sleep(ttl / 3)
            try:
                refresh = time.monotonic() - self._refreshed > DIRECTORY_TTL / 3
                # Our tables, then the tables our clients are at that nobody here owns:
                # all leases in one round trip.
                ours = list(tables.own.values())
                orphans = [r for r in self.members if r not in tables.own]
                got = await broker.acquire_many(
                    [lease_key(r.id) for r in ours] + [lease_key(r) for r in orphans],
                    self.node,
                    ttl,
                )
                for room, held in zip(ours, got[: len(ours)], strict=True):
                    if not held:
                        tables.lost(room)
                if refresh:
                    # One round trip for all: table by table, a busy process took longer
                    # than a lease to refresh hundreds of entries, and lost the leases.
                    await broker.dir_put(
                        DIRECTORY,
                        {r.id: r.directory() for r in ours if r.id in tables.own},
                    )
                    self._refreshed = time.monotonic()
                for room_id, held in zip(orphans, got[len(ours) :], strict=True):
                    if held and room_id not in tables.own:
                        await self.take_over(room_id)
                if refresh:
                    await self.adopt_turn_based()
            except BrokerUnavailable:
                continue
            except Exception:
                log.exception("hub: lease loop")

    async def adopt_turn_based(self) -> None:
        """Take over the running turn-based tables whose owner went silent, also when
        nobody is at them: their deadlines come due whoever is there. The lease decides
        which process takes each."""
        tables, broker = self.tables, self.broker
        stray = [
            room_id
            for room_id in await broker.dir_all(TURN_BASED)
            if room_id not in tables.own and room_id not in self._taking
        ]
        if not stray:
            return
        got = await broker.acquire_many(
            [lease_key(r) for r in stray], self.node, self.limits.lease_ttl
        )
        for room_id, held in zip(stray, got, strict=True):
            if held:
                await self.take_over(room_id)
                if room_id not in tables.own:  # it has no meta any more: long gone
                    await broker.dir_delete(TURN_BASED, room_id)

    async def take_over(self, room_id: str) -> None:
        """We hold the lease of a table whose owner went silent: rebuild it here."""
        if room_id in self.tables.own or room_id in self._taking:
            return  # the lease loop and a hurry may both get here
        self._taking.add(room_id)
        try:
            if await self.tables.rebuild(room_id) is None:
                await self.broker.release(lease_key(room_id), self.node)
                self.waiting.gone(room_id)  # the table has closed meanwhile
                return
        finally:
            self._taking.discard(room_id)
        # Our own messages that waited for the old owner, then everyone else's.
        self.waiting.reforward(room_id)
        await self.broker.publish(events_channel(room_id), _encode(Census()))

    def hurry(self, room_id: str) -> None:
        """Messages for this table wait for an answer: its owner may be dead. Try for
        its lease every HURRY_EVERY seconds while they wait, rather than every third
        of a lease: the takeover comes as soon as the lease runs out."""
        if room_id not in self._hurrying and room_id not in self.tables.own:
            self._hurrying.add(room_id)
            self.spawn(self._hurry(room_id))

    async def _hurry(self, room_id: str) -> None:
        try:
            while self.waiting.waits_for(room_id) and room_id not in self.tables.own:
                try:
                    if await self.broker.acquire(
                        lease_key(room_id), self.node, self.limits.lease_ttl
                    ):
                        await self.take_over(room_id)
                except BrokerUnavailable:
                    pass
                except Exception:
                    log.exception("hub: taking over %s", room_id)
                await asyncio.sleep(HURRY_EVERY)
        finally:
            self._hurrying.discard(room_id)
