"""Private tables and a hall with a password: without the invitation, the table's
password or the hall's password, nothing of a table reaches a stranger (its views, its
chat, its players, its archived game), in one process and across processes on Redis."""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.request
from typing import Any

import msgspec
import pytest
from websockets.exceptions import ConnectionClosed

from bench.harness.redis_server import RedisServer
from tests.conftest import TEST_LIMITS, running_server
from tests.support.client import Client
from tests.support.processes import ServerProcess

SECRET_WORD = "geheim-42"


async def heard(client: Client, quiet: float = 0.3) -> list[dict[str, Any]]:
    """Everything the client was sent until it has been quiet for a moment."""
    out = list(client.pending)
    client.pending.clear()
    while True:
        try:
            out.append(await client._read(quiet))
        except TimeoutError:
            return out


def codes(messages: list[dict[str, Any]]) -> list[str]:
    assert all(msg["t"] == "error" for msg in messages), messages
    return [msg["code"] for msg in messages]


async def play_to_the_end(room: str, a: Client, b: Client) -> None:
    players = [a, b]
    while True:
        for c in players:
            view = c.view(room)
            if view["legal"]:
                await c.send(
                    {"t": "act", "room": room, "v": c.version(room), "intent": view["legal"][-1]}
                )
                await c.expect("patch", room=room, v=c.version(room) + 1)
                break
        else:
            return
        for c in players:
            await c.drain(0.05)
        if all(not c.view(room)["legal"] for c in players) and a.view(room)["pile"] == 0:
            return


async def test_a_private_table_is_locked_to_strangers(server) -> None:
    anna = await server.client("anna")
    await anna.send({"t": "create", "game": "countdown", "options": {"private": True}})
    info = await anna.expect("room")
    room, invite = info["room"], info["invite"]
    assert info["private"] is True and info["password"] is False
    assert isinstance(invite, str) and len(invite) >= 16
    assert "private" not in info["options"]  # a table's setting, not the game's

    # The lobby shows it locked, and nobody at it.
    lobby = await server.client("looker")
    await lobby.send({"t": "rooms"})
    (entry,) = (await lobby.expect("room_list"))["rooms"]
    assert entry["room"] == room and entry["private"] is True
    assert entry["players"] == [] and entry["host"] is None and entry["host_name"] is None

    stranger = await server.client("stranger")
    for msg in (
        {"t": "enter", "room": room},
        {"t": "enter", "room": room, "key": "guess"},
        {"t": "enter", "room": room, "key": ""},
        {"t": "sit", "room": room, "seat": 1},
        {"t": "chat", "room": room, "text": "hello?"},
    ):
        await stranger.send(msg)
    refusals = await heard(stranger)
    assert codes(refusals) == [
        "private_table",
        "private_table",
        "private_table",
        "private_table",
        "unknown_room",
    ]
    assert refusals[0]["args"] == {"password": False}
    assert room not in server.hall.fanout.members or all(
        c.player is None or c.player.id != stranger.player for c in server.hall.fanout.members[room]
    )

    # The invitation opens it; the guest may sit, and the game runs.
    guest = await server.client("guest")
    await guest.send({"t": "enter", "room": room, "key": invite})
    assert (await guest.expect("room"))["invite"] == invite  # those at the table may pass it on
    await guest.send({"t": "sit", "room": room, "seat": 1})
    await guest.expect("room", you=1)
    await anna.send({"t": "chat", "room": room, "text": "only for friends"})
    await guest.expect("chat", text="only for friends")
    await anna.send({"t": "start", "room": room})
    await anna.expect("snapshot", room=room)
    await guest.expect("snapshot", room=room)

    # A running game: a stranger still gets nothing, however asked.
    for msg in (
        {"t": "enter", "room": room, "v": 0},
        {"t": "resync", "room": room},
        {"t": "act", "room": room, "v": 0, "intent": {"t": "take", "n": 1}},
    ):
        await stranger.send(msg)
    assert codes(await heard(stranger)) == ["private_table", "private_table", "not_seated"]

    # The guest comes back on a new connection (a reload) without the key: a player of
    # the table needs none.
    back = await Client.open(server.url, "guest", token=guest.token)
    await back.send({"t": "enter", "room": room})
    assert (await back.expect("room"))["you"] == 1
    await back.expect("snapshot", room=room)
    await back.close()

    await play_to_the_end(room, anna, guest)
    for _ in range(100):
        await anna.send({"t": "history", "mine": True})
        mine = (await anna.expect("history"))["games"]
        if mine:
            break
        await asyncio.sleep(0.05)
    assert [g["players"][0]["name"] for g in mine] == ["anna"]
    # The hall's list of finished games leaves it out; its players' own lists have it.
    await stranger.send({"t": "history"})
    assert (await stranger.expect("history"))["games"] == []
    await guest.send({"t": "history", "mine": True})
    assert len((await guest.expect("history"))["games"]) == 1
    assert [m for m in await heard(stranger) if m["t"] != "error"] == []


