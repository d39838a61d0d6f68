"""The tables a process knows: those it owns (their actors run here) and those owned
by another process that its clients are at (seen through RemoteRoom).

Opening a table makes this process its owner; a table closes when nobody has been at
it for a grace period (so a reload does not lose it), unless its game is running.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Collection
from typing import Any

import msgspec

from server import games
from server.ai.thinker import Thinker
from server.broker import Broker, BrokerUnavailable
from server.channels import Channels
from server.games.base import IllegalIntent
from server.keys import (
    CHAT_KEEP,
    DIRECTORY,
    LOBBY,
    TURN_BASED,
    VERSION,
    backlog_key,
    chat_key,
    inbox_channel,
    lease_key,
    log_key,
    meta_key,
    state_key,
    view_key,
)
from server.limits import Limits
from server.lobby import Lobby
from server.metrics import Metrics
from server.remote import RemoteRoom
from server.room import Room
from server.room.actor import OnArchived, OnTurn
from server.room.clock import clock_seconds, out_of_time_of, pace_of
from server.room.ledger import META_TTL, Deliver
from server.room.options import make_options
from server.room.pace import AUTO, ai_pace
from server.room.privacy import Lock, refuse
from server.room.record import RoomMeta, Seat
from server.sessions import Player, Sessions
from server.tasks import Spawn

log = logging.getLogger("spieltisch.hub")

AnyRoom = Room | RemoteRoom


class Tables:
    def __init__(
        self,
        broker: Broker,
        metrics: Metrics,
        limits: Limits,
        node: str,
        spawn: Spawn,
        channels: Channels,
        lobby: Lobby,
        thinker: Thinker,
        on_command: Callable[[Room, bytes], None],
        on_archived: OnArchived | None = None,
        on_turn: OnTurn | None = None,
        forgotten: Callable[[], Awaitable[Collection[str]]] | None = None,
    ) -> None:
        """``node`` is this process; ``metrics`` and ``thinker`` are handed to each table's
        actor; ``lobby`` counts the tables a host has waiting; ``on_command`` is given
        what comes on the inbox channel of a table this process owns (inbox.py);
        ``on_archived`` each finished game once it is archived (the ratings);
        ``on_turn`` (player id, table id) whenever it becomes a person's move at a
        turn-based table of this process; ``forgotten`` the player ids of deleted
        accounts, for a table run here again after a deletion its owner did not hear
        of."""
        self.broker = broker
        self.metrics = metrics
        self.limits = limits
        self.node = node
        self.spawn = spawn
        self.channels = channels
        self.lobby = lobby
        self.thinker = thinker
        self.on_command = on_command
        self.on_archived = on_archived
        self.on_turn = on_turn
        self.forgotten = forgotten
        # A hall of one process: each table's patches straight to its connections
        # (Fanout.deliver, set by the hall once it has made the fan-out).
        self.deliver: Deliver | None = None
        self.own: dict[str, Room] = {}
        self.remote: dict[str, RemoteRoom] = {}

    def get(self, room_id: str) -> AnyRoom | None:
        return self.own.get(room_id) or self.remote.get(room_id)

    async def find(self, room_id: str) -> AnyRoom:
        """The table: our own actor, or a view of one another process owns."""
        room = self.get(room_id)
        if room is not None:
            return room
        broker = self.broker
        if broker.shared:
            raw = await broker.get(meta_key(room_id))
            if raw is not None:
                meta = msgspec.msgpack.decode(raw, type=RoomMeta)
                remote = self.remote[room_id] = RemoteRoom.from_meta(room_id, meta)
                return remote
        raise IllegalIntent("unknown_room", f"There is no table {room_id!r}.")

    def admit(self, player: Player, room: AnyRoom, key: str | None) -> None:
        """Anyone may come to a public table; to a private one, its host, its players
        and whoever brings its invitation or password. Refuse anyone else."""
        lock = room.lock
        if lock.opens(key) or player.id == room.host or room.seat_of(player.id) is not None:
            return
        if any(k is not None and k.player == player.id for k in room.info().kept):
            return  # a rematch keeps a seat for them
        raise refuse(lock, key)

    async def open(
        self, host: Player, game_name: str, raw_options: dict[str, Any], address: str = ""
    ) -> Room:
        """A new table of a game, owned by this process, with ``host`` (who comes from
        ``address``) as its host."""
        try:
            game = games.get(game_name)
        except KeyError:
            known = ", ".join(games.names())
            raise IllegalIntent(
                "bad_message",
                f"There is no game {game_name!r}; games: {known}.",
                {"game": game_name},
            ) from None
        await self._may_open(host, address)
        raw = dict(raw_options)
        # The table's, not the game's: its pace, clock and what happens out of time.
        pace = pace_of(raw.pop("pace", "realtime"))
        clock = clock_seconds(raw.pop("clock", 0), pace)
        out_of_time = out_of_time_of(raw.pop("out_of_time", "ai_move"))
        lock = Lock()  # so are its privacy and password
        lock.set_private(raw.pop("private", False))
        lock.set_password(raw.pop("password", None))
        rated = raw.pop("rated", True)
        speed = ai_pace(raw.pop("ai_pace", AUTO))  # how fast its AI players play
        options = make_options(game, raw)
        room = await self._new(game, options, host, address)
        room.table.clock.pace = pace
        room.table.clock.per_move = clock
        room.table.clock.out_of_time = out_of_time
        room.table.lock = lock
        room.table.set_rated(rated)
        room.table.ai_pace = speed
        # Whoever opens a table means to play at it: they sit in the first seat at once
        # (no command yet, so no actor is needed), and may add AI players and start.
        room.table.sit(host.id, host.name, 0)
        await self._announce(room)
        return room

    async def open_rematch(self, old: Room, host: Player, rotate: bool) -> str:
        """A table to play again like ``old``: its options, clock, privacy and rating, the
        AI players at their levels, ``host`` in their seat, the other people's seats
        kept for them; the players in the same order, or rotated by one seat."""
        before = old.table
        await self._may_open(host, before.address)
        seats = [s for s in before.seats if s is not None]
        if rotate:
            seats = seats[1:] + seats[:1]
        room = await self._new(old.game, before.options, host, before.address)
        table = room.table
        table.clock.pace = before.clock.pace
        table.clock.per_move = before.clock.per_move
        table.clock.out_of_time = before.clock.out_of_time
        # The same privacy and password, with an invitation of its own.
        table.lock = Lock(
            private=before.lock.private, salt=before.lock.salt, digest=before.lock.digest
        )
        table.rated = before.rated
        table.ai_pace = before.ai_pace
        for i, seat in enumerate(seats):
            if seat.bot:
                table.add_bot(host.id, i, seat.level)
            elif seat.player == host.id:
                table.sit(host.id, host.name, i)
            else:
                table.kept[i] = Seat(player=seat.player, name=seat.name)
        await self._announce(room)
        return room.id

    async def _new(self, game: Any, options: Any, host: Player, address: str) -> Room:
        """A new table owned here (its lease taken when the hall is shared)."""
        room_id = secrets.token_hex(4)
        if self.broker.shared and not await self.broker.acquire(
            lease_key(room_id), self.node, self.limits.lease_ttl
        ):
            raise IllegalIntent("unavailable", "Could not open a table just now; try again.")
        room = self.new_room(room_id, game, options, host)
        room.table.address = address
        return room

    async def _announce(self, room: Room) -> None:
        """Serve a new table, and write it where every process looks before its opener
        is answered."""
        await self.serve(room)
        try:
            await room.announcer.store()
        except BrokerUnavailable:
            await self._close(room)
            raise IllegalIntent(
                "unavailable", "Could not open a table just now; try again."
            ) from None

    async def _may_open(self, host: Player, address: str) -> None:
        """One person may host only a few tables waiting for players at once, and the
        people of one address a few more, counted over the whole hall (the lobby
        directory every process writes): one visitor must not be able to fill the
        lobby, neither with one session nor with many."""
        limits = self.limits
        cap, address_cap = limits.open_tables, limits.open_tables_per_address
        if cap <= 0 and (address_cap <= 0 or not address):
            return
        waiting = [e for e in await self.lobby.entries() if e.summary.status == "waiting"]
        mine = sum(1 for e in waiting if e.host == host.id)
        if 0 < cap <= mine:
            raise IllegalIntent(
                "too_many_tables",
                f"You already host {mine} tables waiting for players (at most {cap}); "
                "start or leave one first.",
                {"tables": cap},
            )
        address = limits.counted_address(address)
        ours = sum(1 for e in waiting if e.address == address) if address else 0
        if 0 < address_cap <= ours:
            raise IllegalIntent(
                "too_many_tables",
                f"Your network already hosts {ours} tables waiting for players (at most "
                f"{address_cap}); start or leave one first.",
                {"tables": address_cap},
            )

    async def rebuild(self, room_id: str) -> Room | None:
        """Run a table here again from what the broker keeps of it (its owner went
        silent, or this process restarted): its meta, its latest saved state and the
        log after it. None when the broker has no meta for it."""
        broker = self.broker
        raw = await broker.get(meta_key(room_id))
        if raw is None:
            raw = await self._carry_over(room_id)
        if raw is None:
            return None
        meta = msgspec.msgpack.decode(raw, type=RoomMeta)
        game = games.get(meta.game)
        options = msgspec.convert(meta.options, game.Options)
        saved = await broker.get(state_key(room_id))
        start = 1 + VERSION.unpack_from(saved)[0] if saved is not None else 0
        entries = await broker.read_log(log_key(room_id), start)
        room = self.new_room(room_id, game, options, Sessions.placeholder(meta.host))
        room.restore(meta, entries, saved)
        await self.serve(room)
        if self.forgotten is not None:
            # Read once the table is ours: a deletion heard from now on reaches it
            # through the hall (Hall._forgotten), and one heard before is in the set.
            room.forget_deleted(await self.forgotten())
        await room.store_views()
        room.resume()
        return room

    async def _carry_over(self, room_id: str) -> bytes | None:
        """A table kept by a hall from before tables' keys carried their hash tag
        (``meta:<id>`` rather than ``meta:{<id>}``): its meta, log, saved state and chat
        moved to their names now, so that an upgrade loses no game in progress. The
        meta goes last: until it is there, a successor does this again."""
        broker = self.broker
        raw = await broker.get(f"meta:{room_id}")
        if raw is None:
            return None
        if not await broker.read_log(log_key(room_id)):
            for entry in await broker.read_log(f"log:{room_id}"):
                await broker.append(log_key(room_id), entry)
        saved = await broker.get(f"state:{room_id}")
        if saved is not None:
            await broker.put(state_key(room_id), saved, ttl=META_TTL)
        for line in await broker.recent(f"chat:{room_id}"):
            await broker.push_capped(chat_key(room_id), line, CHAT_KEEP)
        await broker.put(meta_key(room_id), raw, ttl=META_TTL)
        for old in (f"meta:{room_id}", f"state:{room_id}", f"chat:{room_id}"):
            await broker.delete(old)
        await broker.delete_log(f"log:{room_id}")
        log.info('{"event": "hub.table_carried_over", "room": "%s"}', room_id)
        return raw

    async def bring_back(self) -> int:
        """A durable hall of one process has started again: every table it had runs
        again, at the version it had. Tables nobody comes back to close after the
        usual grace; a running game waits for its players as after any absence."""
        broker = self.broker
        count = 0
        for room_id in sorted(await broker.dir_all(DIRECTORY)):
            try:
                room = await self.rebuild(room_id)
            except Exception:
                log.exception("hub: table %s could not be brought back", room_id)
                room = None
            if room is None:
                await broker.dir_delete(DIRECTORY, room_id)
                continue
            count += 1
            self.spawn(self.close_if_empty(room, self.limits.empty_grace))
            if room.status == "playing" and not room.table.clock.turn_based:
                self.spawn(self.close_if_abandoned(room, self.limits.abandon_after))
        log.info('{"event": "hub.tables_back", "tables": %d}', count)
        return count

    def new_room(self, room_id: str, game: Any, options: Any, host: Player) -> Room:
        return Room(
            room_id,
            game,
            options,
            host,
            self.broker,
            self.metrics,
            self.limits.bot_delay,
            self._changed,
            node=self.node,
            on_lost=self.lost,
            thinker=self.thinker,
            away_grace=self.limits.away_grace,
            on_part=self.parted,
            on_archived=self.on_archived,
            open_rematch=self.open_rematch,
            on_turn=self._on_turn,
            deliver=self.deliver,
        )

    def _on_turn(self, player_id: str, room_id: str) -> None:
        if self.on_turn is not None:
            self.on_turn(player_id, room_id)

    async def serve(self, room: Room) -> None:
        """Own a table here: keep its actor and serve its inbox (commands from clients
        of other processes)."""
        self.own[room.id] = room
        self.remote.pop(room.id, None)
        await self.channels.subscribe(inbox_channel(room.id), room.id, self._command)

    def _command(self, room_id: str, data: bytes) -> None:
        """A command from a client of another process, for one of our tables."""
        room = self.own.get(room_id)
        if room is not None:  # else not ours (any more): its new owner hears this too
            self.on_command(room, data)

    def lost(self, room: Room) -> None:
        """Another process holds this table's lease now: stop the actor, forget it."""
        if self.own.get(room.id) is room:
            del self.own[room.id]
            self.spawn(self.channels.unsubscribe(inbox_channel(room.id)))
            self.spawn(room.close())
            log.info('{"event": "hub.room_lost", "room": "%s", "node": "%s"}', room.id, self.node)

    def parted(self, room: Room) -> None:
        """Someone left one of our tables (its actor's ``on_part``): close it later if
        nobody is there, or, for a running game, if every person who plays stays away."""
        if room.empty():
            self.spawn(self.close_if_empty(room, self.limits.empty_grace))
        if room.status == "playing" and room.table.everyone_away():
            self.spawn(self.close_if_abandoned(room, self.limits.abandon_after))

    def _changed(self, room: Room) -> None:
        if room.status == "finished" and room.empty() and room.id in self.own:
            self.spawn(self.close_if_empty(room, self.limits.empty_grace))

    async def close_if_empty(self, room: Room, grace: float) -> None:
        """Close a table nobody is at, after a grace period for people reloading."""
        if grace > 0:
            await asyncio.sleep(grace)
        if room.empty() and room.status != "playing" and self.own.get(room.id) is room:
            await self._close(room)

    async def close_if_abandoned(self, room: Room, wait: float) -> None:
        """Abandon and close a running game whose players have all been away for
        ``wait`` seconds (its clocks and its AI players stopped when the last one
        left): it is archived as abandoned first (room/actor.py)."""
        await asyncio.sleep(wait)
        if (
            room.status == "playing"
            and room.table.everyone_away()
            and self.own.get(room.id) is room
        ):
            log.info('{"event": "hub.room_abandoned", "room": "%s"}', room.id)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(room.abandon(), 10)  # archived and told, then closed
            await self._close(room)

    async def _close(self, room: Room) -> None:
        """Stop a table's actor and forget it everywhere: lobby, log, stored views."""
        if self.own.get(room.id) is room:
            del self.own[room.id]
            await self.channels.unsubscribe(inbox_channel(room.id))
            await room.close()
            broker = self.broker
            with contextlib.suppress(BrokerUnavailable):
                await broker.dir_delete(DIRECTORY, room.id)
                await broker.delete_log(log_key(room.id))
                await broker.delete(chat_key(room.id))
                if broker.durable:
                    await broker.delete(meta_key(room.id))
                    await broker.delete(state_key(room.id))
                if broker.shared:
                    await broker.dir_delete(TURN_BASED, room.id)
                    for audience in room.audiences():
                        await broker.delete(view_key(room.id, audience))
                        await broker.delete(backlog_key(room.id, audience))
                    await broker.release(lease_key(room.id), self.node)
                await broker.publish(LOBBY, b"")

    async def close(self) -> None:
        """The process is closing: stop every table's actor here and forget the table,
        leaving what the broker keeps of it."""
        for room in list(self.own.values()):
            await room.close()
        self.own.clear()

    def by_status(self) -> dict[str, float]:
        counts = {"waiting": 0.0, "playing": 0.0, "finished": 0.0}
        for room in self.own.values():
            counts[room.status] += 1
        return counts
