"""What deleting an account takes out of the hall, whoever deletes it (its owner through
the hub, or whoever runs the hall with `python -m server.admin delete`): its sessions,
its devices' push subscriptions, and its name from the finished games, the rankings
and the chat kept for newcomers (the hall's, and each listed table's). The games and
the lines stay: they are the other players' too, and a conversation without one
side's lines would make no sense; they are a former player's from now on, so that
nobody who takes the free name later seems to have said them."""

from __future__ import annotations

from server.accounts import Account
from server.broker import Broker
from server.chatlines import said_by
from server.profiles import Profiles
from server.push import forget_devices
from server.room.record import FORMER
from server.sessions import end_sessions_of


async def forget_account(broker: Broker, profiles: Profiles, account: Account) -> int:
    """How many finished games named the account (now "former player" in each)."""
    await forget_devices(broker, account.player)
    await end_sessions_of(broker, account.player)
    games = await profiles.forget(account)
    await forget_lines(broker, account.player)
    return games


async def forget_lines(broker: Broker, player: str) -> int:
    """The kept lines ``player`` said, as a former player's (each where it stands: a
    line said meanwhile is kept). How many lines."""
    renamed = 0
    for said in await said_by(broker, player):
        if await broker.replace_recent(said.key, said.raw, said.as_said_by(FORMER)):
            renamed += 1
    return renamed
