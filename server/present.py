"""Who is here: the people connected to the hall, and the tables each sits at or
watches, told to everyone who listens (`hall`).

Each process knows its own connections. Once a second it looks at them (alone in
the hall, only while someone listens: the first listener gets a fresh look); in a hall
shared through a broker, when its people changed (or every few seconds, to stay
listed) it writes them into the presence directory under its own id and says so on
the presence channel, and a process that hears of a change reads the directory whole
(entries of processes that stopped refreshing have expired). Listeners get the whole
list once, when they come, and after that only what changed, at most once a second,
as one frame shared by all of a process's listeners: a hall of thousands does not
send everyone a full list whenever someone comes or goes.
"""

from __future__ import annotations

import asyncio
import contextlib
import struct
import time
from collections.abc import Iterable

import msgspec

from protocol import messages as m
from protocol.tags import tag_of
from server.broker import Broker, BrokerUnavailable
from server.connection import Connection, Frame
from server.keys import PRESENT, PRESENT_CHANNEL
from server.remote import RemoteRoom
from server.tables import AnyRoom, Tables

EVERY = m.PRESENT_EVERY  # seconds between looks (and at most one update a second)
REFRESH = 10.0  # seconds: a process writes its people again at least this often ...
EXPIRES = 30.0  # ... and its entry is ignored when it has not for this long
_EXPIRES = struct.Struct(">d")
_encode = msgspec.msgpack.Encoder().encode
_decode_people = msgspec.msgpack.Decoder(list[m.Person]).decode


def _game_of(room: AnyRoom) -> str:
    return room.info_.game if isinstance(room, RemoteRoom) else room.game.name


class Presence:
    def __init__(
        self, broker: Broker, node: str, connections: Iterable[Connection], tables: Tables
    ) -> None:
        self.broker = broker
        self.node = node
        self.connections = connections
        self.tables = tables
        self.listeners: set[Connection] = set()
        self.people: dict[str, m.Person] = {}  # what the listeners were last told
        self._told: dict[str, bytes] = {}  # ... each person encoded, to compare
        self._mine = b""  # this process's people as last written to the directory
        self._written = 0.0
        self._heard = True  # another process's people changed: read the directory

    async def start(self) -> None:
        if self.broker.shared:
            await self.broker.subscribe(PRESENT_CHANNEL, self.on_change)

    async def run(self) -> None:
        while True:
            await asyncio.sleep(EVERY)
            with contextlib.suppress(BrokerUnavailable):
                await self.tick()

    async def close(self) -> None:
        if self.broker.shared:
            with contextlib.suppress(BrokerUnavailable):
                await self.broker.dir_delete(PRESENT, self.node)
                await self.broker.publish(PRESENT_CHANNEL, b"")

    def on_change(self, data: bytes) -> None:
        self._heard = True

    async def join(self, conn: Connection, on: bool) -> None:
        if not on:
            self.listeners.discard(conn)
            return
        if not self.broker.shared and not self.listeners:
            self._look_here()  # nobody listened: the list was not kept up to date
        self.listeners.add(conn)
        conn.send(m.Present(people=list(self.people.values())))

    def forget(self, conn: Connection) -> None:
        self.listeners.discard(conn)

    # --- a look -------------------------------------------------------------------------

    def here(self) -> list[m.Person]:
        """This process's people: one entry per player, whatever their connections."""
        found: dict[str, m.Person] = {}
        for conn in self.connections:
            player = conn.player
            if player is None or conn.closed:
                continue
            person = found.get(player.id)
            if person is None:
                account = bool(player.account)
                person = found[player.id] = m.Person(
                    player=player.id,
                    name=player.name,
                    account=account,
                    tag=tag_of(player.id, account, player.bot),
                )
            for room_id in conn.rooms:
                room = self.tables.get(room_id)
                # Nobody outside a private table learns who is at it.
                if room is None or room.lock.private:
                    continue
                seated = room.seat_of(player.id) is not None
                person.places.append(m.Place(room=room_id, game=_game_of(room), seated=seated))
        return list(found.values())

    async def tick(self) -> None:
        if not self.broker.shared:
            # This process is the whole hall: nobody to tell when nobody listens (a
            # look walks every connection: at 2,000, some 8 ms a second), and nothing
            # to merge.
            if self.listeners:
                self._look_here()
            return
        mine = self.here()
        encoded = _encode(mine)
        now = time.time()
        if encoded != self._mine or now - self._written >= REFRESH:
            await self.broker.dir_put(PRESENT, {self.node: _EXPIRES.pack(now + EXPIRES) + encoded})
            if encoded != self._mine:
                await self.broker.publish(PRESENT_CHANNEL, b"")
            self._mine, self._written = encoded, now
            # Every few seconds the directory is read even when nobody said anything:
            # a process that died without a word drops out when its entry expires.
            self._heard = True
        if not self._heard:
            return
        self._heard = False
        everyone: list[m.Person] = []
        for node, raw in (await self.broker.dir_all(PRESENT)).items():
            if _EXPIRES.unpack_from(raw)[0] < now:
                await self.broker.dir_delete(PRESENT, node)
                continue
            with contextlib.suppress(msgspec.DecodeError, msgspec.ValidationError):
                everyone.extend(_decode_people(raw[_EXPIRES.size :]))
        self._tell(everyone)

    def _look_here(self) -> None:
        """A hall of one process: its people, told when they are not as they were
        (the usual second)."""
        mine = self.here()
        encoded = _encode(mine)
        if encoded != self._mine:
            self._mine = encoded
            self._tell(mine)

    def _tell(self, everyone: list[m.Person]) -> None:
        """Merge each player's entries (connections on several processes), and send
        the listeners what changed since they were last told."""
        merged: dict[str, m.Person] = {}
        for person in everyone:
            held = merged.get(person.player)
            if held is None:
                merged[person.player] = person
                continue
            for place in person.places:
                same = next((p for p in held.places if p.room == place.room), None)
                if same is None:
                    held.places.append(place)
                else:
                    same.seated = same.seated or place.seated
        for person in merged.values():
            person.places.sort(key=lambda p: p.room)  # the same order on every look
        told = {player: _encode(p) for player, p in merged.items()}
        changed = [merged[k] for k, v in told.items() if self._told.get(k) != v]
        gone = [k for k in self._told if k not in told]
        self.people, self._told = merged, told
        if not (changed or gone) or not self.listeners:
            return
        frame = Frame(_encode(m.PresentChanges(people=changed, gone=gone)))
        for conn in list(self.listeners):
            conn.send_frame(frame)
