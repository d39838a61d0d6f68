"""Every finished game is archived: listed in the history, replayed move by move from
its log (views rebuilt by the server), and exported as a record that
``python -m server.replay`` checks against its result."""

from __future__ import annotations

import copy
import subprocess
import sys
from typing import Any

import httpx
import msgspec
import pytest

from protocol.patch import apply
from tests.support.client import Client
from tests.support.processes import ROOT
from tests.support.tables import played_by_the_ai


async def finished_game(server: Any) -> tuple[str, Client, Client]:
    """Anna plays Carcassonne against a random AI player and never moves: her clock
    runs out at every turn, and the AI plays her seat to the end. A watcher stays to the end."""
    room, anna, watcher = await played_by_the_ai(server)
    await watcher.drain(0.3)
    await anna.drain(0.3)
    return room, anna, watcher


def replayed(msg: dict[str, Any]) -> list[Any]:
    """Every view of a `replay` message, the start's first."""
    views = [copy.deepcopy(msg["view"])]
    for ops in msg["patches"]:
        views.append(apply(copy.deepcopy(views[-1]), copy.deepcopy(ops)))
    return views


@pytest.fixture
async def played(server) -> tuple[Any, str, Client, Client]:
    room, anna, watcher = await finished_game(server)
    return server, room, anna, watcher


async def test_a_finished_game_is_in_the_history_and_in_its_players_own(played) -> None:
    server, room, anna, watcher = played
    await anna.send({"t": "history"})
    games = (await anna.expect("history"))["games"]
    assert len(games) == 1
    game = games[0]
    assert game["game"] == "carcassonne" and game["moves"] > 30
    assert [p["name"] for p in game["players"]] == ["anna", "AI 1"]
    assert game["players"][0]["ai_moves"] > 10 and game["players"][1]["bot"]
    assert not game["abandoned"] and not game["players"][0]["resigned"]
    assert game["players"][1]["level"] == "random"
    assert sorted(p["rank"] for p in game["players"]) in ([1, 2], [1, 1])
    assert game["started"] <= game["ended"]
    await anna.send({"t": "history", "mine": True})
    assert [g["id"] for g in (await anna.expect("history", mine=True))["games"]] == [game["id"]]
    await watcher.send({"t": "history", "mine": True})
    assert (await watcher.expect("history", mine=True))["games"] == []  # watched, not played
    await watcher.send({"t": "history", "limit": 0, "id": 7})
    assert (await watcher.expect("error", ref=7))["code"] == "bad_message"


async def test_a_replay_rebuilds_every_view_to_the_one_seen_at_the_end(played) -> None:
    server, room, anna, watcher = played
    await anna.send({"t": "history"})
    game = (await anna.expect("history"))["games"][0]
    await watcher.send({"t": "replay", "game": game["id"]})
    msg = await watcher.expect("replay", timeout=30)
    # The replay's summary is the history's: guests tagged, account holders marked.
    assert msg["seat"] is None and msg["summary"] == game
    assert any(p["tag"] for p in game["players"] if not p["bot"])
    views = replayed(msg)
    assert len(views) == game["moves"] + 1
    assert views[-1] == watcher.view(room)  # as the spectator saw the end
    assert views[0]["result"] is None and views[-1]["result"] is not None
    # A seat's replay shows that seat's view: what only it could see included.
    await watcher.send({"t": "replay", "game": game["id"], "seat": 0})
    mine = replayed(await watcher.expect("replay", seat=0, timeout=30))
    assert mine[-1] == anna.view(room)
    assert mine[0] != views[0]  # its own tile to place, which the spectator could not see


