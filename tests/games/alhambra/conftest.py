"""Shared fixtures of the Alhambra tests: the game, fresh states, state surgery and
random playouts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from server.games import get
from server.games.alhambra.data import TILE_INDEX
from server.games.alhambra.game import Alhambra
from server.games.alhambra.state import Options, Placed, State
from server.games.playout import random_playout

Step = tuple[int, Any]


@pytest.fixture(scope="session")
def game() -> Alhambra:
    g = get("alhambra")
    assert isinstance(g, Alhambra)
    return g


def _clone(state: State) -> State:
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)


@pytest.fixture(scope="session")
def clone() -> Callable[[State], State]:
    return _clone


@pytest.fixture
def fresh(game: Alhambra) -> Callable[..., State]:
    """A new game: ``fresh(seats, seed=0, **options)``."""

    def make(seats: int = 3, seed: int = 0, **options: Any) -> State:
        s = game.setup(seats, Options(**options), seed)
        assert isinstance(s, State)
        return s

    return make


@pytest.fixture(scope="session")
def build() -> Callable[[State, int, list[tuple[int, int, str]]], None]:
    """Give seat an alhambra of ``(x, y, tile id)`` (the tiles leave bag/market/Dirk)."""

    def make(state: State, seat: int, cells: list[tuple[int, int, str]]) -> None:
        for x, y, tile_id in cells:
            t = TILE_INDEX[tile_id]
            _take_out(state, t)
            state.cities[seat].append(Placed(x, y, t))

    return make


def _take_out(state: State, t: int) -> None:
    """Remove tile t from wherever it is (to move it somewhere else by hand)."""
    for pile in (state.bag, state.dirk, state.removed, state.bought, *state.reserves):
        if t in pile:
            pile.remove(t)
            return
    for pile in state.leftovers:
        if t in pile:
            pile.remove(t)
            return
    if t in state.market:
        state.market[state.market.index(t)] = state.bag.pop()
        return
    for city in state.cities:
        for p in city:
            if p.tile == t:
                city.remove(p)
                return
    raise AssertionError(f"tile {t} is nowhere")


@pytest.fixture(scope="session")
def take_out() -> Callable[[State, int], None]:
    return _take_out


def _playout(
    game: Alhambra,
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
