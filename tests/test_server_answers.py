"""Every message to a table that carries an `id` gets exactly one answer, `ok` or
`error`, and a move sent again (the same `id`, `v` and `intent`) is answered, never
applied twice: in one process, and in a hall brought back from its data directory."""

from __future__ import annotations

from typing import Any

import msgspec

from server import archive
from server.keys import log_key
from server.room.receipts import RECEIPTS
from server.room.record import LogAct
from tests.support.client import Client
from tests.support.processes import ServerProcess


def answers(client: Client, ref: int) -> list[dict[str, Any]]:
    return [m for m in client.inbox if m["t"] in ("ok", "error") and m.get("ref") == ref]


async def test_each_table_message_is_answered_once(server) -> None:
    anna = await server.client("anna")
    await anna.send({"t": "create", "game": "countdown", "id": 1})
    room = (await anna.expect("room"))["room"]
    bert = await server.client("bert")
    sent = [
        (bert, {"t": "sit", "room": room, "seat": 1, "id": 2}, "ok"),
        (bert, {"t": "stand", "room": room, "id": 3}, "ok"),
        (bert, {"t": "sit", "room": room, "seat": 1, "id": 4}, "ok"),
        (bert, {"t": "option", "room": room, "key": "pile", "value": 6, "id": 5}, "not_host"),
        (anna, {"t": "option", "room": room, "key": "pile", "value": 6, "id": 6}, "ok"),
        (anna, {"t": "bot", "room": room, "seat": 2, "level": "random", "id": 7}, "ok"),
        (anna, {"t": "start", "room": room, "id": 8}, "ok"),
        (anna, {"t": "act", "room": room, "v": 0, "intent": {"t": "take", "n": 9}, "id": 9}, None),
        (anna, {"t": "act", "room": room, "v": 0, "intent": {"t": "take", "n": 1}, "id": 10}, "ok"),
        (bert, {"t": "resign", "room": room, "id": 11}, "ok"),
        (bert, {"t": "start", "room": room}, None),  # no id: an `error` without `ref`
    ]
    for client, msg, _ in sent:
        await client.send(msg)
        if "id" in msg:
            await _answer(client, msg["id"])
    await bert.expect("error", ref=None)
    for client, msg, want in sent:
        if "id" not in msg:
            continue
        got = answers(client, msg["id"])
        assert len(got) == 1, (msg, got)
        if want == "ok":
            assert got[0]["t"] == "ok" and got[0]["room"] == room, (msg, got)
        elif want is not None:
            assert got[0] == {**got[0], "t": "error", "code": want}
        else:
            assert got[0]["t"] == "error"  # the game's own code (illegal_take)
    ok = answers(anna, 10)[0]
    assert ok["v"] == 1 and ok["again"] is False
    assert answers(bert, 2)[0]["v"] is None
    assert not [m for m in bert.inbox if m["t"] == "ok" and m["ref"] is None]
    # The move's `patch` comes before its `ok`, and a change's `room` before its `ok`.
    inbox = anna.inbox
    assert inbox.index(next(m for m in inbox if m["t"] == "patch")) < inbox.index(ok)
    seated = next(m for m in inbox if m["t"] == "room" and m["options"]["pile"] == 6)
    assert inbox.index(seated) < inbox.index(answers(anna, 6)[0])


async def _answer(client: Client, ref: int) -> dict[str, Any]:
    while True:
        got = answers(client, ref)
        if got:
            return got[0]
        await client.recv(5)


