"""The hall: sessions, the lobby, the tables, and what each client message does.

The hall is the hub's logic without the socket: ``receive(conn, frame)`` takes one
frame from a connection and answers through ``conn.send``. Patches reach connections
through broker channels, one per room and audience; the hall subscribes to a channel
while one of its connections watches it and forwards each patch to them, dropping
versions a connection already has.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import struct
import time
from collections.abc import Callable
from typing import Any

import msgspec

from protocol import codec
from protocol import messages as m
from server import games
from server.broker import Broker, BrokerUnavailable
from server.connection import Connection, Frame
from server.games.base import IllegalIntent
from server.metrics import Metrics
from server.remote import Command, RemoteRoom, Reply, inbox_channel, node_channel
from server.room import (
    DIRECTORY_TTL,
    Audience,
    Census,
    ChatEvent,
    Event,
    Room,
    RoomMeta,
    backlog_key,
    channel,
    decode_event,
    events_channel,
    lease_key,
    make_options,
    meta_key,
    read_directory_entry,
    split_published,
    state_key,
    view_key,
)
from server.sessions import Sessions, clean_name

log = logging.getLogger("spieltisch.hub")

DETACHED = "detached"  # entered a room that has not started: no view yet
CHAT_MAX = 500
LOBBY_INTERVAL = 0.2  # seconds: room_list updates are coalesced to at most 5 a second
_encode = msgspec.msgpack.Encoder().encode


class Limits(msgspec.Struct):
    frame_bytes: int = 64 * 1024
    rate: float = 20.0  # messages per second, sustained
    burst: float = 40.0
    send_queue: int = 512  # frames waiting for a slow reader before it is dropped
    bot_delay: float = 0.8  # seconds an AI player waits, so people can follow
    empty_grace: float = 60.0  # seconds an empty table waits for someone to come back
    lease_ttl: float = 3.0  # seconds a room's owner may go silent before another takes over


class Hall:
    def __init__(
        self, broker: Broker, metrics: Metrics | None = None, limits: Limits | None = None
    ) -> None:
        self.broker = broker
        self.metrics = metrics or Metrics()
        self.limits = limits or Limits()
        self.node = secrets.token_hex(4)  # this process, among those sharing the broker
        self.sessions = Sessions(broker)
        self.rooms: dict[str, Room] = {}  # the tables this process owns
        self.remote: dict[str, RemoteRoom] = {}  # tables owned elsewhere that our clients are at
        self._by_cid: dict[int, Connection] = {}
        self.connections: set[Connection] = set()
        self.lobby: set[Connection] = set()
        self.members: dict[str, set[Connection]] = {}
        self.subs: dict[str, set[Connection]] = {}
        self._handlers: dict[str, Callable[[bytes], None]] = {}
        self._lobby_task: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        broker.on_reconnect(self._catch_up)
        self.metrics.gauges["connections"] = lambda: len(self.connections)
        self.metrics.gauges["rooms"] = self._rooms_by_status

    async def start(self) -> None:
        await self.broker.subscribe("lobby", self._on_lobby)
        await self.broker.subscribe(node_channel(self.node), self._on_reply)
        if self.broker.shared:
            self._spawn(self._lease_loop())

    def _rooms_by_status(self) -> dict[str, float]:
        counts = {"waiting": 0.0, "playing": 0.0, "finished": 0.0}
        for room in self.rooms.values():
            counts[room.status] += 1
        return counts

    # --- connections ---------------------------------------------------------------

    def connect(self, conn: Connection) -> None:
        self.connections.add(conn)
        self._by_cid[conn.cid] = conn
        conn.start()

    async def disconnect(self, conn: Connection) -> None:
        self.connections.discard(conn)
        self._by_cid.pop(conn.cid, None)
        self.lobby.discard(conn)
        for room_id in list(conn.rooms):
            await self._leave(conn, room_id, gone=True)
        await conn.stop()

    async def receive(self, conn: Connection, data: bytes | str) -> None:
        """Handle one frame. Nothing a client sends may escape as an exception."""
        self.metrics.messages_in += 1
        conn.json = isinstance(data, str)
        if len(data) > self.limits.frame_bytes:
            self._error(
                conn,
                _loose_id(data),
                "too_large",
                f"Frames are limited to {self.limits.frame_bytes} bytes.",
            )
            return
        if not conn.bucket.take():
            self._error(conn, _loose_id(data), "rate_limited", "Too many messages; slow down.")
            return
        try:
            msg = codec.decode_client(data)
        except (msgspec.DecodeError, msgspec.ValidationError) as e:
            self._error(conn, _loose_id(data), "bad_message", f"Cannot read that message: {e}")
            return
        try:
            await self._dispatch(conn, msg)
        except IllegalIntent as e:
            self._error(conn, msg.id, e.code, e.message)
        except BrokerUnavailable:
            # Finding a table, a session or a stored view in the shared broker failed:
            # nothing was changed, and the client may try again.
            self._error(
                conn, msg.id, "unavailable", "The hall's storage is unreachable; try again."
            )
        except Exception:
            log.exception("hub: %s failed", type(msg).__name__)
            self._error(
                conn,
                msg.id,
                "internal_error",
                "The server could not handle that; nothing was changed.",
            )

    def _error(self, conn: Connection, ref: int | None, code: str, message: str) -> None:
        self.metrics.errors[code] += 1
        conn.send(m.Error(ref=ref, code=code, message=message))

    def _replier(self, conn: Connection, ref: int | None) -> Callable[[str, str], None]:
        return lambda code, message: self._error(conn, ref, code, message)

    # --- messages --------------------------------------------------------------------

    async def _dispatch(self, conn: Connection, msg: Any) -> None:
        if isinstance(msg, m.Ping):
            conn.send(m.Pong(id=msg.id))
            return
        if isinstance(msg, m.Hello):
            await self._hello(conn, msg)
            return
        if conn.player is None:
            raise IllegalIntent("bad_message", "Say hello first: the first message is `hello`.")
        match msg:
            case m.Rooms():
                self.lobby.add(conn)
                conn.send(await self._room_list())
            case m.Create():
                await self._create(conn, msg)
            case m.Enter():
                await self._enter(conn, await self._find(msg.room), msg.v)
            case m.Sit():
                room = await self._find(msg.room)
                if msg.room not in conn.rooms:
                    await self._enter(conn, room, None)
                self._submit(room, "sit", conn, msg)
            case m.Stand() | m.Option() | m.Bot() | m.Start() | m.Act():
                self._submit(await self._find(msg.room), type(msg).__name__.lower(), conn, msg)
            case m.Chat():
                await self._chat(conn, msg)
            case m.Resync():
                room = await self._find(msg.room)
                if room.status == "waiting":
                    raise IllegalIntent(
                        "not_started", "The game has not started; there is no view yet."
                    )
                if msg.room not in conn.rooms:
                    await self._enter(conn, room, None)
                else:
                    await self._attach(conn, room, None)
            case m.Leave():
                await self._find(msg.room)
                await self._leave(conn, msg.room)

    async def _hello(self, conn: Connection, msg: m.Hello) -> None:
        if conn.player is not None:
            raise IllegalIntent("bad_message", "This connection has already said hello.")
        name = clean_name(msg.name)
        if name is None:
            raise IllegalIntent("bad_message", "A name is 1 to 24 printable characters.")
        token, player = await self.sessions.resume_or_create(msg.token, name, msg.lang)
        conn.player = player
        conn.send(m.Welcome(token=token, player=player.id, name=player.name))

    async def _find(self, room_id: str) -> Room | RemoteRoom:
        """The table: our own actor, or a view of one another process owns."""
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        remote = self.remote.get(room_id)
        if remote is not None:
            return remote
        if self.broker.shared:
            raw = await self.broker.get(meta_key(room_id))
            if raw is not None:
                meta = msgspec.msgpack.decode(raw, type=RoomMeta)
                info = _info_from_meta(room_id, meta)
                remote = RemoteRoom(room_id, info, -1)
                self.remote[room_id] = remote
                return remote
        raise IllegalIntent("unknown_room", f"There is no table {room_id!r}.")

    def _submit(self, room: Room | RemoteRoom, kind: str, conn: Connection, msg: Any) -> None:
        assert conn.player is not None
        if isinstance(room, Room):
            room.submit(kind, conn.player, msg, self._replier(conn, msg.id))
            return
        command = Command(
            kind=kind,
            node=self.node,
            conn=conn.cid,
            ref=msg.id,
            player=conn.player,
            msg=msgspec.to_builtins(msg),
        )
        self._spawn(self._forward(room.id, command, conn))

    async def _forward(self, room_id: str, command: Command, conn: Connection | None) -> None:
        try:
            await self.broker.publish(inbox_channel(room_id), _encode(command))
        except BrokerUnavailable:
            if conn is not None:
                self._error(
                    conn,
                    command.ref,
                    "unavailable",
                    "The hall's storage is unreachable; try again.",
                )

    def _presence(
        self, room: Room | RemoteRoom, conn: Connection, kind: str, keep_seat: bool = False
    ) -> None:
        assert conn.player is not None
        if isinstance(room, Room):
            if kind == "join":
                room.join(conn.player.id)
            else:
                room.part(conn.player.id, keep_seat=keep_seat)
                if room.empty():
                    self._spawn(self._close_if_empty(room, self.limits.empty_grace))
            return
        command = Command(
            kind=kind, node=self.node, conn=conn.cid, player=conn.player, keep_seat=keep_seat
        )
        self._spawn(self._forward(room.id, command, None))

    async def _create(self, conn: Connection, msg: m.Create) -> None:
        assert conn.player is not None
        try:
            game = games.get(msg.game)
        except KeyError:
            known = ", ".join(games.names())
            raise IllegalIntent(
                "bad_message", f"There is no game {msg.game!r}; games: {known}."
            ) from None
        options = make_options(game, msg.options)
        room_id = secrets.token_hex(4)
        if self.broker.shared and not await self.broker.acquire(
            lease_key(room_id), self.node, self.limits.lease_ttl
        ):
            raise IllegalIntent("unavailable", "Could not open a table just now; try again.")
        room = self._new_room(room_id, game, options, conn.player)
        self.rooms[room_id] = room
        await self._own(room)
        await self._enter(conn, room, None)

    def _new_room(self, room_id: str, game: Any, options: Any, host: Any) -> Room:
        return Room(
            room_id,
            game,
            options,
            host,
            self.broker,
            self.metrics,
            self.limits.bot_delay,
            self._room_changed,
            node=self.node,
            on_lost=self._lost,
        )

    async def _own(self, room: Room) -> None:
        """Start serving a room's inbox: commands from clients of other processes."""
        await self._subscribe(inbox_channel(room.id), room.id, self._on_command)

    async def _enter(self, conn: Connection, room: Room | RemoteRoom, v: int | None) -> None:
        assert conn.player is not None
        self.lobby.discard(conn)
        first_here = room.id not in self.members
        members = self.members.setdefault(room.id, set())
        if first_here:
            await self._subscribe(events_channel(room.id), room.id, self._on_event)
        if conn not in members:
            members.add(conn)
            conn.rooms[room.id] = DETACHED
            self._presence(room, conn, "join")
        conn.send(self._room_message(room.info(), conn))
        if room.status != "waiting":
            await self._attach(conn, room, v)

    async def _attach(self, conn: Connection, room: Room | RemoteRoom, v: int | None) -> None:
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
                    conn.send_frame(Frame(data))
            conn.versions[room.id] = room.version
            return
        missed = await room.patches_since(self.broker, audience, v) if v is not None else None
        if missed is not None:
            for data in missed:
                conn.send_frame(Frame(data))
            conn.versions[room.id] = max(v or 0, v + len(missed) if v is not None else 0)
            return
        snap = await room.snapshot(self.broker, audience)
        # Asked for (v is None): always answer. Catching up: only what is newer.
        if snap is not None and (v is None or snap[0] > conn.versions.get(room.id, -1)):
            conn.send_frame(Frame(snap[1]))
            conn.versions[room.id] = snap[0]

    async def _leave(self, conn: Connection, room_id: str, *, gone: bool = False) -> None:
        """Stop watching a room. ``gone`` is a dropped connection rather than a
        `leave`: the player keeps a seat at a table that has not started yet."""
        if room_id not in conn.rooms:
            return
        audience = conn.rooms.pop(room_id)
        conn.versions.pop(room_id, None)
        if audience != DETACHED:
            self._unwatch(conn, channel(room_id, audience))
        members = self.members.get(room_id, set())
        members.discard(conn)
        if not members:
            self.members.pop(room_id, None)
            self.remote.pop(room_id, None)
            await self._unsubscribe(events_channel(room_id))
        room: Room | RemoteRoom | None = self.rooms.get(room_id) or self.remote.get(room_id)
        if room is None and self.broker.shared:
            with contextlib.suppress(IllegalIntent, BrokerUnavailable):
                room = await self._find(room_id)
            if not members:
                self.remote.pop(room_id, None)
        if room is not None and conn.player is not None:
            self._presence(room, conn, "part", keep_seat=gone)

    async def _close_if_empty(self, room: Room, grace: float) -> None:
        """Close a table nobody is at, after a grace period for people reloading."""
        if grace > 0:
            await asyncio.sleep(grace)
        if room.empty() and room.status != "playing" and self.rooms.get(room.id) is room:
            del self.rooms[room.id]
            await self._unsubscribe(inbox_channel(room.id))
            await room.close()
            with contextlib.suppress(BrokerUnavailable):
                await self.broker.dir_delete("rooms", room.id)
                await self.broker.delete_log(room.log_key)
                if self.broker.shared:
                    await self.broker.delete(meta_key(room.id))
                    for audience in room.audiences():
                        await self.broker.delete(view_key(room.id, audience))
                        await self.broker.delete(backlog_key(room.id, audience))
                    await self.broker.release(lease_key(room.id), self.node)
                await self.broker.publish("lobby", b"")

    # --- owning rooms across processes ----------------------------------------------

    def _on_command(self, room_id: str, data: bytes) -> None:
        room = self.rooms.get(room_id)
        if room is None:
            return  # not ours (any more): its new owner hears this too
        cmd = msgspec.msgpack.decode(data, type=Command)
        if cmd.kind in ("join", "part"):
            if cmd.player is None:
                return
            if cmd.kind == "join":
                room.join(cmd.player.id)
            else:
                room.part(cmd.player.id, keep_seat=cmd.keep_seat)
                if room.empty():
                    self._spawn(self._close_if_empty(room, self.limits.empty_grace))
            return
        try:
            msg = msgspec.convert(cmd.msg, m.ClientMessage)
        except msgspec.ValidationError:
            return

        def reply(code: str, message: str) -> None:
            answer = Reply(conn=cmd.conn, ref=cmd.ref, code=code, message=message)
            self._spawn(self._quiet_publish(node_channel(cmd.node), _encode(answer)))

        room.submit(cmd.kind, cmd.player, msg, reply)

    def _on_reply(self, data: bytes) -> None:
        answer = msgspec.msgpack.decode(data, type=Reply)
        conn = self._by_cid.get(answer.conn)
        if conn is not None:
            self._error(conn, answer.ref, answer.code, answer.message)

    async def _quiet_publish(self, name: str, data: bytes) -> None:
        with contextlib.suppress(BrokerUnavailable):
            await self.broker.publish(name, data)

    async def _lease_loop(self) -> None:
        """Renew the leases of our rooms, give up those we lost, and take over the
        rooms our clients are at whose owner has gone silent."""
        ttl = self.limits.lease_ttl
        self._refreshed = time.monotonic()
        while True:
            await asyncio.sleep(ttl / 3)
            try:
                refresh = time.monotonic() - self._refreshed > DIRECTORY_TTL / 3
                # Our rooms, then the rooms our clients are at that nobody owns: all
                # leases in one round trip.
                ours = list(self.rooms.values())
                orphans = [r for r in self.members if r not in self.rooms]
                got = await self.broker.acquire_many(
                    [lease_key(r.id) for r in ours] + [lease_key(r) for r in orphans],
                    self.node,
                    ttl,
                )
                for room, held in zip(ours, got[: len(ours)], strict=True):
                    if not held:
                        self._lost(room)
                if refresh:
                    # One round trip for all: room by room, a busy process took longer
                    # than a lease to refresh hundreds of entries, and lost the leases.
                    await self.broker.dir_put(
                        "rooms", {r.id: r.directory() for r in ours if r.id in self.rooms}
                    )
                    self._refreshed = time.monotonic()
                for room_id, held in zip(orphans, got[len(ours) :], strict=True):
                    if held and room_id not in self.rooms:
                        await self._take_over(room_id)
            except BrokerUnavailable:
                continue
            except Exception:
                log.exception("hub: lease loop")

    async def _take_over(self, room_id: str) -> None:
        raw = await self.broker.get(meta_key(room_id))
        if raw is None:
            await self.broker.release(lease_key(room_id), self.node)
            return
        meta = msgspec.msgpack.decode(raw, type=RoomMeta)
        game = games.get(meta.game)
        options = msgspec.convert(meta.options, game.Options)
        saved = await self.broker.get(state_key(room_id))
        start = 1 + struct.unpack_from(">Q", saved)[0] if saved is not None else 0
        entries = await self.broker.read_log(f"log:{room_id}", start)
        host = self.sessions.placeholder(meta.host)
        room = self._new_room(room_id, game, options, host)
        room.restore(meta, entries, saved)
        self.rooms[room_id] = room
        self.remote.pop(room_id, None)
        await self._own(room)
        await room.store_views()
        room.changed()
        await self.broker.publish(events_channel(room_id), _encode(Census()))
        room._schedule_bot()

    def _lost(self, room: Room) -> None:
        """Another process holds this room's lease now: stop the actor, forget it."""
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
            self._spawn(self._unsubscribe(inbox_channel(room.id)))
            self._spawn(room.close())
            log.info('{"event": "hub.room_lost", "room": "%s", "node": "%s"}', room.id, self.node)

    async def _chat(self, conn: Connection, msg: m.Chat) -> None:
        assert conn.player is not None
        room = await self._find(msg.room)
        if conn not in self.members.get(room.id, ()):
            raise IllegalIntent("unknown_room", "Enter the table before you chat there.")
        text = "".join(ch for ch in msg.text if ch.isprintable()).strip()
        if not text:
            raise IllegalIntent("bad_message", "An empty chat line.")
        if len(text) > CHAT_MAX:
            raise IllegalIntent("too_large", f"Chat lines are limited to {CHAT_MAX} characters.")
        event = ChatEvent(from_=conn.player.name, text=text, at=time.time())
        await self.broker.publish(events_channel(room.id), _encode(event))

    # --- channels ------------------------------------------------------------------

    async def _subscribe(self, name: str, room_id: str, on: Callable[[str, bytes], None]) -> None:
        if name in self._handlers:
            return

        def handler(data: bytes) -> None:
            on(room_id, data)

        self._handlers[name] = handler
        await self.broker.subscribe(name, handler)

    async def _unsubscribe(self, name: str) -> None:
        handler = self._handlers.pop(name, None)
        if handler is not None:
            await self.broker.unsubscribe(name, handler)

    async def _watch(self, conn: Connection, room_id: str, name: str) -> None:
        watchers = self.subs.setdefault(name, set())
        watchers.add(conn)
        if len(watchers) == 1:
            await self._subscribe(name, room_id, self._deliverer(name))

    def _unwatch(self, conn: Connection, name: str) -> None:
        watchers = self.subs.get(name)
        if watchers is None:
            return
        watchers.discard(conn)
        if not watchers:
            del self.subs[name]
            self._spawn(self._unsubscribe(name))

    def _deliverer(self, name: str) -> Callable[[str, bytes], None]:
        def deliver(room_id: str, data: bytes) -> None:
            v, body = split_published(data)
            frame = Frame(body)
            for conn in list(self.subs.get(name, ())):
                if conn.versions.get(room_id, -1) >= v:
                    continue  # it already has this version from a snapshot
                conn.versions[room_id] = v
                conn.send_frame(frame)

        return deliver

    def _on_event(self, room_id: str, data: bytes) -> None:
        event = decode_event(data)
        members = list(self.members.get(room_id, ()))
        if isinstance(event, ChatEvent):
            frame = Frame(
                _encode(m.ChatLine(room=room_id, from_=event.from_, text=event.text, at=event.at))
            )
            for conn in members:
                conn.send_frame(frame)
            return
        if isinstance(event, Census):
            # A new owner took the table over and knows nobody yet: say who is here.
            room_here = self.rooms.get(room_id) or self.remote.get(room_id)
            if room_here is not None:
                for conn in members:
                    if conn.player is not None:
                        self._presence(room_here, conn, "join")
            return
        assert isinstance(event, Event)
        room: Room | RemoteRoom | None = self.rooms.get(room_id)
        if room is None:
            remote = self.remote.get(room_id)
            if remote is None and members:
                remote = self.remote[room_id] = RemoteRoom(room_id, event.info, event.v)
            if remote is not None:
                remote.info_ = event.info
                remote.version = max(remote.version, event.v)
            room = remote
        for conn in members:
            conn.send(self._room_message(event.info, conn))
            if room is None or event.info.status == "waiting" or conn.player is None:
                continue
            if conn.rooms.get(room_id) != room.seat_of(conn.player.id):
                self._spawn(self._attach(conn, room, None))
            elif conn.versions.get(room_id, -1) < event.v:
                # Behind, e.g. a move its old owner logged but never published.
                self._spawn(self._attach(conn, room, conn.versions.get(room_id, -1)))

    @staticmethod
    def _room_message(info: Any, conn: Connection) -> m.Room:
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
        )

    def _catch_up(self) -> None:
        """Patches published while pub/sub was cut off never arrived: send each
        connection what it missed (from the backlog, or a snapshot)."""
        for conn in list(self.connections):
            for room_id, audience in list(conn.rooms.items()):
                room = self.rooms.get(room_id) or self.remote.get(room_id)
                if room is None or audience == DETACHED:
                    continue
                have = conn.versions.get(room_id, -1)
                if not isinstance(room, Room) or have < room.version:
                    self._spawn(self._attach(conn, room, have))

    # --- the lobby -----------------------------------------------------------------

    async def _room_list(self) -> m.RoomList:
        """Every table of the hall, from the directory all processes write to."""
        directory = await self.broker.dir_all("rooms")
        entries = (read_directory_entry(directory[k]) for k in sorted(directory))
        return m.RoomList(rooms=[e for e in entries if e is not None])

    def _room_changed(self, room: Room) -> None:
        if room.status == "finished" and room.empty() and room.id in self.rooms:
            self._spawn(self._close_if_empty(room, self.limits.empty_grace))

    def _on_lobby(self, data: bytes) -> None:
        if self._lobby_task is None or self._lobby_task.done():
            self._lobby_task = asyncio.get_running_loop().create_task(self._flush_lobby())

    async def _flush_lobby(self) -> None:
        await asyncio.sleep(LOBBY_INTERVAL)
        if self.lobby:
            with contextlib.suppress(BrokerUnavailable):
                frame = Frame(_encode(await self._room_list()))
                for conn in list(self.lobby):
                    conn.send_frame(frame)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        for conn in list(self.connections):
            await self.disconnect(conn)
        for room in list(self.rooms.values()):
            await room.close()
        self.rooms.clear()
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task


def _info_from_meta(room_id: str, meta: RoomMeta) -> Any:
    from server.room import RoomInfo  # the shape every hub shows a table in

    return RoomInfo(
        room=room_id,
        game=meta.game,
        options=meta.options,
        status=meta.status,
        host=meta.host,
        seats=[
            None if s is None else m.SeatInfo(player=s.player, name=s.name, bot=s.bot, online=True)
            for s in meta.seats
        ],
        watchers=0,
    )


def _loose_id(data: bytes | str) -> int | None:
    """The ``id`` of a message that failed to decode, when there is one to echo."""
    try:
        raw = msgspec.json.decode(data) if isinstance(data, str) else msgspec.msgpack.decode(data)
    except Exception:
        return None
    ref = raw.get("id") if isinstance(raw, dict) else None
    return ref if type(ref) is int else None
