"""A table's inbox: what clients ask of a table, delivered to its actor, and the answer.

When this process owns the table, a request goes straight into the actor's mailbox and
is answered on the asking connection. When another process owns it, the request
travels as a Command on the table's inbox channel, with a ticket (waiting.py keeps it
until it is answered); the owner closes the ticket with the outcome before it answers
on the table's channel for the asking process (keys.answers_channel, which waiting.py
listens to while it waits for the table), to the connection that asked. Presence (a
player arriving or leaving) travels the same way, without a ticket or an answer.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import msgspec

from protocol import messages as m
from protocol.codec import Converter
from server.broker import Broker, BrokerUnavailable, Ticket
from server.connection import Connection
from server.keys import answers_channel, inbox_channel, ticket_key
from server.room import Room
from server.room.answer import MOVED
from server.sessions import Player
from server.tables import AnyRoom
from server.tasks import Spawn

_encode = msgspec.msgpack.Encoder().encode
_read_message = Converter(m.ClientMessage, "msg")  # a forwarded client message

# What a closed ticket holds: its message was refused, or taken by the owner before a
# change that is not a logged move (its answer follows), or applied as a move (and the
# version it made follows).
REFUSED = b"r"
TAKEN = b"t"
APPLIED = b"a"


class Command(msgspec.Struct, kw_only=True):
    kind: str  # a mailbox kind (sit, stand, option, bot, start, act, resign) or join / part
    node: str  # the process to answer
    conn: int  # the connection there to answer
    ref: int | None = None
    player: Player | None = None
    msg: dict[str, Any] | None = None
    keep_seat: bool = False
    ticket: str | None = None  # a forwarded message's ticket (waiting.py); none for join / part


class Reply(msgspec.Struct, kw_only=True):
    """The owner's answer to a forwarded message: refused (``code``) or applied."""

    conn: int
    ref: int | None
    code: str | None = None  # None: applied
    message: str = ""
    args: dict[str, Any] = {}
    ticket: str | None = None
    v: int | None = None  # applied: the version a move made
    again: bool = False  # applied before: the message was a resend


class ToConnection:
    """Answers a command from a client of this process, on its connection."""

    def __init__(self, conn: Connection, ref: int | None, room_id: str) -> None:
        self.conn, self.ref, self.room = conn, ref, room_id
        self.done = False

    async def claim(self) -> bool:
        return True

    def settles(self, v: int) -> Ticket | None:
        return None

    def applied(self, v: int | None, *, again: bool = False, settled: bool = False) -> None:
        if not self.done:
            self.done = True
            if self.ref is not None:  # a client that sends no ids learns by the change
                self.conn.send(m.Ok(ref=self.ref, room=self.room, v=v, again=again))

    def refused(self, code: str, message: str, args: dict[str, Any] | None = None) -> None:
        if not self.done:
            self.done = True
            self.conn.error(self.ref, code, message, args)

    def moved(self) -> None:
        self.refused("unavailable", MOVED)

    def hold(self) -> None:
        self.conn.hold()

    def release(self) -> None:
        self.conn.release()


