"""A table's chat is remembered: whoever enters is sent its recent lines (`chat_log`,
right after `room`), so a newcomer sees the conversation and a player coming back
gets what was said while away; in one process, across processes on Redis, and after
a restart of a hall that keeps a data directory."""

from __future__ import annotations

from typing import Any

import pytest

from bench.harness.redis_server import RedisServer
from server.broker.sqlite import SqliteBroker
from server.keys import CHAT_KEEP
from tests.support.client import Client
from tests.support.processes import ServerProcess


async def chat(c: Client, room: str, text: str) -> None:
    await c.send({"t": "chat", "room": room, "text": text})
    await c.expect("chat", room=room, text=text)


async def entered(c: Client, room: str, v: int | None = None) -> dict[str, Any]:
    """Enter ``room``: the `chat_log` that comes after `room`."""
    await c.drain()
    await c.send({"t": "enter", "room": room, "v": v})
    await c.expect("room", room=room)
    return await c.expect("chat_log", room=room)


def said(log: dict[str, Any]) -> list[tuple[str, str]]:
    return [(line["from"], line["text"]) for line in log["lines"]]


async def test_newcomers_and_returning_players_get_the_tables_recent_chat(server) -> None:
    anna = await server.client("anna")
    await anna.send({"t": "create", "game": "countdown", "options": {}})
    room = (await anna.expect("room"))["room"]
    await anna.send({"t": "sit", "room": room, "seat": 0})
    await anna.expect("room", you=0)
    await chat(anna, room, "hello")
    await chat(anna, room, "anyone?")

    # Someone who enters later sees the conversation, right after the table.
    bert = await server.client("bert")
    log = await entered(bert, room)
    assert log["t"] == "chat_log" and log["room"] == room
    assert said(log) == [("anna", "hello"), ("anna", "anyone?")]
    assert all(isinstance(line["at"], float) for line in log["lines"])

    # Anna's line dropped; what Bert says meanwhile reaches her when she is back.
    await anna.close()
    await chat(bert, room, "I am here now")
    anna2 = await server.client("anna", token=anna.token)
    log = await entered(anna2, room)
    assert said(log)[-1] == ("bert", "I am here now")

    # The table keeps its last CHAT_KEEP lines.
    for i in range(CHAT_KEEP + 5):
        await bert.send({"t": "chat", "room": room, "text": f"line {i}"})
    await bert.expect("chat", text=f"line {CHAT_KEEP + 4}")
    carl = await server.client("carl")
    log = await entered(carl, room)
    assert len(log["lines"]) == CHAT_KEEP
    assert said(log)[0] == ("bert", "line 5") and said(log)[-1] == ("bert", f"line {CHAT_KEEP + 4}")


async def test_a_table_without_chat_sends_none_and_a_running_one_sends_it_before_the_view(
    server, start_table
) -> None:
    room, (a, b), spectator = await start_table(server)
    late = await server.client("late")
    await late.send({"t": "enter", "room": room})
    await late.expect("snapshot", room=room)
    await chat(a, room, "good luck")
    await late.expect("chat", text="good luck")  # live, as a member
    await late.drain()
    assert not [m for m in late.inbox if m["t"] == "chat_log"]  # nothing said before
    log = await entered(late, room, v=None)
    assert log["t"] == "chat_log" and said(log) == [("host", "good luck")]
    await late.expect("snapshot", room=room)
    kinds = [m["t"] for m in late.inbox]
    assert kinds.index("chat_log") < len(kinds) - 1 - kinds[::-1].index("snapshot")


@pytest.mark.redis
async def test_on_redis_the_chat_is_kept_for_every_process() -> None:
    redis = RedisServer()
    one, two = ServerProcess(redis.url), ServerProcess(redis.url)
    clients: list[Client] = []
    try:
        anna = await Client.open(one.url, "anna")
        clients.append(anna)
        await anna.send({"t": "create", "game": "countdown", "options": {}})
        room = (await anna.expect("room"))["room"]
        await chat(anna, room, "from process one")

        # Bert is served by the other process, which never heard the line live.
        bert = await Client.open(two.url, "bert")
        clients.append(bert)
        log = await entered(bert, room)
        assert log["t"] == "chat_log" and said(log) == [("anna", "from process one")]

        # Anna drops; Bert speaks; Anna comes back on the other process and has it.
        await anna.close()
        await chat(bert, room, "from process two")
        anna2 = await Client.open(two.url, "anna", token=anna.token)
        clients.append(anna2)
        log = await entered(anna2, room)
        assert said(log) == [("anna", "from process one"), ("bert", "from process two")]
    finally:
        for c in clients:
            await c.close()
        one.stop()
        two.stop()
        redis.stop()


async def test_a_hall_with_a_data_directory_keeps_the_chat_across_a_restart(tmp_path) -> None:
    data = str(tmp_path)
    first = ServerProcess(data=data)
    try:
        anna = await Client.open(first.url, "anna")
        await anna.send({"t": "create", "game": "countdown", "options": {}})
        room = (await anna.expect("room"))["room"]
        await anna.send({"t": "sit", "room": room, "seat": 0})
        await anna.expect("room", you=0)
        for text in ("before", "the", "restart"):
            await chat(anna, room, text)  # acknowledged: kept on disk
        await anna.close()
        first.kill()
    finally:
        first.stop()
    second = ServerProcess(data=data, port=first.port)
    try:
        back = await Client.open(second.url, "anna", token=anna.token)
        log = await entered(back, room)
        assert said(log) == [("anna", "before"), ("anna", "the"), ("anna", "restart")]
        await back.close()
    finally:
        second.stop()


async def test_the_sqlite_broker_keeps_chat_lists_but_not_backlogs_and_forgets_deleted_ones(
    tmp_path,
) -> None:
    broker = SqliteBroker(tmp_path)
    for i in range(7):
        await broker.push_capped("chat:t1", bytes([i]), keep=5)
        await broker.push_capped("backlog:t1:spec", bytes([i]), keep=5)
    await broker.push_capped("chat:t2", b"x", keep=5)
    await broker.delete("chat:t2")
    await broker.close()
    again = SqliteBroker(tmp_path)
    try:
        assert await again.recent("chat:t1") == [bytes([i]) for i in range(2, 7)]
        assert await again.recent("backlog:t1:spec") == []
        assert await again.recent("chat:t2") == []
        await again.push_capped("chat:t1", b"\x07", keep=5)  # numbering goes on
        assert await again.recent("chat:t1") == [bytes([i]) for i in range(3, 8)]
    finally:
        await again.close()
    third = SqliteBroker(tmp_path)
    try:
        assert await third.recent("chat:t1") == [bytes([i]) for i in range(3, 8)]
    finally:
        await third.close()
