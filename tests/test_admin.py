"""`python -m server.admin password`: whoever runs the hall sets a new password for a
player who forgot theirs. Run as a real command: on a stopped hall's data directory,
on a running hall's Redis (whose connections of the account are signed out at once),
and refused on the data directory of a hall that is running, as a second hall is."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from pathlib import Path

import pytest
from argon2 import PasswordHasher

from bench.harness.redis_server import RedisServer
from server.accounts import AccountError, Accounts
from server.broker.redis import RedisBroker
from server.broker.sqlite import SqliteBroker
from tests.conftest import running_server
from tests.support.processes import ROOT, ServerProcess

QUICK = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)
OLD = "correct horse"


def admin(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "server.admin", "password", *args],
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


async def test_a_made_up_password_is_printed_once_and_the_old_one_stops_working(
    tmp_path: Path,
) -> None:
    await register(tmp_path, "Zoë")
    done = admin("ZOË", "--data", str(tmp_path))
    assert done.returncode == 0, done.stderr
    found = re.search(r"^Zoë has a new password: (\S+)$", done.stdout, re.MULTILINE)
    assert found is not None, done.stdout
    new = found.group(1)
    assert re.fullmatch(r"[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}", new)
    assert "signed out" in done.stdout and new not in done.stderr
    assert await signs_in(tmp_path, "Zoë", new)
    assert not await signs_in(tmp_path, "Zoë", OLD)
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


async def test_the_data_directory_of_a_running_hall_is_refused(tmp_path: Path) -> None:
    """A hall serves its accounts from memory once started: a password written beside
    it would go unseen, and be overwritten. The tool is refused, and so is a second
    hall on the same directory; once the hall stops, the tool does its work."""
    await register(tmp_path, "Ada")
    hall = ServerProcess(data=str(tmp_path))
    try:
        refused = admin("Ada", "--data", str(tmp_path), "--stdin", stdin="battery staple\n")
        assert refused.returncode == 2
        assert "a hall is running on this data directory; stop it first" in refused.stderr
        second = subprocess.run(
            [sys.executable, "-m", "server", "--port", "0", "--data", str(tmp_path)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
        assert second.returncode == 2
        assert "a hall is running on this data directory" in second.stderr
    finally:
        hall.stop()
    assert await signs_in(tmp_path, "Ada", OLD)
    done = admin("Ada", "--data", str(tmp_path), "--stdin", stdin="battery staple\n")
    assert done.returncode == 0, done.stderr
    assert await signs_in(tmp_path, "Ada", "battery staple")


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


def test_redis_out_of_reach_is_said_plainly() -> None:
    done = admin("Ada", "--redis", "redis://127.0.0.1:9/0", "--stdin", stdin="battery staple\n")
    assert done.returncode == 2
    assert "cannot reach the hall's Redis" in done.stderr
