"""One frame from a client, and what it does.

Checked in order: the frame's size, the connection's rate, that it decodes as a client
message of the protocol, and that the connection has said hello. Then each message
goes to the part of the hall that handles it: the lobby, the tables, the fan-out, or
the table's actor (through its inbox). Whatever goes wrong is answered with an `error`
carrying the message's id, a stable code and a reason, and nothing is changed.
"""

from __future__ import annotations

import hmac
import logging
import time
from typing import Any

import msgspec

from protocol import codec, compact
from protocol import messages as m
from server import archive
from server.accounts import AccountError
from server.broker import Broker, BrokerUnavailable
from server.connection import Connection
from server.events import ChatEvent
from server.fanout import Fanout
from server.games.base import IllegalIntent
from server.hallchat import HallChat
from server.holders import Holders
from server.inbox import Inbox
from server.keys import CHAT_KEEP, chat_key, events_channel
from server.limits import Limits
from server.lobby import Lobby
from server.metrics import Metrics
from server.present import Presence
from server.push import Pusher
from server.replayer import Replayer
from server.sessions import Sessions, valid_name
from server.signin import SignIn, welcome
from server.tables import Tables
from server.turns import Turns

log = logging.getLogger("spieltisch.hub")

CHAT_MAX = m.CHAT_MAX
WRONG_PASSWORDS = 5  # hall passwords one connection may get wrong before it is closed
_encode = msgspec.msgpack.Encoder().encode
# What a guest may not do at a hall that asks for accounts (`--accounts required`).
PLAYING = (m.Create, m.Sit, m.Chat, m.HallChat)


