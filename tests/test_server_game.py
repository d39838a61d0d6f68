"""Two players and a spectator play whole games over real websockets."""

from __future__ import annotations

import random

from server import games
from tests.support.client import Client


async def play_to_end(
    room: str, seated: list[Client], spectator: Client, rng: random.Random
) -> dict:
    """Play random legal moves through the wire until `result`; after every patch,
    every client's patched view must equal the snapshot the server sends on resync."""
    everyone = [*seated, spectator]
    for _ in range(2000):
        views = [c.view(room) for c in seated]
        if views[0]["result"] is not None:
            break
        movers = [c for c, v in zip(seated, views, strict=True) if v["legal"]]
        assert movers, "nobody may move, yet the game is not over"
        mover = rng.choice(movers)
        intent = rng.choice(mover.view(room)["legal"])
        v0 = mover.version(room)
        await mover.send({"t": "act", "room": room, "v": v0, "intent": intent})
        for c in everyone:
            await c.expect("patch", room=room, v=v0 + 1)
        assert spectator.view(room)["legal"] == []
        for c in everyone:
            patched = c.view(room)
            snap = await c.resync(room)
            assert snap["v"] == c.version(room)
            assert snap["view"] == patched
    for c in everyone:
        assert not c.gaps
    return seated[0].view(room)["result"]


async def test_whole_game_two_players_and_a_spectator(server, start_table) -> None:
    room, seated, spectator = await start_table(server)
    spec_view = spectator.view(room)
    assert spec_view["you"] is None and spec_view["legal"] == []
    assert "secret" not in spec_view
    assert "secret" in seated[0].view(room)
    result = await play_to_end(room, seated, spectator, random.Random(1))
    assert result is not None and sorted(result["ranks"])[0] == 1
    assert spectator.view(room)["result"] == result
    info = await spectator.expect("room", status="finished")
    assert info["you"] is None


async def test_every_registered_game_plays_over_the_wire(server, start_table) -> None:
    """Each real game too: a whole game from create to result (bounded for long games)."""
    for name in games.names():
        game = games.get(name)
        room, seated, spectator = await start_table(server, game=name, players=game.min_seats)
        for c in [*seated, spectator]:
            assert c.view(room)["game"] == name
        rng = random.Random(7)
        # A few dozen checked moves, then let AI-free random play finish quickly.
        everyone = [*seated, spectator]
        for _ in range(3000):
            views = [c.view(room) for c in seated]
            if views[0]["result"] is not None:
                break
            movers = [c for c, v in zip(seated, views, strict=True) if v["legal"]]
            assert movers, f"{name}: nobody may move, yet the game is not over"
            mover = rng.choice(movers)
            intent = rng.choice(mover.view(room)["legal"])
            v0 = mover.version(room)
            await mover.send({"t": "act", "room": room, "v": v0, "intent": intent})
            for c in everyone:
                await c.expect("patch", room=room, v=v0 + 1, timeout=10)
        assert seated[0].view(room)["result"] is not None, f"{name} did not finish"
        for c in everyone:
            assert c.view(room) == (await c.resync(room))["view"]


async def test_spectator_may_not_act(server, start_table) -> None:
    room, seated, spectator = await start_table(server)
    v = spectator.version(room)
    await spectator.send(
        {"t": "act", "room": room, "v": v, "intent": {"t": "take", "n": 1}, "id": 9}
    )
    err = await spectator.expect("error")
    assert err == {
        "t": "error",
        "ref": 9,
        "code": "not_seated",
        "message": err["message"],
        "args": {},
    }
    assert (await seated[0].resync(room))["v"] == v


async def test_json_client_is_answered_in_json(server, start_table) -> None:
    room, seated, _ = await start_table(server)
    watcher = await Client.open(server.url, "json-watcher", use_json=True)
    server.clients.append(watcher)
    await watcher.send({"t": "enter", "room": room})
    await watcher.expect("room")
    snap = await watcher.expect("snapshot")
    assert "secret" not in snap["view"]
    intent = seated[0].view(room)["legal"][0]
    await seated[0].send({"t": "act", "room": room, "v": 0, "intent": intent})
    await watcher.expect("patch", v=1)
    assert watcher.view(room) == (await watcher.resync(room))["view"]


async def test_ai_player_finishes_a_game(server) -> None:
    host = await server.client("host")
    await host.send({"t": "create", "game": "countdown", "options": {"pile": 9}})
    room = (await host.expect("room"))["room"]
    await host.send({"t": "sit", "room": room, "seat": 0})
    await host.send({"t": "bot", "room": room, "seat": 1})
    await host.expect("room", status="waiting", you=0)
    await host.send({"t": "start", "room": room})
    await host.expect("snapshot")
    for _ in range(50):
        view = host.view(room)
        if view["result"] is not None:
            break
        if view["legal"]:
            await host.send(
                {"t": "act", "room": room, "v": host.version(room), "intent": view["legal"][0]}
            )
        await host.expect("patch", room=room)
    assert host.view(room)["result"] is not None
    assert host.view(room) == (await host.resync(room))["view"]


async def test_a_bot_has_a_level_strong_unless_the_host_says_otherwise(server) -> None:
    host = await server.client("host")
    await host.send({"t": "create", "game": "countdown", "options": {"pile": 9}})
    room = (await host.expect("room"))["room"]
    # The host sits in seat 0 (the opener's); the AI players take the others.
    await host.send({"t": "bot", "room": room, "seat": 1, "level": "expert", "id": 7})
    error = await host.expect("error", ref=7)
    assert error["code"] == "bad_option"
    assert "random, greedy, strong" in error["message"]
    await host.send({"t": "bot", "room": room, "seat": 1})
    info = await host.expect("room", room=room)
    while info["seats"][1] is None:
        info = await host.expect("room", room=room)
    assert info["seats"][1]["level"] == "strong"
    await host.send({"t": "bot", "room": room, "seat": 2, "level": "random"})
    info = await host.expect("room", room=room)
    while info["seats"][2] is None:
        info = await host.expect("room", room=room)
    assert info["seats"][2]["level"] == "random"
    assert info["seats"][1]["thinking"] is False


async def test_strong_bots_play_each_other_to_the_end_while_a_watcher_sees_them_think(
    server,
) -> None:
    host = await server.client("host")
    await host.send({"t": "create", "game": "countdown", "options": {"pile": 12}})
    room = (await host.expect("room"))["room"]
    await host.send({"t": "stand", "room": room})  # give the opener's seat to an AI
    await host.send({"t": "bot", "room": room, "seat": 0, "level": "strong"})
    await host.send({"t": "bot", "room": room, "seat": 1, "level": "greedy"})
    await host.send({"t": "sit", "room": room, "seat": 2})
    await host.expect("room", you=2)
    await host.send({"t": "stand", "room": room})
    # Only a seated player may start: sit at the third seat, start, and watch.
    await host.send({"t": "sit", "room": room, "seat": 2})
    await host.send({"t": "start", "room": room})
    await host.expect("snapshot")
    thinking_seen = False
    for _ in range(400):
        msg = await host.recv(timeout=10)
        if msg["t"] == "room":
            thinking_seen |= any(s and s["thinking"] for s in msg["seats"])
            if msg["status"] == "finished":
                break
        view = host.view(room)
        if view and view["legal"]:
            await host.send(
                {"t": "act", "room": room, "v": host.version(room), "intent": view["legal"][0]}
            )
    assert host.view(room)["result"] is not None
    assert thinking_seen