async def test_a_move_sent_again_is_answered_and_never_applied_twice(server, start_table) -> None:
    room, (anna, bert), watcher = await start_table(server)
    msg = {"t": "act", "room": room, "v": 0, "intent": {"t": "take", "n": 1}, "id": 7}
    await anna.send(msg)
    assert (await anna.expect("ok", ref=7))["again"] is False
    for _ in range(2):  # its answer was lost, say: sent again, twice
        await anna.send(msg)
        assert await anna.expect("ok", ref=7) == {
            "t": "ok",
            "ref": 7,
            "room": room,
            "v": 1,
            "again": True,
        }
    await bert.expect("patch", room=room, v=1)
    # bert's move reuses his id 7 after a reload (ids count from 1 again): a new move.
    again = {"t": "act", "room": room, "v": 1, "intent": {"t": "take", "n": 1}, "id": 7}
    await bert.send(again)
    assert (await bert.expect("ok", ref=7))["again"] is False
    # anna reuses id 7 for a new move, chosen on the new view: applied.
    await anna.expect("patch", room=room, v=2)
    await anna.send({**msg, "v": 2})
    assert (await anna.expect("ok", ref=7))["v"] == 3
    await watcher.expect("patch", room=room, v=3)
    entries = await server.hall.broker.read_log(log_key(room))
    moves = [msgspec.msgpack.decode(e, type=LogAct) for e in entries[1:]]
    assert [(e.seat, e.ref, e.sent_v) for e in moves] == [(0, 7, 0), (1, 7, 1), (0, 7, 2)]
    record = archive.make_record(
        room, server.hall.rooms[room].game, {}, [], _Result(), 0, 0, entries
    )
    assert all(e.ref is None and e.sent_v is None for e in record.log[1:])  # not archived
    assert not [m for m in watcher.inbox if m["t"] == "ok"]  # to the sender alone


class _Result:
    scores = ranks = [0, 0]


async def test_a_seat_remembers_its_latest_moves(server, start_table) -> None:
    room, (anna, bert), _ = await start_table(server, options={"pile": 200})
    sent = []
    for ref in range(RECEIPTS + 2):
        for client in (anna, bert):
            v = client.version(room)
            msg = {"t": "act", "room": room, "v": v, "intent": {"t": "take", "n": 1}, "id": ref}
            await client.send(msg)
            await client.expect("ok", ref=ref)
            other = bert if client is anna else anna
            await other.expect("patch", room=room, v=v + 1)
            sent.append((client, msg))
    recent, old = sent[-2 * RECEIPTS], sent[1]  # anna's 16th last move, bert's first
    await recent[0].send(recent[1])
    assert (await recent[0].expect("ok", ref=recent[1]["id"]))["again"] is True
    # Forgotten: judged as a new move, and refused by the rules (it is anna's turn).
    await old[0].send(old[1])
    assert (await old[0].expect("error", ref=old[1]["id"]))["code"] == "not_your_turn"


async def test_a_hall_back_from_its_data_directory_knows_the_moves_it_applied(tmp_path) -> None:
    data = str(tmp_path)
    first = ServerProcess(data=data)
    try:
        anna = await Client.open(first.url, "anna")
        await anna.send({"t": "create", "game": "countdown", "options": {"pile": 60}})
        room = (await anna.expect("room"))["room"]
        await anna.send({"t": "bot", "room": room, "seat": 1, "level": "random"})
        await anna.send({"t": "start", "room": room})
        await anna.expect("snapshot", room=room)
        sent = []
        for ref in range(1, 15):  # past the state saved at 25 versions (AI moves count)
            while not anna.view(room)["legal"]:
                await anna.expect("patch", room=room)
            v = anna.version(room)
            msg = {"t": "act", "room": room, "v": v, "intent": {"t": "take", "n": 1}, "id": ref}
            await anna.send(msg)
            assert (await anna.expect("ok", ref=ref))["v"] == v + 1
            sent.append(msg)
        first.proc.kill()
        first.proc.wait(5)
    finally:
        first.stop()
    second = ServerProcess(data=data, port=first.port)
    try:
        back = await Client.open(second.url, "anna", token=anna.token)
        await back.send({"t": "enter", "room": room})
        await back.expect("snapshot", room=room, timeout=10)
        for msg in (sent[1], sent[-1]):  # before the saved state, and after it
            await back.send(msg)
            ok = await back.expect("ok", ref=msg["id"], timeout=10)
            assert ok["again"] is True and ok["v"] == msg["v"] + 1
        await back.close()
    finally:
        second.stop()
