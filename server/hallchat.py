"""The hall's chat: one conversation for everyone in the hall, on every process.

It works as a table's chat does (dispatch.py): a line is kept in a capped list in the
broker before it is published, so a newcomer gets the recent lines (`hall_chat_log`)
and a restart of a hall that keeps its data loses none; every process hears the
hall's channel once and hands each line to its own listeners as one shared frame.
Unlike a table's, the hall's chat reaches everyone, so it has a rate of its own, on
top of the connection's.
"""

from __future__ import annotations

import contextlib
import time

import msgspec

from protocol import messages as m
from protocol.tags import tag_of
from server.broker import Broker, BrokerUnavailable
from server.connection import Connection, Frame, TokenBucket
from server.games.base import IllegalIntent
from server.keys import HALL_CHAT, HALL_CHAT_CHANNEL

LINES_AT_ONCE = 5.0  # lines one connection may say in a row ...
LINES_PER_SECOND = 1.0  # ... and then this many a second
_encode = msgspec.msgpack.Encoder().encode
_decode_entry = msgspec.msgpack.Decoder(m.HallChatEntry).decode


def clean_line(raw: str) -> str:
    """A chat line as the hall keeps it: printable characters only, trimmed; refused
    when nothing is left or it is too long (the same rules as a table's chat)."""
    text = "".join(ch for ch in raw if ch.isprintable()).strip()
    if not text:
        raise IllegalIntent("bad_message", "An empty chat line.")
    if len(text) > m.CHAT_MAX:
        raise IllegalIntent("too_large", f"Chat lines are limited to {m.CHAT_MAX} characters.")
    return text


class HallChat:
    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self.listeners: set[Connection] = set()
        self._buckets: dict[Connection, TokenBucket] = {}

    async def start(self) -> None:
        await self.broker.subscribe(HALL_CHAT_CHANNEL, self.on_line)

    async def join(self, conn: Connection) -> None:
        """Listen from now on, and get the recent lines (read after joining, so that a
        line said meanwhile is in them, comes live, or both)."""
        self.listeners.add(conn)
        try:
            stored = await self.broker.recent(HALL_CHAT)
        except BrokerUnavailable:
            stored = []  # the conversation so far is missed, not what comes next
        conn.send(m.HallChatLog(lines=[_decode_entry(raw) for raw in stored]))

    def stop(self, conn: Connection) -> None:
        """Stop listening (`hall` with `on: false`)."""
        self.listeners.discard(conn)

    def forget(self, conn: Connection) -> None:
        """The connection closed."""
        self.listeners.discard(conn)
        self._buckets.pop(conn, None)

    async def say(self, conn: Connection, msg: m.HallChat) -> None:
        player = conn.player
        assert player is not None
        text = clean_line(msg.text)
        bucket = self._buckets.get(conn)
        if bucket is None:
            bucket = self._buckets[conn] = TokenBucket(LINES_PER_SECOND, LINES_AT_ONCE)
        if not bucket.take():
            raise IllegalIntent(
                "rate_limited",
                "You are talking too fast in the hall; wait a moment.",
                {"per_second": LINES_PER_SECOND},
            )
        account = bool(player.account)
        entry = m.HallChatEntry(
            player=player.id,
            from_=player.name,
            account=account,
            tag=tag_of(player.id, account, player.bot),
            text=text,
            at=time.time(),
        )
        data = _encode(entry)
        # Kept before it is published: whoever joins meanwhile gets it in the log,
        # live, or both (the client shows it once), and never misses it.
        await self.broker.push_capped(HALL_CHAT, data, m.HALL_CHAT_KEEP)
        await self.broker.publish(HALL_CHAT_CHANNEL, data)

    def on_line(self, data: bytes) -> None:
        """The hall channel's handler: one frame for every listener of this process."""
        if not self.listeners:
            return
        with contextlib.suppress(msgspec.DecodeError, msgspec.ValidationError):
            e = _decode_entry(data)
            line = m.HallChatLine(
                player=e.player, from_=e.from_, account=e.account, tag=e.tag, text=e.text, at=e.at
            )
            frame = Frame(_encode(line))
            for conn in list(self.listeners):
                conn.send_frame(frame)
