"""Accounts: a name claimed with a password, so a player is the same on any device.

Guests need none. An account keeps the player id its owner had when they registered,
so their seats, tables and finished games stay theirs; signing in on another browser
gives that browser the same id. A name is unique in the hall by its key: Unicode's
compatibility form, case folded ("Ada", "ADA" and "ａｄａ" are one name).

Passwords are hashed with argon2id (argon2-cffi's defaults: 64 MiB, three passes),
in a thread, so a sign-in never holds the event loop; neither a password nor its hash
ever leaves this module's callers (the hash is stored, never sent). Failed sign-ins
are counted in the broker, so every process of a hall counts alike, and each one is
answered a moment late: per account and address (a few wrong tries from one place shut
that place out of the account, not its owner elsewhere), per account over every address
(many more, and it refuses everyone: someone guessing from many places), and per
address over every name. A player who forgot their password asks whoever runs the
hall for a new one (server/admin.py): the hall has no e-mail to send a link to.
"""

from __future__ import annotations

import asyncio
import time
import unicodedata
from collections.abc import Callable
from typing import Any

import msgspec
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from protocol.messages import ACCOUNT_PASSWORD_MAX, ACCOUNT_PASSWORD_MIN
from server.broker import Broker
from server.limits import Limits

WINDOW = 15 * 60.0  # failed sign-ins are counted over this many seconds
PER_ACCOUNT = 5  # failures within the window before an account refuses that address
PER_ACCOUNT_EVERYWHERE = 50  # from every address together: it refuses every address
FAILURE_DELAY = 1.0  # seconds a failed sign-in is answered late


class Account(msgspec.Struct):
    name: str  # as its owner wrote it
    player: str  # the player id it signs in as
    hash: str  # argon2id, in the PHC string form
    created: float
    # Sessions made under an older generation are signed out: signing out everywhere
    # and changing the password raise it.
    generation: int = 0


class AccountError(Exception):
    """A refused account request; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str, args: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.args_ = args or {}


def name_key(name: str) -> str:
    """The form two names are compared in: NFKC, then case folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def _key(name: str) -> str:
    return "account:" + name_key(name)


def _player_key(player: str) -> str:
    return "account-of:" + player


_encode = msgspec.msgpack.Encoder().encode
_decode = msgspec.msgpack.Decoder(Account).decode


