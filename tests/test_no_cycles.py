"""The hub runs without Python's automatic cycle collection (server/__main__.py,
tune_gc): what it leaves in reference cycles is freed only by the collector's passes
(server/collector.py), which find no cycle of objects that lived past one of them. So
playing a game through the room's own path (the game's checks and changes, its legal
intents, every audience's view, patches) must leave no garbage in cycles: a soak of twenty tables grew by 100 MB in ten
minutes over a recursive closure in one game's `legal`."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import random
import urllib.request
from asyncio.selector_events import _SelectorSocketTransport
from collections import Counter
from collections.abc import Iterator

import msgspec
import pytest

from server import collector, games
from server.broker import MemoryBroker
from server.room.ledger import Ledger
from server.room.record import LogAct
from tests.conftest import running_server, uvloop
from tests.support.tables import open_table, played_by_the_ai


@contextlib.contextmanager
def cycles_saved() -> Iterator[list[object]]:
    """What becomes garbage in reference cycles meanwhile (none of it freed): what the
    hall's own passes find meanwhile (with the automatic ones off, it makes them
    itself, collector.py), and at the end what any pass would, what those passes froze
    included (thawed first: a pass leaves the frozen out). What earlier tests of the
    process left is collected first, what they froze too: an in-process hall whose
    automatic passes were off (bots' load run turns them off) froze after each of its
    own, and its garbage would otherwise be found here."""
    gc.unfreeze()
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    found: list[object] = []
    try:
        yield found
    finally:
        try:
            gc.unfreeze()
            gc.collect()
            found.extend(gc.garbage)
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            if was:
                gc.enable()


async def _play(name: str, seed: int, moves: int, seats: int, options: dict[str, object]) -> int:
    game = games.get(name)
    audiences: list[int | None] = [*range(seats), None]
    ledger = Ledger("t", game, MemoryBroker(), "n")
    opts = msgspec.convert(options, game.Options)
    ledger.begin(game.setup(seats, opts, seed), 0, audiences)
    pick = random.Random(seed)
    played = 0
    while played < moves and game.result(ledger.state) is None:
        seat = pick.choice(
            [a for a in sorted(game.active(ledger.state)) if ledger.views[a]["legal"]]
        )
        intent = msgspec.convert(pick.choice(ledger.views[seat]["legal"]), game.Intent)
        state = game.apply(ledger.state, seat, intent)
        entry = msgspec.msgpack.encode(LogAct(seat=seat, intent=msgspec.to_builtins(intent)))
        changes = ledger.changes(state, compact=True)
        await ledger.commit(entry, changes)
        await ledger.accept(state, changes, entry)
        played += 1
    return played


CASES = [(name, 4, {}) for name in games.names()] + [
    (
        "carcassonne",
        4,
        {"fluss": True, "erweiterung": True, "haendler": True, "koenig": True, "drache": True},
    ),
    ("alhambra", 2, {}),  # Dirk, the third player of a two-player game
    ("kingsburg", 5, {}),
]


@pytest.mark.parametrize(("name", "seats", "options"), CASES)
def test_playing_a_game_leaves_no_reference_cycles(
    name: str, seats: int, options: dict[str, object]
) -> None:
    with cycles_saved() as garbage:
        assert asyncio.run(_play(name, 7, 400, seats, options)) > 0
    # asyncio.run's own loop may leave a few of its objects; a game's would be many.
    kinds = Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in garbage)
    ours = {k: n for k, n in kinds.items() if k.startswith("server.")}
    assert not ours, ours
    assert len(garbage) < 200, kinds.most_common(10)


async def test_tables_played_and_closed_leave_no_reference_cycles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Tables opened, played to their end and closed when everyone has left, over real
    websockets: their actors, states and views are freed by reference counting, and so
    are the closed connections, websocket and HTTP (their transports' cycles broken,
    server/wire.py)."""
    monkeypatch.setattr(collector, "TICK", 0.05)  # closed transports swept at once
    with cycles_saved() as garbage:
        async with running_server() as srv:
            port = int(srv.url.rsplit(":", 1)[1].split("/")[0])
            for _ in range(3):
                room, seated, watcher = await open_table(srv, "countdown", players=2)
                while True:
                    movers = [c for c in seated if c.view(room)["legal"]]
                    if not movers:
                        break
                    v0 = movers[0].version(room)
                    intent = movers[0].view(room)["legal"][0]
                    await movers[0].send({"t": "act", "room": room, "v": v0, "intent": intent})
                    for c in (*seated, watcher):
                        await c.expect("patch", room=room, v=v0 + 1)
                for c in srv.clients:
                    await c.send({"t": "leave", "room": room})
                for _ in range(100):
                    await asyncio.sleep(0.02)
                    if room not in srv.hall.rooms:
                        break
                assert room not in srv.hall.rooms  # closed
            for c in srv.clients:
                await c.close()
            srv.clients.clear()
            http = srv.url.replace("ws://", "http://").replace("/ws", "/api/games")
            for _ in range(5):  # a connection each
                await asyncio.to_thread(lambda: urllib.request.urlopen(http, timeout=5).read())
            await asyncio.sleep(0.5)
    kinds = Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in garbage)
    ours = {k: n for k, n in kinds.items() if k.startswith(("server.", "tests.support"))}
    assert not ours, ours
    transports: tuple[type, ...] = (_SelectorSocketTransport,)
    if uvloop is not None:  # the loop the test ran on
        transports += (uvloop.loop.TCPTransport,)
    hall_side = [
        o
        for o in garbage
        if type(o) in transports and (o.get_extra_info("sockname") or ("", 0))[1] == port
    ]
    assert not hall_side, kinds.most_common(10)


async def test_a_game_the_ai_plays_to_its_end_leaves_no_reference_cycles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Carcassonne against a strong and a greedy AI player: the person never moves, the AI
    plays every seat to the end (the strong one's searches in a worker process, its
    answers coming back to the hub), and the table closes when everyone has left."""
    monkeypatch.setattr(collector, "TICK", 0.05)
    with cycles_saved() as garbage:
        async with running_server() as srv:
            room, anna, watcher = await played_by_the_ai(srv, ("strong", "greedy"))
            for c in (anna, watcher):
                await c.send({"t": "leave", "room": room})
            for _ in range(100):
                await asyncio.sleep(0.02)
                if room not in srv.hall.rooms:
                    break
            assert room not in srv.hall.rooms
            for c in (anna, watcher):
                await c.close()
            srv.clients.clear()
            await asyncio.sleep(0.3)
    kinds = Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in garbage)
    ours = {k: n for k, n in kinds.items() if k.startswith("server.")}
    assert not ours, ours
