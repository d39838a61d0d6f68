"""What deleting an account takes out of the hall, whoever deletes it (its owner through
the hub, or whoever runs the hall with `python -m server.admin delete`): its devices'
push subscriptions, and its name from the finished games, the rankings and the chat
kept for newcomers (the hall's, and each listed table's). The games and the lines
stay: they are the other players' too, and a conversation without one side's lines
would make no sense; they are a former player's from now on, so that nobody who
takes the free name later seems to have said them."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import msgspec

from protocol import messages as m
from protocol.tags import tag_of
from server.accounts import Account
from server.broker import Broker
from server.keys import DIRECTORY, HALL_CHAT, chat_key
from server.profiles import FORMER, Profiles
from server.push import forget_devices

_encode = msgspec.msgpack.Encoder().encode
_hall_line = msgspec.msgpack.Decoder(m.HallChatEntry).decode


async def forget_account(broker: Broker, profiles: Profiles, account: Account) -> int:
    """How many finished games named the account (now "former player" in each)."""
    await forget_devices(broker, account.player)
    games = await profiles.forget(account)
    await forget_lines(broker, account.player)
    return games


async def forget_lines(broker: Broker, player: str) -> int:
    """The lines ``player`` said in the hall's chat and at the tables of the lobby,
    as a former player's (each where it stands: a line said meanwhile is kept). How
    many lines."""
    # Here rather than at the top: server.events and the room package import each
    # other, and the admin tool imports this module before either.
    from server.events import ChatEvent

    table_line = msgspec.msgpack.Decoder(ChatEvent).decode
    keys = [HALL_CHAT, *(chat_key(room) for room in await broker.dir_all(DIRECTORY))]
    renamed = 0
    for key in keys:
        for raw in await broker.recent(key):
            new = _renamed(key, raw, player, table_line)
            if new is not None and await broker.replace_recent(key, raw, new):
                renamed += 1
    return renamed


def _renamed(key: str, raw: bytes, player: str, table_line: Callable[[bytes], Any]) -> bytes | None:
    """The line as a former player's, or None when someone else said it."""
    with contextlib.suppress(msgspec.DecodeError, msgspec.ValidationError):
        if key == HALL_CHAT:
            hall = _hall_line(raw)
            if hall.player == player:
                # Tagged as the games tag a former player (holders.py): a guest's tag
                # of its player id.
                tag = tag_of(player, False)
                return _encode(msgspec.structs.replace(hall, from_=FORMER, account=False, tag=tag))
            return None
        table = table_line(raw)
        if table.player == player:
            return _encode(msgspec.structs.replace(table, from_=FORMER, account=False))
    return None
