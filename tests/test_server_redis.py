"""The hall with the Redis broker underneath: the same games over the wire, every
patch through a real redis-server, and a Redis outage that refuses moves cleanly."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import msgspec
import pytest

from bench.harness.redis_server import RedisServer
from server.broker.redis import RedisBroker
from tests.conftest import running_server
from tests.support.tables import open_table, play_first_legal
from tests.test_server_game import play_to_end


@pytest.fixture
async def redis_hall() -> AsyncIterator[tuple[object, RedisServer]]:
    redis = RedisServer(persist=True)
    try:
        async with running_server(broker=RedisBroker(redis.url)) as srv:
            yield srv, redis
    finally:
        redis.stop()


async def test_a_whole_game_through_redis(redis_hall) -> None:
    srv, _ = redis_hall
    room, seated, spectator = await open_table(srv)
    result = await play_to_end(room, seated, spectator, random.Random(3))
    assert result is not None
    entries = await srv.hall.broker.read_log(srv.hall.rooms[room].log_key)
    assert len(entries) == srv.hall.rooms[room].version + 1  # the start, then each move


async def test_a_finished_game_is_archived_in_redis_for_every_process(redis_hall) -> None:
    srv, redis = redis_hall
    room, seated, spectator = await open_table(srv)
    result = await play_to_end(room, seated, spectator, random.Random(5))
    # The last patch goes out before the game is archived; the table's `room` message
    # says "finished" once it is (as the app learns of it).
    await seated[0].expect("room", room=room, status="finished")
    await seated[0].send({"t": "history", "mine": True})
    (game,) = (await seated[0].expect("history", mine=True))["games"]
    assert [p["score"] for p in game["players"]] == result["scores"]
    # Another process of the hall (here: a broker of its own on the same Redis) finds
    # it too, and nothing of it expires.
    other = RedisBroker(redis.url)
    try:
        assert len(await other.archive_list(10)) == 1
        assert await other.archived(game["id"]) is not None
    finally:
        await other.close()
    keys = await srv.hall.broker._redis.keys("spieltisch:archive*")  # noqa: SLF001
    assert keys and all([await srv.hall.broker._redis.ttl(k) == -1 for k in keys])  # noqa: SLF001


async def test_redis_down_refuses_moves_with_unavailable_and_play_resumes(redis_hall) -> None:
    srv, redis = redis_hall
    room, (a, b), spectator = await open_table(srv, options={"pile": 50})
    live = srv.hall.rooms[room]
    redis.kill()
    before = (live.version, msgspec.msgpack.encode(live.state))
    await a.send({"t": "act", "room": room, "v": 0, "intent": {"t": "take", "n": 2}, "id": 5})
    err = await a.expect("error")
    assert err["code"] == "unavailable" and err["ref"] == 5
    assert (live.version, msgspec.msgpack.encode(live.state)) == before
    # Redis is back (same address, same data): the same move goes through, no restart.
    redis.start()
    await a.send({"t": "act", "room": room, "v": 0, "intent": {"t": "take", "n": 2}})
    for c in (a, b, spectator):
        await c.expect("patch", room=room, v=1, timeout=10)
        assert c.view(room) == (await c.resync(room))["view"]
    assert a.view(room)["pile"] == 48


async def test_a_successor_rebuilds_from_the_saved_state_and_the_log_after_it(redis_hall) -> None:
    import struct

    from server.keys import meta_key, state_key
    from server.metrics import Metrics
    from server.room import Room
    from server.room.ledger import STATE_EVERY
    from server.room.record import RoomMeta
    from server.sessions import Player

    srv, _ = redis_hall
    room, (a, b), _ = await open_table(srv, options={"pile": 200})
    for _ in range(STATE_EVERY + 3):
        mover = a if a.view(room)["legal"] else b
        v = mover.version(room)
        await mover.send({"t": "act", "room": room, "v": v, "intent": {"t": "take", "n": 1}})
        await a.expect("patch", v=v + 1)
        await b.expect("patch", v=v + 1)
    live = srv.hall.rooms[room]
    broker = srv.hall.broker
    saved = await broker.get(state_key(room))
    assert saved is not None and struct.unpack_from(">Q", saved)[0] == STATE_EVERY
    tail = await broker.read_log(live.log_key, STATE_EVERY + 1)
    assert len(tail) == 3  # only the moves after the saved state are replayed
    meta = msgspec.msgpack.decode(await broker.get(meta_key(room)), type=RoomMeta)
    heir = Room(
        "heir",
        live.game,
        live.options,
        Player(id="x", name=""),
        broker,
        Metrics(),
        0.0,
        lambda r: None,
    )
    heir.restore(meta, tail, saved)
    assert heir.version == live.version
    assert msgspec.msgpack.encode(heir.state) == msgspec.msgpack.encode(live.state)
    assert heir.views == live.views
    await heir.close()


@pytest.mark.parametrize("persist", [False, True])
async def test_a_redis_that_keeps_nothing_on_disk_is_warned_about(persist, caplog) -> None:
    redis = RedisServer(persist=persist)
    try:
        with caplog.at_level("WARNING", logger="spieltisch.hub"):
            async with running_server(broker=RedisBroker(redis.url)):
                pass
    finally:
        redis.stop()
    warned = [r.getMessage() for r in caplog.records if "keeps nothing on disk" in r.getMessage()]
    assert bool(warned) == (not persist)


async def test_the_owners_own_compact_clients_get_the_patches_made_along(
    redis_hall, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a hall on Redis the owner makes the compact patches where the diffs are and
    gives them to its own clients (ledger.commit, Stored.local): none is made again
    from the plain patch in this process, and they decode to the plain ones."""
    from protocol import compact

    srv, _ = redis_hall
    remade: list[bytes] = []
    original = compact.compact_message

    def counted(plain: bytes) -> bytes:
        remade.append(plain)
        return original(plain)

    monkeypatch.setattr(compact, "compact_message", counted)
    room, (a, b), watcher = await open_table(srv, "carcassonne", players=2)
    fan = await srv.client("fan", compact=True)
    assert fan.compact
    await fan.send({"t": "enter", "room": room})
    await fan.expect("snapshot", room=room)
    await play_first_legal(room, [a, b], [a, b, watcher, fan], 10)
    assert msgspec.msgpack.encode(fan.view(room)) == msgspec.msgpack.encode(watcher.view(room))
    assert not fan.gaps and len(fan.patch_bytes) == 10
    assert sum(fan.patch_bytes) < 0.7 * sum(watcher.patch_bytes)
    assert remade == []
