"""A connection's account: `register`, `login`, `logout`, `password`, `delete_account`.

Signing in changes who a connection is, so what it had entered as somebody else is
left first, as if it had dropped (a seat at a table that has not started is kept for
its owner); the client enters again as the account's player. Signing out takes the
connection back to before its `hello`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from protocol import messages as m
from server.accounts import Account, AccountError, Accounts
from server.connection import Connection
from server.sessions import Sessions, valid_name


class SignIn:
    def __init__(
        self,
        accounts: Accounts,
        sessions: Sessions,
        leave_all: Callable[[Connection], Awaitable[None]],
        forget: Callable[[Account], Awaitable[object]],
    ) -> None:
        """``forget`` takes a deleted account out of what the hall shows (profiles.py)."""
        self.accounts = accounts
        self.sessions = sessions
        self.leave_all = leave_all
        self.forget = forget

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
            await self.leave_all(conn)
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

    async def delete_account(self, conn: Connection, msg: m.DeleteAccount) -> None:
        player = conn.player
        assert player is not None
        if not player.account:
            raise AccountError("not_signed_in", "Only a signed-in player has an account.")
        account = await self.accounts.delete(player.account, msg.password, conn.address)
        await self.forget(account)
        await self._signed_out(conn, everywhere=True)

    async def logout(self, conn: Connection, msg: m.Logout) -> None:
        player = conn.player
        assert player is not None
        if msg.everywhere and player.account:
            await self.accounts.sign_out_everywhere(player.account)
        await self._signed_out(conn, everywhere=msg.everywhere and bool(player.account))

    async def _signed_out(self, conn: Connection, everywhere: bool) -> None:
        if conn.token:
            await self.sessions.end(conn.token)
        await self.leave_all(conn)
        conn.player = None
        conn.token = None
        conn.send(m.SignedOut(everywhere=everywhere))

    async def _signed_in(self, conn: Connection, account: Account) -> None:
        assert conn.player is not None
        token, player = await self.sessions.sign_in(conn.token, account, conn.player.lang)
        conn.player, conn.token = player, token
        conn.send(welcome(conn))


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
