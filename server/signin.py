"""A connection's account: `register`, `login`, `logout`, `password`, `delete_account`.

Signing in changes who a connection is, so what it had entered as somebody else is
left first, as if it had dropped (a seat at a table that has not started is kept for
its owner); the client enters again as the account's player. Signing out takes the
connection back to before its `hello`.

Signing out everywhere, a new password and a deleted account end the account's other
sessions, and their live connections at once, in every process of the hall: a stolen
or forgotten device that is still connected stops being the player now, not at its
next `hello` (each process hears it on `SIGNED_OUT_CHANNEL`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine, Iterable
from typing import Any, Protocol

import msgspec

from protocol import messages as m
from server.accounts import Account, AccountError, Accounts
from server.broker import Broker
from server.connection import Connection
from server.keys import SIGNED_OUT_CHANNEL
from server.sessions import Sessions, end_sessions_of, valid_name


class Ended(msgspec.Struct, array_like=True):
    """An account's sessions from before ``generation`` no longer work (all of them
    when it is ``gone``)."""

    account: str
    generation: int
    gone: bool = False
    player: str = ""  # the account's player id


_encode = msgspec.msgpack.Encoder().encode
_decode = msgspec.msgpack.Decoder(Ended).decode


def ended_message(account: Account, gone: bool = False) -> bytes:
    """What tells every process of the hall (SIGNED_OUT_CHANNEL) to sign out the
    account's connections from before its current generation (all, when ``gone``)."""
    return _encode(Ended(account.name, account.generation, gone, account.player))


async def end_account(broker: Broker, account: Account, gone: bool = False) -> None:
    """An account's sessions from before its current generation stop working (all of
    them when it is ``gone``): those stored end here, since a device that is away would
    otherwise keep one for its 90 days (a deleted account's ended with it, erasure.py);
    then every process of the hall signs out its connections of them. The hub and the
    admin tool (server/admin.py) alike."""
    if not gone:
        await end_sessions_of(broker, account.player, before=account.generation)
    await broker.publish(SIGNED_OUT_CHANNEL, ended_message(account, gone))


class LeaveAll(Protocol):
    """Leave every table a connection entered (fanout.py): as a dropped connection,
    its seats kept, or without ``keep_seats`` as by a `leave`."""

    async def __call__(self, conn: Connection, keep_seats: bool = True) -> None: ...


