"""Which sessions the hall keeps: one that no longer works names an account (or a name
that is somebody else's now), so it is dropped rather than kept for its 90 days; and a
name deleted and registered again is another account, never the old one's devices'.

The sessions stored before accounts indexed theirs (sessions.py, ``sweep``) are gone
through once when a durable hall starts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from server.accounts import Accounts
from server.broker import Broker, MemoryBroker
from server.broker.cluster import ClusterBroker
from server.broker.redis import RedisBroker
from server.broker.sqlite import SqliteBroker
from server.erasure import forget_account
from server.profiles import Profiles
from server.ratings import Ratings
from server.sessions import SWEEP_STEP, SWEPT, Sessions, end_sessions_of, sweep
from tests.conftest import running_server
from tests.test_accounts import QUICK

PASSWORD = "correct horse"


async def test_a_name_registered_again_is_another_account_for_old_devices() -> None:
    """Ada's laptop signed in before the index, so deleting her account did not end its
    session; Ada registers again (a new account, a new player). The laptop's token must
    not sign in to it: it is dropped when it comes back."""
    broker = MemoryBroker()
    accounts = Accounts(broker, QUICK, failure_delay=0)
    sessions = Sessions(broker, accounts)
    laptop = (await sessions_of_before_the_index(accounts, sessions, "Ada"))["Ada"]
    first = await accounts.remove("Ada")
    assert first is not None
    again = await accounts.register("Ada", "another horse", "p-again")
    assert again.generation == first.generation  # a new account starts where the old did
    assert await sessions.find(laptop) is None
    assert await broker.get(f"session:{laptop}") is None
    token, player = await sessions.resume_or_create(laptop, "Visitor", "en")
    assert token != laptop and player.id not in ("p-Ada", "p-again") and not player.account


async def test_signing_out_everywhere_ends_the_sessions_of_devices_away() -> None:
    broker = MemoryBroker()
    accounts = Accounts(broker, QUICK, failure_delay=0)
    sessions = Sessions(broker, accounts)
    ada = await accounts.register("Ada", PASSWORD, "p-ada")
    phone, _ = await sessions.sign_in(None, ada, "en")
    tablet, _ = await sessions.sign_in(None, ada, "en")
    moved = await accounts.sign_out_everywhere("Ada")
    assert moved is not None
    laptop, _ = await sessions.sign_in(None, moved, "en")  # signed in since: kept
    await end_sessions_of(broker, moved.player, before=moved.generation)
    assert await broker.get(f"session:{phone}") is None
    assert await broker.get(f"session:{tablet}") is None
    assert list(await broker.dir_all("sessions-of:p-ada")) == [laptop]
    found = await sessions.find(laptop)
    assert found is not None and found[0].account == "Ada"


@pytest.mark.parametrize("store", ["memory", "sqlite", "redis", "redis-cluster"])
async def test_the_sweep_drops_the_dead_sessions_of_before_the_index_and_indexes_the_rest(
    store: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    broker: Broker
    if store == "memory":
        broker = MemoryBroker()
    elif store == "sqlite":
        broker = SqliteBroker(tmp_path)
    elif store == "redis":
        broker = RedisBroker(request.getfixturevalue("redis_server").url, prefix="sweep:")
    else:
        url = request.getfixturevalue("redis_cluster").url
        broker = ClusterBroker(url, prefix="sweep:")
    try:
        accounts = Accounts(broker, QUICK, failure_delay=0)
        sessions = Sessions(broker, accounts)
        tokens = await sessions_of_before_the_index(accounts, sessions, "Ada", "Ben", "Cy")
        guest, _ = await sessions.resume_or_create(None, "Kim", "en")
        await accounts.sign_out_everywhere("Ben")  # Ben's session is worth nothing now
        await accounts.remove("Cy")  # nor Cy's
        assert await sweep(broker, accounts) == (2, 1)
        assert await broker.get(f"session:{tokens['Ben']}") is None
        assert await broker.get(f"session:{tokens['Cy']}") is None
        assert await broker.get(f"session:{guest}") is not None  # a guest's: kept
        assert list(await broker.dir_all("sessions-of:p-Ada")) == [tokens["Ada"]]
        assert await sessions.find(tokens["Ada"]) is not None
        # Once only: a later start passes over the sessions, even a dead one.
        [dee] = (await sessions_of_before_the_index(accounts, sessions, "Dee")).values()
        await accounts.sign_out_everywhere("Dee")
        assert await sweep(broker, accounts) == (0, 0)
        assert await broker.get(f"session:{dee}") is not None
        # Ada's session, indexed by the sweep, ends with her account.
        ada = await accounts.remove("Ada")
        assert ada is not None
        await forget_account(broker, Profiles(broker, accounts, Ratings(broker, accounts)), ada)
        assert await broker.get(f"session:{tokens['Ada']}") is None
    finally:
        await broker.close()


async def test_a_durable_hall_sweeps_the_old_sessions_when_it_starts(tmp_path: Path) -> None:
    broker = SqliteBroker(tmp_path)
    accounts = Accounts(broker, QUICK, failure_delay=0)
    tokens = await sessions_of_before_the_index(accounts, Sessions(broker, accounts), "Cy")
    await accounts.remove("Cy")
    async with running_server(broker=broker):
        for _ in range(500):
            if await broker.get(SWEPT) is not None:
                break
            await asyncio.sleep(0.01)
        assert await broker.get(f"session:{tokens['Cy']}") is None


async def sessions_of_before_the_index(
    accounts: Accounts, sessions: Sessions, *names: str
) -> dict[str, str]:
    """A session for each of these new accounts (player ``p-NAME``), as sign-ins stored
    them before the index of an account's sessions: the index left empty."""
    tokens = {}
    for name in names:
        account = await accounts.register(name, PASSWORD, f"p-{name}")
        token, _ = await sessions.sign_in(None, account, "en")
        await sessions.broker.dir_delete(f"sessions-of:{account.player}", token)
        tokens[name] = token
    return tokens


async def test_a_long_sweep_gives_the_event_loop_turns(tmp_path: Path) -> None:
    """Other tables' moves go on while a hall with many old sessions sweeps them."""
    broker = SqliteBroker(tmp_path)
    try:
        accounts = Accounts(broker, QUICK, failure_delay=0)
        ada = await accounts.register("Ada", PASSWORD, "p-ada")
        sessions = Sessions(broker, accounts)
        for _ in range(5 * SWEEP_STEP):
            token, _ = await sessions.sign_in(None, ada, "en")
            await broker.dir_delete("sessions-of:p-ada", token)
        turns = 0

        async def ticker() -> None:
            nonlocal turns
            while True:
                turns += 1
                await asyncio.sleep(0)

        task = asyncio.create_task(ticker())
        await asyncio.sleep(0)
        before = turns
        assert await sweep(broker, accounts) == (0, 5 * SWEEP_STEP)
        task.cancel()
        assert turns - before >= 4
    finally:
        await broker.close()
