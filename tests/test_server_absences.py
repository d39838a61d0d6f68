"""How long an absence costs, and when a game stops: a player who leaves on purpose is
replaced by the AI at once; with a clock the clock decides, not the away grace; a
table nobody plays at waits rather than playing itself out; a game every person left
or resigned stops and is archived as abandoned, with no winner and no rating; and a
server outage comes off nobody's clock. Over real websockets."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import msgspec

from tests.conftest import TEST_LIMITS, running_server
from tests.support.client import Client
from tests.support.processes import ServerProcess
from tests.support.tables import open_table


async def _seat(c: Client, room: str, seat: int, **want: Any) -> dict[str, Any]:
    """The next `room` message in which the seat shows ``want``."""
    for _ in range(100):
        info = await c.expect("room", room=room, timeout=10)
        s = info["seats"][seat]
        if all(s.get(k) == v for k, v in want.items()):
            return info
    raise AssertionError(f"seat {seat} never showed {want}")


async def _turn_of(room: str, want: Client, other: Client) -> None:
    """Make it ``want``'s turn (``other`` moves first if it is on turn)."""
    if other.view(room)["legal"]:
        v = other.version(room)
        await other.send({"t": "act", "room": room, "v": v, "intent": {"t": "take", "n": 1}})
        await want.expect("patch", room=room, v=v + 1)


async def test_a_player_who_leaves_on_purpose_is_replaced_at_once_and_may_come_back(
    server,
) -> None:
    # The default away grace is a minute: only the leave itself brings the AI in.
    room, (a, b), watcher = await open_table(server, options={"pile": 30})
    await _turn_of(room, b, a)
    v = b.version(room)
    started = time.monotonic()
    await b.send({"t": "leave", "room": room})
    info = await _seat(watcher, room, 1, left=True)
    assert info["seats"][1]["standin"] is True and info["status"] == "playing"
    await watcher.expect("patch", room=room, v=v + 1, timeout=10)  # the AI moved for b
    assert time.monotonic() - started < 10
    lobby = await server.client("lobby")
    await lobby.send({"t": "rooms"})
    listed = next(r for r in (await lobby.expect("room_list"))["rooms"] if r["room"] == room)
    assert listed["players"][1]["left"] is True and listed["players"][0]["left"] is False
    # The log marks the AI's move for b, for everyone: the entries it wrote.
    info = await _seat(watcher, room, 1, ai_moves=1)
    log = watcher.view(room)["log"]
    marked = [e for start, end in info["ai_log"] for e in log[start:end]]
    assert marked and all(e["args"]["seat"] == 1 for e in marked)
    assert all(e["args"]["seat"] == 0 for i, e in enumerate(log) if e not in marked)
    # b changes their mind: back at the table, the seat is theirs again.
    await watcher.drain(0.2)
    await b.send({"t": "enter", "room": room})
    info = await _seat(watcher, room, 1, left=False, standin=False)
    assert info["seats"][1]["ai_moves"] >= 1  # the seat says the AI moved for b


async def test_a_game_every_person_left_or_resigned_stops_and_is_archived_as_abandoned(
    server,
) -> None:
    room, (a, b), watcher = await open_table(server, options={"pile": 30})
    await _turn_of(room, a, b)
    await b.send({"t": "leave", "room": room})
    await _seat(watcher, room, 1, left=True)
    await a.send({"t": "resign", "room": room})
    for _ in range(100):
        info = await watcher.expect("room", room=room, timeout=10)
        if info["status"] == "finished":
            break
    assert info["abandoned"] is True
    v = watcher.version(room)
    await watcher.drain(0.5)
    assert watcher.version(room) == v  # the AI did not play the game out for nobody
    assert watcher.view(room)["result"] is None
    await watcher.send({"t": "history"})
    (game,) = (await watcher.expect("history"))["games"]
    assert game["abandoned"] is True
    assert [p["rank"] for p in game["players"]] == [0, 0]  # no places, no winner
    assert game["players"][0]["resigned"] and game["players"][1]["left"]
    record = await server.hall.broker.archived(game["id"])
    assert record is not None
    assert msgspec.msgpack.decode(record)["rated"] is False