async def registered_and_replayed(
    anna: Client, watcher: Client
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Anna registers after her game (her player id stays hers); the watcher finds the
    game in the history and asks for its replay: the game, and the `replay`."""
    await anna.send({"t": "register", "name": "Anna", "password": "correct horse"})
    await anna.expect("welcome", account="Anna")
    await watcher.send({"t": "history"})
    game = (await watcher.expect("history"))["games"][0]
    await watcher.send({"t": "replay", "game": game["id"]})
    return game, await watcher.expect("replay", timeout=30)


async def test_a_replay_marks_an_account_holder_as_the_history_does(played) -> None:
    """Anna registers after her game (her player id stays hers): the replay's summary
    marks her as an account holder, as the history does, and the AI players as such."""
    server, room, anna, watcher = played
    game, replay = await registered_and_replayed(anna, watcher)
    summary = replay["summary"]
    assert summary == game
    assert [(p["bot"], p["account"], p["tag"]) for p in summary["players"]] == [
        (False, True, None),
        (True, False, None),
    ]


async def test_a_replay_says_which_moves_the_ai_made_for_a_person(played) -> None:
    server, room, anna, watcher = played
    await anna.send({"t": "history"})
    game = (await anna.expect("history"))["games"][0]
    record = msgspec.msgpack.decode(await server.hall.broker.archived(game["id"]))
    anna_moves = [k for k, e in enumerate(record["log"][1:], start=1) if e["seat"] == 0]
    await watcher.send({"t": "replay", "game": game["id"]})
    msg = await watcher.expect("replay", timeout=30)
    # Anna never moved: every move of her seat was the AI's, and only hers.
    assert msg["by_ai"] == anna_moves and len(anna_moves) == game["players"][0]["ai_moves"]
    log = replayed(msg)[-1]["log"]
    assert msg["ai_log"] and all(0 <= a < b <= len(log) for a, b in msg["ai_log"])


async def test_bad_replays_are_refused_and_change_nothing(played) -> None:
    server, room, anna, watcher = played
    await anna.send({"t": "history"})
    game = (await anna.expect("history"))["games"][0]
    await anna.send({"t": "replay", "game": "0123456789ab", "id": 1})
    refused = await anna.expect("error", ref=1)
    assert refused["code"] == "unknown_game" and "0123456789ab" in refused["message"]
    await anna.send({"t": "replay", "game": game["id"], "seat": 2, "id": 2})
    assert (await anna.expect("error", ref=2))["code"] == "bad_message"
    await anna.send({"t": "replay", "game": game["id"], "id": 3})
    assert (await anna.expect("replay"))["summary"]["id"] == game["id"]


async def test_an_exported_record_replays_to_its_result_and_a_forged_one_does_not(
    played, tmp_path
) -> None:
    server, room, anna, watcher = played
    await anna.send({"t": "history"})
    game = (await anna.expect("history"))["games"][0]
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.get(f"/api/archive/{game['id']}.json")
        assert r.headers["content-type"] == "application/json"
        assert "attachment" in r.headers["content-disposition"]
        data = r.content
        assert (await http.get("/api/archive/nope.json")).status_code == 404
    record = msgspec.json.decode(data)
    assert record["format"] == "spieltisch.game/1" and record["id"] == game["id"]
    assert record["log"][0]["k"] == "start" and len(record["log"]) == game["moves"] + 1

    def check(payload: bytes) -> subprocess.CompletedProcess[str]:
        path = tmp_path / "game.json"
        path.write_bytes(payload)
        return subprocess.run(
            [sys.executable, "-m", "server.replay", str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )

    ok = check(data)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "replays to the recorded result" in ok.stdout
    record["players"][0]["score"] += 1
    forged = check(msgspec.json.encode(record))
    assert forged.returncode == 1 and "recorded scores" in forged.stdout
    garbage = check(b'{"format": "something else"}')
    assert garbage.returncode == 2 and "not a game record" in garbage.stderr


async def test_a_kept_replay_forgets_a_deleted_account_name(played) -> None:
    """A replay is kept once built; Anna registers after her game and then deletes her
    account: the replay asked for again names her no more, as the history does."""
    server, room, anna, watcher = played
    game, kept = await registered_and_replayed(anna, watcher)
    assert [p["name"] for p in kept["summary"]["players"]] == ["anna", "AI 1"]
    await anna.send({"t": "delete_account", "password": "correct horse", "id": 5})
    await anna.expect("signed_out")
    await watcher.send({"t": "replay", "game": game["id"]})
    again = await watcher.expect("replay", timeout=30)
    assert [p["name"] for p in again["summary"]["players"]] == ["former player", "AI 1"]
    assert b"anna" not in msgspec.msgpack.encode(again)
    assert again["patches"] == kept["patches"]  # the same game
