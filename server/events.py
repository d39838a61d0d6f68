"""What a table's owner tells every hub that has members there, on the table's events
channel: the table as members see it, chat lines, and a new owner's census call."""

from __future__ import annotations

from typing import Any

import msgspec

from protocol.messages import KeptSeat, SeatInfo, Status
from server.room.privacy import Lock


class RoomInfo(msgspec.Struct, kw_only=True):
    """What every member is told about the table; each gets it with its own ``you``."""

    room: str
    game: str
    options: dict[str, Any]
    status: Status
    host: str | None
    seats: list[SeatInfo | None]
    watchers: int
    # Between processes only: room_message tells a member whether the table is
    # private and its invitation, never the password's digest.
    lock: Lock = msgspec.field(default_factory=Lock)
    kept: list[KeptSeat | None] = []  # seats kept for the players of a rematch
    rematch: str | None = None  # a finished table's rematch, once its players opened one
    abandoned: bool = False  # a finished table whose people all left before the end
    # Per audience (a seat, or -1 for watchers): ranges of its view's log the AI wrote
    # for a person; each member is told its own audience's (fanout.room_message).
    ai_log: dict[int, list[list[int]]] = {}


class Event(msgspec.Struct, tag_field="k", tag="room"):
    info: RoomInfo
    v: int = 0  # the room's version, so a hub can tell a connection is behind


class Census(msgspec.Struct, tag_field="k", tag="census"):
    """A new owner asks every hub to announce who of theirs is at the table."""


class ChatEvent(msgspec.Struct, tag_field="k", tag="chat"):
    from_: str
    text: str
    at: float
    # Who said it, to tell same-named speakers apart (lines kept from before have none).
    player: str = ""
    account: bool = False


RoomEvent = Event | ChatEvent | Census
decode_event = msgspec.msgpack.Decoder(RoomEvent).decode  # type: ignore[arg-type]
