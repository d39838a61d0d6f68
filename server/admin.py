"""What whoever runs the hall does by hand, from the machine's shell.

    python -m server.admin list [WHERE]
    python -m server.admin password NAME [--stdin] [WHERE]
    python -m server.admin delete NAME [--yes] [WHERE]

WHERE names the hall's storage as to ``python -m server``: ``--data DIR`` (./data by
default), ``--redis URL`` or ``--redis-cluster URL``.

``list``: every account's name and the day it was registered, by name: who the members
are, and how a name is spelt before the commands below.

``password``: a player forgot their password, and the hall has no e-mail to send them a
link. This sets a new one for the account named NAME: a temporary one it makes up and
prints (tell it to the player, who changes it once signed in), or with ``--stdin`` the
first line read from standard input (asked for without echo at a terminal; never
printed). Failed sign-ins are counted afresh (an owner who shut themselves out with
wrong guesses gets in at once).

``delete``: a member asks to be forgotten and cannot sign in to do it themselves. The
account goes as when its owner deletes it: its name is free, it leaves the rankings,
its devices get no more pushes, and its finished games (the other players' too), its
seats at games under way and the chat kept for newcomers name it "former player"
(server/erasure.py). Asks for the name again at a terminal, unless ``--yes``.

Either way every session of the account is signed out. A hall without Redis keeps its
accounts in memory once it has started: while one runs on the data directory, this
asks it to do the work (server/control.py) rather than write beside it; with no hall
running, it writes to the database itself. On Redis it writes there, and the running
processes read the account afresh at the next sign-in.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import os
import secrets
import sys
import time
from pathlib import Path

import msgspec

from server import control
from server.accounts import AccountError, Accounts, name_key
from server.broker import Broker, BrokerUnavailable, make_broker
from server.broker.sqlite import DataError, DirectoryInUse, SqliteBroker, hold_directory
from server.erasure import forget_account
from server.profiles import Profiles
from server.ratings import Ratings
from server.signin import end_account

# Letters and digits no one misreads aloud or in handwriting (no 0/o, 1/l/i).
_READABLE = "abcdefghjkmnpqrstuvwxyz23456789"
TEMPORARY_GROUPS = 3  # of four characters: 14 with the dashes, some 60 bits


def temporary_password() -> str:
    return "-".join(
        "".join(secrets.choice(_READABLE) for _ in range(4)) for _ in range(TEMPORARY_GROUPS)
    )


def _kept(command: argparse.ArgumentParser, named: bool = True) -> argparse.ArgumentParser:
    """A command's arguments for where the hall keeps its accounts (and, ``named``, the
    account's name). Added to each command rather than through a parent parser, which
    loses the mutually exclusive group's place under its heading in the help."""
    storage = command.add_argument_group("where the hall keeps its accounts")
    servers = storage.add_mutually_exclusive_group()
    servers.add_argument("--redis", metavar="URL", help="the hall's Redis")
    servers.add_argument("--redis-cluster", metavar="URL", help="any node of the hall's cluster")
    storage.add_argument(
        "--data",
        metavar="DIR",
        default="data",
        help="the data directory of a hall without Redis (default ./data)",
    )
    if named:
        command.add_argument("name", metavar="NAME", help="the account's name (any case)")
    return command


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m server.admin", description="Look after the hall's accounts."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    _kept(
        commands.add_parser(
            "list",
            help="list every account, with the day it was registered",
            description="List every account's name and the day it was registered, by "
            "name, whether the hall runs or not.",
        ),
        named=False,
    )
    password = _kept(
        commands.add_parser(
            "password",
            help="set a new password for an account whose owner forgot theirs",
            description="Set a new password for the account NAME and sign out every "
            "session of it, whether the hall runs or not.",
        )
    )
    password.add_argument(
        "--stdin",
        action="store_true",
        help="read the new password from standard input instead of making one up",
    )
    delete = _kept(
        commands.add_parser(
            "delete",
            help="delete an account for a member who cannot sign in to do it",
            description="Delete the account NAME as its owner would: its name is free, "
            'it leaves the rankings, its finished games name it "former player".',
        )
    )
    delete.add_argument("--yes", action="store_true", help="delete without asking again")
    return parser


