"""A table never waits forever for someone who left: the AI stands in for a player
away on their turn, the host may hand an away player's seat to it, and a player may
resign. Over real websockets, with a short grace."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import msgspec
import pytest

from server.keys import log_key
from server.room.record import LogAct
from tests.conftest import TEST_LIMITS, running_server
from tests.support.client import Client
from tests.support.tables import open_table


@pytest.fixture
async def quick() -> AsyncIterator[Any]:
    limits = TEST_LIMITS.__class__(**{**_fields(TEST_LIMITS), "away_grace": 0.3})
    async with running_server(limits) as srv:
        yield srv


def _fields(limits: Any) -> dict[str, Any]:
    return {f: getattr(limits, f) for f in limits.__struct_fields__}


async def _seat_info(c: Client, room: str, seat: int, **want: Any) -> dict[str, Any]:
    """The next `room` message in which the seat shows ``want``."""
    for _ in range(50):
        info = await c.expect("room", room=room)
        s = info["seats"][seat]
        if all(s.get(k) == v for k, v in want.items()):
            return s
    raise AssertionError(f"seat {seat} never showed {want}")


async def _play_until_over(c: Client, room: str) -> None:
    for _ in range(200):
        view = c.view(room)
        if view["result"] is not None:
            return
        if view["legal"]:
            await c.send(
                {"t": "act", "room": room, "v": c.version(room), "intent": view["legal"][0]}
            )
        await c.expect("patch", room=room, timeout=10)
    raise AssertionError("the game did not end")


async def test_a_player_away_on_their_turn_gets_a_stand_in_and_takes_over_on_return(
    quick,
) -> None:
    room, (a, b), watcher = await open_table(quick, options={"pile": 30})
    token = b.token
    # Whoever is on turn first, make it b's turn, then b's connection drops.
    if a.view(room)["legal"]:
        await a.send({"t": "act", "room": room, "v": 0, "intent": {"t": "take", "n": 1}})
        await b.expect("patch", room=room, v=1)
    await b.close()
    seat = await _seat_info(watcher, room, 1, standin=True)
    assert seat["away_since"] is not None and seat["online"] is False
    v = watcher.version(room)
    await watcher.expect("patch", room=room, v=v + 1)  # the stand-in moved for b
    back = await Client.open(quick.url, "b again", token=token)
    await back.send({"t": "enter", "room": room, "v": v})
    seat = await _seat_info(watcher, room, 1, standin=False)
    assert seat["away_since"] is None and seat["online"] is True


async def test_the_host_hands_an_away_seat_to_the_ai_and_only_the_host_may(server) -> None:
    # The default grace (a minute): only the host's word brings the AI in here.
    room, (host, b, c), watcher = await open_table(server, players=3, options={"pile": 30})
    await host.send({"t": "bot", "room": room, "seat": 1, "id": 1})
    assert (await host.expect("error", ref=1))["code"] == "seat_taken"  # b is here
    await b.close()
    await _seat_info(watcher, room, 1, online=False)
    await c.send({"t": "bot", "room": room, "seat": 1, "id": 2})
    assert (await c.expect("error", ref=2))["code"] == "not_host"
    await host.send({"t": "bot", "room": room, "seat": 1, "id": 3})
    seat = await _seat_info(watcher, room, 1, standin=True)
    assert seat["resigned"] is False


async def test_a_resigned_seat_is_played_to_the_end_by_the_ai(quick) -> None:
    room, (a, b), watcher = await open_table(quick, options={"pile": 12})
    await watcher.send({"t": "resign", "room": room, "id": 5})
    assert (await watcher.expect("error", ref=5))["code"] == "not_seated"
    await b.send({"t": "resign", "room": room})
    seat = await _seat_info(watcher, room, 1, resigned=True)
    assert seat["standin"] is True
    take = {"t": "take", "n": 1}
    await b.send({"t": "act", "room": room, "v": b.version(room), "intent": take, "id": 6})
    assert (await b.expect("error", ref=6))["code"] == "not_seated"  # it cannot be undone
    await _play_until_over(a, room)
    assert a.view(room)["result"] is not None
    info = await a.resync(room)
    assert info["view"]["result"] is not None


async def test_a_game_every_player_left_closes_after_its_wait() -> None:
    limits = TEST_LIMITS.__class__(**{**_fields(TEST_LIMITS), "abandon_after": 0.5})
    async with running_server(limits) as srv:
        room, (a, b), watcher = await open_table(srv, options={"pile": 30})
        await a.close()
        await b.close()
        await asyncio.sleep(1.5)
        assert room not in srv.hall.rooms
        await watcher.send({"t": "enter", "room": room, "id": 9})
        assert (await watcher.expect("error", ref=9))["code"] == "unknown_room"


async def test_the_log_says_which_moves_the_ai_made_for_a_player(quick) -> None:
    room, (a, b), watcher = await open_table(quick, options={"pile": 9})
    await b.send({"t": "resign", "room": room})
    await _seat_info(watcher, room, 1, resigned=True)
    await _play_until_over(a, room)
    entries = await quick.hall.broker.read_log(log_key(room))
    moves = [msgspec.msgpack.decode(e, type=LogAct) for e in entries[1:]]
    assert {m.by for m in moves if m.seat == 1} == {"ai"}
    assert {m.by for m in moves if m.seat == 0} == {None}
