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
takeovers between processes (leases.py), the tables waiting for a player's move
(turns.py).

The hall builds the parts and gives each the few others it uses, and nothing more:
no part holds the hall, so a part's constructor says what it depends on; the hall
itself only builds, starts and closes them, and takes connections in and out. Besides the broker, the metrics
and the limits, the parts share only small things: this process's id among those
sharing the broker (``node``), its connections (``Connections``, where an answer
routed back from another process finds its connection by id), and ``spawn`` for
background tasks, which the hall cancels when it closes (tasks.py). A connection
sends an `error` itself, and counts it.

Who uses whom, from the top: the dispatcher hands a message to the sessions, the
lobby, the tables, the fan-out, the inbox or the replayer; the leases use the tables,
the fan-out's members and what waits; the fan-out, the lobby, the tables, the inbox
and what waits (``reforward``, ``left``); the tables, the lobby and the inbox
(``on_command``); the inbox, what waits (``forward``); what waits, the channels (where
it hears the owners' answers). Two pairs need each other both ways, and are built so:

- the tables hear the inbox channel of each table they own, for the inbox; that
  someone left a table goes to the tables from the table's actor (``Room.on_part``),
  not from the inbox;
- the leases resend or refuse what waits for a table they take over, and what waits
  asks the leases to hurry, and keeps hearing a table's answers while the fan-out has
  members there, both given to it once built (``Waiting.bind``).
"""

from __future__ import annotations

import logging
import secrets

from server import archive, collector, games, stalls
from server.accounts import Account, Accounts
from server.ai.thinker import Thinker
from server.broker import Broker
from server.channels import Channels
from server.connection import Connection, Connections
from server.dispatch import Dispatcher
from server.erasure import forget_account
from server.fanout import Fanout
from server.hallchat import HallChat
from server.holders import Holders
from server.inbox import Inbox
from server.keys import LOBBY
from server.leases import Leases
from server.limits import Limits
from server.lobby import Lobby
from server.metrics import Metrics
from server.present import Presence
from server.profiles import Profiles
from server.push import Notice, Pusher
from server.ratings import Ratings
from server.replayer import Replayer
from server.room import Room
from server.room.record import FORMER
from server.sessions import Sessions, sweep
from server.signin import SignIn
from server.tables import Tables
from server.tasks import Tasks
from server.turns import Turns
from server.waiting import Waiting

log = logging.getLogger("spieltisch.hub")


class Hall:
    def __init__(
        self, broker: Broker, metrics: Metrics | None = None, limits: Limits | None = None
    ) -> None:
        self.broker = broker
        self.metrics = metrics = metrics or Metrics()
        self.limits = limits = limits or Limits()
        self.node = node = secrets.token_hex(4)  # this process, among those sharing the broker
        self.connections = connections = Connections()
        self.tasks = Tasks()
        spawn = self.tasks.spawn
        self.thinker = Thinker(limits.ai_workers or None, limits.ai_budget)
        self.accounts = Accounts(broker, limits=limits)
        self.sessions = Sessions(broker, self.accounts, limits.guest_session_days * 86400)
        self.ratings = Ratings(broker, self.accounts)
        self.profiles = Profiles(broker, self.accounts, self.ratings)
        self.lobby = Lobby(broker)
        self.pusher = Pusher(broker, limits, spawn)  # Web Push to players' devices
        self.channels = Channels(broker)
        self.holders = Holders(self.accounts)  # who is an account holder, in lists of games
        self.replayer = Replayer(broker, mark=self.holders.mark)
        self.waiting = waiting = Waiting(  # what this process forwarded, until answered
            broker, limits, node, spawn, channels=self.channels, connection=connections.get
        )
        self.inbox = Inbox(
            broker,
            node,
            spawn,
            connection=connections.get,
            forward=waiting.forward,
        )
        self.tables = Tables(
            broker,
            metrics,
            limits,
            node,
            spawn,
            channels=self.channels,
            lobby=self.lobby,
            thinker=self.thinker,
            on_command=self.inbox.on_command,
            on_archived=self._archived,
            on_turn=self.on_turn,
            forgotten=self.ratings.forgotten,
        )
        self.fanout = Fanout(
            broker,
            spawn,
            channels=self.channels,
            connections=connections,
            lobby=self.lobby,
            tables=self.tables,
            inbox=self.inbox,
            reforward=waiting.reforward,
            left=waiting.left,
        )
        self.tables.deliver = self.fanout.deliver
        self.leases = Leases(
            broker,
            limits,
            node,
            spawn,
            tables=self.tables,
            members=self.fanout.members,
            waiting=waiting,
        )
        waiting.bind(hurry=self.leases.hurry, present=self.fanout.members)
        self.signin = SignIn(
            self.accounts,
            self.sessions,
            leave_all=self.fanout.leave_all,
            forget=self._forget,
            broker=broker,
            connections=connections,
            spawn=spawn,
            forgotten=self._forgotten,
        )
        # The hall's meeting place: its chat, and who is here.
        self.hallchat = HallChat(broker)
        self.presence = Presence(broker, node, connections, self.tables)
        self.turns = Turns(self.lobby)  # the tables waiting for a player's move
        self.dispatcher = Dispatcher(
            broker,
            metrics,
            limits,
            sessions=self.sessions,
            signin=self.signin,
            lobby=self.lobby,
            tables=self.tables,
            fanout=self.fanout,
            inbox=self.inbox,
            replayer=self.replayer,
            holders=self.holders,
            hallchat=self.hallchat,
            presence=self.presence,
            turns=self.turns,
            pusher=self.pusher,
        )
        self.receive = self.dispatcher.receive  # a frame from a connection
        broker.on_reconnect(self.fanout.catch_up)
        metrics.gauges["connections"] = lambda: len(connections)
        metrics.gauges["compact_connections"] = lambda: metrics.compact_clients
        metrics.gauges["rooms"] = self.tables.by_status
        metrics.gauges["forwarded_waiting"] = lambda: len(waiting)

    def on_turn(self, player_id: str, room_id: str) -> None:
        """It became a person's move at a turn-based table this process owns (called
        once per move that comes to them, from the table's actor; it must not block):
        a push to the devices where they asked to be told (server/push.py)."""
        room = self.tables.own.get(room_id)
        if room is not None:
            self.pusher.notify(player_id, "your_turn", Notice(room=room_id, game=room.game.name))

    def _lobby_changed(self, data: bytes) -> None:
        self.lobby.on_change(data)
        self.turns.on_change(data)

    @property
    def rooms(self) -> dict[str, Room]:
        """The tables this process owns, by id."""
        return self.tables.own

    async def _archived(self, record: archive.Record) -> None:
        """A finished game, once archived: its players are told (in the background),
        and it is rated. Called again by a table's next owner when the last one may
        have died after archiving (room/actor.py): each of the two is taken once."""
        await self.pusher.game_over(record)
        await self.ratings.rate(record)

    async def _forget(self, account: Account) -> int:
        """A deleted account: its devices get no more pushes, and its name leaves
        what the hall shows."""
        return await forget_account(self.broker, self.profiles, account)

    def _forgotten(self, player: str) -> None:
        """A deleted account, heard by every process of the hall: the tables this one
        runs call its seat a former player's (or give it up before the start), and the
        replays it keeps, which may name it, go."""
        self.replayer.forget()
        for room in list(self.tables.own.values()):
            room.forget_player(player, FORMER)

    async def start(self) -> None:
        # Import every game now: done on the first use instead, it blocked the loop for
        # most of a second (2-core machine) in the middle of a process's first takeover,
        # while moves for the table waited for it.
        games.names()
        if self.limits.gc_every > 0:
            self.tasks.spawn(collector.run(self.limits.gc_every, self.metrics))
        self.tasks.spawn(stalls.probe(self.metrics))
        await self.broker.subscribe(LOBBY, self._lobby_changed)
        await self.hallchat.start()
        await self.signin.start()
        await self.pusher.start()
        await self.presence.start()
        self.tasks.spawn(self.presence.run())
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
            self.tasks.spawn(self.leases.run())
        elif self.broker.durable:
            await self.tables.bring_back()
        if self.broker.durable:
            self.tasks.spawn(self._sweep_sessions())

    async def _sweep_sessions(self) -> None:
        """Once, in the background: the sessions kept from before accounts indexed
        theirs (sessions.py, ``sweep``)."""
        dropped, indexed = await sweep(self.broker, self.accounts)
        if dropped or indexed:
            log.info(
                '{"event": "hub.sessions_swept", "dropped": %d, "indexed": %d}', dropped, indexed
            )

    # --- connections ---------------------------------------------------------------

    def connect(self, conn: Connection) -> None:
        self.connections.add(conn)
        conn.start()

    async def disconnect(self, conn: Connection) -> None:
        self.metrics.connections_closed += 1
        self.metrics.compact_clients -= conn.compact
        self.connections.discard(conn)
        self.lobby.forget(conn)
        self.hallchat.forget(conn)
        self.presence.forget(conn)
        self.turns.forget(conn)
        await self.fanout.leave_all(conn)
        await conn.stop()

    async def close(self) -> None:
        for conn in list(self.connections):
            await self.disconnect(conn)
        await self.presence.close()
        await self.tables.close()
        await self.tasks.cancel()
        self.thinker.close()
        self.pusher.close()
        self.replayer.close()
