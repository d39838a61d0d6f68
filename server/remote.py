"""Tables owned by another process of the same hall.

A table's actor lives in exactly one process, the holder of its lease. Another process
whose clients sit or watch there sees the table through a RemoteRoom: what it reads
(seats, status, the latest views, the backlog) comes from what the owner keeps in the
broker; what its clients ask for goes to the owner through the table's inbox
(inbox.py).
"""

from __future__ import annotations

import msgspec

from protocol.messages import KeptSeat, Patch, SeatInfo, Snapshot
from protocol.patch import apply
from server.broker import Broker
from server.events import RoomInfo
from server.keys import VERSION, Audience, backlog_key, view_key
from server.room.privacy import Lock
from server.room.record import RoomMeta

_encode = msgspec.msgpack.Encoder().encode


class RemoteRoom:
    def __init__(self, room_id: str, info: RoomInfo, version: int) -> None:
        self.id = room_id
        self.info_ = info
        self.version = version

    @classmethod
    def from_meta(cls, room_id: str, meta: RoomMeta) -> RemoteRoom:
        """A table known only from its stored meta, until its owner says more."""
        info = RoomInfo(
            room=room_id,
            game=meta.game,
            options=meta.options,
            status=meta.status,
            host=meta.host,
            seats=[
                None
                if s is None
                else SeatInfo(player=s.player, name=s.name, bot=s.bot, online=True)
                for s in meta.seats
            ],
            watchers=0,
            lock=meta.lock,
            kept=[
                None if (k := meta.kept.get(i)) is None else KeptSeat(player=k.player, name=k.name)
                for i in range(len(meta.seats))
            ]
            if meta.kept
            else [],
            rematch=meta.rematch,
        )
        return cls(room_id, info, -1)

    @property
    def status(self) -> str:
        return self.info_.status

    def info(self) -> RoomInfo:
        return self.info_

    @property
    def host(self) -> str | None:
        return self.info_.host

    @property
    def lock(self) -> Lock:
        """Who may come in, as the owner last told (privacy.py)."""
        return self.info_.lock

    def seat_of(self, player_id: str) -> int | None:
        for i, seat in enumerate(self.info_.seats):
            if seat is not None and seat.player == player_id:
                return i
        return None

    async def snapshot(self, broker: Broker, audience: Audience) -> tuple[int, bytes] | None:
        """The latest view: the owner stores one every few versions (ledger.VIEW_EVERY)
        and keeps every patch in the backlog; the patches after the stored view bring
        it up to date. Read in that order, the backlog is never older than the view."""
        raw = await broker.get(view_key(self.id, audience))
        if raw is None:
            return None
        v = VERSION.unpack_from(raw)[0]
        newer = await self.patches_since(broker, audience, v)
        if not newer:
            return v, raw[VERSION.size :]
        view = msgspec.msgpack.decode(raw[VERSION.size :], type=Snapshot).view
        for data in newer:
            patch = msgspec.msgpack.decode(data, type=Patch)
            view = apply(view, patch.ops)
            v = patch.v
        return v, _encode(Snapshot(room=self.id, v=v, view=view))

    async def patches_since(self, broker: Broker, audience: Audience, v: int) -> list[bytes] | None:
        """The stored patches after ``v`` when the backlog still reaches back to it."""
        stored = await broker.recent(backlog_key(self.id, audience))
        versions = [VERSION.unpack_from(raw)[0] for raw in stored]
        if not versions or versions[0] > v + 1:
            return None
        return [raw[VERSION.size :] for raw, pv in zip(stored, versions, strict=True) if pv > v]
