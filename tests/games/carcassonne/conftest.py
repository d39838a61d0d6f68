"""Shared fixtures of the Carcassonne tests: the game, hand-built games, log readers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec
import pytest

from server.games import get
from server.games.carcassonne import Carcassonne, Meeple, Options, Pass, Place, State
from server.games.carcassonne.tiles import TYPES

# A step of a hand-built game: (tile id, x, y, r), (tile id, x, y, r, segment id to
# claim) or (tile id, x, y, r, segment id, piece) for an expansion's piece ("large").
# Steps are played in seat order by whoever's turn it is.
Step = tuple[Any, ...]


@pytest.fixture(scope="session")
def game() -> Carcassonne:
    g = get("carcassonne")
    assert isinstance(g, Carcassonne)
    return g


def _clone(state: State) -> State:
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)


@pytest.fixture(scope="session")
def clone() -> Callable[[State], State]:
    return _clone


def _step(game: Carcassonne, state: State, step: Step) -> None:
    tile, x, y, r = step[:4]
    feature = step[4] if len(step) > 4 else None
    piece = step[5] if len(step) > 5 else "follower"
    assert state.drawn >= 0, "the game ended before this step"
    assert TYPES[state.drawn].id == tile, f"drew {TYPES[state.drawn].id}, expected {tile}"
    seat = state.turn
    game.apply(state, seat, Place(x, y, r))
    game.apply(state, seat, Meeple(feature, piece) if feature else Pass())


@pytest.fixture(scope="session")
def build(game: Carcassonne) -> Callable[..., State]:
    """``build(steps, seats=2, first=0, extra=(), **options)``: a game whose tiles come
    in the order of ``steps`` (then ``extra``), each step played as given."""

    def make(
        steps: Sequence[Step],
        seats: int = 2,
        first: int = 0,
        extra: Sequence[str] = (),
        **options: Any,
    ) -> State:
        order = [s[0] for s in steps] + list(extra)
        state = game.setup_fixed(seats, Options(**options), order, first)
        for step in steps:
            _step(game, state, step)
        return state

    return make


@pytest.fixture(scope="session")
def step(game: Carcassonne) -> Callable[[State, Step], None]:
    return lambda state, s: _step(game, state, s)


def _scores(state: State, kind: str | None = None) -> list[dict[str, Any]]:
    return [
        e.args for e in state.log if e.code == "score" and (kind is None or e.args["kind"] == kind)
    ]


@pytest.fixture(scope="session")
def scored() -> Callable[..., list[dict[str, Any]]]:
    """The ``score`` log entries of a state, optionally of one kind."""
    return _scores


@pytest.fixture(scope="session")
def points_by_kind() -> Callable[[State, str], list[int]]:
    """Points per seat from the log entries of one kind."""

    def total(state: State, kind: str) -> list[int]:
        out = [0] * state.seats
        for args in _scores(state, kind):
            for s in args["seats"]:
                out[s] += args["points"]
        return out

    return total


__all__ = ["Meeple", "Pass", "Place", "Step"]
