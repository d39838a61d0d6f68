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
from typing import TYPE_CHECKING

import msgspec

from server.broker import BrokerUnavailable
from server.events import Census
from server.keys import DIRECTORY, events_channel, lease_key
from server.lobby import DIRECTORY_TTL

if TYPE_CHECKING:
    from server.hall import Hall

log = logging.getLogger("spieltisch.hub")
_encode = msgspec.msgpack.Encoder().encode
HURRY_EVERY = 0.1  # seconds between tries for the lease of a table whose owner is silent


class Leases:
    def __init__(self, hall: Hall) -> None:
        self.hall = hall
        self._refreshed = time.monotonic()
        self._taking: set[str] = set()  # tables being rebuilt here now
        self._hurrying: set[str] = set()

    async def run(self) -> None:
        """Renew the leases of our tables, give up those we lost, and take over the
        tables our clients are at whose owner has gone silent."""
        hall = self.hall
        ttl = hall.limits.lease_ttl
        self._refreshed = time.monotonic()
        while True:
            await asyncio.sleep(ttl / 3)
            try:
                refresh = time.monotonic() - self._refreshed > DIRECTORY_TTL / 3
                # Our tables, then the tables our clients are at that nobody here owns:
                # all leases in one round trip.
                ours = list(hall.tables.own.values())
                orphans = [r for r in hall.fanout.members if r not in hall.tables.own]
                got = await hall.broker.acquire_many(
                    [lease_key(r.id) for r in ours] + [lease_key(r) for r in orphans],
                    hall.node,
                    ttl,
                )
                for room, held in zip(ours, got[: len(ours)], strict=True):
                    if not held:
                        hall.tables.lost(room)
                if refresh:
                    # One round trip for all: table by table, a busy process took longer
                    # than a lease to refresh hundreds of entries, and lost the leases.
                    await hall.broker.dir_put(
                        DIRECTORY,
                        {r.id: r.directory() for r in ours if r.id in hall.tables.own},
                    )
                    self._refreshed = time.monotonic()
                for room_id, held in zip(orphans, got[len(ours) :], strict=True):
                    if held and room_id not in hall.tables.own:
                        await self.take_over(room_id)
            except BrokerUnavailable:
                continue
            except Exception:
                log.exception("hub: lease loop")

    async def take_over(self, room_id: str) -> None:
        """We hold the lease of a table whose owner went silent: rebuild it here."""
        hall = self.hall
        if room_id in hall.tables.own or room_id in self._taking:
            return  # the lease loop and a hurry may both get here
        self._taking.add(room_id)
        try:
            if await hall.tables.rebuild(room_id) is None:
                await hall.broker.release(lease_key(room_id), hall.node)
                hall.waiting.gone(room_id)  # the table has closed meanwhile
                return
        finally:
            self._taking.discard(room_id)
        # Our own messages that waited for the old owner, then everyone else's.
        hall.waiting.reforward(room_id)
        await hall.broker.publish(events_channel(room_id), _encode(Census()))

    def hurry(self, room_id: str) -> None:
        """Messages for this table wait for an answer: its owner may be dead. Try for
        its lease every HURRY_EVERY seconds while they wait, rather than every third
        of a lease: the takeover comes as soon as the lease runs out."""
        if room_id not in self._hurrying and room_id not in self.hall.tables.own:
            self._hurrying.add(room_id)
            self.hall.spawn(self._hurry(room_id))

    async def _hurry(self, room_id: str) -> None:
        hall = self.hall
        try:
            while hall.waiting.waits_for(room_id) and room_id not in hall.tables.own:
                try:
                    if await hall.broker.acquire(
                        lease_key(room_id), hall.node, hall.limits.lease_ttl
                    ):
                        await self.take_over(room_id)
                except BrokerUnavailable:
                    pass
                except Exception:
                    log.exception("hub: taking over %s", room_id)
                await asyncio.sleep(HURRY_EVERY)
        finally:
            self._hurrying.discard(room_id)
