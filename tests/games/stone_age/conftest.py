"""Shared fixtures of the Stone Age tests: the game, state surgery, random playouts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from server.games import get
from server.games.playout import random_playout
from server.games.stone_age.game import StoneAge
from server.games.stone_age.state import Options, Pending, State


@pytest.fixture(scope="session")
def game() -> StoneAge:
    g = get("stone_age")
    assert isinstance(g, StoneAge)
    return g


def _clone(state: State) -> State:
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)


@pytest.fixture(scope="session")
def clone() -> Callable[[State], State]:
    return _clone


@pytest.fixture
def fresh(game: StoneAge) -> Callable[..., State]:
    """A new game: ``fresh(seats, seed=0, **options)``."""

    def make(seats: int = 2, seed: int = 0, **options: Any) -> State:
        return game.setup(seats, Options(**options), seed)

    return make


@pytest.fixture
def resolving(fresh: Callable[..., State]) -> Callable[..., State]:
    """A game in phase 2 with seat ``seat`` to act, the board empty except for one
    person of that seat on the hunting grounds (so that resolving a space does not
    end the seat's turn), and ``pending`` as given."""

    def make(
        seats: int = 2, seat: int = 0, pending: Pending | None = None, **options: Any
    ) -> State:
        s = fresh(seats, **options)
        s.phase = "resolve"
        s.start = seat
        s.turn = seat
        for here in s.board.values():
            here[:] = [0] * seats
        s.board["hunting_grounds"][seat] = 1
        for p in s.players:
            p.home = 0
        s.pending = pending
        return s

    return make


Step = tuple[int, Any]


def _playout(
    game: StoneAge,
    seats: int,
    seed: int,
    choice_seed: int,
    options: Options | None = None,
    each: Callable[[State, int, Any], None] | None = None,
) -> tuple[State, list[Step]]:
    """Play a game to its end with a random legal intent at every step."""
    state, steps = random_playout(game, seats, seed, choice_seed, options, each)
    return state, steps


@pytest.fixture(scope="session")
def playout() -> Callable[..., tuple[State, list[Step]]]:
    return _playout