class SignIn:
    def __init__(
        self,
        accounts: Accounts,
        sessions: Sessions,
        leave_all: LeaveAll,
        forget: Callable[[Account], Awaitable[object]],
        broker: Broker,
        connections: Iterable[Connection],
        spawn: Callable[[Coroutine[Any, Any, None]], object],
        forgotten: Callable[[str], None],
    ) -> None:
        """``forget`` takes a deleted account out of what the hall shows (profiles.py);
        ``connections`` are this process's, told when their account's session ended;
        ``forgotten`` is told the player id of a deleted account, in every process of
        the hall, once ``forget`` is done: what a process keeps or runs may name it
        (its tables' seats, the replays it keeps)."""
        self.accounts = accounts
        self.sessions = sessions
        self.leave_all = leave_all
        self.forget = forget
        self.forgotten = forgotten
        self.broker = broker
        self.connections = connections
        self.spawn = spawn

    async def start(self) -> None:
        await self.broker.subscribe(SIGNED_OUT_CHANNEL, self._on_ended)

    async def register(self, conn: Connection, msg: m.Register) -> None:
        player = conn.player
        assert player is not None
        if player.account:
            raise AccountError("bad_message", "Sign out before you register another name.")
        name = valid_name(msg.name)
        # The guest keeps their player id: their seats and games become the account's.
        account = await self.accounts.register(name, msg.password, player.id)
        await self._signed_in(conn, account)

    async def login(self, conn: Connection, msg: m.Login) -> None:
        assert conn.player is not None
        account = await self.accounts.sign_in(msg.name, msg.password, conn.address)
        if account.player != conn.player.id:
            # Someone else from now on. A guest's session ends with the sign-in, so
            # nobody comes back as that guest: their seats go, as when they sign out.
            await self.leave_all(conn, keep_seats=bool(conn.player.account))
        await self._signed_in(conn, account)

    async def password(self, conn: Connection, msg: m.Password) -> None:
        player = conn.player
        assert player is not None
        if not player.account:
            raise AccountError("not_signed_in", "Only a signed-in player has a password.")
        account = await self.accounts.change_password(
            player.account, msg.old, msg.new, conn.address
        )
        await self._signed_in(conn, account)
        await self._end(account)

    async def reset_password(self, name: str, new: str) -> Account | None:
        """A new password set by whoever runs the hall (server/admin.py, through the
        control socket): every session of the account ends, in every process of the
        hall. None: no account has this name."""
        account = await self.accounts.reset_password(name, new)
        if account is not None:
            await self._end(account)
        return account

    async def remove_account(self, name: str) -> Account | None:
        """The account deleted by whoever runs the hall (server/admin.py, through the
        control socket), as its owner would delete it: out of what the hall shows, and
        every session of it ended. None: no account has this name."""
        account = await self.accounts.remove(name)
        if account is not None:
            await self.forget(account)
            await self._end(account, gone=True)
        return account

    async def list_accounts(self) -> list[Account]:
        """Every account, for whoever runs the hall (server/admin.py, through the control
        socket)."""
        return await self.accounts.every()

    async def delete_account(self, conn: Connection, msg: m.DeleteAccount) -> None:
        player = conn.player
        assert player is not None
        if not player.account:
            raise AccountError("not_signed_in", "Only a signed-in player has an account.")
        account = await self.accounts.delete(player.account, msg.password, conn.address)
        await self.forget(account)
        await self._signed_out(conn, everywhere=True)
        await self._end(account, gone=True)

    async def logout(self, conn: Connection, msg: m.Logout) -> None:
        player = conn.player
        assert player is not None
        ended = None
        if msg.everywhere and player.account:
            ended = await self.accounts.sign_out_everywhere(player.account)
        await self._signed_out(conn, everywhere=msg.everywhere and bool(player.account))
        if ended is not None:
            await self._end(ended)

    async def _end(self, account: Account, gone: bool = False) -> None:
        """`end_account`: the asking connection is past it already (signed out, or
        signed in again under the new password)."""
        await end_account(self.broker, account, gone)

    def _on_ended(self, data: bytes) -> None:
        ended = _decode(data)
        if ended.gone and ended.player:
            self.forgotten(ended.player)
        for conn in list(self.connections):
            if _ended(conn, ended):
                self.spawn(self._ended_here(conn, ended))

    async def _ended_here(self, conn: Connection, ended: Ended) -> None:
        if not _ended(conn, ended):
            return  # signed in again before this ran
        await self.leave_all(conn)
        if _ended(conn, ended):  # nor meanwhile
            # (Its session was ended with the account's others, before the word came.)
            conn.player = conn.token = None
            conn.send(m.SignedOut(everywhere=True, elsewhere=True))

    async def _signed_out(self, conn: Connection, everywhere: bool) -> None:
        if conn.token:
            await self.sessions.end(conn.token)
        # A guest's session ended is a player nobody can come back as: their seats go
        # (the AI takes a running game's at once); an account's wait for a sign-in.
        guest = conn.player is not None and not conn.player.account
        await self.leave_all(conn, keep_seats=not guest)
        conn.player = None
        conn.token = None
        conn.send(m.SignedOut(everywhere=everywhere))

    async def _signed_in(self, conn: Connection, account: Account) -> None:
        assert conn.player is not None
        token, player = await self.sessions.sign_in(conn.token, account, conn.player.lang)
        conn.player, conn.token = player, token
        conn.send(welcome(conn))


def _ended(conn: Connection, ended: Ended) -> bool:
    """Whether ``ended`` signs ``conn`` out: it is of the very account (a name deleted
    and registered again is another account, whose player id differs; a message that
    names no player is matched by the name alone), from before its new generation."""
    player = conn.player
    return (
        player is not None
        and player.account == ended.account
        and (not ended.player or player.id == ended.player)
        and (ended.gone or player.generation < ended.generation)
    )


def welcome(conn: Connection) -> m.Welcome:
    """Who the connection is now: the answer to `hello` and to every sign-in."""
    player, token = conn.player, conn.token
    assert player is not None and token is not None
    return m.Welcome(
        token=token,
        player=player.id,
        name=player.name,
        compact=conn.compact,
        account=player.account or None,
    )
