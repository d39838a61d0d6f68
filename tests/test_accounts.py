"""Accounts on the broker: names claimed once by their key, argon2id hashes, and failed
sign-ins limited per account and per address."""

from __future__ import annotations

import pytest
from argon2 import PasswordHasher

from server.accounts import (
    PER_ACCOUNT,
    PER_ACCOUNT_EVERYWHERE,
    AccountError,
    Accounts,
    name_key,
)
from server.broker import MemoryBroker
from server.limits import Limits

# Real argon2id, with less memory and time than the hall's, so the tests stay quick.
PER_ADDRESS = Limits().signin_failures_per_address
QUICK = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)


def accounts(broker: MemoryBroker | None = None, hasher: PasswordHasher = QUICK) -> Accounts:
    return Accounts(broker or MemoryBroker(), hasher=hasher, failure_delay=0)


def test_names_are_one_name_whatever_their_case_and_width() -> None:
    assert name_key("Ada") == name_key("ADA") == name_key("ａｄａ") == "ada"
    assert name_key("Zoë") == name_key("ZOË") != name_key("Zoe")


async def test_a_name_is_registered_once() -> None:
    hall = accounts()
    ada = await hall.register("Ada", "correct horse", "p1")
    assert (ada.name, ada.player) == ("Ada", "p1")
    for other in ("ada", "ＡＤＡ"):
        with pytest.raises(AccountError) as refused:
            await hall.register(other, "something else", "p2")
        assert refused.value.code == "name_taken"
    found = await hall.find("ａｄａ")
    assert found is not None and found.player == "p1"
    of = await hall.of_player("p1")
    assert of is not None and of.name == "Ada"
    assert await hall.of_player("p2") is None


async def test_the_password_is_kept_only_as_an_argon2id_hash() -> None:
    hall = accounts()
    ada = await hall.register("Ada", "correct horse", "p1")
    assert ada.hash.startswith("$argon2id$") and "correct horse" not in ada.hash
    raw = await hall.broker.get("account:ada")
    assert raw is not None and b"correct horse" not in raw


@pytest.mark.parametrize("password", ["short", "x" * 257])
async def test_a_password_too_short_or_too_long_is_refused(password: str) -> None:
    with pytest.raises(AccountError) as refused:
        await accounts().register("Ada", password, "p1")
    assert refused.value.code == "bad_password"


async def test_sign_in_needs_the_right_password() -> None:
    hall = accounts()
    await hall.register("Ada", "correct horse", "p1")
    assert (await hall.sign_in("ADA", "correct horse", "a")).player == "p1"
    for name, password in (("Ada", "wrong horse"), ("Nobody", "correct horse")):
        with pytest.raises(AccountError) as refused:
            await hall.sign_in(name, password, "a")
        assert refused.value.code == "bad_login"


async def test_failed_sign_ins_are_limited_per_account_from_each_address() -> None:
    """A few wrong tries from one address shut that address out of the account; its
    owner elsewhere still signs in, and other accounts from that address too."""
    hall = accounts()
    await hall.register("Ada", "correct horse", "p1")
    await hall.register("Ben", "other horse", "p2")
    for _ in range(PER_ACCOUNT):
        with pytest.raises(AccountError) as refused:
            await hall.sign_in("Ada", "guess", "10.1.1.1")
        assert refused.value.code == "bad_login"
    # Now even the right password is refused from there, until the window ends.
    with pytest.raises(AccountError) as refused:
        await hall.sign_in("Ada", "correct horse", "10.1.1.1")
    assert refused.value.code == "too_many_attempts"
    assert refused.value.args_ == {"minutes": 15}
    assert (await hall.sign_in("Ada", "correct horse", "10.2.2.2")).player == "p1"
    assert (await hall.sign_in("Ben", "other horse", "10.1.1.1")).player == "p2"


async def test_failed_sign_ins_from_many_addresses_shut_the_account() -> None:
    """Someone guessing from many addresses, each under its own limit: past the count
    over every address, the account refuses every address, its owner's too."""
    hall = accounts()
    await hall.register("Ada", "correct horse", "p1")
    for n in range(PER_ACCOUNT_EVERYWHERE):
        with pytest.raises(AccountError) as refused:
            await hall.sign_in("Ada", "guess", f"10.0.{n // 4}.{n % 4}")
        assert refused.value.code == "bad_login"
    with pytest.raises(AccountError) as refused:
        await hall.sign_in("Ada", "correct horse", "10.9.9.9")
    assert refused.value.code == "too_many_attempts"


