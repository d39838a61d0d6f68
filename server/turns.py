"""Your turns: the turn-based tables that wait for a move of a player, told to each
of their connections that asked (`turns`), again whenever that list changes.

The list comes from the lobby directory, where every table's owner writes, besides
the table's summary, whose move it is and until when (lobby.Entry.due): so a hall of
several processes lists the tables of all of them, private ones too (the directory's
hall-only part names the players, the lobby's shown part does not). A change of any
table is heard on the lobby channel; the lists are worked out again at most a couple
of times a second, and a connection is sent its list only when its own list changed.
"""

from __future__ import annotations

import asyncio
import contextlib

import msgspec

from protocol import messages as m
from server.broker import BrokerUnavailable
from server.connection import Connection
from server.lobby import Entry, Lobby

INTERVAL = 0.5  # seconds: changes are gathered this long before the lists are sent
_encode = msgspec.msgpack.Encoder().encode


def by_player(entries: list[Entry]) -> dict[str, list[m.TurnRoom]]:
    """Every player's tables waiting for them in ``entries``, the longest waiting first:
    one pass over the directory, however many players are listening."""
    found: dict[str, list[m.TurnRoom]] = {}
    for entry in entries:
        for due in entry.due:
            opponents = [n for i, n in enumerate(entry.names) if i != due.seat and n]
            found.setdefault(due.player, []).append(
                m.TurnRoom(
                    room=entry.summary.room,
                    game=entry.summary.game,
                    deadline=due.deadline,
                    since=due.since,
                    opponents=opponents,
                )
            )
    for rooms in found.values():
        rooms.sort(key=lambda t: (t.since, t.room))
    return found


class Turns:
    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.watchers: dict[Connection, bytes] = {}  # what each was last sent
        self._flush: asyncio.Task[None] | None = None

    async def watch(self, conn: Connection, on: bool) -> None:
        if not on:
            self.forget(conn)
            return
        assert conn.player is not None
        rooms = by_player(await self.lobby.entries()).get(conn.player.id, [])
        msg = m.TurnList(rooms=rooms)
        self.watchers[conn] = _encode(msg)
        conn.send(msg)

    def forget(self, conn: Connection) -> None:
        self.watchers.pop(conn, None)

    def on_change(self, data: bytes) -> None:
        """The lobby channel's handler: some table changed."""
        if self.watchers and (self._flush is None or self._flush.done()):
            self._flush = asyncio.get_running_loop().create_task(self._send_later())

    async def _send_later(self) -> None:
        await asyncio.sleep(INTERVAL)
        with contextlib.suppress(BrokerUnavailable):
            waiting = by_player(await self.lobby.entries())
            for conn, told in list(self.watchers.items()):
                if conn.player is None or conn.closed:
                    continue
                msg = m.TurnList(rooms=waiting.get(conn.player.id, []))
                encoded = _encode(msg)
                if encoded != told:
                    self.watchers[conn] = encoded
                    conn.send(msg)
