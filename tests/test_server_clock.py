"""The turn clock belongs to the server: a seat out of time has its move made by the
AI, a table where everyone is away stops its clocks, and a clock carries on after its
owner process dies. Clocks of fractions of a second, over real websockets."""

from __future__ import annotations

import time
from typing import Any

import pytest

from bench.harness.redis_server import RedisServer
from tests.support.client import Client
from tests.support.processes import ServerProcess
from tests.support.tables import open_table

CLOCK = 0.3  # a seat's bank starts at two moves' worth and holds at most three


async def _room_info(c: Client, room: str, check: Any) -> dict[str, Any]:
    for _ in range(100):
        info = await c.expect("room", room=room, timeout=10)
        if check(info):
            return info
    raise AssertionError("no such room message came")


async def test_bad_clock_values_are_refused_and_a_good_one_is_shown(server) -> None:
    host = await server.client("host")
    await host.send({"t": "create", "game": "countdown", "options": {"clock": -1}, "id": 1})
    assert (await host.expect("error", ref=1))["code"] == "bad_option"
    await host.send({"t": "create", "game": "countdown", "options": {}})
    room = (await host.expect("room"))["room"]
    for n, bad in enumerate(("soon", 99999, 0.01, True), start=2):
        await host.send({"t": "option", "room": room, "key": "clock", "value": bad, "id": n})
        assert (await host.expect("error", ref=n))["code"] == "bad_option"
    await host.send({"t": "option", "room": room, "key": "clock", "value": 30})
    info = await _room_info(host, room, lambda i: i["options"].get("clock") == 30)
    assert info["options"]["pile"] == 12  # the game's own options are still there


async def test_a_seat_out_of_time_has_its_move_made_and_then_plays_on(server) -> None:
    room, (a, b), watcher = await open_table(server, options={"pile": 30, "clock": CLOCK})
    mover = a if a.view(room)["legal"] else b
    seat = 0 if mover is a else 1
    started = time.monotonic()
    # The mover does nothing: once its bank (three moves' worth) is empty, the seat
    # shows that the AI makes this move, and the move comes.
    await _room_info(watcher, room, lambda i: i["seats"][seat]["standin"])
    assert time.monotonic() - started >= 2.5 * CLOCK
    await watcher.expect("patch", room=room, v=1, timeout=5)
    info = await _room_info(watcher, room, lambda i: not i["seats"][seat]["standin"])
    assert info["seats"][1 - seat]["clock_running"]  # the other seat's turn and clock
    # Whoever is on turn now moves in time, by hand, and it counts.
    for c in (a, b):
        await c.expect("patch", room=room, v=1, timeout=5)
    hand = a if a.view(room)["legal"] else b
    await hand.send(
        {"t": "act", "room": room, "v": hand.version(room), "intent": hand.view(room)["legal"][0]}
    )
    await watcher.expect("patch", room=room, v=2, timeout=5)


async def test_the_active_seats_clock_runs_and_stops_when_everyone_is_away(server) -> None:
    room, (a, b), watcher = await open_table(server, options={"pile": 30, "clock": 1})
    info = await watcher.resync(room)
    assert info["v"] == 0
    await a.close()
    await b.close()
    info = await _room_info(watcher, room, lambda i: all(s["online"] is False for s in i["seats"]))
    assert not any(s["clock_running"] for s in info["seats"])
    assert all(s["clock"] is not None for s in info["seats"])
    # Paused: nobody's bank (three seconds at most) runs out while everyone is away.
    with pytest.raises(TimeoutError):
        await watcher.expect("patch", room=room, timeout=3.5)


@pytest.mark.redis
async def test_a_clock_carries_on_after_its_owner_is_killed() -> None:
    redis = RedisServer()
    p0 = ServerProcess(redis.url)
    p1 = ServerProcess(redis.url)
    try:
        anna = await Client.open(p0.url, "anna")
        await anna.send({"t": "create", "game": "countdown", "options": {"pile": 30, "clock": 1.0}})
        room = (await anna.expect("room"))["room"]  # p0 owns it
        bert = await Client.open(p1.url, "bert")
        await bert.send({"t": "sit", "room": room, "seat": 1})
        await bert.expect("room", you=1)
        await anna.send({"t": "sit", "room": room, "seat": 0})
        await anna.expect("room", you=0)
        await anna.send({"t": "start", "room": room})
        await bert.expect("snapshot", room=room, timeout=10)
        p0.kill()  # the owner dies while a clock runs; nobody moves any more
        started = time.monotonic()
        # p1 takes the table over (bert is there) and the clock runs on from the
        # stored meta: the seat on turn has its move made for it.
        await bert.expect("patch", room=room, v=1, timeout=20)
        assert time.monotonic() - started < 15
    finally:
        p0.stop()
        p1.stop()
        redis.stop()
