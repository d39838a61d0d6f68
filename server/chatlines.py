"""The chat the hall keeps for newcomers, read by who said it: the hall's recent lines
and each listed table's. A player's export lists theirs (profiles.py); a deleted
account's become a former player's (erasure.py)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from protocol import messages as m
from protocol.tags import tag_of
from server.broker import Broker
from server.keys import DIRECTORY, HALL_CHAT, chat_key

_encode = msgspec.msgpack.Encoder().encode
_hall_line = msgspec.msgpack.Decoder(m.HallChatEntry).decode


@dataclass(frozen=True)
class Said:
    """One kept line: its list (``key``), its stored bytes, and what it says."""

    key: str
    raw: bytes
    room: str | None  # the table it was said at; None: the hall
    line: Any  # the decoded line: an m.HallChatEntry, or a table's events.ChatEvent

    def as_said_by(self, name: str) -> bytes:
        """The line's bytes with ``name`` as its speaker's, who holds no account (a
        deleted account's; tagged as the games tag such a player: holders.py)."""
        if self.room is None:
            tag = tag_of(self.line.player, False)
            return _encode(msgspec.structs.replace(self.line, from_=name, account=False, tag=tag))
        return _encode(msgspec.structs.replace(self.line, from_=name, account=False))


async def said_by(broker: Broker, player: str) -> list[Said]:
    """The lines ``player`` said that the hall keeps, the hall's first."""
    # Here rather than at the top: server.events and the room package import each
    # other, and the admin tool imports this module before either.
    from server.events import ChatEvent

    table_line: Callable[[bytes], Any] = msgspec.msgpack.Decoder(ChatEvent).decode
    lists: list[tuple[str, str | None, Callable[[bytes], Any]]] = [(HALL_CHAT, None, _hall_line)]
    lists += [(chat_key(room), room, table_line) for room in await broker.dir_all(DIRECTORY)]
    found = []
    for key, room, decode in lists:
        for raw in await broker.recent(key):
            with contextlib.suppress(msgspec.DecodeError, msgspec.ValidationError):
                line = decode(raw)
                if line.player == player:
                    found.append(Said(key, raw, room, line))
    return found