async def _directly(broker: Broker, request: control.Request) -> control.Answer:
    """What the hall would answer (server/control.py), done on its storage here."""
    try:
        accounts = Accounts(broker)
        if isinstance(request, control.ListAccounts):
            return control.Answer(accounts=control.listed(await accounts.every()))
        if isinstance(request, control.SetPassword):
            account = await accounts.reset_password(request.name, request.password)
        else:
            account = await accounts.remove(request.name)
            if account is not None:
                profiles = Profiles(broker, accounts, Ratings(broker, accounts))
                await forget_account(broker, profiles, account)
        if account is not None:
            # A hall on Redis signs the account's connections out now, as when its
            # owner changes the password (a stopped hall has none: they sign in anew).
            await end_account(broker, account, gone=isinstance(request, control.Delete))
    finally:
        await broker.close()
    return (
        control.Answer(code="no_account") if account is None else control.Answer(name=account.name)
    )


async def _through_hall(path: Path, request: control.Request) -> control.Answer:
    """The same, asked of the hall that runs on the data directory (server/control.py)."""
    answer = await control.ask(path, request)
    if answer.code is not None and answer.code != "no_account":
        raise AccountError(answer.code, answer.message)
    return answer


def _members(accounts: list[control.Listed]) -> None:
    width = max((len(a.name) for a in accounts), default=0)
    for a in accounts:
        day = time.strftime("%Y-%m-%d", time.localtime(a.created))
        print(f"{a.name.ljust(width)}  registered {day}")
    print(f"{len(accounts)} account{'' if len(accounts) == 1 else 's'}.")


def _request(args: argparse.Namespace, parser: argparse.ArgumentParser) -> control.Request:
    if args.command == "list":
        return control.ListAccounts()
    if args.command == "delete":
        if not args.yes:
            if not sys.stdin.isatty():
                parser.error("delete asks for the name again; without a terminal, add --yes")
            again = input(f"Type the name again to delete the account {args.name!r}: ")
            if name_key(again.strip()) != name_key(args.name):
                parser.error("the names differ: nothing was deleted")
        return control.Delete(name=args.name)
    if not args.stdin:
        new = temporary_password()
    elif sys.stdin.isatty():
        new = getpass.getpass("New password (not shown): ")  # typed by hand: no echo
    else:
        new = sys.stdin.readline().rstrip("\r\n")
    return control.SetPassword(name=args.name, password=new)


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    prog = "python -m server.admin"
    if args.data == ":memory:" and args.redis is None and args.redis_cluster is None:
        parser.error("a hall on --data :memory: keeps its accounts in its own process alone")
    request = _request(args, parser)
    lock = None
    try:
        if args.redis is not None or args.redis_cluster is not None:
            broker = make_broker(args.redis, args.redis_cluster)
            answer = asyncio.run(_directly(broker, request))
        else:
            try:
                lock = hold_directory(args.data)
            except DirectoryInUse:
                # A hall serves the directory from memory: it does the work itself.
                answer = asyncio.run(_through_hall(control.socket_path(args.data), request))
            else:
                answer = asyncio.run(_directly(SqliteBroker(args.data), request))
    except (DataError, AccountError) as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return 2
    except BrokerUnavailable:
        print(f"{prog}: cannot reach the hall's Redis", file=sys.stderr)
        return 2
    except (OSError, TimeoutError, msgspec.DecodeError) as e:
        print(
            f"{prog}: a hall is running on {args.data} but did not answer at "
            f"{control.socket_path(args.data)} ({e or type(e).__name__}); stop it and run "
            "this again",
            file=sys.stderr,
        )
        return 2
    finally:
        if lock is not None:
            os.close(lock)
    if answer.accounts is not None:
        _members(answer.accounts)
        return 0
    name = answer.name
    if name is None:
        print(f"{prog}: no account is named {args.name!r}", file=sys.stderr)
        return 1
    if isinstance(request, control.Delete):
        print(f"The account {name} is deleted: its name is free, it is out of the rankings,")
        print('and its finished games name it "former player".')
    elif args.stdin:
        print(f"{name} has the new password you gave.")
    elif isinstance(request, control.SetPassword):
        print(f"{name} has a new password: {request.password}")
        print("Tell it to them alone; once signed in, they change it under Change password.")
    print("Every session of the account is signed out.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