class ToAsker:
    """Answers a command forwarded by another process (or by this one, for a client
    whose table it has since taken over): the ticket is closed with the outcome first,
    then the answer goes to the asking process, which tells its connection."""

    def __init__(
        self, broker: Broker, spawn: Spawn, cmd: Command, room_id: str, ticket: str
    ) -> None:
        self.broker, self.spawn, self.cmd = broker, spawn, cmd
        self.key = ticket_key(room_id, ticket)
        self.to = answers_channel(room_id, cmd.node)
        self.claimed = False  # the ticket is ours: no one else may close it now
        self.done = False

    async def claim(self) -> bool:
        try:
            self.claimed = await self.broker.settle(self.key, TAKEN) is None
        except BrokerUnavailable:
            return False  # its asker answers `unavailable` when its wait is over
        return self.claimed

    def settles(self, v: int) -> Ticket | None:
        answer = self._reply(v=v)
        return Ticket(self.key, APPLIED + b"%d" % v, self.to, answer)

    def applied(self, v: int | None, *, again: bool = False, settled: bool = False) -> None:
        if self.done:
            return
        self.done = True
        if not settled:
            outcome = APPLIED + b"%d" % v if v is not None else TAKEN
            self.spawn(self._close(outcome, self._reply(v=v, again=again)))

    def refused(self, code: str, message: str, args: dict[str, Any] | None = None) -> None:
        if not self.done:
            self.done = True
            reply = self._reply(code=code, message=message, args=args or {})
            self.spawn(self._close(REFUSED, reply))

    def moved(self) -> None:
        # Left open: its asker sends it on to the table's new owner, or gives up.
        self.done = True

    def hold(self) -> None:
        pass  # its answer goes through the broker

    def release(self) -> None:
        pass

    def _reply(self, **fields: Any) -> bytes:
        cmd = self.cmd
        return _encode(Reply(conn=cmd.conn, ref=cmd.ref, ticket=cmd.ticket, **fields))

    async def _close(self, outcome: bytes, reply: bytes) -> None:
        """Close the ticket with the outcome (unless we hold it already), then answer; a
        ticket closed by someone else (its asker gave up) means no answer is due."""
        with contextlib.suppress(BrokerUnavailable):
            if not self.claimed and await self.broker.settle(self.key, outcome) is not None:
                return
            await self.broker.publish(self.to, reply)


class Inbox:
    def __init__(
        self,
        broker: Broker,
        node: str,
        spawn: Spawn,
        connection: Callable[[int], Connection | None],
        forward: Callable[[str, str, Connection, Any], None],
    ) -> None:
        """``node`` is this process, ``connection`` finds one of its connections by id;
        ``forward`` sends a message to the owner of a table and waits for the answer
        (waiting.py, which imports this module, and hears the answers)."""
        self.broker = broker
        self.node = node
        self.spawn = spawn
        self.connection = connection
        self.forward = forward

    # --- the asking side --------------------------------------------------------------

    def submit(self, room: AnyRoom, kind: str, conn: Connection, msg: Any) -> None:
        """Hand a client's request to the table's actor, here or at its owner."""
        assert conn.player is not None
        if isinstance(room, Room):
            room.submit(kind, conn.player, msg, ToConnection(conn, msg.id, room.id))
            return
        self.forward(room.id, kind, conn, msg)

    def presence(self, room: AnyRoom, conn: Connection, kind: str, keep_seat: bool = False) -> None:
        """A player's connection arrived at (``join``) or left (``part``) a table."""
        assert conn.player is not None
        if isinstance(room, Room):
            self._presence_here(room, kind, conn.player, keep_seat)
            return
        command = Command(
            kind=kind, node=self.node, conn=conn.cid, player=conn.player, keep_seat=keep_seat
        )
        self.spawn(self._quiet_publish(inbox_channel(room.id), _encode(command)))

    # --- the owning side --------------------------------------------------------------

    def on_command(self, room: Room, data: bytes) -> None:
        """A command from a client of another process, for a table we own (tables.py
        hears the table's inbox channel, and drops what comes for a table it has lost)."""
        cmd = msgspec.msgpack.decode(data, type=Command)
        if cmd.kind in ("join", "part"):
            if cmd.player is not None:
                self._presence_here(room, cmd.kind, cmd.player, cmd.keep_seat)
            return
        if cmd.ticket is None:
            return  # waiting.py gives every message it forwards a ticket: this is none of ours
        try:
            msg = _read_message(cmd.msg)
        except msgspec.ValidationError:
            return
        answer = ToAsker(self.broker, self.spawn, cmd, room.id, cmd.ticket)
        room.submit(cmd.kind, cmd.player, msg, answer)

    def _presence_here(self, room: Room, kind: str, player: Player, keep_seat: bool) -> None:
        if kind == "join":
            room.join(player.id, player.name)
        else:
            room.part(player.id, keep_seat=keep_seat)  # the table hears it too (on_part)

    async def _quiet_publish(self, name: str, data: bytes) -> None:
        with contextlib.suppress(BrokerUnavailable):
            await self.broker.publish(name, data)
