"""Tables owned by another process of the same hall.

A room's actor lives in exactly one process, the holder of its lease. Another process
whose clients sit or watch there sees the room through a RemoteRoom: what it reads
(seats, status, the latest views, the backlog) comes from what the owner keeps in the
broker, and what its clients ask for is forwarded to the room's inbox channel as a
Command. The owner answers refusals on the asking process's own channel.
"""

from __future__ import annotations

import struct
from typing import Any

import msgspec

from protocol.messages import Patch, Snapshot
from protocol.patch import apply
from server.broker import Broker
from server.room import RoomInfo, backlog_key, view_key
from server.sessions import Player

_VERSION = struct.Struct(">Q")
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


def inbox_channel(room: str) -> str:
    return f"room:{room}:inbox"


def node_channel(node: str) -> str:
    return f"node:{node}"


class RemoteRoom:
    def __init__(self, room_id: str, info: RoomInfo, version: int) -> None:
        self.id = room_id
        self.info_ = info
        self.version = version

    @property
    def status(self) -> str:
        return self.info_.status

    def info(self) -> RoomInfo:
        return self.info_

    def seat_of(self, player_id: str) -> int | None:
        for i, seat in enumerate(self.info_.seats):
            if seat is not None and seat.player == player_id:
                return i
        return None

    async def snapshot(self, broker: Broker, audience: int | None) -> tuple[int, bytes] | None:
        """The latest view: the owner stores one every few versions (room.VIEW_EVERY)
        and keeps every patch in the backlog; the patches after the stored view bring
        it up to date. Read in that order, the backlog is never older than the view."""
        raw = await broker.get(view_key(self.id, audience))
        if raw is None:
            return None
        v = _VERSION.unpack_from(raw)[0]
        newer = await self.patches_since(broker, audience, v)
        if not newer:
            return v, raw[_VERSION.size :]
        view = msgspec.msgpack.decode(raw[_VERSION.size :], type=Snapshot).view
        for data in newer:
            patch = msgspec.msgpack.decode(data, type=Patch)
            view = apply(view, patch.ops)
            v = patch.v
        return v, _encode(Snapshot(room=self.id, v=v, view=view))

    async def patches_since(
        self, broker: Broker, audience: int | None, v: int
    ) -> list[bytes] | None:
        """The stored patches after ``v`` when the backlog still reaches back to it."""
        stored = await broker.recent(backlog_key(self.id, audience))
        versions = [_VERSION.unpack_from(raw)[0] for raw in stored]
        if not versions or versions[0] > v + 1:
            return None
        return [raw[_VERSION.size :] for raw, pv in zip(stored, versions, strict=True) if pv > v]
