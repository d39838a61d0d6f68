"""What a table's owner tells every hub that has members there, on the table's events
channel: the table as members see it, chat lines, and a new owner's census call."""

from __future__ import annotations

from typing import Any

import msgspec

from protocol.messages import SeatInfo, Status


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
