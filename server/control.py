"""The control socket: how `python -m server.admin` reaches a running hall that keeps
its data directory (without Redis). Such a hall reads its database once and serves
from memory, so a tool writing beside it would go unseen; it asks the hall instead.

A Unix socket, ``admin.sock`` in the data directory, readable and writable by the
hall's own system user alone (who can read its database anyway): one request a
connection, a line of JSON, answered by a line of JSON. Nothing of it goes over the
network, and nothing it carries is logged.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from pathlib import Path
from typing import Protocol

import msgspec

from server.accounts import Account, AccountError

log = logging.getLogger("spieltisch.control")

SOCKET_NAME = "admin.sock"
LINE_MAX = 4096  # bytes of a request: a name and a password fit many times over
ANSWER_MAX = 64 * 1024 * 1024  # bytes of an answer: a list of every account, one line
ANSWER_WITHIN = 30.0  # seconds the tool waits (hashing a password takes a fraction)


class SetPassword(msgspec.Struct, tag="password"):
    """Set a new password for the account ``name``; every session of it ends."""

    name: str
    password: str


class Delete(msgspec.Struct, tag="delete"):
    """Delete the account ``name``, as its owner would."""

    name: str


class ListAccounts(msgspec.Struct, tag="list"):
    """Every account's name, and when it was registered."""


Request = SetPassword | Delete | ListAccounts


class Listed(msgspec.Struct):
    """An account in the answer to ListAccounts (never its hash or player id)."""

    name: str
    created: float  # Unix seconds


class Answer(msgspec.Struct, omit_defaults=True):
    name: str | None = None  # done: the account's name as its owner wrote it
    code: str | None = None  # refused: no_account, or the protocol's code
    message: str = ""
    accounts: list[Listed] | None = None  # the answer to ListAccounts


_read = msgspec.json.Decoder(Request).decode
_write = msgspec.json.Encoder().encode
_answer = msgspec.json.Decoder(Answer).decode


class Accounting(Protocol):
    """What the socket asks of the hall (server/signin.py's SignIn): each answers the
    account, or None when no account has the name."""

    async def reset_password(self, name: str, new: str) -> Account | None: ...

    async def remove_account(self, name: str) -> Account | None: ...

    async def list_accounts(self) -> list[Account]: ...


def socket_path(data: str | Path) -> Path:
    return Path(data) / SOCKET_NAME


async def serve(path: Path, accounting: Accounting) -> asyncio.AbstractServer:
    """Listen at ``path`` (the caller holds the data directory: a file left there is a
    dead hall's) for the owner's requests."""

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            line = await asyncio.wait_for(reader.readline(), ANSWER_WITHIN)
            writer.write(_write(await _answer_to(line, accounting)) + b"\n")
            await writer.drain()
        except (TimeoutError, ConnectionError, ValueError):
            pass  # the tool went away, or sent more than a line
        finally:
            writer.close()

    with contextlib.suppress(FileNotFoundError):
        path.unlink()
    old = os.umask(0o177)  # the socket file is made 0600 by its bind
    try:
        return await asyncio.start_unix_server(handle, path, limit=LINE_MAX)
    finally:
        os.umask(old)


async def _answer_to(line: bytes, accounting: Accounting) -> Answer:
    try:
        request = _read(line)
    except msgspec.DecodeError as e:
        return Answer(code="bad_message", message=f"not a request: {e}")
    try:
        if isinstance(request, ListAccounts):
            return Answer(accounts=listed(await accounting.list_accounts()))
        if isinstance(request, SetPassword):
            account = await accounting.reset_password(request.name, request.password)
        else:
            account = await accounting.remove_account(request.name)
    except AccountError as e:
        return Answer(code=e.code, message=e.message)
    except Exception:
        # The storage failing, or a bug: the tool hears so rather than nothing.
        log.exception("control socket: %s failed", type(request).__name__)
        return Answer(code="internal_error", message="the hall could not do it; see its log")
    if account is None:
        return Answer(code="no_account", message=f"no account is named {request.name!r}")
    return Answer(name=account.name)


def listed(accounts: list[Account]) -> list[Listed]:
    return [Listed(a.name, a.created) for a in accounts]


async def ask(path: Path, request: Request) -> Answer:
    """The tool's side: one request to the hall listening at ``path``."""
    reader, writer = await asyncio.open_unix_connection(path, limit=ANSWER_MAX)
    try:
        writer.write(_write(request) + b"\n")
        await writer.drain()
        return _answer(await asyncio.wait_for(reader.readline(), ANSWER_WITHIN))
    finally:
        writer.close()