async def test_a_password_opens_a_private_table_and_is_never_sent(server) -> None:
    anna = await server.client("anna")
    await anna.send({"t": "create", "game": "countdown", "options": {"password": SECRET_WORD}})
    info = await anna.expect("room")
    room = info["room"]
    assert info["private"] is True and info["password"] is True

    bert = await server.client("bert")
    await bert.send({"t": "enter", "room": room})
    await bert.send({"t": "enter", "room": room, "key": "wrong"})
    first, second = await heard(bert)
    assert first["code"] == second["code"] == "private_table"
    assert first["args"] == {"password": True}
    assert "password" in first["message"] and "not this" in second["message"]
    await bert.send({"t": "enter", "room": room, "key": SECRET_WORD})
    assert (await bert.expect("room"))["private"] is True

    # Neither the password nor its digest is in anything sent to anyone.
    lobby = await server.client("lobby")
    await lobby.send({"t": "rooms"})
    await anna.send({"t": "chat", "room": room, "text": "hi"})
    digest = server.hall.rooms[room].table.lock.digest
    for c in (anna, bert, lobby):
        for msg in await heard(c):
            raw = msgspec.json.encode(msg)
            assert SECRET_WORD.encode() not in raw and digest.encode() not in raw


async def test_the_host_locks_and_unlocks_a_table_before_the_start(server) -> None:
    anna = await server.client("anna")
    await anna.send({"t": "create", "game": "countdown"})
    room = (await anna.expect("room"))["room"]
    lobby = await server.client("lobby")
    await lobby.send({"t": "rooms", "changes": True})
    assert (await lobby.expect("room_list"))["rooms"][0]["private"] is False

    stranger = await server.client("stranger")
    await stranger.send({"t": "enter", "room": room})
    await stranger.expect("room")  # a public table: anyone comes in
    await stranger.send({"t": "option", "room": room, "key": "private", "value": True})
    assert (await stranger.expect("error"))["code"] == "not_host"
    await anna.send({"t": "option", "room": room, "key": "private", "value": "yes"})
    assert (await anna.expect("error"))["code"] == "bad_option"

    await anna.send({"t": "option", "room": room, "key": "private", "value": True})
    await anna.expect("room", private=True)
    changes = await lobby.expect("room_changes")
    assert changes["rooms"][0]["private"] is True and changes["rooms"][0]["players"] == []

    late = await server.client("late")
    await late.send({"t": "enter", "room": room})
    assert (await late.expect("error"))["code"] == "private_table"
    # Who was already there stays; a password added later opens it too.
    await anna.send({"t": "option", "room": room, "key": "password", "value": SECRET_WORD})
    await anna.expect("room", password=True)
    await late.send({"t": "enter", "room": room, "key": SECRET_WORD})
    await late.expect("room")
    await anna.send({"t": "option", "room": room, "key": "private", "value": False})
    await anna.expect("room", private=False, password=False)
    third = await server.client("third")
    await third.send({"t": "enter", "room": room})
    assert (await third.expect("room"))["invite"] is None


