"""`python -m server.admin password`: whoever runs the hall sets a new password for a
player who forgot theirs. Run as a real command: on a stopped hall's data directory,
through a running hall's control socket (server/control.py), and on a running hall's
Redis; where the hall runs, the account's connections are signed out at once. A
second hall on a data directory in use is refused. `delete` on a stopped hall, or
while a table has no owner, reaches the tables when they run again."""

from __future__ import annotations

import asyncio
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from argon2 import PasswordHasher

from bench.harness.redis_server import RedisServer
from protocol import messages as m
from server import control
from server.accounts import AccountError, Accounts
from server.broker import MemoryBroker
from server.broker.redis import RedisBroker
from server.broker.sqlite import SqliteBroker, hold_directory
from server.keys import HALL_CHAT
from server.ratings import Ratings
from server.sessions import Sessions
from tests.conftest import running_server
from tests.support.client import Client
from tests.support.processes import ROOT, ServerProcess

QUICK = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)
OLD = "correct horse"


def admin(
    *args: str, stdin: str = "", command: str = "password"
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "server.admin", command, *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


async def register(data: Path, name: str) -> None:
    broker = SqliteBroker(data)
    try:
        await Accounts(broker, QUICK).register(name, OLD, "p-" + name)
    finally:
        await broker.close()


async def signs_in(data: Path, name: str, password: str) -> bool:
    broker = SqliteBroker(data)
    try:
        await Accounts(broker, failure_delay=0).sign_in(name, password, "10.0.0.1")
        return True
    except AccountError:
        return False
    finally:
        await broker.close()


async def test_list_names_every_account_with_its_day_whether_the_hall_runs_or_not(
    tmp_path: Path,
) -> None:
    empty = admin("--data", str(tmp_path), command="list")
    assert (empty.returncode, empty.stdout) == (0, "0 accounts.\n")
    for name in ("ben", "Ada", "Zoë"):
        await register(tmp_path, name)
    stopped = admin("--data", str(tmp_path), command="list")
    assert stopped.returncode == 0, stopped.stderr
    rows = stopped.stdout.splitlines()
    assert [r.split()[0] for r in rows[:-1]] == ["Ada", "ben", "Zoë"]  # by name, any case
    assert all(re.fullmatch(r"\S+ +registered \d{4}-\d\d-\d\d", r) for r in rows[:-1])
    assert rows[-1] == "3 accounts."
    assert "p-Ada" not in stopped.stdout and "argon2" not in stopped.stdout
    hall = ServerProcess(data=str(tmp_path))
    try:
        ben = await Client.open(hall.url, "visitor")  # Ben deletes his account
        await ben.send({"t": "login", "name": "ben", "password": OLD, "id": 2})
        await ben.expect("welcome", timeout=10)
        await ben.send({"t": "delete_account", "password": OLD, "id": 3})
        await ben.expect("signed_out", timeout=10)
        running = await asyncio.to_thread(admin, "--data", str(tmp_path), command="list")
        assert running.returncode == 0, running.stderr  # answered by the hall itself
        assert [r.split()[0] for r in running.stdout.splitlines()] == ["Ada", "Zoë", "2"]
        await ben.close()
    finally:
        hall.stop()


async def session_of(data: Path, name: str) -> str:
    """A session signed in to the account ``name``: its token."""
    broker = SqliteBroker(data)
    try:
        accounts = Accounts(broker, failure_delay=0)
        account = await accounts.sign_in(name, OLD, "10.0.0.1")
        token, _ = await Sessions(broker, accounts).sign_in(None, account, "en")
        return token
    finally:
        await broker.close()


async def stored(data: Path, key: str) -> bool:
    broker = SqliteBroker(data)
    try:
        return await broker.get(key) is not None
    finally:
        await broker.close()


async def test_a_made_up_password_is_printed_once_and_the_old_one_stops_working(
    tmp_path: Path,
) -> None:
    await register(tmp_path, "Zoë")
    away = await session_of(tmp_path, "Zoë")  # a device of hers, signed in
    done = admin("ZOË", "--data", str(tmp_path))
    assert done.returncode == 0, done.stderr
    found = re.search(r"^Zoë has a new password: (\S+)$", done.stdout, re.MULTILINE)
    assert found is not None, done.stdout
    new = found.group(1)
    assert re.fullmatch(r"[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}", new)
    assert "signed out" in done.stdout and new not in done.stderr
    assert await signs_in(tmp_path, "Zoë", new)
    assert not await signs_in(tmp_path, "Zoë", OLD)
    assert not await stored(tmp_path, f"session:{away}")  # ended, not kept for 90 days
    # Made up afresh each time.
    again = admin("Zoë", "--data", str(tmp_path))
    assert again.returncode == 0 and new not in again.stdout


async def test_a_password_given_on_standard_input_is_never_printed(tmp_path: Path) -> None:
    await register(tmp_path, "Ada")
    done = admin("ada", "--data", str(tmp_path), "--stdin", stdin="my own secret\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Ada has the new password you gave.")
    assert "my own secret" not in done.stdout + done.stderr
    assert await signs_in(tmp_path, "Ada", "my own secret")


async def test_an_unknown_name_or_a_short_password_changes_nothing(tmp_path: Path) -> None:
    await register(tmp_path, "Ada")
    unknown = admin("Nobody", "--data", str(tmp_path))
    assert unknown.returncode == 1
    assert "no account is named 'Nobody'" in unknown.stderr and not unknown.stdout
    short = admin("Ada", "--data", str(tmp_path), "--stdin", stdin="short\n")
    assert short.returncode == 2
    assert "a password has 8 to 256 characters" in short.stderr
    assert await signs_in(tmp_path, "Ada", OLD)
    memory = admin("Ada", "--data", ":memory:")
    assert memory.returncode == 2 and "keeps its accounts in its own process" in memory.stderr


async def test_a_running_hall_sets_the_password_itself_and_a_second_hall_is_refused(
    tmp_path: Path,
) -> None:
    """A hall serves its accounts from memory once started: a password written beside
    it would go unseen, and be overwritten. So the tool asks the running hall, over its
    control socket, which signs the account's connections out there and then; a second
    hall on the same directory is refused."""
    hall = ServerProcess(data=str(tmp_path))
    try:
        ada = await Client.open(hall.url, "Ada")
        await ada.send({"t": "register", "name": "Ada", "password": OLD})
        await ada.expect("welcome", timeout=10)
        sock = tmp_path / "admin.sock"
        assert stat.S_IMODE(sock.stat().st_mode) == 0o600  # the hall's own user alone
        done = await asyncio.to_thread(
            admin, "ADA", "--data", str(tmp_path), "--stdin", stdin="battery staple\n"
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("Ada has the new password you gave.")
        out = await ada.expect("signed_out")
        assert out["everywhere"] and out["elsewhere"]
        phone = await Client.open(hall.url, "phone")
        await phone.send({"t": "login", "name": "Ada", "password": OLD, "id": 1})
        assert (await phone.expect("error", ref=1, timeout=10))["code"] == "bad_login"
        await phone.send({"t": "login", "name": "Ada", "password": "battery staple", "id": 2})
        assert (await phone.expect("welcome", timeout=10))["account"] == "Ada"
        # Refusals come back from the hall as the tool's own would.
        unknown = await asyncio.to_thread(admin, "Nobody", "--data", str(tmp_path))
        assert unknown.returncode == 1 and "no account is named 'Nobody'" in unknown.stderr
        short = await asyncio.to_thread(
            admin, "Ada", "--data", str(tmp_path), "--stdin", stdin="short\n"
        )
        assert short.returncode == 2 and "8 to 256 characters" in short.stderr
        deleted = await asyncio.to_thread(
            admin, "Ada", "--data", str(tmp_path), "--yes", command="delete"
        )
        assert deleted.returncode == 0, deleted.stderr
        assert (await phone.expect("signed_out", timeout=10))["elsewhere"]
        newcomer = await Client.open(hall.url, "Ada")
        await newcomer.send({"t": "register", "name": "ada", "password": OLD, "id": 3})
        assert (await newcomer.expect("welcome", timeout=10))["account"] == "ada"
        await newcomer.close()
        second = subprocess.run(
            [sys.executable, "-m", "server", "--port", "0", "--data", str(tmp_path)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
        assert second.returncode == 2
        assert "a hall is running on this data directory" in second.stderr
        for c in (ada, phone):
            await c.close()
    finally:
        hall.stop()
    assert not (tmp_path / "admin.sock").exists()  # taken away as the hall stopped
    assert await signs_in(tmp_path, "ada", OLD)  # the newcomer's account, kept


async def test_a_hall_that_does_not_answer_is_said_plainly(tmp_path: Path) -> None:
    """The directory held, but nobody at its socket (a hall from before the socket, or
    stuck): the tool says what to do and changes nothing."""
    await register(tmp_path, "Ada")
    held = hold_directory(tmp_path)
    try:
        done = admin("Ada", "--data", str(tmp_path), "--stdin", stdin="battery staple\n")
    finally:
        os.close(held)
    assert done.returncode == 2
    assert "did not answer" in done.stderr and "stop it and run this again" in done.stderr
    assert await signs_in(tmp_path, "Ada", OLD)


class AccountsAlone:
    """What the control socket asks of the hall, done by the accounts alone."""

    def __init__(self, accounts: Accounts) -> None:
        self.reset_password = accounts.reset_password
        self.remove_account = accounts.remove


async def test_the_control_socket_answers_a_bad_request_and_serves_on(tmp_path: Path) -> None:
    accounts = Accounts(MemoryBroker(), QUICK, failure_delay=0)
    await accounts.register("Ada", OLD, "p1")
    path = tmp_path / control.SOCKET_NAME
    path.write_bytes(b"left by a hall that died")  # taken over: the caller holds the directory
    server = await control.serve(path, AccountsAlone(accounts))
    try:
        reader, writer = await asyncio.open_unix_connection(path)
        writer.write(b'{"password": 1}\n')
        answer = msgspec.json.decode(await reader.readline())
        writer.close()
        assert answer["code"] == "bad_message" and "name" not in answer
        done = await control.ask(path, control.SetPassword(name="ada", password="battery staple"))
        assert (done.name, done.code) == ("Ada", None)
        assert (await accounts.sign_in("Ada", "battery staple", "a")).player == "p1"
        gone = await control.ask(path, control.Delete(name="ADA"))
        assert gone.name == "Ada" and await accounts.find("Ada") is None
        again = await control.ask(path, control.Delete(name="Ada"))
        assert (again.name, again.code) == (None, "no_account")
    finally:
        server.close()


async def test_delete_frees_the_name_and_takes_it_out_of_the_rankings(tmp_path: Path) -> None:
    await register(tmp_path, "Ada")
    broker = SqliteBroker(tmp_path)
    try:  # what she said in the hall, kept for newcomers, and a line of someone else's
        for player, name in (("p-Ada", "Ada"), ("p-Ben", "Ben")):
            line = m.HallChatEntry(player=player, from_=name, account=True, text="hi", at=1.0)
            await broker.push_capped(HALL_CHAT, msgspec.msgpack.encode(line), 50)
    finally:
        await broker.close()
    unasked = admin("Ada", "--data", str(tmp_path), command="delete")  # no terminal
    assert unasked.returncode == 2 and "add --yes" in unasked.stderr
    assert await signs_in(tmp_path, "Ada", OLD)
    done = admin("ada", "--data", str(tmp_path), "--yes", command="delete")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("The account Ada is deleted: its name is free")
    assert not await signs_in(tmp_path, "Ada", OLD)
    broker = SqliteBroker(tmp_path)
    try:
        accounts = Accounts(broker, QUICK)
        assert "p-Ada" in await Ratings(broker, accounts).forgotten()
        assert (await accounts.register("ADA", "a new member", "p-2")).player == "p-2"
        lines = [msgspec.msgpack.decode(raw) for raw in await broker.recent(HALL_CHAT)]
        assert [(e["from"], e["account"]) for e in lines] == [
            ("former player", False),
            ("Ben", True),
        ]
    finally:
        await broker.close()
    unknown = admin("Nobody", "--data", str(tmp_path), "--yes", command="delete")
    assert unknown.returncode == 1 and "no account is named 'Nobody'" in unknown.stderr


async def two_tables_of_ada(url: str) -> tuple[Client, str, str]:
    """Ada and Ben register; Ada opens two tables and Ben sits at both: one waits for
    its start, the other's game is under way. Ben (still connected), and the two."""
    ada = await Client.open(url, "Ada")
    ben = await Client.open(url, "Ben")
    for c, name in ((ada, "Ada"), (ben, "Ben")):
        await c.send({"t": "register", "name": name, "password": OLD})
        c.token = (await c.expect("welcome", timeout=10))["token"]
    tables = []
    for pile in (4, 30):
        await ada.send({"t": "create", "game": "countdown", "options": {"pile": pile}})
        opened = {"pile": pile, "secret": True}
        room = (await ada.expect("room", you=0, options=opened))["room"]  # she sits
        await ben.send({"t": "sit", "room": room, "seat": 1})
        await ben.expect("room", room=room, you=1)
        tables.append(room)
    waiting, running = tables
    await ada.send({"t": "start", "room": running})
    await ben.expect("snapshot", room=running)
    await ada.close()
    return ben, waiting, running


async def ada_is_forgotten_at_both(ben: Client, waiting: str, running: str) -> None:
    """Ben, at a process that runs the two tables again: her seat at the waiting table
    is free and the table is his to host; at the game under way her seat is a former
    player's, the AI plays it to the end, and the game is archived under that name."""
    await ben.send({"t": "enter", "room": waiting})
    info = await ben.expect("room", room=waiting, timeout=10)
    # At first, maybe the table as its dead owner left it; then, as its new owner hears
    # who is there, Ben hosts it (the first to come).
    while info["seats"][0] is not None or info["host"] != ben.player:
        assert info["seats"][0] is None or info["seats"][0]["name"] == "Ada"
        info = await ben.expect("room", room=waiting, timeout=10)
    assert info["seats"][1]["name"] == "Ben"
    await ben.send({"t": "option", "room": waiting, "key": "pile", "value": 5})
    await ben.expect("room", room=waiting, options={"pile": 5, "secret": True})
    await ben.send({"t": "enter", "room": running})
    info = await ben.expect("room", room=running, timeout=10)
    while info["seats"][0]["name"] == "Ada":
        info = await ben.expect("room", room=running, timeout=10)
    assert [s["name"] for s in info["seats"]] == ["former player", "Ben"]
    await ben.expect("snapshot", room=running, timeout=10)
    while ben.view(running)["result"] is None:  # the AI plays her seat
        view = ben.view(running)
        if view["legal"]:
            intent = view["legal"][0]
            await ben.send(
                {"t": "act", "room": running, "v": ben.version(running), "intent": intent}
            )
        await ben.expect("patch", room=running, timeout=10)
    # The game is archived as it ends, by the process that ran it: asked again until
    # it is there (Ben's own process may answer first).
    games: list[dict] = []
    for _ in range(100):
        await ben.send({"t": "history", "limit": 10})
        games = (await ben.expect("history", timeout=10))["games"]
        if games:
            break
        await asyncio.sleep(0.05)
    [game] = games
    assert [p["name"] for p in game["players"]] == ["former player", "Ben"]


async def test_a_stopped_halls_open_tables_forget_the_account_when_it_starts(
    tmp_path: Path,
) -> None:
    """The tool deletes Ada on a stopped hall: the tables it kept, which run again at
    its next start, must not name her either."""
    hall = ServerProcess(data=str(tmp_path))
    try:
        ben, waiting, running = await two_tables_of_ada(hall.url)
        await ben.close()
    finally:
        hall.stop()
    done = await asyncio.to_thread(admin, "Ada", "--data", str(tmp_path), "--yes", command="delete")
    assert done.returncode == 0, done.stderr
    again = ServerProcess(data=str(tmp_path), port=hall.port)
    try:
        ben = await Client.open(again.url, "Ben", token=ben.token)
        await ada_is_forgotten_at_both(ben, waiting, running)
        await ben.close()
    finally:
        again.stop()


@pytest.fixture
def redis() -> RedisServer:
    server = RedisServer()
    yield server
    server.stop()


async def test_on_redis_the_running_hall_signs_the_account_out_at_once(redis) -> None:
    """A hall on Redis runs on while its password is set: the account's connections
    are signed out there and then, and the next sign-in takes the new password."""
    async with running_server(broker=RedisBroker(redis.url)) as srv:
        srv.hall.accounts.hasher = QUICK
        srv.hall.accounts.failure_delay = 0.0
        ada = await srv.client("Ada")
        await ada.send({"t": "register", "name": "Ada", "password": OLD})
        await ada.expect("welcome")
        done = await asyncio.to_thread(
            admin, "Ada", "--redis", redis.url, "--stdin", stdin="battery staple\n"
        )
        assert done.returncode == 0, done.stderr
        out = await ada.expect("signed_out")
        assert out["everywhere"] and out["elsewhere"]
        phone = await srv.client("phone")
        await phone.send({"t": "login", "name": "Ada", "password": OLD, "id": 1})
        assert (await phone.expect("error", ref=1))["code"] == "bad_login"
        await phone.send({"t": "login", "name": "Ada", "password": "battery staple", "id": 2})
        welcome = await phone.expect("welcome")
        assert (welcome["account"], welcome["player"]) == ("Ada", ada.player)
        listed = await asyncio.to_thread(admin, "--redis", redis.url, command="list")
        assert listed.stdout.splitlines()[-1] == "1 account."
        deleted = await asyncio.to_thread(
            admin, "Ada", "--redis", redis.url, "--yes", command="delete"
        )
        assert deleted.returncode == 0, deleted.stderr
        assert (await phone.expect("signed_out"))["elsewhere"]
        assert await srv.hall.accounts.find("Ada") is None
        listed = await asyncio.to_thread(admin, "--redis", redis.url, command="list")
        assert listed.stdout == "0 accounts.\n"


async def test_on_redis_a_table_between_owners_forgets_the_account_too(redis) -> None:
    """Ada's tables' process dies; she is deleted before any other takes them over.
    The process that does (when Ben comes back through it) heard the deletion for
    tables it did not run: it forgets her as it takes them over."""
    owner, other = ServerProcess(redis.url), ServerProcess(redis.url)
    try:
        ben, waiting, running = await two_tables_of_ada(owner.url)
        owner.kill()
        await ben.close()
        done = await asyncio.to_thread(
            admin, "Ada", "--redis", redis.url, "--yes", command="delete"
        )
        assert done.returncode == 0, done.stderr
        ben = await Client.open(other.url, "Ben", token=ben.token)
        await ada_is_forgotten_at_both(ben, waiting, running)
        await ben.close()
    finally:
        owner.stop()
        other.stop()


def test_redis_out_of_reach_is_said_plainly() -> None:
    done = admin("Ada", "--redis", "redis://127.0.0.1:9/0", "--stdin", stdin="battery staple\n")
    assert done.returncode == 2
    assert "cannot reach the hall's Redis" in done.stderr


async def test_a_data_directory_too_deep_for_a_socket_still_serves(tmp_path: Path) -> None:
    """A Unix socket's path has at most 107 bytes: a hall whose data directory lies
    deeper runs all the same, without its control socket, and the tool says what to do
    (stop it first) and, once it has stopped, does its work."""
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    await register(deep, "Ada")
    hall = ServerProcess(data=str(deep))
    try:
        ada = await Client.open(hall.url, "guest")
        await ada.send({"t": "login", "name": "Ada", "password": OLD, "id": 1})
        assert (await ada.expect("welcome", timeout=10))["account"] == "Ada"
        await ada.close()
        refused = await asyncio.to_thread(
            admin, "Ada", "--data", str(deep), "--stdin", stdin="battery staple\n"
        )
        assert refused.returncode == 2
        assert "did not answer" in refused.stderr and "stop it and run this again" in refused.stderr
    finally:
        hall.stop()
    done = admin("Ada", "--data", str(deep), "--stdin", stdin="battery staple\n")
    assert done.returncode == 0, done.stderr
    assert await signs_in(deep, "Ada", "battery staple")


class Failing:
    """A hall whose storage fails under it: the password set, the deletion lost."""

    def __init__(self, accounts: Accounts) -> None:
        self.reset_password = accounts.reset_password

    async def remove_account(self, name: str) -> None:
        raise OSError("disk full")


async def test_a_failure_in_the_hall_is_told_to_the_tool(tmp_path: Path) -> None:
    accounts = Accounts(MemoryBroker(), QUICK, failure_delay=0)
    await accounts.register("Ada", OLD, "p1")
    path = tmp_path / control.SOCKET_NAME
    server = await control.serve(path, Failing(accounts))
    try:
        failed = await control.ask(path, control.Delete(name="Ada"))
        assert (failed.name, failed.code) == (None, "internal_error")
        assert "see its log" in failed.message
        done = await control.ask(path, control.SetPassword(name="Ada", password="battery staple"))
        assert done.name == "Ada"  # and it serves on
    finally:
        server.close()


@pytest.mark.parametrize("command", ["list", "password", "delete"])
def test_each_commands_help_puts_every_storage_option_under_its_heading(command: str) -> None:
    done = admin("--help", command=command)
    assert done.returncode == 0, done.stderr
    rest, storage = done.stdout.split("where the hall keeps its accounts:")
    options = rest.split("\noptions:")[1]  # below the usage line, which names them all
    for flag in ("--redis URL", "--redis-cluster URL", "--data DIR"):
        assert flag in storage and flag not in options
