"""A hall without Redis keeps its tables in its data directory: killed with SIGKILL
mid-game and started again, every table is back at its version, and players and
spectators come back to their seats with their tokens."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys

import msgspec

from server.broker.sqlite import FILE_NAME, SqliteBroker
from server.keys import log_key
from server.room.record import LogAct
from tests.support.client import Client
from tests.support.processes import ROOT, ServerProcess


async def table_of_two(url: str, pile: int) -> tuple[str, Client, Client, Client]:
    anna = await Client.open(url, "anna")
    await anna.send({"t": "create", "game": "countdown", "options": {"pile": pile}})
    room = (await anna.expect("room"))["room"]
    bert = await Client.open(url, "bert")
    await bert.send({"t": "sit", "room": room, "seat": 1})
    await bert.expect("room", you=1)
    await anna.send({"t": "sit", "room": room, "seat": 0})
    await anna.expect("room", you=0)
    watcher = await Client.open(url, "watcher")
    await watcher.send({"t": "enter", "room": room})
    await watcher.expect("room")
    await anna.send({"t": "start", "room": room})
    for c in (anna, bert, watcher):
        await c.expect("snapshot", room=room)
    return room, anna, bert, watcher


def mover_of(room: str, *players: Client) -> Client:
    return next(p for p in players if p.view(room)["legal"])


async def test_a_hall_killed_mid_game_comes_back_with_every_acknowledged_move(tmp_path) -> None:
    data = str(tmp_path)
    first = ServerProcess(data=data)
    try:
        room, anna, bert, watcher = await table_of_two(first.url, pile=60)
        acked: list[dict] = []
        for _ in range(9):
            mover = mover_of(room, anna, bert)
            v = mover.version(room)
            intent = {"t": "take", "n": 1 + len(acked) % 3}
            await mover.send({"t": "act", "room": room, "v": v, "intent": intent})
            await mover.expect("patch", room=room, v=v + 1)  # acknowledged
            other = bert if mover is anna else anna
            await other.expect("patch", room=room, v=v + 1)
            acked.append(intent)
        await watcher.expect("patch", room=room, v=len(acked))
        # One more move, sent as the process dies: it may land or not, never half.
        mover = mover_of(room, anna, bert)
        await mover.send(
            {"t": "act", "room": room, "v": len(acked), "intent": {"t": "take", "n": 1}}
        )
        first.kill()
    finally:
        first.stop()
    held = {c: c.version(room) for c in (anna, bert, watcher)}
    for c in (anna, bert, watcher):
        await c.close()

    second = ServerProcess(data=data, port=first.port)
    try:
        back = []
        for old, name in ((anna, "anna"), (bert, "bert"), (watcher, "watcher")):
            c = await Client.open(second.url, name, token=old.token)
            assert c.player == old.player  # the session survived the restart
            await c.send({"t": "enter", "room": room, "v": held[old]})
            info = await c.expect("room", timeout=10)
            assert info["you"] == {"anna": 0, "bert": 1, "watcher": None}[name]
            back.append(c)
        anna2, bert2, watcher2 = back
        for c in back:
            fresh = (await c.resync(room))["view"]
            assert c.version(room) >= len(acked)  # no acknowledged move is lost
            assert c.view(room) == fresh
        took = [e["args"]["n"] for e in watcher2.view(room)["log"]]
        assert took[: len(acked)] == [a["n"] for a in acked]
        assert len(took) in (len(acked), len(acked) + 1)

        # The game goes on where it stood.
        mover = mover_of(room, anna2, bert2)
        v = mover.version(room)
        await mover.send({"t": "act", "room": room, "v": v, "intent": {"t": "take", "n": 2}})
        await mover.expect("patch", room=room, v=v + 1)
        await watcher2.expect("patch", room=room, v=v + 1)
        for c in back:
            await c.close()
    finally:
        second.stop()

    broker = SqliteBroker(data)
    try:
        entries = await broker.read_log(log_key(room))
    finally:
        await broker.close()
    logged = [msgspec.msgpack.decode(e, type=LogAct).intent for e in entries[1:]]
    assert logged[: len(acked)] == acked  # each acknowledged move once, in order


async def test_a_table_waiting_for_players_and_its_seats_survive_a_restart(tmp_path) -> None:
    data = str(tmp_path)
    first = ServerProcess(data=data)
    try:
        host = await Client.open(first.url, "host")
        await host.send({"t": "create", "game": "countdown", "options": {"pile": 20}})
        room = (await host.expect("room"))["room"]
        await host.send({"t": "sit", "room": room, "seat": 1})
        await host.expect("room", you=1)
        await host.send({"t": "option", "room": room, "key": "pile", "value": 21})
        await host.expect("room", options={"pile": 21, "secret": True})
        await host.close()
        first.kill()
    finally:
        first.stop()
    second = ServerProcess(data=data, port=first.port)
    try:
        lobby = await Client.open(second.url, "someone")
        await lobby.send({"t": "rooms"})
        rooms = (await lobby.expect("room_list"))["rooms"]
        assert [(r["room"], r["seated"], r["options"]["pile"]) for r in rooms] == [(room, 1, 21)]
        back = await Client.open(second.url, "host", token=host.token)
        await back.send({"t": "enter", "room": room})
        info = await back.expect("room")
        assert info["you"] == 1 and info["host"] == back.player
        await lobby.close()
        await back.close()
    finally:
        second.stop()


def run_server(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "server", "--port", "0", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_a_foreign_or_damaged_database_stops_the_server_at_start(tmp_path) -> None:
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    with sqlite3.connect(foreign / FILE_NAME) as db:
        db.execute("CREATE TABLE notes (text)")
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    (damaged / FILE_NAME).write_bytes(b"these are not the droids" * 100)
    for folder in (foreign, damaged):
        done = run_server("--data", str(folder))
        assert done.returncode == 2
        assert str(folder / FILE_NAME) in done.stderr  # the message names the file
        assert "Traceback" not in done.stderr
    with sqlite3.connect(foreign / FILE_NAME) as db:  # and nothing was written to it
        assert db.execute("SELECT name FROM sqlite_master").fetchall() == [("notes",)]


async def test_the_database_keeps_what_was_written_and_forgets_what_expired(tmp_path) -> None:
    broker = SqliteBroker(tmp_path)
    await broker.append("log:a", b"start")
    await broker.append("log:a", b"move")
    await broker.put("kept", b"1")
    await broker.put("session", b"2", ttl=60)
    await broker.put("gone", b"3", ttl=0.05)
    await broker.dir_put("rooms", {"a": b"entry", "b": b"other"})
    await broker.dir_delete("rooms", "b")
    await broker.archive("g", b"summary", b"record", 5.0, ["p1"])
    await broker.close()
    await asyncio.sleep(0.1)
    again = SqliteBroker(tmp_path)
    try:
        assert await again.read_log("log:a") == [b"start", b"move"]
        assert await again.append("log:a", b"next") == 2
        assert await again.get("kept") == b"1" and await again.get("session") == b"2"
        assert await again.get("gone") is None
        assert await again.dir_all("rooms") == {"a": b"entry"}
        assert await again.archived("g") == b"record"
        assert await again.archive_list(5, "p1") == [b"summary"]
    finally:
        await again.close()


async def test_a_table_kept_under_the_names_before_hash_tags_comes_back(tmp_path) -> None:
    """A hall upgraded from before every key of a table carried its hash tag finds its
    games in progress under the old names (``meta:<id>``) and carries them over."""
    from server.keys import chat_key, meta_key, state_key

    data = str(tmp_path)
    first = ServerProcess(data=data)
    try:
        room, anna, bert, watcher = await table_of_two(first.url, pile=30)
        for _ in range(3):
            mover = mover_of(room, anna, bert)
            v = mover.version(room)
            await mover.send({"t": "act", "room": room, "v": v, "intent": {"t": "take", "n": 1}})
            for c in (anna, bert):
                await c.expect("patch", room=room, v=v + 1)
        await anna.send({"t": "chat", "room": room, "text": "before the upgrade"})
        await bert.expect("chat", text="before the upgrade")
    finally:
        first.stop()
    tokens = {c: c.token for c in (anna, bert)}
    for c in (anna, bert, watcher):
        await c.close()

    # What the hall before the hash tags left on disk: the same things, the old names.
    broker = SqliteBroker(data)
    try:
        for new, old in ((meta_key(room), f"meta:{room}"), (state_key(room), f"state:{room}")):
            raw = await broker.get(new)
            if raw is not None:
                await broker.put(old, raw)
                await broker.delete(new)
        for entry in await broker.read_log(log_key(room)):
            await broker.append(f"log:{room}", entry)
        await broker.delete_log(log_key(room))
        for line in await broker.recent(chat_key(room)):
            await broker.push_capped(f"chat:{room}", line, 100)
        await broker.delete(chat_key(room))
    finally:
        await broker.close()

    second = ServerProcess(data=data, port=first.port)
    try:
        back = await Client.open(second.url, "anna", token=tokens[anna])
        await back.send({"t": "enter", "room": room})
        info = await back.expect("room", timeout=10)
        assert info["you"] == 0 and info["status"] == "playing"
        assert (await back.resync(room))["v"] == 3  # every move is there
        log = await back.expect("chat_log", room=room)
        assert [line["text"] for line in log["lines"]] == ["before the upgrade"]
        await back.close()
    finally:
        second.stop()