@pytest.mark.parametrize("cap_loopback", [True, False])
async def test_failed_sign_ins_are_limited_per_address(cap_loopback: bool) -> None:
    """An address that is not loopback is counted, whether loopback is or not."""
    limits = Limits(cap_loopback=cap_loopback)
    hall = Accounts(MemoryBroker(), QUICK, failure_delay=0, limits=limits)
    await hall.register("Ben", "correct horse", "p2")
    for n in range(PER_ADDRESS):
        with pytest.raises(AccountError):
            await hall.sign_in(f"name {n}", "guess", "10.9.9.9")
    with pytest.raises(AccountError) as refused:
        await hall.sign_in("Ben", "correct horse", "10.9.9.9")
    assert refused.value.code == "too_many_attempts"
    assert (await hall.sign_in("Ben", "correct horse", "another address")).player == "p2"


async def test_an_address_may_be_left_uncounted() -> None:
    """A hall that sets no per-address count (0), and loopback when it is not counted:
    the failures of many names from one address shut no one else out; each account's
    own count stands."""
    for limits, address in (
        (Limits(signin_failures_per_address=0), "10.9.9.9"),
        (Limits(), "127.0.0.1"),
        (Limits(), "::1"),
    ):
        hall = Accounts(MemoryBroker(), QUICK, failure_delay=0, limits=limits)
        await hall.register("Ben", "correct horse", "p2")
        for n in range(PER_ADDRESS + 5):
            with pytest.raises(AccountError) as refused:
                await hall.sign_in(f"name {n}", "guess", address)
            assert refused.value.code == "bad_login"
        assert (await hall.sign_in("Ben", "correct horse", address)).player == "p2"
        for _ in range(PER_ACCOUNT):
            with pytest.raises(AccountError):
                await hall.sign_in("Ben", "guess", address)
        with pytest.raises(AccountError) as refused:
            await hall.sign_in("Ben", "correct horse", address)
        assert refused.value.code == "too_many_attempts"


async def test_a_hash_made_with_weaker_parameters_is_made_again_at_sign_in() -> None:
    broker = MemoryBroker()
    await accounts(broker, QUICK).register("Ada", "correct horse", "p1")
    stronger = PasswordHasher(time_cost=2, memory_cost=16 * 1024, parallelism=1)
    ada = await accounts(broker, stronger).sign_in("Ada", "correct horse", "a")
    assert "m=16384,t=2" in ada.hash
    stored = await accounts(broker, stronger).find("Ada")
    assert stored is not None and stored.hash == ada.hash


async def test_changing_the_password_signs_other_sessions_out() -> None:
    hall = accounts()
    before = await hall.register("Ada", "correct horse", "p1")
    after = await hall.change_password("Ada", "correct horse", "battery staple", "a")
    assert after.generation == before.generation + 1
    assert (await hall.sign_in("Ada", "battery staple", "a")).player == "p1"
    with pytest.raises(AccountError):
        await hall.sign_in("Ada", "correct horse", "a")
    with pytest.raises(AccountError) as refused:
        await hall.change_password("Ada", "wrong one", "whatever it is", "a")
    assert refused.value.code == "bad_login"
    everywhere = await hall.sign_out_everywhere("ada")
    assert everywhere is not None and everywhere.generation == after.generation + 1


async def test_a_password_set_by_the_hall_lets_a_shut_out_owner_in_at_once() -> None:
    """The owner forgot their password and shut themselves out guessing; whoever runs
    the hall sets a new one (server/admin.py): it works from that very address, the old
    one no longer does, and every session from before is over."""
    hall = accounts()
    before = await hall.register("Ada", "correct horse", "p1")
    for _ in range(PER_ACCOUNT):
        with pytest.raises(AccountError):
            await hall.sign_in("Ada", "what was it", "10.1.1.1")
    with pytest.raises(AccountError) as refused:
        await hall.sign_in("Ada", "correct horse", "10.1.1.1")
    assert refused.value.code == "too_many_attempts"
    after = await hall.reset_password("ADA", "battery staple")
    assert after is not None and after.generation == before.generation + 1
    assert (await hall.sign_in("Ada", "battery staple", "10.1.1.1")).player == "p1"
    with pytest.raises(AccountError) as refused:
        await hall.sign_in("Ada", "correct horse", "10.2.2.2")
    assert refused.value.code == "bad_login"
    assert await hall.reset_password("Nobody", "battery staple") is None
    with pytest.raises(AccountError) as refused:
        await hall.reset_password("Ada", "short")
    assert refused.value.code == "bad_password"
    assert (await hall.sign_in("Ada", "battery staple", "a")).generation == after.generation