class Accounts:
    def __init__(
        self,
        broker: Broker,
        hasher: PasswordHasher | None = None,
        clock: Callable[[], float] = time.time,
        failure_delay: float = FAILURE_DELAY,
        limits: Limits | None = None,
    ) -> None:
        """``limits``: how many failed sign-ins one address may make over all names
        (`signin_failures_per_address`), and which addresses are counted (loopback is
        not, unless `cap_loopback`: behind a proxy on the same machine without forwarded
        addresses every visitor is one, and a whole club's typos would shut every
        sign-in for the window)."""
        self.broker = broker
        self.hasher = hasher or PasswordHasher()
        self.clock = clock
        self.failure_delay = failure_delay
        self.limits = limits or Limits()
        # Compared against when a name has no account, so that an unknown name takes
        # as long to refuse as a wrong password; made at the first need (a hall that
        # nobody signs in to never spends the time).
        self._nobody = ""

    async def find(self, name: str) -> Account | None:
        raw = await self.broker.get(_key(name))
        return None if raw is None else _decode(raw)

    async def register(self, name: str, password: str, player: str) -> Account:
        check_password(password)
        digest = await asyncio.to_thread(self.hasher.hash, password)
        account = Account(name=name, player=player, hash=digest, created=self.clock())
        if not await self.broker.put_new(_key(name), _encode(account)):
            raise AccountError(
                "name_taken", f"the name {name!r} belongs to an account", {"name": name}
            )
        # Which account a player id is (a finished game names its players by id).
        await self.broker.put(_player_key(player), name_key(name).encode())
        return account

    async def every(self) -> list[Account]:
        """Every account, in the order of their names' keys: for whoever runs the hall
        (server/admin.py), a scan of the whole store, never on a player's path."""
        found = []
        for key in await self.broker.keys(_key("")):
            raw = await self.broker.get(key)
            if raw is not None:  # deleted meanwhile
                found.append(_decode(raw))
        return sorted(found, key=lambda a: name_key(a.name))

    async def of_player(self, player: str) -> Account | None:
        """The account whose player id this is, or None (a guest, an AI)."""
        key = await self.broker.get(_player_key(player))
        return None if key is None else await self.find(key.decode())

    async def sign_in(self, name: str, password: str, address: str) -> Account:
        """The account, when the password is right; else AccountError, a moment late."""
        per_address = self.limits.signin_failures_per_address
        address = self.limits.counted_address(address) if per_address > 0 else ""
        account = await self.find(name)
        # Counted per generation of the account: a new password (changed, or set by
        # whoever runs the hall: `python -m server.admin`) starts the counts afresh, so
        # an owner shut out by their own wrong guesses gets in with it at once.
        generation = 0 if account is None else account.generation
        account_key = f"tries:account:{name_key(name)}:{generation}"
        # An address not counted ("": loopback, behind a proxy that does not forward
        # the client's) is one place for every visitor, as if they all came from it.
        caps = [(account_key, PER_ACCOUNT_EVERYWHERE), (f"{account_key}@{address}", PER_ACCOUNT)]
        if address:
            caps.append(("tries:address:" + address, per_address))
        tries = [k for k, _ in caps]
        counts = [await self.broker.count(k, WINDOW, add=0) for k in tries]
        if any(n >= cap for n, (_, cap) in zip(counts, caps, strict=True)):
            raise AccountError(
                "too_many_attempts",
                f"too many failed sign-ins; try again in {int(WINDOW // 60)} minutes",
                {"minutes": int(WINDOW // 60)},
            )
        if account is not None and await self._verify(account.hash, password):
            if self.hasher.check_needs_rehash(account.hash):
                account.hash = await asyncio.to_thread(self.hasher.hash, password)
                await self.broker.put(_key(account.name), _encode(account))
            return account
        if account is None:
            if not self._nobody:
                self._nobody = await asyncio.to_thread(self.hasher.hash, "nobody's password")
            await self._verify(self._nobody, password)
        for k in tries:
            await self.broker.count(k, WINDOW)
        await asyncio.sleep(self.failure_delay)
        raise AccountError("bad_login", "no account has this name and password")

    async def change_password(self, name: str, old: str, new: str, address: str) -> Account:
        """Sign in with ``old``, then hash ``new``; every other session is signed out."""
        check_password(new)
        account = await self.sign_in(name, old, address)
        await self._new_password(account, new)
        return account

    async def reset_password(self, name: str, new: str) -> Account | None:
        """Set a new password without the old one, for whoever runs the hall (the hall
        has no e-mail to send a link to): every session is signed out, and failed
        sign-ins are counted afresh. None: no account has this name."""
        check_password(new)
        account = await self.find(name)
        if account is not None:
            await self._new_password(account, new)
        return account

    async def _new_password(self, account: Account, new: str) -> None:
        """Its hash, under a new generation: the sessions from before end."""
        account.hash = await asyncio.to_thread(self.hasher.hash, new)
        account.generation += 1
        await self.broker.put(_key(account.name), _encode(account))

    async def delete(self, name: str, password: str, address: str) -> Account:
        """Forget the account (after signing in with its password): its name is free,
        its sessions no longer resume."""
        account = await self.sign_in(name, password, address)
        await self._remove(account)
        return account

    async def remove(self, name: str) -> Account | None:
        """Forget the account without its password, for whoever runs the hall
        (server/admin.py). None: no account has this name."""
        account = await self.find(name)
        if account is not None:
            await self._remove(account)
        return account

    async def _remove(self, account: Account) -> None:
        await self.broker.delete(_player_key(account.player))
        await self.broker.delete(_key(account.name))

    async def sign_out_everywhere(self, name: str) -> Account | None:
        account = await self.find(name)
        if account is not None:
            account.generation += 1
            await self.broker.put(_key(account.name), _encode(account))
        return account

    async def _verify(self, digest: str, password: str) -> bool:
        try:
            return await asyncio.to_thread(self.hasher.verify, digest, password)
        except (VerificationError, InvalidHashError):
            return False


def check_password(password: str) -> None:
    if not ACCOUNT_PASSWORD_MIN <= len(password) <= ACCOUNT_PASSWORD_MAX:
        raise AccountError(
            "bad_password",
            f"a password has {ACCOUNT_PASSWORD_MIN} to {ACCOUNT_PASSWORD_MAX} characters",
            {"min": ACCOUNT_PASSWORD_MIN, "max": ACCOUNT_PASSWORD_MAX},
        )
