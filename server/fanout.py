"""From broker channels to connections: who at this process is at which table, and
what each of them is sent.

A connection that enters a table becomes a member: it is sent the table's recent chat,
hears the table's events (seats, chat) and, once the game runs, is attached to its
audience's channel (its seat's, or the spectators'). This process subscribes to a
channel while one of its connections needs it, and forwards each published patch to
them, skipping versions a connection already has from a snapshot or a backlog.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from typing import Any

import msgspec

from protocol import messages as m
from protocol.tags import tag_of
from server.broker import Broker, BrokerUnavailable
from server.channels import Channels
from server.connection import Connection, Frame
from server.events import Census, ChatEvent, Event, RoomInfo, decode_event
from server.games.base import IllegalIntent
from server.inbox import Inbox
from server.keys import Audience, channel, chat_key, events_channel, split_published
from server.lobby import Lobby
from server.remote import RemoteRoom
from server.room import Room
from server.tables import AnyRoom, Tables
from server.tasks import Spawn

DETACHED = "detached"  # entered a room that has not started: no view yet
_encode = msgspec.msgpack.Encoder().encode
_decode_chat = msgspec.msgpack.Decoder(ChatEvent).decode


class Fanout:
    def __init__(
        self,
        broker: Broker,
        spawn: Spawn,
        channels: Channels,
        connections: Iterable[Connection],
        lobby: Lobby,
        tables: Tables,
        inbox: Inbox,
        reforward: Callable[[str], None],
        left: Callable[[str], None],
    ) -> None:
        """``connections`` are all of this process's (for a catch-up), ``inbox`` is told
        who arrives at a table and leaves it, ``reforward`` sends a table's new owner
        what still waits for an answer from the old one, and ``left`` is told when the
        last of this process's connections at a table has left it (both waiting.py)."""
        self.broker = broker
        self.spawn = spawn
        self.channels = channels
        self.connections = connections
        self.lobby = lobby
        self.tables = tables
        self.inbox = inbox
        self.reforward = reforward
        self.left = left
        self.members: dict[str, set[Connection]] = {}  # table -> our connections there
        self.watchers: dict[str, set[Connection]] = {}  # audience channel -> connections
        self._last: Frame | None = None  # the patch framed last (deliver)

    # --- entering and leaving ---------------------------------------------------------

    async def enter(self, conn: Connection, room: AnyRoom, v: int | None) -> None:
        """Make a connection a member of a table: tell it the table, and the game's
        view once it runs (only what it missed since version ``v``, when it has one)."""
        assert conn.player is not None
        self.lobby.forget(conn)
        first_here = room.id not in self.members
        members = self.members.setdefault(room.id, set())
        if first_here:
            await self.channels.subscribe(events_channel(room.id), room.id, self.on_event)
        if conn not in members:
            members.add(conn)
            conn.rooms[room.id] = DETACHED
            self.inbox.presence(room, conn, "join")
        conn.send(room_message(room.info(), conn))
        await self._chat_log(conn, room.id)
        if room.status != "waiting":
            await self.attach(conn, room, v)

    async def _chat_log(self, conn: Connection, room_id: str) -> None:
        """The table's recent chat, read after joining its events channel so that a
        line said meanwhile is in it or comes live (or both: the client shows it once)."""
        try:
            stored = await self.broker.recent(chat_key(room_id))
        except BrokerUnavailable:
            return  # the conversation is missed, not the table: entering goes on
        if stored:
            lines = [_decode_chat(data) for data in stored]
            entries = [
                m.ChatEntry(from_=e.from_, text=e.text, at=e.at, **_speaker(e)) for e in lines
            ]
            conn.send(m.ChatLog(room=room_id, lines=entries))

    async def leave_all(self, conn: Connection, keep_seats: bool = True) -> None:
        """Every table the connection had entered, left as by a dropped connection (its
        seats kept): it closed, or it is someone else from now on (signed in). Without
        ``keep_seats``, as by a `leave`: nobody will come back as this player (a guest
        who left the device)."""
        for room_id in list(conn.rooms):
            await self.leave(conn, room_id, gone=keep_seats)

    async def leave(self, conn: Connection, room_id: str, *, gone: bool = False) -> None:
        """``gone`` is a dropped connection rather than a `leave`: the player keeps a
        seat at a table that has not started yet."""
        if room_id not in conn.rooms:
            return
        audience = conn.rooms.pop(room_id)
        conn.versions.pop(room_id, None)
        if audience != DETACHED:
            self._unwatch(conn, channel(room_id, audience))
        tables = self.tables
        members = self.members.get(room_id, set())
        members.discard(conn)
        if not members:
            self.members.pop(room_id, None)
            tables.remote.pop(room_id, None)
            self.left(room_id)
            await self.channels.unsubscribe(events_channel(room_id))
        room = tables.get(room_id)
        if room is None and self.broker.shared:
            with contextlib.suppress(IllegalIntent, BrokerUnavailable):
                room = await tables.find(room_id)
            if not members:
                tables.remote.pop(room_id, None)
        if room is not None and conn.player is not None:
            self.inbox.presence(room, conn, "part", keep_seat=gone)

    # --- a connection's view ------------------------------------------------------------

    async def attach(self, conn: Connection, room: AnyRoom, v: int | None) -> None:
        """Point a connection at its audience's channel and bring it up to date:
        the patches it missed when the backlog still has them, else a snapshot.
        Subscribe first, then read, so that nothing published in between is lost."""
        assert conn.player is not None
        audience: Audience = room.seat_of(conn.player.id)
        old = conn.rooms.get(room.id, DETACHED)
        if old != audience:
            if old != DETACHED:
                self._unwatch(conn, channel(room.id, old))
            await self._watch(conn, room.id, channel(room.id, audience))
            conn.rooms[room.id] = audience
        if isinstance(room, Room):
            missed = room.patches_since(audience, v) if v is not None else None
            if missed is None:
                conn.send_frame(Frame(room.snapshot(audience)))
            else:
                for data in missed:
                    conn.send_frame(Frame(data, patch=True))
            conn.versions[room.id] = room.version
            return
        broker = self.broker
        missed = await room.patches_since(broker, audience, v) if v is not None else None
        if missed is not None:
            for data in missed:
                conn.send_frame(Frame(data, patch=True))
            conn.versions[room.id] = max(v or 0, v + len(missed) if v is not None else 0)
            return
        snap = await room.snapshot(broker, audience)
        # Asked for (v is None): always answer. Catching up: only what is newer.
        if snap is not None and (v is None or snap[0] > conn.versions.get(room.id, -1)):
            conn.send_frame(Frame(snap[1]))
            conn.versions[room.id] = snap[0]

    def catch_up(self) -> None:
        """Patches published while pub/sub was cut off never arrived: send each
        connection what it missed (from the backlog, or a snapshot)."""
        for conn in list(self.connections):
            for room_id, audience in list(conn.rooms.items()):
                room = self.tables.get(room_id)
                if room is None or audience == DETACHED:
                    continue
                have = conn.versions.get(room_id, -1)
                if not isinstance(room, Room) or have < room.version:
                    self.spawn(self.attach(conn, room, have))

    async def _watch(self, conn: Connection, room_id: str, name: str) -> None:
        watchers = self.watchers.setdefault(name, set())
        watchers.add(conn)
        # Alone in the hall, the ledger hands its patches to `deliver`: nothing is
        # published on an audience's channel, so there is nothing to hear.
        if len(watchers) == 1 and self.broker.shared:
            await self.channels.subscribe(name, room_id, self._deliverer(name))

    def _unwatch(self, conn: Connection, name: str) -> None:
        watchers = self.watchers.get(name)
        if watchers is None:
            return
        watchers.discard(conn)
        if not watchers:
            del self.watchers[name]
            if self.broker.shared:
                self.spawn(self.channels.unsubscribe(name))

    def _deliverer(self, name: str) -> Callable[[str, bytes], None]:
        def deliver(room_id: str, data: bytes) -> None:
            v, body, compact = split_published(data)
            self._send_patch(name, room_id, v, Frame(body, patch=True, cp=compact))

        return deliver

    def deliver(self, name: str, room_id: str, v: int, patch: bytes, compact: bytes) -> None:
        """A patch of a table of this hall of one process, from its ledger: no
        broker between them (ledger.py)."""
        if name in self.watchers:
            # Most audiences of a move get the very same patch (ledger.py): framed once.
            frame = self._last
            if frame is None or frame.mp is not patch:
                frame = self._last = Frame(patch, patch=True, cp=compact or None)
            self._send_patch(name, room_id, v, frame)

    def _send_patch(self, name: str, room_id: str, v: int, frame: Frame) -> None:
        for conn in list(self.watchers.get(name, ())):
            versions = conn.versions
            if versions.get(room_id, -1) >= v:
                continue  # it already has this version from a snapshot
            versions[room_id] = v
            conn.send_frame(frame)

    # --- the table's events ---------------------------------------------------------

    def on_event(self, room_id: str, data: bytes) -> None:
        event = decode_event(data)
        members = list(self.members.get(room_id, ()))
        if isinstance(event, ChatEvent):
            line = m.ChatLine(
                room=room_id, from_=event.from_, text=event.text, at=event.at, **_speaker(event)
            )
            frame = Frame(_encode(line))
            for conn in members:
                conn.send_frame(frame)
            return
        tables = self.tables
        if isinstance(event, Census):
            # A new owner took the table over and knows nobody yet: say who is here,
            # and send it what still waits for an answer from the old one.
            if room_id not in tables.own:
                self.reforward(room_id)
            room_here = tables.get(room_id)
            if room_here is not None:
                for conn in members:
                    if conn.player is not None:
                        self.inbox.presence(room_here, conn, "join")
            return
        assert isinstance(event, Event)
        room: AnyRoom | None = tables.own.get(room_id)
        if room is None:
            remote = tables.remote.get(room_id)
            # A hall of one process owns every table it has: an event that comes late
            # for a table it closed must not bring a view of it back.
            if remote is None and members and self.broker.shared:
                remote = tables.remote[room_id] = RemoteRoom(room_id, event.info, event.v)
            if remote is not None:
                remote.info_ = event.info
                remote.version = max(remote.version, event.v)
            room = remote
        for conn in members:
            conn.send(room_message(event.info, conn))
            if room is None or event.info.status == "waiting" or conn.player is None:
                continue
            if conn.rooms.get(room_id) != room.seat_of(conn.player.id):
                self.spawn(self.attach(conn, room, None))
            elif conn.versions.get(room_id, -1) < event.v:
                # Behind, e.g. a move its old owner logged but never published.
                self.spawn(self.attach(conn, room, conn.versions.get(room_id, -1)))


def _speaker(event: ChatEvent) -> dict[str, Any]:
    """Who said a line, for telling same-named speakers apart (protocol/tags.py)."""
    if not event.player:
        return {}  # kept from before lines named their speaker
    return {
        "player": event.player,
        "account": event.account,
        "tag": tag_of(event.player, event.account),
    }


def room_message(info: RoomInfo, conn: Connection) -> m.Room:
    """The `room` message for one member: the table, and which seat is theirs."""
    you = None
    if conn.player is not None:
        for i, seat in enumerate(info.seats):
            if seat is not None and seat.player == conn.player.id:
                you = i
    return m.Room(
        room=info.room,
        game=info.game,
        options=info.options,
        status=info.status,
        host=info.host,
        seats=info.seats,
        you=you,
        watchers=info.watchers,
        private=info.lock.private,
        invite=info.lock.invite if info.lock.private else None,
        password=info.lock.has_password,
        kept=info.kept,
        rematch=info.rematch,
        abandoned=info.abandoned,
        ai_log=info.ai_log.get(-1 if you is None else you, []),
    )
