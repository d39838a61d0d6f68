"""The hall: one process's share of the hub, without the socket.

A frame's way through it, top-down: the connection (connection.py) hands each frame
to ``Hall.receive``; the dispatcher (dispatch.py) checks and routes it; a request for a
table goes through the table's inbox (inbox.py) to its actor (room/), here or at the
process that owns it; the actor has the game apply it and its ledger write it down and
publish each audience's patch; the fan-out (fanout.py) forwards what is published to
the connections watching. A request forwarded to another process waits for its answer
(waiting.py), which comes within a bounded time even while the table changes hands.

The parts, each in its own module: sessions (sessions.py), the lobby (lobby.py), the
tables this process knows (tables.py), broker subscriptions (channels.py), leases and
takeovers between processes (leases.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from typing import Any

from protocol import messages as m
from server import collector, games
from server.ai.thinker import Thinker
from server.broker import Broker
from server.channels import Channels
from server.connection import Connection
from server.dispatch import Dispatcher
from server.fanout import Fanout
from server.inbox import Inbox
from server.keys import LOBBY, node_channel
from server.leases import Leases
from server.limits import Limits
from server.lobby import Lobby
from server.metrics import Metrics
from server.replayer import Replayer
from server.room import Room
from server.sessions import Sessions
from server.tables import Tables
from server.waiting import Waiting

log = logging.getLogger("spieltisch.hub")


class Hall:
    def __init__(
        self, broker: Broker, metrics: Metrics | None = None, limits: Limits | None = None
    ) -> None:
        self.broker = broker
        self.metrics = metrics or Metrics()
        self.limits = limits or Limits()
        self.node = secrets.token_hex(4)  # this process, among those sharing the broker
        self.connections: set[Connection] = set()
        self._by_cid: dict[int, Connection] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self.thinker = Thinker(self.limits.ai_workers or None, self.limits.ai_budget)
        self.sessions = Sessions(broker)
        self.lobby = Lobby(broker)
        self.channels = Channels(broker)
        self.tables = Tables(self)
        self.inbox = Inbox(self)
        self.waiting = Waiting(self)  # what this process forwarded, until answered
        self.fanout = Fanout(self)
        self.leases = Leases(self)
        self.replayer = Replayer(broker)
        self.dispatcher = Dispatcher(self)
        broker.on_reconnect(self.fanout.catch_up)
        self.metrics.gauges["connections"] = lambda: len(self.connections)
        self.metrics.gauges["compact_connections"] = lambda: self.metrics.compact_clients
        self.metrics.gauges["rooms"] = self.tables.by_status
        self.metrics.gauges["forwarded_waiting"] = lambda: len(self.waiting)

    @property
    def rooms(self) -> dict[str, Room]:
        """The tables this process owns, by id."""
        return self.tables.own

    async def start(self) -> None:
        # Import every game now: done on the first use instead, it blocked the loop for
        # most of a second (2-core machine) in the middle of a process's first takeover,
        # while moves for the table waited for it.
        games.names()
        if self.limits.gc_every > 0:
            self.spawn(collector.run(self.limits.gc_every, self.metrics))
        await self.broker.subscribe(LOBBY, self.lobby.on_change)
        await self.broker.subscribe(node_channel(self.node), self.inbox.on_reply)
        if self.broker.shared:
            volatile = getattr(self.broker, "volatile", None)
            why = await volatile() if volatile is not None else None
            if why:
                log.warning(
                    "WARNING: Redis keeps nothing on disk (%s): a restart of Redis loses "
                    "every table, session and finished game of the hall. Run it with "
                    "--appendonly yes (README: Running with Redis).",
                    why,
                )
            self.spawn(self.leases.run())
        elif self.broker.durable:
            await self.tables.bring_back()

    # --- connections ---------------------------------------------------------------

    def connect(self, conn: Connection) -> None:
        self.connections.add(conn)
        self._by_cid[conn.cid] = conn
        conn.start()

    def connection(self, cid: int) -> Connection | None:
        return self._by_cid.get(cid)

    async def receive(self, conn: Connection, data: bytes | str) -> None:
        await self.dispatcher.receive(conn, data)

    async def disconnect(self, conn: Connection) -> None:
        self.metrics.connections_closed += 1
        self.metrics.compact_clients -= conn.compact
        self.connections.discard(conn)
        self._by_cid.pop(conn.cid, None)
        self.lobby.forget(conn)
        for room_id in list(conn.rooms):
            await self.fanout.leave(conn, room_id, gone=True)
        await conn.stop()

    def error(
        self,
        conn: Connection,
        ref: int | None,
        code: str,
        message: str,
        args: dict[str, Any] | None = None,
    ) -> None:
        self.metrics.errors[code] += 1
        conn.send(m.Error(ref=ref, code=code, message=message, args=args or {}))

    # --- housekeeping --------------------------------------------------------------

    def spawn(self, coro: Any) -> None:
        """Run a coroutine in the background, cancelled when the hall closes."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        for conn in list(self.connections):
            await self.disconnect(conn)
        for room in list(self.tables.own.values()):
            await room.close()
        self.tables.own.clear()
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        self.thinker.close()
        self.replayer.close()
