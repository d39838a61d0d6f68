"""Views kept up to date move by move equal views built afresh, for every game.

Games build their views of parts kept from one move to the next and shared between
audiences (server/games/parts.py, server/games/logview.py), and the ledger diffs the
audiences' views with one memo. Here random games go through the ledger as in the room,
and after every move each audience's view must equal the view of a fresh copy of the
state (no part kept too long; the log now and then), the patch each audience is sent
must turn the view it held into the new one, and a kept snapshot must be the view's."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol.messages import Snapshot
from protocol.patch import apply, same
from server import games
from server.broker import MemoryBroker
from server.games.base import OWN_KEYS, audience_view
from server.keys import lease_key
from server.room.ledger import Ledger
from server.room.record import LogAct


class SharedMemoryBroker(MemoryBroker):
    """The embedded broker as a shared hall uses one: views kept every few versions."""

    shared = True


_encode = msgspec.msgpack.encode


async def _check_every_move(
    name: str, seed: int, seats: int, game: Any = None, options: Any = None
) -> int:
    game = game or games.get(name)
    audiences: list[int | None] = [*range(seats), None]
    broker = SharedMemoryBroker()
    await broker.acquire(lease_key("t"), "n", 3600)
    ledger = Ledger("t", game, broker, "n")
    ledger.begin(game.setup(seats, options or game.Options(), seed), 0, audiences)
    held = {a: msgspec.msgpack.decode(msgspec.msgpack.encode(v)) for a, v in ledger.views.items()}
    pick = random.Random(seed)
    moves = 0
    while game.result(ledger.state) is None:
        seat = pick.choice(
            [a for a in sorted(game.active(ledger.state)) if ledger.views[a]["legal"]]
        )
        intent = msgspec.convert(pick.choice(ledger.views[seat]["legal"]), game.Intent)
        state = game.apply(ledger.state, seat, intent)
        entry = msgspec.msgpack.encode(LogAct(seat=seat, intent=msgspec.to_builtins(intent)))
        changes = ledger.changes(state)
        await ledger.commit(entry, changes)
        await ledger.accept(state, changes, entry)
        moves += 1
        fresh: Any = msgspec.msgpack.decode(msgspec.msgpack.encode(ledger.state), type=game.State)
        if moves % 16 and game.result(state) is None and hasattr(fresh, "log"):
            # The log of a fresh copy is converted whole: the live log (its kept form has
            # tests of its own, tests/test_logview.py) but now and then, the rest afresh.
            fresh.log = ledger.state.log
        _declared_own_keys_hold(game, changes, moves)
        for c in changes:
            assert same(c.view, audience_view(game, fresh, c.audience)), (moves, c.audience)
            if c.snapshot:  # kept every few versions, its parts encoded once for all
                assert c.snapshot == _encode(Snapshot(room="t", v=ledger.version, view=c.view))
            patch = msgspec.msgpack.decode(c.patch)
            held[c.audience] = apply(held[c.audience], patch["ops"])
            assert same(held[c.audience], c.view), (moves, c.audience)
    return moves


def _declared_own_keys_hold(game: Any, changes: list[Any], moves: int) -> None:
    """A game that names its audiences' own keys (Game.own_keys) shows every other key
    alike to every audience: the ledger diffs those once, from the first audience's
    view, for all of them."""
    if game.own_keys is None:
        return
    own = game.own_keys | OWN_KEYS
    first = changes[0].view
    for c in changes[1:]:
        assert c.view.keys() - own == first.keys() - own, (moves, c.audience)
        for k, value in first.items():
            if k not in own:
                assert same(c.view[k], value), (moves, c.audience, k)


# Random games per game: a Stone Age game is some 850 moves, each checked against
# views made afresh, so two of them take as long as four of the others.
EXAMPLES = {"stone_age": 2}


@pytest.mark.parametrize("name", games.names())
def test_kept_views_equal_fresh_ones_after_every_move(name: str) -> None:
    game = games.get(name)

    @settings(
        max_examples=EXAMPLES.get(name, 4),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(seed=st.integers(min_value=0, max_value=2**62), extra=st.integers(0, 10))
    def check(seed: int, extra: int) -> None:
        seats = game.min_seats + extra % (game.max_seats - game.min_seats + 1)
        assert asyncio.run(_check_every_move(name, seed, seats)) > 0

    check()


@pytest.mark.parametrize("seed", [1, 2])
def test_the_side_by_side_table_game_keeps_its_views_as_the_games_do(seed: int) -> None:
    """make bench-peers' table game builds its views of shared parts too."""
    from bench.peers.tablegame import Table

    assert asyncio.run(_check_every_move("bench_table", seed, 4, Table())) == 72


@pytest.mark.parametrize("seed", [3, 4])
def test_carcassonne_with_every_expansion_keeps_its_views(seed: int) -> None:
    """The tiles' maps are kept from move to move (followers the dragon eats, the
    princess sends home, a builder or a pig joins among them)."""
    game = games.get("carcassonne")
    options = game.Options(fluss=True, erweiterung=True, haendler=True, koenig=True, drache=True)
    assert asyncio.run(_check_every_move("carcassonne", seed, 4, options=options)) > 0
