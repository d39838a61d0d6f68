"""A table's inbox: what clients ask of a table, delivered to its actor.

When this process owns the table, a request goes straight into the actor's mailbox.
When another process owns it, the request travels as a Command on the table's inbox
channel, and the owner sends any refusal back on the asking process's own channel, to
the connection that asked. Presence (a player arriving or leaving) travels the same way.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import msgspec

from protocol import messages as m
from server.broker import BrokerUnavailable
from server.connection import Connection
from server.keys import inbox_channel, node_channel
from server.room import Room
from server.room.actor import Reply as RoomReply
from server.sessions import Player
from server.tables import AnyRoom

if TYPE_CHECKING:
    from server.hall import Hall

_encode = msgspec.msgpack.Encoder().encode


class Command(msgspec.Struct, kw_only=True):
    kind: str  # a mailbox kind (sit, stand, option, bot, start, act) or join / part
    node: str  # the process to answer
    conn: int  # the connection there to answer
    ref: int | None = None
    player: Player | None = None
    msg: dict[str, Any] | None = None
    keep_seat: bool = False


class Reply(msgspec.Struct, kw_only=True):
    conn: int
    ref: int | None
    code: str
    message: str
    args: dict[str, Any] = {}


class Inbox:
    def __init__(self, hall: Hall) -> None:
        self.hall = hall

    # --- the asking side --------------------------------------------------------------

    def submit(self, room: AnyRoom, kind: str, conn: Connection, msg: Any) -> None:
        """Hand a client's request to the table's actor, here or at its owner."""
        assert conn.player is not None
        if isinstance(room, Room):
            room.submit(kind, conn.player, msg, self.hall.replier(conn, msg.id))
            return
        command = Command(
            kind=kind,
            node=self.hall.node,
            conn=conn.cid,
            ref=msg.id,
            player=conn.player,
            msg=msgspec.to_builtins(msg),
        )
        self.hall.spawn(self._forward(room.id, command, conn))

    def presence(self, room: AnyRoom, conn: Connection, kind: str, keep_seat: bool = False) -> None:
        """A player's connection arrived at (``join``) or left (``part``) a table."""
        assert conn.player is not None
        if isinstance(room, Room):
            self._presence_here(room, kind, conn.player, keep_seat)
            return
        command = Command(
            kind=kind, node=self.hall.node, conn=conn.cid, player=conn.player, keep_seat=keep_seat
        )
        self.hall.spawn(self._forward(room.id, command, None))

    async def _forward(self, room_id: str, command: Command, conn: Connection | None) -> None:
        try:
            await self.hall.broker.publish(inbox_channel(room_id), _encode(command))
        except BrokerUnavailable:
            if conn is not None:
                self.hall.error(
                    conn,
                    command.ref,
                    "unavailable",
                    "The hall's storage is unreachable; try again.",
                )

    def on_reply(self, data: bytes) -> None:
        """The owner refused a command one of our connections sent."""
        answer = msgspec.msgpack.decode(data, type=Reply)
        conn = self.hall.connection(answer.conn)
        if conn is not None:
            self.hall.error(conn, answer.ref, answer.code, answer.message, answer.args)

    # --- the owning side --------------------------------------------------------------

    def on_command(self, room_id: str, data: bytes) -> None:
        """A command from a client of another process, for a table we own."""
        room = self.hall.tables.own.get(room_id)
        if room is None:
            return  # not ours (any more): its new owner hears this too
        cmd = msgspec.msgpack.decode(data, type=Command)
        if cmd.kind in ("join", "part"):
            if cmd.player is not None:
                self._presence_here(room, cmd.kind, cmd.player, cmd.keep_seat)
            return
        try:
            msg = msgspec.convert(cmd.msg, m.ClientMessage)
        except msgspec.ValidationError:
            return
        room.submit(cmd.kind, cmd.player, msg, self._answer_to(cmd))

    def _presence_here(self, room: Room, kind: str, player: Player, keep_seat: bool) -> None:
        if kind == "join":
            room.join(player.id, player.name)
        else:
            room.part(player.id, keep_seat=keep_seat)
            self.hall.tables.parted(room)

    def _answer_to(self, cmd: Command) -> RoomReply:
        def reply(code: str, message: str, args: dict[str, Any] | None = None) -> None:
            answer = Reply(conn=cmd.conn, ref=cmd.ref, code=code, message=message, args=args or {})
            self.hall.spawn(self._quiet_publish(node_channel(cmd.node), _encode(answer)))

        return reply

    async def _quiet_publish(self, name: str, data: bytes) -> None:
        with contextlib.suppress(BrokerUnavailable):
            await self.hall.broker.publish(name, data)
