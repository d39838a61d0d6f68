"""Every message of PROTOCOL.md as a msgspec Struct, tagged on ``t``.

These Structs are the source of truth for the wire: the server decodes and encodes
with them, and ``python -m protocol.codegen`` turns them into the client's TypeScript
types. Unknown fields are ignored so that a newer client still talks to this server.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

PROTOCOL_VERSION = 1
SERVER_NAME = f"spieltisch/{PROTOCOL_VERSION}"

Lang = Literal["ja", "en"]
Status = Literal["waiting", "playing", "finished"]


class _Client(msgspec.Struct, tag_field="t", kw_only=True):
    id: int | None = None


# --- client -> server -------------------------------------------------------------


class Hello(_Client, tag="hello"):
    name: str
    token: str | None = None
    lang: Lang = "en"


class Rooms(_Client, tag="rooms"):
    pass


class Create(_Client, tag="create"):
    game: str
    options: dict[str, Any] = {}


class Enter(_Client, tag="enter"):
    room: str
    # An addition to PROTOCOL.md v1: the last version this client holds of the room,
    # so a resuming client is sent only the patches it missed.
    v: int | None = None


class Sit(_Client, tag="sit"):
    room: str
    seat: int | None = None


class Stand(_Client, tag="stand"):
    room: str


class Option(_Client, tag="option"):
    room: str
    key: str
    value: Any = None


class Bot(_Client, tag="bot"):
    room: str
    seat: int | None = None


class Start(_Client, tag="start"):
    room: str


class Act(_Client, tag="act"):
    room: str
    v: int
    intent: dict[str, Any]


class Chat(_Client, tag="chat"):
    room: str
    text: str


class Resync(_Client, tag="resync"):
    room: str


class Leave(_Client, tag="leave"):
    room: str


class Ping(_Client, tag="ping"):
    pass


ClientMessage = (
    Hello
    | Rooms
    | Create
    | Enter
    | Sit
    | Stand
    | Option
    | Bot
    | Start
    | Act
    | Chat
    | Resync
    | Leave
    | Ping
)


# --- server -> client -------------------------------------------------------------


class _Server(msgspec.Struct, tag_field="t", kw_only=True):
    pass


class Welcome(_Server, tag="welcome"):
    token: str
    player: str
    name: str
    server: str = SERVER_NAME


class RoomSummary(msgspec.Struct, kw_only=True):
    room: str
    game: str
    status: Status
    seats: int
    seated: int
    watchers: int
    options: dict[str, Any]


class RoomList(_Server, tag="room_list"):
    rooms: list[RoomSummary]


class SeatInfo(msgspec.Struct, kw_only=True):
    player: str
    name: str
    bot: bool
    online: bool


class Room(_Server, tag="room"):
    room: str
    game: str
    options: dict[str, Any]
    status: Status
    host: str | None
    seats: list[SeatInfo | None]
    you: int | None
    watchers: int


class Snapshot(_Server, tag="snapshot"):
    room: str
    v: int
    view: dict[str, Any]


class Patch(_Server, tag="patch"):
    room: str
    v: int
    ops: list[Any]


class ChatLine(_Server, tag="chat"):
    room: str
    from_: str = msgspec.field(name="from")
    text: str
    at: float


class Error(_Server, tag="error"):
    ref: int | None
    code: str
    message: str


class Pong(_Server, tag="pong"):
    id: int | None = None


ServerMessage = Welcome | RoomList | Room | Snapshot | Patch | ChatLine | Error | Pong

CLIENT_MESSAGES: tuple[type[msgspec.Struct], ...] = ClientMessage.__args__  # type: ignore[attr-defined]
SERVER_MESSAGES: tuple[type[msgspec.Struct], ...] = ServerMessage.__args__  # type: ignore[attr-defined]

# The stable error codes of PROTOCOL.md; games add their own for refused intents.
ERROR_CODES = (
    "bad_message",
    "too_large",
    "rate_limited",
    "unknown_room",
    "not_seated",
    "not_host",
    "seat_taken",
    "room_full",
    "not_enough_players",
    "already_started",
    "not_started",
    "unknown_option",
    "bad_option",
    "not_your_turn",
    "game_over",
    "unavailable",
)