async def test_a_table_nobody_plays_at_waits_instead_of_playing_itself_out() -> None:
    # A short grace: before, the AI stood in for both absent people and the game ran
    # to its end with nobody there.
    limits = msgspec.structs.replace(TEST_LIMITS, away_grace=0.2)
    async with running_server(limits) as srv:
        room, (a, b), watcher = await open_table(srv, options={"pile": 30})
        token = a.token
        v = watcher.version(room)
        await a.close()
        await b.close()
        await _seat(watcher, room, 0, online=False)
        await watcher.drain(1.5)
        assert watcher.version(room) == v
        # One of them comes back: the stand-in plays for the other, the game goes on.
        back = await Client.open(srv.url, "host", token=token)
        await back.send({"t": "enter", "room": room})
        await back.expect("snapshot", room=room)
        if back.view(room)["legal"]:
            await back.send({"t": "act", "room": room, "v": v, "intent": {"t": "take", "n": 1}})
            v += 1
        await watcher.expect("patch", room=room, v=v + 1, timeout=10)  # the AI, for b


async def test_with_a_clock_the_clock_decides_not_the_away_grace() -> None:
    # A grace far shorter than the bank: the absent player still has their time; once
    # it has run out, the AI plays their seat until they are back (no bank per turn).
    limits = msgspec.structs.replace(TEST_LIMITS, away_grace=0.1)
    async with running_server(limits) as srv:
        room, (a, b), watcher = await open_table(srv, options={"pile": 30, "clock": 2})
        await _turn_of(room, b, a)
        v = b.version(room)
        started = time.monotonic()
        await b.close()
        await watcher.expect("patch", room=room, v=v + 1, timeout=15)  # made for b
        assert time.monotonic() - started > 1.5  # b's bank (2 s at least), not the grace
        info = await _seat(watcher, room, 1, standin=True)
        assert info["seats"][1]["left"] is False
        await a.expect("patch", room=room, v=v + 1)
        await a.send({"t": "act", "room": room, "v": v + 1, "intent": {"t": "take", "n": 1}})
        started = time.monotonic()
        await watcher.expect("patch", room=room, v=v + 3, timeout=15)  # b's next, at once
        assert time.monotonic() - started < 1.5


async def test_a_game_everyone_stayed_away_from_is_archived_as_abandoned() -> None:
    limits = msgspec.structs.replace(TEST_LIMITS, abandon_after=0.5)
    async with running_server(limits) as srv:
        room, (a, b), watcher = await open_table(srv, options={"pile": 30})
        await a.close()
        await b.close()
        for _ in range(50):
            await asyncio.sleep(0.1)
            if room not in srv.hall.rooms:
                break
        await watcher.send({"t": "history"})
        (game,) = (await watcher.expect("history"))["games"]
        assert game["abandoned"] is True and game["moves"] == 0


async def test_a_server_outage_comes_off_nobodys_clock(tmp_path) -> None:
    data = str(tmp_path)
    first = ServerProcess(data=data)
    try:
        anna = await Client.open(first.url, "anna")
        await anna.send({"t": "create", "game": "countdown", "options": {"pile": 30, "clock": 60}})
        room = (await anna.expect("room"))["room"]
        bert = await Client.open(first.url, "bert")
        await bert.send({"t": "sit", "room": room, "seat": 1})
        await bert.expect("room", you=1)
        await anna.send({"t": "sit", "room": room, "seat": 0})
        await anna.expect("room", you=0)
        await anna.send({"t": "start", "room": room})
        info = None
        while info is None or info["status"] != "playing":
            info = await anna.expect("room", room=room)
        running = next(i for i, s in enumerate(info["seats"]) if s["clock_running"])
        before = info["seats"][running]["clock"]
        first.kill()
    finally:
        first.stop()
    tokens = (anna.token, bert.token)
    await anna.close()
    await bert.close()
    await asyncio.sleep(3)  # the hall is down for three seconds, and more to start

    second = ServerProcess(data=data, port=first.port)
    try:
        back = [
            await Client.open(second.url, n, token=t)
            for n, t in zip(("anna", "bert"), tokens, strict=True)
        ]
        for c in back:
            await c.send({"t": "enter", "room": room})
        info = await back[0].expect("room", room=room, timeout=10)
        # Time left as it was when the table was last seen (less the moment between
        # that message and the kill), not less the outage.
        assert info["seats"][running]["clock"] > before - 1.0
        for c in back:
            await c.close()
    finally:
        second.stop()
