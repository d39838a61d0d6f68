"""The plain HTTP endpoints, over a real socket."""

from __future__ import annotations

import httpx

from server import games


async def test_health_metrics_games_and_catalogues(server, start_table) -> None:
    room, (a, b), _ = await start_table(server)
    await a.send({"t": "act", "room": room, "v": 0, "intent": {"t": "take", "n": 1}})
    await a.expect("patch")
    await b.send({"t": "act", "room": room, "v": 1, "intent": {"t": "take", "n": 9}})
    await b.expect("error")
    async with httpx.AsyncClient(base_url=server.http) as http:
        assert (await http.get("/healthz")).text == "ok\n"
        metrics = (await http.get("/metrics")).text
        assert "spieltisch_connections 3" in metrics
        assert 'spieltisch_rooms{status="playing"} 1' in metrics
        assert "spieltisch_intents_accepted_total 1" in metrics
        assert 'spieltisch_intents_refused_total{code="illegal_take"} 1' in metrics
        assert "spieltisch_intent_publish_seconds_count 1" in metrics
        listed = (await http.get("/api/games")).json()
        assert [g["name"] for g in listed] == games.names()
        countdown = next(g for g in listed if g["name"] == "countdown")
        assert countdown == {
            "name": "countdown",
            "min_seats": 2,
            "max_seats": 3,
            "options": {"pile": 12, "secret": True},
        }
        assert (await http.get("/games/countdown/catalogue.json")).status_code == 404
        for name in games.names():
            data = games.get(name).catalogue()
            r = await http.get(f"/games/{name}/catalogue.json")
            assert r.status_code == (404 if data is None else 200)
        assert "not built" in (await http.get("/")).text


async def test_lobby_sees_tables_come_and_go(server) -> None:
    lobby = await server.client("lurker")
    await lobby.send({"t": "rooms"})
    assert (await lobby.expect("room_list"))["rooms"] == []
    host = await server.client("host")
    await host.send({"t": "create", "game": "countdown", "options": {"pile": 7}})
    room = (await host.expect("room"))["room"]
    listed = await lobby.expect("room_list")
    assert listed["rooms"] == [
        {
            "room": room,
            "game": "countdown",
            "status": "waiting",
            "seats": 3,
            "seated": 0,
            "watchers": 1,
            "options": {"pile": 7, "secret": True},
        }
    ]
    await host.send({"t": "leave", "room": room})
    for _ in range(5):
        if (await lobby.expect("room_list"))["rooms"] == []:
            break
    else:
        raise AssertionError("the empty table was not closed")
