"""Play again: `rematch` at a finished table opens a new one like it, seats kept for its
players, and tells everyone at the old table where it is."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from server.broker.sqlite import SqliteBroker
from tests.conftest import TEST_LIMITS, RunningServer, running_server


async def finished_table(
    srv: RunningServer, options: dict[str, Any], bots: tuple[str, ...] = ("random",)
) -> tuple[str, Any, Any, Any]:
    """Ada (seat 0) and Ben (seat 1), AI players after them and a watcher play a
    countdown of 4 tokens to its end. Returns (room, Ada, Ben, the watcher)."""
    ada, ben, watcher = await srv.client("Ada"), await srv.client("Ben"), await srv.client("W")
    await ada.send({"t": "create", "game": "countdown", "options": {"pile": 4, **options}})
    room = (await ada.expect("room"))["room"]
    for c in (ben, watcher):
        await c.send({"t": "enter", "room": room, "key": options.get("password")})
        await c.expect("room", room=room)
    await ben.send({"t": "sit", "room": room, "seat": 1})
    await ben.expect("room", you=1)
    for seat, level in enumerate(bots, start=2):
        await ada.send({"t": "bot", "room": room, "seat": seat, "level": level})
        while (await ada.expect("room"))["seats"][seat] is None:
            pass
    await ada.send({"t": "start", "room": room})
    v = (await ada.expect("snapshot", room=room))["v"]
    await ada.send({"t": "act", "room": room, "v": v, "intent": {"t": "take", "n": 3}})
    await ada.expect("patch", room=room, v=v + 1)
    await ben.send({"t": "act", "room": room, "v": v + 1, "intent": {"t": "take", "n": 1}})
    for c in (ada, ben, watcher):
        while (await c.expect("room", room=room))["status"] != "finished":
            pass
    return room, ada, ben, watcher


async def told_rematch(client: Any, room: str) -> str:
    while True:
        msg = await client.expect("room", room=room)
        if msg["rematch"] is not None:
            return str(msg["rematch"])


@pytest.fixture
async def srv():
    async with running_server() as s:
        yield s


async def test_a_rematch_keeps_the_table_and_the_seats(srv) -> None:
    options = {"clock": 30, "rated": False}
    room, ada, ben, watcher = await finished_table(srv, options)
    await ben.send({"t": "rematch", "room": room, "id": 4})
    assert (await ben.expect("ok"))["ref"] == 4
    new = {await told_rematch(c, room) for c in (ada, ben, watcher)}
    assert len(new) == 1 and room not in new
    [again] = new
    await ben.send({"t": "enter", "room": again})
    table = await ben.expect("room", room=again)
    assert table["status"] == "waiting" and table["host"] == ben.player and table["you"] == 1
    assert table["options"]["pile"] == 4 and table["options"]["clock"] == 30
    assert table["options"]["rated"] is False
    assert table["seats"][0] is None and table["seats"][1]["player"] == ben.player
    assert (table["seats"][2]["bot"], table["seats"][2]["level"]) == (True, "random")
    assert table["kept"][0] == {"player": ada.player, "name": "Ada"}
    # The seat kept for Ada is hers alone: `sit` without a seat takes it.
    await watcher.send({"t": "enter", "room": again})
    await watcher.expect("room", room=again)
    await watcher.send({"t": "sit", "room": again, "seat": 0, "id": 7})
    err = await watcher.expect("error")
    assert (err["code"], err["args"]) == ("seat_taken", {"seat": 1, "name": "Ada"})
    await ada.send({"t": "sit", "room": again, "seat": None})
    seated = await ada.expect("room", room=again, you=0)
    assert seated["kept"] == []
    await ben.send({"t": "start", "room": again})
    await ada.expect("snapshot", room=again)


async def test_one_rematch_per_table_and_only_for_its_players(srv) -> None:
    room, ada, ben, watcher = await finished_table(srv, {})
    await watcher.send({"t": "rematch", "room": room, "id": 1})
    assert (await watcher.expect("error"))["code"] == "not_seated"
    await ada.send({"t": "rematch", "room": room, "id": 2})
    first = await told_rematch(ada, room)
    await ben.send({"t": "rematch", "room": room, "id": 3})
    assert (await ben.expect("ok"))["ref"] == 3
    assert await told_rematch(ben, room) == first
    assert sum(r.status == "waiting" for r in srv.hall.rooms.values()) == 1


async def test_a_rematch_before_the_end_is_refused(srv) -> None:
    ada = await srv.client("Ada")
    await ada.send({"t": "create", "game": "countdown", "options": {}})
    room = (await ada.expect("room"))["room"]
    await ada.send({"t": "rematch", "room": room, "id": 5})
    assert (await ada.expect("error"))["code"] == "not_finished"


async def test_rotated_seats_and_a_declined_seat(srv) -> None:
    room, ada, ben, _ = await finished_table(srv, {})
    await ada.send({"t": "rematch", "room": room, "rotate": True})
    again = await told_rematch(ada, room)
    await ada.send({"t": "enter", "room": again})
    table = await ada.expect("room", room=again)
    # Ben (was second) is first now, the AI second, Ada last.
    assert table["kept"][0]["player"] == ben.player and table["seats"][1]["bot"]
    assert table["you"] == 2
    await ben.send({"t": "enter", "room": again})
    await ben.expect("room", room=again)
    await ben.send({"t": "stand", "room": again, "id": 9})  # no, thank you
    await ben.expect("ok", ref=9)
    declined = [m for m in ben.inbox if m["t"] == "room" and m["room"] == again][-1]
    assert declined["kept"] == [] and declined["seats"][0] is None


async def test_a_private_tables_rematch_lets_its_players_in(srv) -> None:
    room, ada, ben, watcher = await finished_table(srv, {"private": True, "password": "door"})
    await ada.send({"t": "rematch", "room": room})
    again = await told_rematch(ben, room)
    await ben.send({"t": "enter", "room": again})  # kept for him: no key needed
    assert (await ben.expect("room", room=again))["private"] is True
    stranger = await srv.client("Stranger")
    await stranger.send({"t": "enter", "room": again, "id": 2})
    assert (await stranger.expect("error"))["code"] == "private_table"
    await stranger.send({"t": "enter", "room": again, "key": "door"})
    await stranger.expect("room", room=again)


async def test_a_rematch_and_its_kept_seats_outlive_a_restart(tmp_path) -> None:
    # An empty table waits a while for its people to come back (as in the hall).
    limits = msgspec.structs.replace(TEST_LIMITS, empty_grace=30.0)
    async with running_server(limits, broker=SqliteBroker(tmp_path)) as s:
        room, ada, ben, _ = await finished_table(s, {})
        token = ada.token
        await ben.send({"t": "rematch", "room": room})
        again = await told_rematch(ada, room)
    async with running_server(limits, broker=SqliteBroker(tmp_path)) as s:
        back = await s.client("Ada", token=token)
        await back.send({"t": "enter", "room": again})
        table = await back.expect("room", room=again)
        assert table["kept"][0]["player"] == back.player
        await back.send({"t": "sit", "room": again, "seat": None})
        await back.expect("room", room=again, you=0)
