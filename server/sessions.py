"""Who is who: a secret session token names a player for as long as it is used.

The token is the only credential (128+ bits from ``secrets``); the player id is public
(other people see it in a table's seats) and is not derived from the token. A session
may be signed in to an account (accounts.py): it then carries the account's name and
generation, and stops working when the account's generation moves on (signed out
everywhere, a new password) or the account is gone (its name, registered again, is
another account). A session that stops working is removed from the store, not kept
until it expires: each names its account."""

from __future__ import annotations

import asyncio
import secrets

import msgspec

from protocol.messages import NAME_MAX
from server.accounts import Account, AccountError, Accounts
from server.broker import Broker
from server.games.base import IllegalIntent


class Player(msgspec.Struct):
    id: str
    name: str
    lang: str = "en"
    bot: bool = False
    account: str = ""  # the account's name when signed in; "" for a guest
    generation: int = 0  # the account's generation it was signed in under


_decode_player = msgspec.msgpack.Decoder(Player).decode

# Ninety days without a visit forget the session. A guest has no other way back to
# their seats, and at a turn-based table a seat may wait that long between its
# player's visits: each of the others may take up to 14 days a move (six seats at the
# most, tests/test_sessions_ttl.py). A week (as before) lost guests their seats there.
SESSION_TTL = 90 * 24 * 3600.0


def _key(token: str) -> str:
    return f"session:{token}"


def _sessions_of(player: str) -> str:
    """The directory of an account's sessions, by token: what deleting it ends."""
    return f"sessions-of:{player}"


async def end_sessions_of(broker: Broker, player: str, before: int | None = None) -> None:
    """The sessions of an account that no longer work: every one of a deleted account
    (``before`` None), or those signed in under a generation before ``before`` (signed
    out everywhere, a new password). Each names the account, so none is kept for its
    90 days. (Sessions made before this index came in are found by :func:`sweep`.)"""
    for token, session in await _indexed(broker, player):
        if before is not None and session is not None and session.generation >= before:
            continue  # still good: signed in since
        await broker.delete(_key(token))
        await broker.dir_delete(_sessions_of(player), token)


async def _indexed(broker: Broker, player: str) -> list[tuple[str, Player | None]]:
    """The sessions in an account's index, by token: each session's player, or None
    for one that expired (its token is left in the index until someone looks)."""
    found = []
    for token in await broker.dir_all(_sessions_of(player)):
        raw = await broker.get(_key(token))
        found.append((token, None if raw is None else _decode_player(raw)))
    return found


async def signed_in(broker: Broker, account: Account) -> list[Player]:
    """The sessions signed in to ``account`` that still work, by its index (those from
    before the index are in it once the hall's sweep has run): what its owner's export
    lists, never their tokens."""
    return [
        session
        for _, session in await _indexed(broker, account.player)
        if session is not None and _works(session, account)
    ]


def _works(player: Player, account: Account | None) -> bool:
    """A signed-in session still works: its account is there, is the very one it
    signed in to (a name deleted and registered again is another account, another
    player), and has not moved to a new generation since."""
    return (
        account is not None
        and account.player == player.id
        and account.generation == player.generation
    )


SWEPT = "sessions-swept"  # set once the sessions of before the index were gone through
SWEEP_STEP = 64  # sessions gone through between the event loop's turns


async def sweep(broker: Broker, accounts: Accounts) -> tuple[int, int]:
    """Go once through the sessions stored before accounts kept an index of theirs:
    drop those that no longer work (the account deleted, or signed in under an older
    generation), and index the rest, so that deleting their account ends them. Run in
    the background when a durable hall starts; the stored mark makes later starts skip
    it. Returns (sessions dropped, sessions indexed)."""
    if await broker.get(SWEPT) is not None:
        return 0, 0
    dropped = indexed = 0
    for i, key in enumerate(await broker.keys("session:")):
        if i % SWEEP_STEP == 0:
            # A store read from memory answers without giving the loop a turn: the
            # other tables' moves go on between steps of a long sweep.
            await asyncio.sleep(0)
        raw = await broker.get(key)
        if raw is None:
            continue  # expired or ended meanwhile
        player = _decode_player(raw)
        if not player.account:
            continue  # a guest's: nothing else names it
        token = key.removeprefix("session:")
        account = await accounts.find(player.account)
        if not _works(player, account):
            await broker.delete(key)
            dropped += 1
        else:
            assert account is not None
            await broker.dir_put(_sessions_of(account.player), {token: b""})
            indexed += 1
    await broker.put_new(SWEPT, b"1")
    return dropped, indexed