async def test_a_hall_with_a_password() -> None:
    limits = msgspec.structs.replace(TEST_LIMITS, hall_password="club")
    async with running_server(limits) as srv:
        c = await srv.client(name=None)
        await c.send({"t": "hello", "name": "anna", "id": 1})
        err = await c.expect("error")
        assert err["code"] == "hall_password" and err["args"] == {"wrong": False}
        await c.send({"t": "rooms", "id": 2})
        assert (await c.expect("error"))["code"] == "bad_message"  # no hello yet
        await c.send({"t": "hello", "name": "anna", "password": "clbu", "id": 3})
        err = await c.expect("error")
        assert err["code"] == "hall_password" and err["args"] == {"wrong": True}
        await c.send({"t": "hello", "name": "anna", "password": "club", "id": 4})
        await c.expect("welcome")

        guesser = await srv.client(name=None)
        for i in range(4):
            await guesser.send({"t": "hello", "name": "x", "password": f"guess{i}"})
            assert (await guesser.expect("error"))["code"] == "hall_password"
        await guesser.send({"t": "hello", "name": "x", "password": "guess4"})
        with pytest.raises(ConnectionClosed):  # the fifth wrong one costs the connection
            await guesser.recv(timeout=2)

        def fetch(path: str) -> int:
            try:
                with urllib.request.urlopen(srv.http + path, timeout=5) as response:
                    return int(response.status)
            except urllib.error.HTTPError as e:
                return e.code

        loop = asyncio.get_running_loop()
        assert await loop.run_in_executor(None, fetch, "/api/archive/abc.json") == 401
        assert await loop.run_in_executor(None, fetch, "/api/archive/abc.json?password=x") == 401
        got = await loop.run_in_executor(None, fetch, "/api/archive/abc.json?password=club")
        assert got == 404  # past the door: there is no such game
        assert await loop.run_in_executor(None, fetch, "/api/games") == 200


async def test_one_address_may_hold_only_a_few_open_tables() -> None:
    limits = msgspec.structs.replace(
        TEST_LIMITS, open_tables=0, open_tables_per_address=3, cap_loopback=True
    )
    async with running_server(limits) as srv:
        people = [await srv.client(f"p{i}") for i in range(4)]  # one address: loopback
        for c in people[:3]:
            await c.send({"t": "create", "game": "countdown"})
            await c.expect("room")
        await people[3].send({"t": "create", "game": "countdown", "id": 7})
        err = await people[3].expect("error")
        assert err["code"] == "too_many_tables" and err["args"] == {"tables": 3}
        assert "network" in err["message"]
        assert len(srv.hall.rooms) == 3
    # By default loopback is no address to count by (a proxy on the same machine, or
    # a local load test, brings everyone from there).
    limits = msgspec.structs.replace(limits, cap_loopback=False)
    async with running_server(limits) as srv:
        for i in range(4):
            c = await srv.client(f"p{i}")
            await c.send({"t": "create", "game": "countdown"})
            await c.expect("room")


@pytest.mark.redis
async def test_private_tables_across_processes_on_redis() -> None:
    redis = RedisServer()
    owner, other = ServerProcess(redis.url), ServerProcess(redis.url)
    try:
        anna = await Client.open(owner.url, "anna")
        await anna.send({"t": "create", "game": "countdown", "options": {"password": SECRET_WORD}})
        info = await anna.expect("room")
        room, invite = info["room"], info["invite"]

        lobby = await Client.open(other.url, "lobby")
        await lobby.send({"t": "rooms"})
        (entry,) = (await lobby.expect("room_list"))["rooms"]
        assert entry["private"] is True and entry["players"] == [] and entry["host"] is None

        stranger = await Client.open(other.url, "stranger")
        for key in (None, "wrong", invite[:-1]):
            await stranger.send({"t": "enter", "room": room, "key": key})
        await stranger.send({"t": "sit", "room": room, "seat": 1})
        assert codes(await heard(stranger)) == ["private_table"] * 4

        bert = await Client.open(other.url, "bert")
        await bert.send({"t": "enter", "room": room, "key": SECRET_WORD})
        await bert.expect("room")
        await bert.send({"t": "sit", "room": room, "seat": 1})
        await bert.expect("room", you=1)
        carl = await Client.open(other.url, "carl")
        await carl.send({"t": "enter", "room": room, "key": invite})
        await carl.expect("room")
        await anna.send({"t": "chat", "room": room, "text": "psst"})
        await carl.expect("chat", text="psst")
        await anna.send({"t": "start", "room": room})
        await bert.expect("snapshot", room=room)
        await carl.expect("snapshot", room=room)

        for msg in (
            {"t": "enter", "room": room},
            {"t": "resync", "room": room},
            {"t": "chat", "room": room, "text": "me too"},
        ):
            await stranger.send(msg)
        assert codes(await heard(stranger, 0.5)) == [
            "private_table",
            "private_table",
            "unknown_room",
        ]
        for c in (anna, bert, carl, lobby, stranger):
            await c.close()
    finally:
        owner.stop()
        other.stop()
        redis.stop()
