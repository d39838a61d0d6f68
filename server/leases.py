"""Owning tables in a hall of several processes: leases, and taking tables over.

Each table has one owner, the process holding its lease in the broker. The owner
renews the leases of all its tables in one round trip, a few times per lease period;
a process that finds a lease gone to someone else stops that table's actor. When an
owner goes silent, its leases expire, and a process whose clients are at one of its
tables takes the lease and rebuilds the table from the broker: meta, latest saved
state and the log after it.
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


class Leases:
    def __init__(self, hall: Hall) -> None:
        self.hall = hall
        self._refreshed = time.monotonic()

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
        if await hall.tables.rebuild(room_id) is None:
            await hall.broker.release(lease_key(room_id), hall.node)
            return
        await hall.broker.publish(events_channel(room_id), _encode(Census()))