class Dispatcher:
    def __init__(
        self,
        broker: Broker,
        metrics: Metrics,
        limits: Limits,
        sessions: Sessions,
        signin: SignIn,
        lobby: Lobby,
        tables: Tables,
        fanout: Fanout,
        inbox: Inbox,
        replayer: Replayer,
        holders: Holders,
        hallchat: HallChat,
        presence: Presence,
        turns: Turns,
        pusher: Pusher,
    ) -> None:
        self.broker = broker
        self.metrics = metrics
        self.limits = limits
        self.sessions = sessions
        self.signin = signin
        self.guests_play = limits.accounts != "required"
        self.lobby = lobby
        self.tables = tables
        self.fanout = fanout
        self.inbox = inbox
        self.replayer = replayer
        self.hallchat = hallchat
        self.holders = holders
        self.presence = presence
        self.turns = turns
        self.pusher = pusher

    async def receive(self, conn: Connection, data: bytes | str) -> None:
        """Handle one frame. Nothing a client sends may escape as an exception."""
        self.metrics.messages_in += 1
        conn.json = isinstance(data, str)
        limit = self.limits.frame_bytes
        if len(data) > limit:
            conn.error(
                _loose_id(data),
                "too_large",
                f"Frames are limited to {limit} bytes.",
                {"bytes": limit},
            )
            return
        if not conn.bucket.take():
            conn.error(_loose_id(data), "rate_limited", "Too many messages; slow down.")
            return
        try:
            msg = codec.decode_client(data)
        except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as e:
            # A MessagePack string that is not UTF-8 fails as a UnicodeDecodeError.
            conn.error(_loose_id(data), "bad_message", f"Cannot read that message: {e}")
            return
        except RecursionError:
            # Nesting a thousand deep in a field that takes any value (an intent, an
            # option's value) is not a message anyone means to send.
            conn.error(None, "bad_message", "Cannot read that message: nested too deeply.")
            return
        try:
            await self.dispatch(conn, msg)
        except IllegalIntent as e:
            conn.error(msg.id, e.code, e.message, e.values)
        except AccountError as e:
            conn.error(msg.id, e.code, e.message, e.args_)
        except BrokerUnavailable:
            # Finding a table, a session or a stored view in the shared broker failed:
            # nothing was changed, and the client may try again.
            conn.error(msg.id, "unavailable", "The hall's storage is unreachable; try again.")
        except Exception:
            log.exception("hub: %s failed", type(msg).__name__)
            conn.error(
                msg.id,
                "internal_error",
                "The server could not handle that; nothing was changed.",
            )

    async def dispatch(self, conn: Connection, msg: Any) -> None:
        if isinstance(msg, m.Ping):
            conn.send(m.Pong(id=msg.id))
            return
        if isinstance(msg, m.Hello):
            await self._hello(conn, msg)
            return
        if conn.player is None:
            raise IllegalIntent("bad_message", "Say hello first: the first message is `hello`.")
        if type(msg) is m.Act:
            # Most of what a hall hears: straight to the table, before the other cases.
            self.inbox.submit(await self.tables.find(msg.room), "act", conn, msg)
            return
        if not self.guests_play and isinstance(msg, PLAYING) and not conn.player.account:
            raise IllegalIntent(
                "account_required", "This hall asks players to sign in; guests may watch."
            )
        tables, fanout = self.tables, self.fanout
        match msg:
            case m.Rooms():
                await self.lobby.watch(conn, msg)
            case m.Create():
                opened = await tables.open(conn.player, msg.game, msg.options, conn.address)
                await fanout.enter(conn, opened, None)
            case m.Enter():
                room = await tables.find(msg.room)
                if msg.room not in conn.rooms:
                    tables.admit(conn.player, room, msg.key)
                await fanout.enter(conn, room, msg.v)
            case m.Sit():
                room = await tables.find(msg.room)
                if msg.room not in conn.rooms:
                    tables.admit(conn.player, room, None)
                    await fanout.enter(conn, room, None)
                self.inbox.submit(room, "sit", conn, msg)
            case m.Stand() | m.Option() | m.Bot() | m.Start() | m.Resign() | m.Rematch():
                self.inbox.submit(
                    await tables.find(msg.room), type(msg).__name__.lower(), conn, msg
                )
            case m.Chat():
                await self._chat(conn, msg)
            case m.Resync():
                room = await tables.find(msg.room)
                if room.status == "waiting":
                    raise IllegalIntent(
                        "not_started", "The game has not started; there is no view yet."
                    )
                if msg.room not in conn.rooms:
                    tables.admit(conn.player, room, None)
                    await fanout.enter(conn, room, None)
                else:
                    await fanout.attach(conn, room, None)
            case m.Leave():
                await tables.find(msg.room)
                await fanout.leave(conn, msg.room)
            case m.History():
                await self._history(conn, msg)
            case m.Register():
                await self.signin.register(conn, msg)
            case m.Login():
                await self.signin.login(conn, msg)
            case m.Logout():
                await self.signin.logout(conn, msg)
            case m.Password():
                await self.signin.password(conn, msg)
            case m.DeleteAccount():
                await self.signin.delete_account(conn, msg)
            case m.Replay():
                conn.send_frame(await self.replayer.get(msg.game, msg.seat))
            case m.Hall():
                if msg.on:
                    await self.hallchat.join(conn)
                else:
                    self.hallchat.stop(conn)
                await self.presence.join(conn, msg.on)
            case m.HallChat():
                await self.hallchat.say(conn, msg)
            case m.Turns():
                await self.turns.watch(conn, msg.on)
            case m.PushKey():
                conn.send(m.PushKeyAnswer(key=self.pusher.public_key))
            case m.PushSubscribe():
                topics = await self.pusher.subscribe(
                    conn.player.id, msg.subscription, msg.topics, msg.lang
                )
                conn.send(m.PushTopics(endpoint=msg.subscription.endpoint, topics=topics))
            case m.PushUnsubscribe():
                await self.pusher.unsubscribe(conn.player.id, msg.endpoint)
                conn.send(m.PushTopics(endpoint=msg.endpoint, topics=[]))

    async def _hello(self, conn: Connection, msg: m.Hello) -> None:
        if conn.player is not None:
            raise IllegalIntent("bad_message", "This connection has already said hello.")
        self._check_hall_password(conn, msg.password)
        name = valid_name(msg.name)
        token, player = await self.sessions.resume_or_create(msg.token, name, msg.lang)
        conn.player, conn.token = player, token
        # Compact patches are MessagePack; a client speaking JSON gets them plain. (A
        # connection says hello again after signing out: counted once.)
        was = conn.compact
        conn.compact = msg.compact is not None and msg.compact == compact.ID and not conn.json
        self.metrics.compact_clients += conn.compact - was
        conn.send(welcome(conn))

    def _check_hall_password(self, conn: Connection, given: str | None) -> None:
        """A hall that asks for a password lets nobody say hello without it; guessing
        costs a connection every few tries, on top of the rate limit."""
        password = self.limits.hall_password
        if not password:
            return
        if given is not None and hmac.compare_digest(given.encode(), password.encode()):
            return
        conn.wrong_passwords += given is not None
        if conn.wrong_passwords >= WRONG_PASSWORDS:
            conn.abort(1008, "too many wrong passwords")  # the close frame says why
        raise IllegalIntent(
            "hall_password",
            "That is not the hall's password." if given else "This hall asks for a password.",
            {"wrong": given is not None},
        )

    async def _history(self, conn: Connection, msg: m.History) -> None:
        assert conn.player is not None
        if not 1 <= msg.limit <= m.HISTORY_MAX:
            raise IllegalIntent("bad_message", f"A history lists 1 to {m.HISTORY_MAX} games.")
        player = conn.player.id if msg.mine else None
        raw = await self.broker.archive_list(msg.limit, player)
        games = [archive.decode_summary(r) for r in raw]
        await self.holders.mark(games)
        conn.send(m.HistoryList(games=games, mine=msg.mine))

    async def _chat(self, conn: Connection, msg: m.Chat) -> None:
        assert conn.player is not None
        room = await self.tables.find(msg.room)
        if conn not in self.fanout.members.get(room.id, ()):
            raise IllegalIntent("unknown_room", "Enter the table before you chat there.")
        text = "".join(ch for ch in msg.text if ch.isprintable()).strip()
        if not text:
            raise IllegalIntent("bad_message", "An empty chat line.")
        if len(text) > CHAT_MAX:
            raise IllegalIntent("too_large", f"Chat lines are limited to {CHAT_MAX} characters.")
        player = conn.player
        said = ChatEvent(
            from_=player.name,
            text=text,
            at=time.time(),
            player=player.id,
            account=bool(player.account),
        )
        data = _encode(said)
        # Kept before it is published, so that whoever enters meanwhile gets it in the
        # chat log, live, or both (the client shows it once), and never misses it.
        await self.broker.push_capped(chat_key(room.id), data, CHAT_KEEP)
        await self.broker.publish(events_channel(room.id), data)


def _loose_id(data: bytes | str) -> int | None:
    """The ``id`` of a message that failed to decode, when there is one to echo."""
    try:
        raw = msgspec.json.decode(data) if isinstance(data, str) else msgspec.msgpack.decode(data)
    except Exception:
        return None
    ref = raw.get("id") if isinstance(raw, dict) else None
    return ref if type(ref) is int else None
