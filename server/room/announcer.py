"""Telling everyone that a table changed: the lobby directory, the table's meta (for
a successor) and the members, through the table's events channel.

One announcer per table sends them in order; changes made while it is sending are
folded into its next round, so a burst of changes costs a round or two, not one each.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

import msgspec

from server.broker import Broker, BrokerUnavailable
from server.events import Event
from server.keys import DIRECTORY, LOBBY, TURN_BASED, events_channel, meta_key
from server.lobby import Due, Entry, directory_entry
from server.room.ledger import META_TTL
from server.room.table import Table

log = logging.getLogger("spieltisch.room")
_encode = msgspec.msgpack.Encoder().encode


class Announcer:
    def __init__(self, table: Table, broker: Broker, version: Callable[[], int]) -> None:
        self.table = table
        self.broker = broker
        self.version = version
        self._dirty = False
        self._task: asyncio.Task[None] | None = None
        self._asked = 0  # changes so far
        self._told = 0  # changes stored and told
        self._then: list[tuple[int, Callable[[], None]]] = []

    def changed(self) -> None:
        self._asked += 1
        self._dirty = True
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._announce())

    def then(self, callback: Callable[[], None]) -> None:
        """Call back once every change so far is stored and told: the sender of a
        change hears that it is done after the members hear the change itself."""
        if self._told >= self._asked:
            callback()
        else:
            self._then.append((self._asked, callback))

    def _called_back(self, upto: int) -> None:
        due = [cb for n, cb in self._then if n <= upto]
        self._then = [(n, cb) for n, cb in self._then if n > upto]
        for callback in due:
            callback()

    def directory(self) -> bytes:
        """This table's entry in the lobby directory."""
        table = self.table
        due = [Due(*d) for d in table.due()]
        names = [s.name if s is not None else "" for s in table.seats] if due else []
        entry = Entry(
            summary=table.summary(), host=table.host, address=table.address, due=due, names=names
        )
        return directory_entry(entry, self.broker.shared)

    async def refresh_directory(self) -> None:
        await self.broker.dir_put(DIRECTORY, {self.table.id: self.directory()})

    async def store(self) -> None:
        """Write the table where every process looks for it (its lobby entry and, in a
        durable broker, its meta) now, not in a later round: a table is answered to
        its opener only once a link to it works on any process of the hall."""
        await self.refresh_directory()
        if self.broker.durable:
            await self.broker.put(
                meta_key(self.table.id),
                _encode(self.table.meta()),
                ttl=self.table.clock.keep_for(META_TTL),
            )

    async def _note_turn_based(self) -> None:
        """In a shared hall, list a running turn-based table where every process looks
        for tables to take over when their owner dies, also with nobody at them (its
        deadlines are due whoever is there), and strike it off once it is over."""
        table = self.table
        if not self.broker.shared or not table.clock.turn_based:
            return
        if table.status == "playing":
            await self.broker.dir_put(TURN_BASED, {table.id: b""})
        elif table.status == "finished":
            await self.broker.dir_delete(TURN_BASED, table.id)

    async def close(self) -> None:
        if self._task is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(self._task, 2)
        self._called_back(self._asked)  # done here, told or not

    async def _announce(self) -> None:
        failures = 0
        room = self.table.id
        while self._dirty:
            self._dirty = False
            upto = self._asked
            # What is told and what is stored are taken at one moment: the table may
            # change while the writes are under way, and nobody may be told of a
            # change before it is stored (a restart would take it back).
            entry = self.directory()
            meta = _encode(self.table.meta()) if self.broker.durable else b""
            event = _encode(Event(info=self.table.info(), v=self.version()))
            try:
                await self.broker.dir_put(DIRECTORY, {room: entry})
                await self._note_turn_based()
                if self.broker.durable:
                    await self.broker.put(
                        meta_key(room), meta, ttl=self.table.clock.keep_for(META_TTL)
                    )
                await self.broker.publish(events_channel(room), event)
                await self.broker.publish(LOBBY, b"")
            except BrokerUnavailable:
                failures += 1
                log.warning('{"event": "room.announce_failed", "room": "%s"}', room)
                if failures > 20:
                    self._called_back(upto)  # done here; the members hear it later
                    return
                self._dirty = True
                await asyncio.sleep(0.5)
            else:
                self._told = upto
                self._called_back(upto)
