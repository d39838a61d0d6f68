"""What whoever runs the hall does by hand, from the machine's shell.

    python -m server.admin password NAME [--data DIR | --redis URL | --redis-cluster URL]
                                         [--stdin]

``password``: a player forgot their password, and the hall has no e-mail to send them a
link. This sets a new one for the account named NAME: a temporary one it makes up and
prints (tell it to the player, who changes it once signed in), or with ``--stdin`` the
first line read from standard input (asked for without echo at a terminal; never
printed). Every session of the account is signed out, and its failed sign-ins are
counted afresh (an owner who shut themselves out with wrong guesses gets in at once).

The storage is named as to ``python -m server``. A hall without Redis keeps its
accounts in memory once it has started: while one runs on the data directory, this
asks it to set the password (server/control.py) rather than write beside it; with no
hall running, it writes to the database itself. On Redis it writes there, and the
running hall reads the account afresh at the next sign-in.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import os
import secrets
import sys
from pathlib import Path

import msgspec

from server import control
from server.accounts import AccountError, Accounts
from server.broker import Broker, BrokerUnavailable, make_broker
from server.broker.sqlite import DataError, DirectoryInUse, SqliteBroker, hold_directory
from server.keys import SIGNED_OUT_CHANNEL
from server.signin import ended_message

# Letters and digits no one misreads aloud or in handwriting (no 0/o, 1/l/i).
_READABLE = "abcdefghjkmnpqrstuvwxyz23456789"
TEMPORARY_GROUPS = 3  # of four characters: 14 with the dashes, some 60 bits


def temporary_password() -> str:
    return "-".join(
        "".join(secrets.choice(_READABLE) for _ in range(4)) for _ in range(TEMPORARY_GROUPS)
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m server.admin", description="Look after the hall's accounts."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    password = commands.add_parser(
        "password",
        help="set a new password for an account whose owner forgot theirs",
        description="Set a new password for the account NAME and sign out every session "
        "of it, on the hall's data directory or its Redis, whether the hall runs or not.",
    )
    password.add_argument("name", metavar="NAME", help="the account's name (any case)")
    where = password.add_mutually_exclusive_group()
    where.add_argument("--redis", metavar="URL", help="the hall's Redis")
    where.add_argument("--redis-cluster", metavar="URL", help="any node of the hall's cluster")
    password.add_argument(
        "--data",
        metavar="DIR",
        default="data",
        help="the data directory of a hall without Redis (default ./data)",
    )
    password.add_argument(
        "--stdin",
        action="store_true",
        help="read the new password from standard input instead of making one up",
    )
    return parser


async def _set_password(broker: Broker, name: str, new: str) -> str | None:
    """The account's name as its owner wrote it, or None: no such account."""
    try:
        account = await Accounts(broker).reset_password(name, new)
        if account is not None:
            # A hall on Redis signs the account's connections out now, as when its
            # owner changes the password (a stopped hall has none: they sign in anew).
            await broker.publish(SIGNED_OUT_CHANNEL, ended_message(account))
    finally:
        await broker.close()
    return None if account is None else account.name


async def _through_hall(path: Path, name: str, new: str) -> str | None:
    """The same, asked of the hall that runs on the data directory (server/control.py)."""
    answer = await control.ask(path, control.SetPassword(name=name, password=new))
    if answer.name is not None:
        return answer.name
    if answer.code == "no_account":
        return None
    raise AccountError(answer.code or "refused", answer.message)


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    prog = "python -m server.admin"
    if args.data == ":memory:" and args.redis is None and args.redis_cluster is None:
        parser.error("a hall on --data :memory: keeps its accounts in its own process alone")
    if not args.stdin:
        new = temporary_password()
    elif sys.stdin.isatty():
        new = getpass.getpass("New password (not shown): ")  # typed by hand: no echo
    else:
        new = sys.stdin.readline().rstrip("\r\n")
    lock = None
    try:
        if args.redis is not None or args.redis_cluster is not None:
            broker = make_broker(args.redis, args.redis_cluster)
            name = asyncio.run(_set_password(broker, args.name, new))
        else:
            try:
                lock = hold_directory(args.data)
            except DirectoryInUse:
                # A hall serves the directory from memory: it sets the password itself.
                name = asyncio.run(_through_hall(control.socket_path(args.data), args.name, new))
            else:
                name = asyncio.run(_set_password(SqliteBroker(args.data), args.name, new))
    except (DataError, AccountError) as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return 2
    except BrokerUnavailable:
        print(f"{prog}: cannot reach the hall's Redis", file=sys.stderr)
        return 2
    except (OSError, TimeoutError, msgspec.DecodeError) as e:
        print(
            f"{prog}: a hall is running on {args.data} but did not answer at "
            f"{control.socket_path(args.data)} ({e or type(e).__name__}); stop it and run this again",
            file=sys.stderr,
        )
        return 2
    finally:
        if lock is not None:
            os.close(lock)
    if name is None:
        print(f"{prog}: no account is named {args.name!r}", file=sys.stderr)
        return 1
    if args.stdin:
        print(f"{name} has the new password you gave.")
    else:
        print(f"{name} has a new password: {new}")
        print("Tell it to them alone; once signed in, they change it under Change password.")
    print("Every session of the account is signed out.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
