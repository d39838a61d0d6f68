"""The plain HTTP endpoints, over a real socket."""

from __future__ import annotations

import time

import httpx

from protocol import compact
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
            "described": [  # a game whose options carry no words: described by name
                {
                    "key": "pile",
                    "kind": "int",
                    "default": 12,
                    "label": {"en": "pile", "ja": "pile"},
                },
                {
                    "key": "secret",
                    "kind": "bool",
                    "default": True,
                    "label": {"en": "secret", "ja": "secret"},
                },
            ],
        }
        for g in listed:  # every real game's every option has words in both languages
            if g["name"] != "countdown":
                for o in g["described"]:
                    assert o["label"]["en"] != o["key"] and o["label"]["ja"] != o["key"], o
                    assert o["default"] == g["options"][o["key"]]
                    for c in o.get("choices") or []:
                        assert set(c["label"]) == {"en", "ja"}
        assert (await http.get("/games/countdown/catalogue.json")).status_code == 404
        for name in games.names():
            data = games.get(name).catalogue()
            r = await http.get(f"/games/{name}/catalogue.json")
            assert r.status_code == (404 if data is None else 200)
        table = (await http.get("/api/strings.json")).json()
        assert table["id"] == compact.ID and table["strings"] == compact.STRINGS
        assert compact.table_id(table["strings"]) == table["id"]  # a client can check it
        assert "not built" in (await http.get("/")).text


async def test_lobby_sees_tables_come_and_go(server) -> None:
    lobby = await server.client("lurker")
    await lobby.send({"t": "rooms"})
    assert (await lobby.expect("room_list"))["rooms"] == []
    host = await server.client("host")
    await host.send({"t": "create", "game": "countdown", "options": {"pile": 7}})
    room = (await host.expect("room"))["room"]
    listed = await lobby.expect("room_list")
    (row,) = listed["rooms"]
    created = row.pop("created")
    assert abs(created - time.time()) < 60
    seated = row.pop("seated")
    players = row.pop("players")
    assert seated == sum(p is not None for p in players) and len(players) == 3
    assert row == {
        "room": room,
        "game": "countdown",
        "status": "waiting",
        "seats": 3,
        "watchers": 1 - seated,
        "options": {"pile": 7, "secret": True},
        "host": host.player,
        "host_name": "host",
        "private": False,
        "password": False,
    }
    await host.send({"t": "leave", "room": room})
    for _ in range(5):
        if (await lobby.expect("room_list"))["rooms"] == []:
            break
    else:
        raise AssertionError("the empty table was not closed")


async def test_lobby_rows_name_the_players_and_come_newest_first(server) -> None:
    host = await server.client("hanna")
    await host.send({"t": "create", "game": "countdown"})
    first = (await host.expect("room"))["room"]
    await host.send({"t": "sit", "room": first, "seat": 1})
    await host.send({"t": "bot", "room": first, "seat": 0, "level": "greedy"})
    other = await server.client("otto")
    await other.send({"t": "create", "game": "countdown"})
    second = (await other.expect("room"))["room"]
    lobby = await server.client("lurker")
    await lobby.send({"t": "rooms"})
    for _ in range(20):
        rooms = (await lobby.expect("room_list"))["rooms"]
        if rooms and rooms[-1]["players"][0] is not None:
            break
        await lobby.send({"t": "rooms"})
    assert [r["room"] for r in rooms] == [second, first]
    assert rooms[0]["created"] >= rooms[1]["created"]
    players = rooms[1]["players"]
    assert players[0] == {
        "player": f"bot-{first}-1",
        "name": "AI 1",
        "bot": True,
        "level": "greedy",
        "left": False,
    }
    assert players[1] == {
        "player": host.player,
        "name": "hanna",
        "bot": False,
        "level": None,
        "left": False,
    }
    assert rooms[1]["host_name"] == "hanna" and rooms[0]["host_name"] == "otto"
