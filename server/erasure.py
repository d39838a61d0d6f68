"""What deleting an account takes out of the hall, whoever deletes it (its owner through
the hub, or whoever runs the hall with `python -m server.admin delete`): its devices'
push subscriptions, and its name from the finished games and the rankings. The games
themselves stay: they are the other players' too."""

from __future__ import annotations

from server.accounts import Account
from server.broker import Broker
from server.profiles import Profiles
from server.push import forget_devices


async def forget_account(broker: Broker, profiles: Profiles, account: Account) -> int:
    """How many finished games named the account (now "former player" in each)."""
    await forget_devices(broker, account.player)
    return await profiles.forget(account)