class Sessions:
    """Tokens live in the broker, so a client may come back through any process."""

    def __init__(self, broker: Broker, accounts: Accounts, guest_ttl: float = SESSION_TTL) -> None:
        """``guest_ttl``: seconds a guest's session lasts without a visit (a hall may
        forget guests sooner than signed-in players, who sign in again)."""
        self.broker = broker
        self.accounts = accounts
        self.guest_ttl = guest_ttl

    async def find(self, token: str | None) -> tuple[Player, Account | None] | None:
        """The player of a session that still works, with its account when signed in."""
        if not token:
            return None
        raw = await self.broker.get(_key(token))
        if raw is None:
            return None
        player = _decode_player(raw)
        if not player.account:
            return player, None
        account = await self.accounts.find(player.account)
        if not _works(player, account):
            # Signed out meanwhile, or the account deleted: the session is worth nothing
            # and names someone who may be gone, so it is not kept until it expires.
            await self.end(token)
            return None
        return player, account

    async def resume_or_create(self, token: str | None, name: str, lang: str) -> tuple[str, Player]:
        """The session of ``token`` (a new guest's when it has none that still works).
        A signed-in player keeps the account's name; a guest may not take one."""
        found = await self.find(token)
        player = None if found is None else found[0]
        if found is not None and found[1] is not None:
            name = found[1].name
        if player is None or not player.account:
            await self.refuse_registered(name)
        if player is None:
            token = secrets.token_urlsafe(24)  # 192 bits
            player = Player(id="p" + secrets.token_hex(6), name=name, lang=lang)
        player.name = name
        player.lang = lang
        assert token is not None
        await self.keep(token, player)
        return token, player

    async def refuse_registered(self, name: str) -> None:
        account = await self.accounts.find(name)
        if account is not None:
            raise AccountError(
                "name_registered",
                f"the name {account.name!r} belongs to an account: sign in, or choose another",
                {"name": account.name},
            )

    async def sign_in(
        self, old_token: str | None, account: Account, lang: str
    ) -> tuple[str, Player]:
        """A new session for ``account`` (a new token at every sign-in: one a guest's
        browser held before is worth nothing after)."""
        if old_token:
            await self.end(old_token)
        token = secrets.token_urlsafe(24)
        player = Player(
            id=account.player,
            name=account.name,
            lang=lang,
            account=account.name,
            generation=account.generation,
        )
        await self.keep(token, player)
        # Indexed by the account's player id, so that deleting it can end them all;
        # tokens whose sessions expired leave the index as the next one comes in.
        index = _sessions_of(account.player)
        for old, session in await _indexed(self.broker, account.player):
            if session is None:
                await self.broker.dir_delete(index, old)
        await self.broker.dir_put(index, {token: b""})
        return token, player

    async def keep(self, token: str, player: Player) -> None:
        ttl = SESSION_TTL if player.account else self.guest_ttl
        await self.broker.put(_key(token), msgspec.msgpack.encode(player), ttl=ttl)

    async def end(self, token: str) -> None:
        await self.broker.delete(_key(token))

    @staticmethod
    def placeholder(player_id: str | None) -> Player:
        """A stand-in for a player known only by id (a table's host after a takeover)."""
        return Player(id=player_id or "nobody", name="")


def valid_name(raw: str) -> str:
    """A display name cleaned (below), or the refusal of an unusable one."""
    name = clean_name(raw)
    if name is None:
        raise IllegalIntent(
            "bad_message",
            f"A name is 1 to {NAME_MAX} printable characters.",
            {"name_max": NAME_MAX},
        )
    return name


def clean_name(raw: str) -> str | None:
    """A display name: printable, trimmed, 1 to NAME_MAX characters; None if unusable."""
    name = "".join(ch for ch in raw if ch.isprintable()).strip()
    if not name or len(name) > NAME_MAX:
        return None
    return name
