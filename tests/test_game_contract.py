"""The game contract, checked for every registered game: random legal games end,
replay from the intent log, survive MessagePack, and give well-formed views."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol.patch import apply, diff
from server import games
from server.games.base import Game, IllegalIntent, audience_view

MAX_STEPS = 20000
COMMON = {"game", "you", "active", "legal", "scores", "log", "result"}


def plain(tree: Any) -> bool:
    """A view is a plain tree: what MessagePack gives back is what went in."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(tree)) == tree and _no_tuples(tree)


def _no_tuples(tree: Any) -> bool:
    if isinstance(tree, tuple):
        return False
    if isinstance(tree, dict):
        return all(isinstance(k, str) and _no_tuples(v) for k, v in tree.items())
    if isinstance(tree, list):
        return all(_no_tuples(v) for v in tree)
    return True


def play(
    game: Game, seats: int, seed: int, check_every: int = 1
) -> tuple[Any, list[tuple[int, Any]]]:
    rng = random.Random(seed)
    state = game.setup(seats, game.Options(), seed)
    history: list[tuple[int, Any]] = []
    last_views = {a: audience_view(game, state, a) for a in [*range(seats), None]}
    for step in range(MAX_STEPS):
        if game.result(state) is not None:
            return state, history
        movers = [s for s in sorted(game.active(state)) if game.legal(state, s)]
        assert movers, f"{game.name}: no active seat has a legal intent, but the game is not over"
        seat = rng.choice(movers)
        intent = rng.choice(game.legal(state, seat))
        wire = msgspec.convert(msgspec.to_builtins(intent), game.Intent)
        state = game.apply(state, seat, wire)
        history.append((seat, wire))
        if step % check_every == 0:
            for a in last_views:
                view = audience_view(game, state, a)
                assert view.keys() >= COMMON
                assert len(view["scores"]) == seats
                if a is None:
                    assert view["legal"] == []
                assert plain(view)
                assert (
                    apply(
                        msgspec.msgpack.decode(msgspec.msgpack.encode(last_views[a])),
                        diff(last_views[a], view),
                    )
                    == view
                )
                last_views[a] = view
    raise AssertionError(f"{game.name}: no result after {MAX_STEPS} intents")


def registered() -> list[str]:
    return games.names()


@pytest.mark.parametrize("name", registered())
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**62), extra=st.integers(min_value=0, max_value=10))
def test_random_games_end_and_replay(name: str, seed: int, extra: int) -> None:
    game = games.get(name)
    seats = game.min_seats + extra % (game.max_seats - game.min_seats + 1)
    state, history = play(game, seats, seed, check_every=7)
    result = game.result(state)
    assert result is not None and len(result.scores) == seats == len(result.ranks)
    assert min(result.ranks) == 1
    # The same seed and intents give the same state, and the state survives MessagePack.
    again = game.setup(seats, game.Options(), seed)
    for seat, intent in history:
        again = game.apply(again, seat, intent)
    encoded = msgspec.msgpack.encode(state)
    assert msgspec.msgpack.encode(again) == encoded
    assert msgspec.msgpack.encode(msgspec.msgpack.decode(encoded, type=game.State)) == encoded


@pytest.mark.parametrize("name", registered())
def test_refusals_leave_the_state_untouched(name: str) -> None:
    game = games.get(name)
    state = game.setup(game.min_seats, game.Options(), 11)
    rng = random.Random(5)
    for _ in range(40):
        if game.result(state) is not None:
            break
        before = msgspec.msgpack.encode(state)
        idle = [s for s in range(game.min_seats) if s not in game.active(state)]
        for seat in idle:
            some = next(
                (game.legal(state, s) for s in game.active(state) if game.legal(state, s)), []
            )
            for intent in some[:3]:
                with pytest.raises(IllegalIntent):
                    game.apply(state, seat, intent)
                assert msgspec.msgpack.encode(state) == before
        mover = next(s for s in sorted(game.active(state)) if game.legal(state, s))
        state = game.apply(state, mover, rng.choice(game.legal(state, mover)))
