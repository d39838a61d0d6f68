"""Turn-based tables: a time per move of hours or days, clocks that never wait for
anyone, what happens out of time, and `turns` (the tables waiting for a move of yours).
Days cannot pass in a test: where time must have run out, the test moves the running
seat's start back, as a clock would stand days later."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec
import pytest

from protocol.messages import RoomSummary
from server.limits import Limits
from server.lobby import Due, Entry
from server.turns import by_player
from tests.conftest import TEST_LIMITS, running_server
from tests.support.client import Client
from tests.support.tables import open_table

DAY = 86400.0
TURN_BASED = {"pace": "turn_based", "pile": 30}


async def _room_info(c: Client, room: str, check: Any, timeout: float = 10) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        info = await c.expect("room", room=room, timeout=max(0.01, deadline - loop.time()))
        if check(info):
            return info


async def _turns(c: Client, check: Any, timeout: float = 10) -> list[dict[str, Any]]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        rooms: list[dict[str, Any]] = (
            await c.expect("turns", timeout=max(0.01, deadline - loop.time()))
        )["rooms"]
        if check(rooms):
            return rooms


def _time_passes(srv: Any, room: str, seat: int, seconds: float) -> None:
    """The clock of ``seat`` as it would stand ``seconds`` later; the table looks again."""
    actor = srv.hall.rooms[room]
    actor.table.clock.running[seat] -= seconds
    actor._arm_clock()


def _mover(room: str, players: list[Client]) -> tuple[int, Client]:
    return next((i, c) for i, c in enumerate(players) if c.view(room)["legal"])


async def test_pace_is_a_table_setting_with_the_bounds_of_days(server) -> None:
    host = await server.client("host")
    # A real-time table may not have a day per move; a turn-based one takes a day.
    await host.send({"t": "create", "game": "countdown", "options": {"clock": DAY}, "id": 1})
    assert (await host.expect("error", ref=1))["code"] == "bad_option"
    await host.send({"t": "create", "game": "countdown", "options": {"pace": "slow"}, "id": 2})
    assert (await host.expect("error", ref=2))["code"] == "bad_option"
    await host.send({"t": "create", "game": "countdown", "options": TURN_BASED})
    info = await host.expect("room")
    room = info["room"]
    assert info["options"]["pace"] == "turn_based"
    assert info["options"]["clock"] == DAY  # the default: a day per move
    assert info["options"]["out_of_time"] == "ai_move"
    for n, bad in enumerate((60, 14 * DAY + 1, "soon"), start=3):
        await host.send({"t": "option", "room": room, "key": "clock", "value": bad, "id": n})
        error = await host.expect("error", ref=n)
        assert error["code"] == "bad_option"
        assert error["args"] == {"clock_min": 3600.0, "clock_max": 14 * DAY, "days_max": 14}
    await host.send({"t": "option", "room": room, "key": "out_of_time", "value": "x", "id": 9})
    assert (await host.expect("error", ref=9))["code"] == "bad_option"
    await host.send({"t": "option", "room": room, "key": "clock", "value": 3 * DAY})
    await _room_info(host, room, lambda i: i["options"]["clock"] == 3 * DAY)
    await host.send({"t": "option", "room": room, "key": "out_of_time", "value": "drop"})
    await _room_info(host, room, lambda i: i["options"]["out_of_time"] == "drop")
    # Back to real time: three days is no real-time clock, so the table has none.
    await host.send({"t": "option", "room": room, "key": "pace", "value": "realtime"})
    info = await _room_info(host, room, lambda i: "pace" not in i["options"])
    assert "clock" not in info["options"]
    await host.send({"t": "option", "room": room, "key": "pace", "value": "turn_based"})
    info = await _room_info(host, room, lambda i: i["options"].get("pace") == "turn_based")
    assert info["options"]["clock"] == DAY
    # The lobby shows the pace.
    lobby = await server.client("lobby")
    await lobby.send({"t": "rooms"})
    listed = (await lobby.expect("room_list"))["rooms"]
    assert [r["options"].get("pace") for r in listed if r["room"] == room] == ["turn_based"]


async def test_turn_based_clocks_run_and_the_table_stays_while_everyone_is_away() -> None:
    limits = msgspec.structs.replace(TEST_LIMITS, abandon_after=0.2)
    async with running_server(limits) as srv:
        room, (a, b), watcher = await open_table(srv, options=TURN_BASED)
        await a.close()
        await b.close()
        info = await _room_info(
            watcher, room, lambda i: all(s["online"] is False for s in i["seats"])
        )
        # Nobody is expected at a turn-based table: no clock stops ...
        assert sorted(s["clock_running"] for s in info["seats"]) == [False, True]
        actor = srv.hall.rooms[room]
        assert not actor.table.clock.paused
        # ... and the game is not abandoned for being empty (a real-time one would be).
        await asyncio.sleep(1.0)
        assert actor.status == "playing" and not actor.table.abandoned
        assert srv.hall.rooms.get(room) is actor


async def test_out_of_time_the_ai_makes_that_one_move_and_no_more(server) -> None:
    room, players, watcher = await open_table(server, options=TURN_BASED)
    seat, mover = _mover(room, players)
    other = players[1 - seat]
    await mover.close()  # gone for days: no stand-in while their time lasts
    await _room_info(watcher, room, lambda i: i["seats"][seat]["online"] is False)
    await asyncio.sleep(0.3)
    assert watcher.version(room) == 0
    _time_passes(server, room, seat, 3 * DAY + 1)  # their bank held three days
    await watcher.reach(room, 1)
    assert [e["code"] for e in watcher.view(room)["log"]] == ["took"]
    # The AI made that move only: the seat is theirs again, with no stand-in.
    info = await _room_info(watcher, room, lambda i: not i["seats"][seat]["standin"])
    assert info["seats"][seat]["ai_moves"] == 1
    await other.reach(room, 1)
    await other.send({"t": "act", "room": room, "v": 1, "intent": other.view(room)["legal"][0]})
    await watcher.reach(room, 2)
    # Their move again, and they are still away: it waits for them, on their clock.
    await asyncio.sleep(0.5)
    assert watcher.version(room) == 2
    assert server.hall.rooms[room].table.clock.due(seat) is not None


async def test_out_of_time_with_drop_the_ai_plays_the_seat_to_the_end(server) -> None:
    room, players, watcher = await open_table(
        server, options={**TURN_BASED, "pile": 8, "out_of_time": "drop"}
    )
    seat, mover = _mover(room, players)
    other = players[1 - seat]
    _time_passes(server, room, seat, 3 * DAY + 1)
    info = await _room_info(watcher, room, lambda i: i["seats"][seat]["resigned"])
    assert info["seats"][seat]["standin"]
    # The player dropped cannot move again; the other plays on against the AI.
    await watcher.reach(room, 1)
    await mover.reach(room, 1)
    await other.reach(room, 1)
    while server.hall.rooms[room].status == "playing":
        v = other.version(room)
        if other.view(room)["legal"]:
            intent = other.view(room)["legal"][0]
            await other.send({"t": "act", "room": room, "v": v, "intent": intent})
        await other.reach(room, v + 1)
    takers = [e["args"]["seat"] for e in other.view(room)["log"] if e["code"] == "took"]
    assert seat in takers[1:]  # the AI moved for the dropped seat after the first time
    await mover.send({"t": "act", "room": room, "v": 0, "intent": {"t": "take", "n": 1}, "id": 5})
    assert (await mover.expect("error", ref=5))["code"] in ("not_seated", "game_over")


async def test_turns_lists_the_tables_waiting_for_your_move_and_follows_them(server) -> None:
    called: list[tuple[str, str]] = []
    server.hall.tables.on_turn = lambda player, room: called.append((player, room))
    room, players, watcher = await open_table(server, options=TURN_BASED)
    for c in (*players, watcher):
        await c.send({"t": "turns"})
    seat, mover = _mover(room, players)
    other = players[1 - seat]
    mine = await _turns(mover, lambda rooms: bool(rooms))
    assert [(t["room"], t["game"], t["opponents"]) for t in mine] == [
        (room, "countdown", [("host", "p1")[1 - seat]])
    ]
    # A bank starts at two moves' worth and gets one more as the move comes: three days.
    assert mine[0]["deadline"] - mine[0]["since"] == pytest.approx(3 * DAY)
    assert await _turns(other, lambda rooms: True) == []
    assert await _turns(watcher, lambda rooms: True) == []
    assert called == [(mover.player, room)]
    # The mover moves: the table leaves their list and comes to the other's.
    await mover.send({"t": "act", "room": room, "v": 0, "intent": mover.view(room)["legal"][0]})
    await _turns(mover, lambda rooms: rooms == [])
    theirs = await _turns(other, lambda rooms: bool(rooms))
    assert [t["room"] for t in theirs] == [room]
    assert called == [(mover.player, room), (other.player, room)]


async def test_turns_lists_a_private_table_to_its_players_only(server) -> None:
    host = await server.client("host")
    options = {**TURN_BASED, "private": True, "password": "pw"}
    await host.send({"t": "create", "game": "countdown", "options": options})
    room = (await host.expect("room"))["room"]
    guest = await server.client("guest")
    await guest.send({"t": "enter", "room": room, "key": "pw"})
    await guest.expect("room")
    await guest.send({"t": "sit", "room": room, "seat": 1})
    await guest.expect("room", you=1)
    await host.send({"t": "start", "room": room})
    for c in (host, guest):
        await c.expect("snapshot", room=room)
    seat, mover = _mover(room, [host, guest])
    await mover.send({"t": "turns"})
    assert [t["room"] for t in await _turns(mover, lambda r: True)] == [room]
    # The lobby still names nobody at it.
    watcher = await server.client("watcher")
    await watcher.send({"t": "rooms"})
    listed = (await watcher.expect("room_list"))["rooms"]
    assert [r["players"] for r in listed if r["room"] == room] == [[]]


async def test_a_realtime_table_is_not_in_turns(server) -> None:
    room, players, watcher = await open_table(server, options={"clock": 60})
    _, mover = _mover(room, players)
    await mover.send({"t": "turns"})
    assert await _turns(mover, lambda r: True) == []


async def test_turns_is_refused_before_hello() -> None:
    limits: Limits = TEST_LIMITS
    async with running_server(limits) as srv:
        c = await Client.open(srv.url, None)
        await c.send({"t": "turns", "id": 3})
        assert (await c.expect("error", ref=3))["code"] == "bad_message"


def test_turns_of_many_tables_put_the_longest_waiting_first_and_name_the_others() -> None:
    def entry(room: str, dues: list[Due], names: list[str]) -> Entry:
        summary = RoomSummary(
            room=room, game="countdown", status="playing", seats=3, seated=3, watchers=0, options={}
        )
        return Entry(summary=summary, due=dues, names=names)

    entries = [
        entry("new", [Due(0, "ada", 900.0, 500.0)], ["Ada", "Ben", "AI 1"]),
        entry(
            "old", [Due(2, "ada", 800.0, 100.0), Due(0, "cleo", 700.0, 100.0)], ["Cleo", "", "Ada"]
        ),
        entry("none", [], []),
    ]
    waiting = by_player(entries)
    assert [(t.room, t.opponents) for t in waiting["ada"]] == [
        ("old", ["Cleo"]),
        ("new", ["Ben", "AI 1"]),
    ]
    assert [t.room for t in waiting["cleo"]] == ["old"]
    assert "ben" not in waiting
