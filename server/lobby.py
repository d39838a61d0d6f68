"""The lobby: the directory of every table of the hall, and the connections that watch it.

Each table's owner writes the table's entry into one directory that every process of
the hall reads. A change is signalled on the lobby channel; the connections watching
the lobby are told at most a few times a second however many tables change
meanwhile. Each watcher sees a bounded list (the newest tables that match its filter)
and, if it asked for changes, only what changed in that list since it was last told.
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
from server.games.base import IllegalIntent
from server.keys import DIRECTORY

DIRECTORY_TTL = 30.0  # seconds a lobby entry lives unless its owner refreshes it
LOBBY_INTERVAL = 0.2  # seconds: lobby updates are coalesced to at most 5 a second
_EXPIRES = struct.Struct(">d")
_encode = msgspec.msgpack.Encoder().encode


class Due(msgspec.Struct, array_like=True):
    """A person whose move a turn-based table waits for (server/turns.py)."""

    seat: int
    player: str
    deadline: float  # when their time runs out (Unix seconds)
    since: float  # when it became their move


class Entry(msgspec.Struct, array_like=True):
    """A table in the directory: what the lobby shows, and what only the hall reads
    (who hosts it and from which address, for the caps on open tables; at a running
    turn-based table, whose move it is and the names in its seats, for `turns`, also
    at a private table, whose lobby entry names nobody)."""

    summary: m.RoomSummary
    host: str | None = None
    address: str = ""
    due: list[Due] = []
    names: list[str] = []  # by seat, only while ``due`` is not empty


_decode_entry = msgspec.msgpack.Decoder(Entry).decode
_decode_summary = msgspec.msgpack.Decoder(m.RoomSummary).decode


def directory_entry(entry: Entry, shared: bool) -> bytes:
    """A lobby entry: when it expires (0: never, in a single process) and the entry.
    In a shared hall the owner refreshes it, so a table whose owner died with nobody
    left to take it over drops out of the lobby by itself."""
    expires = time.time() + DIRECTORY_TTL if shared else 0.0
    return _EXPIRES.pack(expires) + _encode(entry)


def read_directory_entry(raw: bytes) -> Entry | None:
    expires = _EXPIRES.unpack_from(raw)[0]
    if expires and expires < time.time():
        return None
    body = raw[_EXPIRES.size :]
    if body and (body[0] & 0xF0 == 0x80 or body[0] in (0xDE, 0xDF)):
        # Written by an older hall: the summary alone, a MessagePack map.
        summary = _decode_summary(body)
        return Entry(summary=summary, host=summary.host)
    return _decode_entry(body)


class Watch:
    """One connection's lobby: its filter, and what it was last told (each table's
    encoded summary), so that the next update says only what changed."""

    __slots__ = ("game", "status", "limit", "changes", "shown", "total")

    def __init__(self, msg: m.Rooms) -> None:
        self.game = msg.game
        self.status = msg.status
        self.limit = msg.limit
        self.changes = msg.changes
        self.shown: dict[str, bytes] = {}
        self.total = 0

    def pick(self, rooms: list[m.RoomSummary]) -> tuple[list[m.RoomSummary], int]:
        """The newest ``limit`` tables that match, and how many match in all."""
        matching = [
            r
            for r in rooms
            if (self.game is None or r.game == self.game)
            and (self.status is None or r.status == self.status)
        ]
        return matching[: self.limit], len(matching)


class Lobby:
    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self.watchers: dict[Connection, Watch] = {}
        self._flush: asyncio.Task[None] | None = None

    async def entries(self) -> list[Entry]:
        """Every table of the hall, from the directory all processes write to."""
        directory = await self.broker.dir_all(DIRECTORY)
        found = (read_directory_entry(raw) for raw in directory.values())
        return [e for e in found if e is not None]

    async def rooms(self) -> list[m.RoomSummary]:
        """Every table's summary, the newest first."""
        rooms = [e.summary for e in await self.entries()]
        rooms.sort(key=lambda r: (-r.created, r.room))
        return rooms

    async def watch(self, conn: Connection, msg: m.Rooms) -> None:
        """Show a connection the lobby (again, with a new filter): a whole list now,
        updates later."""
        if not 1 <= msg.limit <= m.LOBBY_MAX:
            raise IllegalIntent(
                "bad_message",
                f"The lobby lists 1 to {m.LOBBY_MAX} tables.",
                {"limit_max": m.LOBBY_MAX},
            )
        watch = Watch(msg)
        self.watchers[conn] = watch
        shown, total = watch.pick(await self.rooms())
        watch.shown = {r.room: _encode(r) for r in shown}
        watch.total = total
        conn.send(m.RoomList(rooms=shown, total=total))

    def forget(self, conn: Connection) -> None:
        self.watchers.pop(conn, None)

    def on_change(self, data: bytes) -> None:
        """The lobby channel's handler: some entry changed."""
        if self._flush is None or self._flush.done():
            self._flush = asyncio.get_running_loop().create_task(self._send_later())

    async def _send_later(self) -> None:
        await asyncio.sleep(LOBBY_INTERVAL)
        if not self.watchers:
            return
        with contextlib.suppress(BrokerUnavailable):
            rooms = await self.rooms()
            # Watchers with the same filter and no memory of their own share one frame.
            lists: dict[tuple[str | None, str | None, int], Frame] = {}
            for conn, watch in list(self.watchers.items()):
                if watch.changes:
                    self._send_changes(conn, watch, rooms)
                    continue
                key = (watch.game, watch.status, watch.limit)
                frame = lists.get(key)
                if frame is None:
                    shown, total = watch.pick(rooms)
                    frame = lists[key] = Frame(_encode(m.RoomList(rooms=shown, total=total)))
                conn.send_frame(frame)

    @staticmethod
    def _send_changes(conn: Connection, watch: Watch, rooms: list[m.RoomSummary]) -> None:
        shown, total = watch.pick(rooms)
        now = {r.room: _encode(r) for r in shown}
        changed = [r for r in shown if watch.shown.get(r.room) != now[r.room]]
        gone = [room for room in watch.shown if room not in now]
        if changed or gone or total != watch.total:
            conn.send(m.RoomChanges(rooms=changed, gone=gone, total=total))
        watch.shown = now
        watch.total = total
