"""A move whose commit fails leaves the state exactly as it was before the move.

Games change their state in place; the ledger does not copy the whole state before
every move, it keeps an encoded copy every KEEP_EVERY versions and the log entries
since, and rebuilds the state from them when a move has to be undone."""

from __future__ import annotations

import asyncio
import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server import games
from server.broker import BrokerUnavailable, MemoryBroker
from server.room.ledger import KEEP_EVERY, Ledger
from server.room.record import LogAct
from tests.conftest import running_server
from tests.support.tables import open_table

_encode = msgspec.msgpack.encode


async def _undo_at_random(name: str, seed: int, moves: int) -> None:
    game = games.get(name)
    seats = game.max_seats if game.max_seats <= 4 else 4
    ledger = Ledger("t", game, MemoryBroker(), "n")
    ledger.begin(game.setup(seats, game.Options(), seed), 0, [*range(seats), None])
    pick = random.Random(seed)
    undone = 0
    while game.result(ledger.state) is None and ledger.version < moves:
        seat = pick.choice(
            [a for a in sorted(game.active(ledger.state)) if ledger.views[a]["legal"]]
        )
        intent = msgspec.convert(pick.choice(ledger.views[seat]["legal"]), game.Intent)
        if ledger.version == 0 or pick.random() < 0.3:  # at least one undo per game
            before = _encode(ledger.state)
            game.apply(ledger.state, seat, intent)  # as far as a move goes before its commit
            ledger.rollback()
            assert _encode(ledger.state) == before
            undone += 1
        state = game.apply(ledger.state, seat, intent)
        entry = _encode(LogAct(seat=seat, intent=msgspec.to_builtins(intent)))
        changes = ledger.changes(state)
        await ledger.commit(entry, changes)
        await ledger.accept(state, changes, entry)
    assert undone > 0


@pytest.mark.parametrize("name", games.names())
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**62))
def test_a_move_undone_at_any_version_gives_back_the_state_before_it(name: str, seed: int) -> None:
    asyncio.run(_undo_at_random(name, seed, moves=3 * KEEP_EVERY))


class FlakyBroker(MemoryBroker):
    """The embedded broker, with a log that can be made unreachable."""

    down = False

    async def append(self, log: str, entry: bytes) -> int:
        if self.down:
            raise BrokerUnavailable("down")
        return await super().append(log, entry)


async def test_a_refused_commit_after_many_moves_leaves_the_state_as_it_was() -> None:
    broker = FlakyBroker()
    async with running_server(broker=broker) as srv:
        room, (a, b), spectator = await open_table(srv, options={"pile": 200})
        # Past a kept copy of the state: the undo must replay the moves since.
        for _ in range(KEEP_EVERY + 3):
            mover = a if a.view(room)["legal"] else b
            v = mover.version(room)
            await mover.send({"t": "act", "room": room, "v": v, "intent": {"t": "take", "n": 1}})
            await a.expect("patch", v=v + 1)
            await b.expect("patch", v=v + 1)
        live = srv.hall.rooms[room]
        mover = a if a.view(room)["legal"] else b
        v = mover.version(room)
        broker.down = True
        before = (live.version, _encode(live.state))
        await mover.send({"t": "act", "room": room, "v": v, "intent": {"t": "take", "n": 3}})
        assert (await mover.expect("error"))["code"] == "unavailable"
        assert (live.version, _encode(live.state)) == before
        broker.down = False
        await mover.send({"t": "act", "room": room, "v": v, "intent": {"t": "take", "n": 3}})
        for c in (a, b, spectator):
            await c.expect("patch", room=room, v=v + 1, timeout=10)
            assert c.view(room) == (await c.resync(room))["view"]
        assert a.view(room)["pile"] == 200 - (KEEP_EVERY + 3) - 3
