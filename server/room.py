"""The room actor: one asyncio task per table owns its state and a mailbox.

Everything that changes a room (sit, stand, option, bot, start, act, an AI move) is a
command in the mailbox, handled one at a time, so a room never sees two changes
interleave. For each accepted intent the actor applies it through the game, appends it
to the room log (before anything is published, so a rebuilt room never lacks a move
that someone saw), then computes every audience's view, diffs it against what that
audience last received, and publishes the patch with the room's next version.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import struct
import time
from collections import deque
from collections.abc import Callable
from typing import Any, NamedTuple

import msgspec

from protocol.messages import Patch, RoomSummary, SeatInfo, Snapshot, Status
from protocol.patch import diff
from server.ai import GreedyPolicy
from server.broker import Broker, BrokerUnavailable, LeaseLost, Stored
from server.games.base import Game, IllegalIntent, audience_view
from server.metrics import Metrics
from server.sessions import Player

log = logging.getLogger("spieltisch.room")

BACKLOG = 64  # patches kept per audience for clients that resume
# Versions between the views kept in a shared broker: a reader brings the stored view up
# to date from the backlog (remote.py). Storing every view would write a whole view per
# audience per move (tens of KB late in a game) for the rare newcomer on another process.
VIEW_EVERY = 8
STATE_EVERY = 25  # moves between snapshots of the state, so a takeover replays little
DIRECTORY_TTL = 30.0  # seconds a lobby entry lives unless its owner refreshes it
META_TTL = 24 * 3600.0  # a table untouched for a day is forgotten
_encode = msgspec.msgpack.Encoder().encode
_VERSION = struct.Struct(">Q")
_EXPIRES = struct.Struct(">d")

Reply = Callable[[str, str], None]  # (code, message) -> an `error` to the sender
Audience = int | None  # a seat, or None for the spectators


class Seat(msgspec.Struct):
    player: str
    name: str
    bot: bool = False


class RoomInfo(msgspec.Struct, kw_only=True):
    """What every member is told about the table; each gets it with its own ``you``."""

    room: str
    game: str
    options: dict[str, Any]
    status: Status
    host: str | None
    seats: list[SeatInfo | None]
    watchers: int


class Event(msgspec.Struct, tag_field="k", tag="room"):
    info: RoomInfo
    v: int = 0  # the room's version, so a hub can tell a connection is behind


class Census(msgspec.Struct, tag_field="k", tag="census"):
    """A new owner asks every hub to announce who of theirs is at the table."""


class ChatEvent(msgspec.Struct, tag_field="k", tag="chat"):
    from_: str
    text: str
    at: float


RoomEvent = Event | ChatEvent | Census
decode_event = msgspec.msgpack.Decoder(RoomEvent).decode  # type: ignore[arg-type]


class LogStart(msgspec.Struct, tag_field="k", tag="start"):
    game: str
    options: dict[str, Any]
    seats: int
    seed: int


class LogAct(msgspec.Struct, tag_field="k", tag="act"):
    seat: int
    intent: dict[str, Any]


LogEntry = LogStart | LogAct
_decode_log = msgspec.msgpack.Decoder(LogEntry).decode  # type: ignore[arg-type]
_decode_summary = msgspec.msgpack.Decoder(RoomSummary).decode


class RoomMeta(msgspec.Struct, kw_only=True):
    """What a successor needs to take a table over, besides its log."""

    game: str
    options: dict[str, Any]
    host: str | None
    status: Status
    seats: list[Seat | None]
    bots: int


def meta_key(room: str) -> str:
    return f"meta:{room}"


def view_key(room: str, audience: Audience) -> str:
    return f"view:{room}:{'spec' if audience is None else audience}"


def backlog_key(room: str, audience: Audience) -> str:
    return f"backlog:{room}:{'spec' if audience is None else audience}"


def state_key(room: str) -> str:
    return f"state:{room}"


def directory_entry(summary: RoomSummary, shared: bool) -> bytes:
    """A lobby entry: when it expires (0: never, in a single process) and the summary.
    In a shared hall the owner refreshes it, so a table whose owner died with nobody
    left to take it over drops out of the lobby by itself."""
    expires = time.time() + DIRECTORY_TTL if shared else 0.0
    return _EXPIRES.pack(expires) + _encode(summary)


def read_directory_entry(raw: bytes) -> RoomSummary | None:
    expires = _EXPIRES.unpack_from(raw)[0]
    if expires and expires < time.time():
        return None
    return _decode_summary(raw[_EXPIRES.size :])


def lease_key(room: str) -> str:
    return f"lease:{room}"


def channel(room: str, audience: Audience) -> str:
    return f"room:{room}:{'spec' if audience is None else audience}"


def events_channel(room: str) -> str:
    return f"room:{room}:events"


def split_published(data: bytes) -> tuple[int, bytes]:
    """A published patch is its version (8 bytes) and the encoded `patch` message, so a
    hub can drop what a connection already has without decoding the patch."""
    return _VERSION.unpack_from(data)[0], data[_VERSION.size :]


def replay(game: Game, entries: list[bytes]) -> tuple[Any, LogStart, int]:
    """Rebuild a room's state from its log: (state, start record, version)."""
    start = _decode_log(entries[0])
    if not isinstance(start, LogStart):
        raise ValueError("a room log begins with its start record")
    options = msgspec.convert(start.options, game.Options)
    state = game.setup(start.seats, options, start.seed)
    for raw in entries[1:]:
        entry = _decode_log(raw)
        assert isinstance(entry, LogAct)
        state = game.apply(state, entry.seat, msgspec.convert(entry.intent, game.Intent))
    return state, start, len(entries) - 1


