"""What a table writes down: its log records and its meta.

The log is the table's truth: a start record (game, options, seats and the seed), then
each accepted move. Games are deterministic, so replaying the log rebuilds the state.
The meta holds what the log does not: who sits where, the host, the status.
"""

from __future__ import annotations

from typing import Any

import msgspec

from protocol.messages import Status
from server.games.base import Game, read_intent
from server.room.clock import Clock
from server.room.privacy import Lock

# The name a deleted account goes by wherever the hall keeps it: its seats, its
# finished games, its chat lines.
FORMER = "former player"


class Seat(msgspec.Struct):
    player: str
    name: str
    bot: bool = False
    level: str | None = None  # an AI player's level (server/ai)
    standin: bool = False  # a person's seat the AI plays for now
    resigned: bool = False  # a person who gave up: the AI plays the seat to the end
    left: bool = False  # a person who left the running game: the AI plays until they return
    ai_moves: int = 0  # moves of a person's the AI made for them (stand-in, clock, left)


class LogStart(msgspec.Struct, tag_field="k", tag="start"):
    game: str
    options: dict[str, Any]
    seats: int
    seed: int


class LogAct(msgspec.Struct, tag_field="k", tag="act", omit_defaults=True):
    seat: int
    intent: dict[str, Any]
    by: str | None = None  # "ai" when the AI played this person's seat for them
    # The sender's `id` and the `v` it chose the move on: a resend of the same message
    # is known by them, by this process or by one that takes the table over from the
    # log (receipts.py). Left out of archived records.
    ref: int | None = None
    sent_v: int | None = None


LogEntry = LogStart | LogAct
decode_log = msgspec.msgpack.Decoder(LogEntry).decode  # type: ignore[arg-type]


class RoomMeta(msgspec.Struct, kw_only=True):
    """What a successor needs to take a table over, besides its log."""

    game: str
    options: dict[str, Any]
    host: str | None
    status: Status
    seats: list[Seat | None]
    bots: int
    clock: Clock = msgspec.field(default_factory=Clock)
    started: float = 0.0  # when the game started (Unix seconds)
    created: float = 0.0  # when the table was opened (Unix seconds)
    host_name: str | None = None
    lock: Lock = msgspec.field(default_factory=Lock)  # who may come in (privacy.py)
    address: str = ""  # the opener's, for the per-address cap on open tables
    rated: bool = True  # the game counts for the ratings
    kept: dict[int, Seat] = {}  # seats kept for the players of a rematch, by seat
    rematch: str | None = None  # the table its players opened to play again
    abandoned: bool = False  # finished: every person left before the end (no result)
    ai_pace: str = "auto"  # how fast its AI players play (room/pace.py)
    ai_log: dict[int, list[list[int]]] = {}  # log ranges the AI wrote for people (table.py)


def apply_logged(game: Game, state: Any, raw: bytes) -> Any:
    """``state`` after one logged move."""
    entry = decode_log(raw)
    assert isinstance(entry, LogAct)
    return game.apply(state, entry.seat, read_intent(game, entry.intent))


def replay(game: Game, entries: list[bytes]) -> tuple[Any, LogStart, int]:
    """Rebuild a room's state from its log: (state, start record, version)."""
    start = decode_log(entries[0])
    if not isinstance(start, LogStart):
        raise ValueError("a room log begins with its start record")
    options = msgspec.convert(start.options, game.Options)
    state = game.setup(start.seats, options, start.seed)
    for raw in entries[1:]:
        state = apply_logged(game, state, raw)
    return state, start, len(entries) - 1
