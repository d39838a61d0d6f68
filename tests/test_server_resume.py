"""Dropped connections come back with their token: same player, same seat."""

from __future__ import annotations

import msgspec

from server.room.record import replay
from tests.support.client import Client


async def test_a_dropped_player_resumes_the_same_seat_with_the_patches_it_missed(
    server, start_table
) -> None:
    room, (a, b), spectator = await start_table(server, options={"pile": 30})
    await a.send({"t": "act", "room": room, "v": 0, "intent": {"t": "take", "n": 1}})
    await a.expect("patch", v=1)
    token, player, seen = a.token, a.player, a.version(room)
    await b.drain()
    await a.close()
    info = await b.expect("room")
    assert info["seats"][0]["online"] is False
    await b.send({"t": "act", "room": room, "v": 1, "intent": {"t": "take", "n": 2}})
    await b.expect("patch", v=2)

    back = await Client.open(server.url, "anna again", token=token)
    server.clients.append(back)
    assert back.player == player
    back.views[room] = (seen, a.view(room))
    await back.send({"t": "enter", "room": room, "v": seen})
    info = await back.expect("room")
    assert info["you"] == 0 and info["seats"][0]["online"] is True
    patch = await back.expect("patch", room=room)
    assert patch["v"] == 2  # just what it missed, not a snapshot
    assert not any(msg["t"] == "snapshot" for msg in back.inbox)
    assert back.view(room) == (await back.resync(room))["view"]
    assert back.view(room)["legal"]  # its turn again, in its old seat
    await back.send({"t": "act", "room": room, "v": 2, "intent": back.view(room)["legal"][0]})
    for c in (back, b, spectator):
        await c.expect("patch", v=3)
        assert c.view(room) == (await c.resync(room))["view"]


async def test_a_client_too_far_behind_gets_a_snapshot(server, start_table) -> None:
    room, (a, b), spectator = await start_table(server, options={"pile": 400})
    token = spectator.token
    await spectator.close()
    v = 0
    for _ in range(70):  # more than the backlog holds
        mover = a if a.view(room)["legal"] else b
        await mover.send({"t": "act", "room": room, "v": v, "intent": {"t": "take", "n": 1}})
        await a.expect("patch", v=v + 1)
        await b.expect("patch", v=v + 1)
        v += 1
    back = await Client.open(server.url, "watcher", token=token)
    server.clients.append(back)
    await back.send({"t": "enter", "room": room, "v": 0})
    snap = await back.expect("snapshot", room=room)
    assert snap["v"] == v and "secret" not in snap["view"]
    for key in ("pile", "turn", "scores", "log", "active", "result"):
        assert snap["view"][key] == a.view(room)[key]


async def test_seats_survive_a_reload_before_the_start(server) -> None:
    host = await server.client("host")
    await host.send({"t": "create", "game": "countdown"})
    room = (await host.expect("room"))["room"]
    guest = await server.client("guest")
    await guest.send({"t": "sit", "room": room, "seat": 1})
    await guest.expect("room", you=1)
    token = guest.token
    await guest.close()
    again = await Client.open(server.url, "guest", token=token)
    server.clients.append(again)
    await again.send({"t": "enter", "room": room})
    assert (await again.expect("room"))["you"] == 1
    await host.drain()
    await again.send({"t": "leave", "room": room})
    info = await host.expect("room")
    assert info["seats"][1] is None  # an explicit leave gives the seat back


async def test_a_room_rebuilt_from_its_log_has_the_same_state(server, start_table) -> None:
    room, seated, _ = await start_table(server, players=3, options={"pile": 25})
    for _ in range(6):
        mover = next(c for c in seated if c.view(room)["legal"])
        v = mover.version(room)
        await mover.send(
            {"t": "act", "room": room, "v": v, "intent": mover.view(room)["legal"][-1]}
        )
        for c in seated:
            await c.expect("patch", v=v + 1)
    live = server.hall.rooms[room]
    entries = await server.hall.broker.read_log(live.log_key)
    state, start, version = replay(live.game, entries)
    assert version == live.version == 6
    assert start.seats == 3
    assert msgspec.msgpack.encode(state) == msgspec.msgpack.encode(live.state)


async def test_a_player_who_renames_is_shown_so_in_their_seat(server, start_table) -> None:
    room, (a, b), spectator = await start_table(server)
    await a.close()
    renamed = await Client.open(server.url, "Annabel", token=a.token)
    assert renamed.player == a.player
    await renamed.send({"t": "enter", "room": room})
    info = await renamed.expect("room")
    assert info["you"] == 0 and info["seats"][0]["name"] == "Annabel"
    for _ in range(10):  # the others see it too, once the table tells them
        seen = await b.expect("room")
        if seen["seats"][0]["name"] == "Annabel":
            break
    else:
        raise AssertionError("the other player never saw the new name")
    await renamed.close()
