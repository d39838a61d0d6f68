"""The lobby: the directory of every table of the hall, and the connections that watch it.

Each table's owner writes the table's entry into one directory that every process of
the hall reads. A change is signalled on the lobby channel; the connections watching
the lobby get the whole list again, at most a few times a second however many tables
change meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import struct
import time

import msgspec

from protocol import messages as m
from server.broker import Broker, BrokerUnavailable
from server.connection import Connection, Frame
from server.keys import DIRECTORY

DIRECTORY_TTL = 30.0  # seconds a lobby entry lives unless its owner refreshes it
LOBBY_INTERVAL = 0.2  # seconds: room_list updates are coalesced to at most 5 a second
_EXPIRES = struct.Struct(">d")
_encode = msgspec.msgpack.Encoder().encode
_decode_summary = msgspec.msgpack.Decoder(m.RoomSummary).decode


def directory_entry(summary: m.RoomSummary, shared: bool) -> bytes:
    """A lobby entry: when it expires (0: never, in a single process) and the summary.
    In a shared hall the owner refreshes it, so a table whose owner died with nobody
    left to take it over drops out of the lobby by itself."""
    expires = time.time() + DIRECTORY_TTL if shared else 0.0
    return _EXPIRES.pack(expires) + _encode(summary)


def read_directory_entry(raw: bytes) -> m.RoomSummary | None:
    expires = _EXPIRES.unpack_from(raw)[0]
    if expires and expires < time.time():
        return None
    return _decode_summary(raw[_EXPIRES.size :])


class Lobby:
    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self.watchers: set[Connection] = set()
        self._flush: asyncio.Task[None] | None = None

    async def room_list(self) -> m.RoomList:
        """Every table of the hall, from the directory all processes write to."""
        directory = await self.broker.dir_all(DIRECTORY)
        entries = (read_directory_entry(raw) for raw in directory.values())
        rooms = [e for e in entries if e is not None]
        rooms.sort(key=lambda r: (-r.created, r.room))  # the newest first
        return m.RoomList(rooms=rooms)

    async def watch(self, conn: Connection) -> None:
        self.watchers.add(conn)
        conn.send(await self.room_list())

    def on_change(self, data: bytes) -> None:
        """The lobby channel's handler: some entry changed."""
        if self._flush is None or self._flush.done():
            self._flush = asyncio.get_running_loop().create_task(self._send_later())

    async def _send_later(self) -> None:
        await asyncio.sleep(LOBBY_INTERVAL)
        if self.watchers:
            with contextlib.suppress(BrokerUnavailable):
                frame = Frame(_encode(await self.room_list()))
                for conn in list(self.watchers):
                    conn.send_frame(frame)