class _Change(NamedTuple):
    """One audience's share of an accepted move."""

    audience: Audience
    view: dict[str, Any]
    patch: bytes  # the encoded `patch` message
    snapshot: bytes  # the `snapshot` at the new version when it is to be stored, or b""


class Room:
    def __init__(
        self,
        room_id: str,
        game: Game,
        options: msgspec.Struct,
        host: Player,
        broker: Broker,
        metrics: Metrics,
        bot_delay: float,
        on_change: Callable[[Room], None],
        node: str = "local",
        on_lost: Callable[[Room], None] | None = None,
    ) -> None:
        self.id = room_id
        self.game = game
        self.options = options
        self.host: str | None = host.id
        self.broker = broker
        self.metrics = metrics
        self.bot_delay = bot_delay
        self.on_change = on_change
        self.node = node
        self.on_lost = on_lost
        self._dirty = False
        self._announcer: asyncio.Task[None] | None = None
        self.status: Status = "waiting"
        self.seats: list[Seat | None] = [None] * game.max_seats
        self.present: dict[str, int] = {}  # player id -> connections in the room
        self.state: Any = None
        self.version = 0
        self.views: dict[Audience, dict[str, Any]] = {}
        self.backlog: dict[Audience, deque[tuple[int, bytes]]] = {}
        self._snapshots: dict[Audience, tuple[int, bytes]] = {}
        self._policy = GreedyPolicy(int.from_bytes(room_id.encode(), "big") & 0xFFFFFFFF)
        self._bots = 0
        self.mailbox: asyncio.Queue[tuple[Any, ...] | None] = asyncio.Queue()
        self.task = asyncio.create_task(self._run(), name=f"room-{room_id}")
        self._event("created", game=game.name, host=host.id)

    # --- what others read -----------------------------------------------------------

    def seat_of(self, player_id: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat is not None and seat.player == player_id:
                return i
        return None

    def audiences(self) -> list[Audience]:
        return [*range(len(self.seats)), None]

    def info(self) -> RoomInfo:
        seated = {s.player for s in self.seats if s is not None}
        return RoomInfo(
            room=self.id,
            game=self.game.name,
            options=msgspec.to_builtins(self.options),
            status=self.status,
            host=self.host,
            seats=[
                None
                if s is None
                else SeatInfo(
                    player=s.player,
                    name=s.name,
                    bot=s.bot,
                    online=s.bot or s.player in self.present,
                )
                for s in self.seats
            ],
            watchers=sum(1 for p in self.present if p not in seated),
        )

    def summary(self) -> RoomSummary:
        info = self.info()
        return RoomSummary(
            room=self.id,
            game=self.game.name,
            status=self.status,
            seats=len(self.seats),
            seated=sum(1 for s in self.seats if s is not None),
            watchers=info.watchers,
            options=info.options,
        )

    def snapshot(self, audience: Audience) -> bytes:
        """The encoded `snapshot` message for an audience at the current version."""
        cached = self._snapshots.get(audience)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        data = _encode(Snapshot(room=self.id, v=self.version, view=self.views[audience]))
        self._snapshots[audience] = (self.version, data)
        return data

    def patches_since(self, audience: Audience, v: int) -> list[bytes] | None:
        """The encoded patches after version ``v``, or None when the backlog no longer
        reaches back that far (the caller sends a snapshot instead)."""
        if v == self.version:
            return []
        backlog = self.backlog.get(audience)
        if not backlog or v > self.version or backlog[0][0] > v + 1:
            return None
        return [data for (pv, data) in backlog if pv > v]

    # --- presence (no mailbox: it changes nothing the game sees) -------------------

    def join(self, player_id: str) -> None:
        self.present[player_id] = self.present.get(player_id, 0) + 1
        if self.present[player_id] == 1:
            self.changed()

    def part(self, player_id: str, keep_seat: bool) -> None:
        n = self.present.get(player_id, 0) - 1
        if n > 0:
            self.present[player_id] = n
            return
        self.present.pop(player_id, None)
        if self.status == "waiting" and not keep_seat:
            # Leaving a table that has not started gives the seat back, as on BSW;
            # a dropped connection keeps it, so a reload does not cost the seat.
            i = self.seat_of(player_id)
            if i is not None:
                self.seats[i] = None
            if self.host == player_id:
                self.host = next(iter(self.present), None)
        self.changed()

    def empty(self) -> bool:
        return not self.present

    def changed(self) -> None:
        """Tell everyone: the lobby directory, the room's meta (for a successor), and
        the members through the events channel. One announcer per room sends them in
        order, and changes made meanwhile are folded into its next round."""
        self.on_change(self)
        self._dirty = True
        if self._announcer is None or self._announcer.done():
            self._announcer = asyncio.get_running_loop().create_task(self._announce())

    async def _announce(self) -> None:
        failures = 0
        while self._dirty:
            self._dirty = False
            try:
                await self.refresh_directory()
                if self.broker.shared:
                    await self.broker.put(meta_key(self.id), _encode(self.meta()), ttl=META_TTL)
                await self.broker.publish(
                    events_channel(self.id), _encode(Event(info=self.info(), v=self.version))
                )
                await self.broker.publish("lobby", b"")
            except BrokerUnavailable:
                failures += 1
                log.warning('{"event": "room.announce_failed", "room": "%s"}', self.id)
                if failures > 20:
                    return
                self._dirty = True
                await asyncio.sleep(0.5)

    async def _publish_quietly(self, name: str, data: bytes) -> None:
        """Publish what clients can recover without: a lost patch shows up as a
        version gap and the client resyncs."""
        try:
            await self.broker.publish(name, data)
        except BrokerUnavailable:
            log.warning(
                '{"event": "room.publish_failed", "room": "%s", "channel": "%s"}', self.id, name
            )

    def directory(self) -> bytes:
        """This table's entry in the lobby directory."""
        return directory_entry(self.summary(), self.broker.shared)

    async def refresh_directory(self) -> None:
        await self.broker.dir_put("rooms", {self.id: self.directory()})

    def meta(self) -> RoomMeta:
        return RoomMeta(
            game=self.game.name,
            options=msgspec.to_builtins(self.options),
            host=self.host,
            status=self.status,
            seats=list(self.seats),
            bots=self._bots,
        )

    def restore(self, meta: RoomMeta, entries: list[bytes], saved: bytes | None = None) -> None:
        """Take a table over from its meta, its latest saved state (if any) and the
        log entries after it (the previous owner is gone)."""
        self.host = meta.host
        self.seats = list(meta.seats)
        self._bots = meta.bots
        self.status = meta.status
        if saved is not None:
            self.version = _VERSION.unpack_from(saved)[0]
            self.state = msgspec.msgpack.decode(saved[_VERSION.size :], type=self.game.State)
            for raw in entries:
                entry = _decode_log(raw)
                assert isinstance(entry, LogAct)
                self.state = self.game.apply(
                    self.state, entry.seat, msgspec.convert(entry.intent, self.game.Intent)
                )
                self.version += 1
        elif entries:
            self.state, _, self.version = replay(self.game, entries)
        if self.state is not None:
            self.views = {a: audience_view(self.game, self.state, a) for a in self.audiences()}
            self.backlog = {a: deque(maxlen=BACKLOG) for a in self.audiences()}
            if self.status == "playing" and self.game.result(self.state) is not None:
                self.status = "finished"
        elif self.status != "waiting":
            self.status = "waiting"  # it never got as far as a start record
        self._event("restored", node=self.node, version=self.version, status=self.status)

    async def store_views(self) -> None:
        """Keep each audience's latest snapshot in the shared broker, so any process
        can serve a newcomer without asking the owner."""
        if not self.broker.shared or self.status == "waiting":
            return
        for audience in self.audiences():
            await self.broker.put(
                view_key(self.id, audience), _VERSION.pack(self.version) + self.snapshot(audience)
            )

    # --- the mailbox ----------------------------------------------------------------

    def submit(self, kind: str, player: Player | None, msg: Any, reply: Reply) -> None:
        self.mailbox.put_nowait((kind, player, msg, reply, time.perf_counter()))

    async def close(self) -> None:
        self.mailbox.put_nowait(None)
        await self.task
        if self._announcer is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(self._announcer, 2)

    async def _run(self) -> None:
        while True:
            cmd = await self.mailbox.get()
            if cmd is None:
                return
            kind, player, msg, reply, t0 = cmd
            try:
                await getattr(self, f"_on_{kind}")(player, msg, reply, t0)
            except IllegalIntent as e:
                if kind == "act":
                    self.metrics.intents_refused[e.code] += 1
                reply(e.code, e.message)
            except LeaseLost:
                # Another process owns this table now: this actor must not act again.
                reply("unavailable", "This table has moved to another server; send that again.")
                self._event("lease_lost", node=self.node)
                if self.on_lost is not None:
                    self.on_lost(self)
                return
            except Exception:
                # A bug must not take the table down: refuse the command and go on.
                log.exception("room %s: %s failed", self.id, kind)
                reply("internal_error", "The server could not handle that; nothing was changed.")

    # --- before the start -----------------------------------------------------------

    def _waiting(self) -> None:
        if self.status != "waiting":
            raise IllegalIntent("already_started", "The game has already started.")

    async def _on_sit(self, player: Player, msg: Any, reply: Reply, t0: float) -> None:
        self._waiting()
        want = msg.seat
        if want is None:
            free = [i for i, s in enumerate(self.seats) if s is None]
            if not free:
                raise IllegalIntent("room_full", "Every seat at this table is taken.")
            want = free[0]
        if not 0 <= want < len(self.seats):
            raise IllegalIntent(
                "bad_message", f"There is no seat {want}; seats are 0 to {len(self.seats) - 1}."
            )
        taken = self.seats[want]
        if taken is not None:
            if taken.player == player.id:
                return
            raise IllegalIntent("seat_taken", f"Seat {want} is taken by {taken.name}.")
        mine = self.seat_of(player.id)
        if mine is not None:
            self.seats[mine] = None
        self.seats[want] = Seat(player=player.id, name=player.name)
        self._event("sit", player=player.id, seat=want)
        self.changed()

    async def _on_stand(self, player: Player, msg: Any, reply: Reply, t0: float) -> None:
        self._waiting()
        mine = self.seat_of(player.id)
        if mine is None:
            raise IllegalIntent("not_seated", "You are not sitting at this table.")
        self.seats[mine] = None
        self._event("stand", player=player.id, seat=mine)
        self.changed()

    def _host_only(self, player: Player, what: str) -> None:
        if player.id != self.host:
            raise IllegalIntent("not_host", f"Only the host may {what}.")

    async def _on_option(self, player: Player, msg: Any, reply: Reply, t0: float) -> None:
        self._host_only(player, "change the options")
        self._waiting()
        self.options = with_option(self.game, self.options, msg.key, msg.value)
        self._event("option", key=msg.key, value=msg.value)
        self.changed()

    async def _on_bot(self, player: Player, msg: Any, reply: Reply, t0: float) -> None:
        self._host_only(player, "add an AI player")
        self._waiting()
        want = msg.seat
        if want is None:
            free = [i for i, s in enumerate(self.seats) if s is None]
            if not free:
                raise IllegalIntent("room_full", "Every seat at this table is taken.")
            want = free[0]
        if not 0 <= want < len(self.seats):
            raise IllegalIntent("bad_message", f"There is no seat {want}.")
        if self.seats[want] is not None:
            raise IllegalIntent("seat_taken", f"Seat {want} is taken.")
        self._bots += 1
        self.seats[want] = Seat(
            player=f"bot-{self.id}-{self._bots}", name=f"AI {self._bots}", bot=True
        )
        self._event("bot", seat=want)
        self.changed()

    async def _on_start(self, player: Player, msg: Any, reply: Reply, t0: float) -> None:
        self._waiting()
        if self.seat_of(player.id) is None:
            raise IllegalIntent("not_seated", "Sit down first; only a seated player may start.")
        seated = [s for s in self.seats if s is not None]
        if len(seated) < self.game.min_seats:
            raise IllegalIntent(
                "not_enough_players",
                f"{self.game.name} needs at least {self.game.min_seats} players; {len(seated)} seated.",
            )
        self.game.check_options(self.options, len(seated))
        seed = secrets.randbits(62)
        state = self.game.setup(len(seated), self.options, seed)
        start = LogStart(
            game=self.game.name,
            options=msgspec.to_builtins(self.options),
            seats=len(seated),
            seed=seed,
        )
        await self._append(_encode(start))
        self.seats = list(seated)
        self.state = state
        self.status = "playing"
        self.version = 0
        self.views = {a: audience_view(self.game, state, a) for a in self.audiences()}
        self.backlog = {a: deque(maxlen=BACKLOG) for a in self.audiences()}
        self._event("start", seats=len(seated), seed=seed)
        await self.store_views()
        self.changed()
        self._schedule_bot()

    # --- playing --------------------------------------------------------------------

    @property
    def log_key(self) -> str:
        return f"log:{self.id}"

    async def _append(self, entry: bytes) -> None:
        if self.broker.shared:
            await self.broker.commit(self.log_key, entry, lease_key(self.id), self.node, ())
        else:
            await self.broker.append(self.log_key, entry)

    async def _on_act(self, player: Player, msg: Any, reply: Reply, t0: float) -> None:
        if self.status == "waiting":
            raise IllegalIntent("not_started", "The game has not started yet.")
        if self.status == "finished":
            raise IllegalIntent("game_over", "The game is over.")
        seat = self.seat_of(player.id)
        if seat is None:
            raise IllegalIntent("not_seated", "Only seated players may play; you are watching.")
        try:
            intent = msgspec.convert(msg.intent, self.game.Intent)
        except msgspec.ValidationError as e:
            raise IllegalIntent("bad_message", f"Not a {self.game.name} intent: {e}") from None
        await self._play(seat, intent, t0)

    async def _on_bot_move(self, player: None, version: int, reply: Reply, t0: float) -> None:
        if self.status != "playing" or version != self.version:
            return  # stale: something else happened since it was scheduled
        for seat in sorted(self.game.active(self.state)):
            if self._is_bot(seat):
                intent = self._policy.choose(self.game, self.state, seat)
                if intent is not None:
                    await self._play(seat, intent, t0)
                return

    async def _play(self, seat: int, intent: Any, t0: float) -> None:
        if seat not in self.game.active(self.state):
            raise IllegalIntent("not_your_turn", "It is not your turn.")
        # Games may change the state in place once their checks pass; keep the state as
        # it was, so that a bug in a game or an unreachable log leaves no half-move.
        before = _encode(self.state)
        try:
            state = self.game.apply(self.state, seat, intent)
            entry = _encode(LogAct(seat=seat, intent=msgspec.to_builtins(intent)))
            changes = self._changes(state, self.version + 1)
            await self._commit(entry, changes)
        except IllegalIntent:
            raise
        except BrokerUnavailable:
            self.state = msgspec.msgpack.decode(before, type=self.game.State)
            raise IllegalIntent(
                "unavailable", "The hall's storage is unreachable; try again."
            ) from None
        except Exception:
            # LeaseLost among them: the actor stops, but its state must not run ahead.
            self.state = msgspec.msgpack.decode(before, type=self.game.State)
            raise
        self.state = state
        self.version += 1
        self.metrics.intents_accepted += 1
        await self._accept(changes)
        self.metrics.latency.observe(time.perf_counter() - t0)
        if self.broker.shared and self.version % STATE_EVERY == 0:
            with contextlib.suppress(BrokerUnavailable):
                await self.broker.put(
                    state_key(self.id), _VERSION.pack(self.version) + _encode(state), ttl=META_TTL
                )
        if self.game.result(state) is not None:
            self.status = "finished"
            self._event("finished", result=msgspec.to_builtins(self.game.result(state)))
            self.changed()
        else:
            self._schedule_bot()

    def _changes(self, state: Any, v: int) -> list[_Change]:
        """Each audience's view of ``state`` and its patch to version ``v``; the room
        itself is not touched until the move is in the log."""
        changes = []
        for audience in self.audiences():
            view = audience_view(self.game, state, audience)
            patch = _encode(Patch(room=self.id, v=v, ops=diff(self.views[audience], view)))
            keep = self.broker.shared and v % VIEW_EVERY == 0
            snapshot = _encode(Snapshot(room=self.id, v=v, view=view)) if keep else b""
            changes.append(_Change(audience, view, patch, snapshot))
        return changes

    async def _commit(self, entry: bytes, changes: list[_Change]) -> None:
        """Append the move to the log. In a shared hall the same atomic step (one round
        trip) checks the lease, stores every audience's view and backlog and publishes
        the patches: a newcomer who reads a stored view drops the patch it then receives
        rather than missing it, and a process that lost its lease writes nothing."""
        if not self.broker.shared:
            await self.broker.append(self.log_key, entry)
            return
        prefix = _VERSION.pack(self.version + 1)
        await self.broker.commit(
            self.log_key,
            entry,
            lease_key(self.id),
            self.node,
            [
                Stored(
                    channel(self.id, c.audience),
                    prefix + c.patch,
                    view_key(self.id, c.audience),
                    prefix + c.snapshot if c.snapshot else b"",
                    backlog_key(self.id, c.audience),
                    BACKLOG,
                )
                for c in changes
            ],
        )

    async def _accept(self, changes: list[_Change]) -> None:
        """The move is in the log (and, in a shared hall, published): keep its views."""
        v = self.version
        prefix = _VERSION.pack(v)
        for c in changes:
            self.views[c.audience] = c.view
            self.backlog[c.audience].append((v, c.patch))
            if c.snapshot:
                self._snapshots[c.audience] = (v, c.snapshot)
            self.metrics.patches += 1
            self.metrics.patch_bytes += len(c.patch)
            if not self.broker.shared:
                # The move is in the log already: it stands even if a patch is lost.
                await self._publish_quietly(channel(self.id, c.audience), prefix + c.patch)

    def _schedule_bot(self) -> None:
        if self.status != "playing" or self.game.result(self.state) is not None:
            return
        if any(self._is_bot(s) for s in self.game.active(self.state)):
            v = self.version
            loop = asyncio.get_running_loop()
            loop.call_later(self.bot_delay, self.submit, "bot_move", None, v, _ignore)

    def _is_bot(self, seat: int) -> bool:
        s = self.seats[seat]
        return s is not None and s.bot

    def _event(self, event: str, **fields: Any) -> None:
        log.info(
            msgspec.json.encode({"event": f"room.{event}", "room": self.id, **fields}).decode()
        )


_background: set[asyncio.Task[None]] = set()


def _ignore(code: str, message: str) -> None:
    pass


def with_option(game: Game, options: msgspec.Struct, key: str, value: Any) -> msgspec.Struct:
    """``options`` with one option changed, validated against the game's Options."""
    fields = msgspec.structs.fields(game.Options)
    names = {f.encode_name for f in fields}
    if key not in names:
        known = ", ".join(sorted(names)) or "none"
        raise IllegalIntent(
            "unknown_option", f"{game.name} has no option {key!r} (options: {known})."
        )
    raw = msgspec.to_builtins(options)
    raw[key] = value
    return make_options(game, raw)


def make_options(game: Game, raw: dict[str, Any]) -> msgspec.Struct:
    names = {f.encode_name for f in msgspec.structs.fields(game.Options)}
    for key in raw:
        if key not in names:
            known = ", ".join(sorted(names)) or "none"
            raise IllegalIntent(
                "unknown_option", f"{game.name} has no option {key!r} (options: {known})."
            )
    try:
        return msgspec.convert(raw, game.Options)
    except msgspec.ValidationError as e:
        raise IllegalIntent("bad_option", f"Bad option value: {e}") from None
