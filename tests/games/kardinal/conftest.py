"""Shared fixtures of the Kardinal & König tests: the game, state surgery, random playouts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from server.games import get
from server.games.kardinal.board import Board, load
from server.games.kardinal.game import Kardinal, KardinalOptions, KardinalState
from server.games.rng import Rng


@pytest.fixture(scope="session")
def game() -> Kardinal:
    g = get("kardinal")
    assert isinstance(g, Kardinal)
    return g


@pytest.fixture(scope="session")
def board() -> Board:
    return load()


def _clone(state: KardinalState) -> KardinalState:
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=KardinalState)


@pytest.fixture(scope="session")
def clone() -> Callable[[KardinalState], KardinalState]:
    return _clone


@pytest.fixture
def fresh(game: Kardinal) -> Callable[..., KardinalState]:
    """A new game: ``fresh(seats=3, seed=0, **options)``."""

    def make(seats: int = 3, seed: int = 0, **options: Any) -> KardinalState:
        return game.setup(seats, KardinalOptions(**options), seed)

    return make


@pytest.fixture
def rig(board: Board) -> Callable[..., None]:
    """State surgery: give ``seat`` the hand ``cards`` (card type ids), taking them from
    the deck (or the discard) so that the cards stay conserved, and make it his turn."""

    def set_hand(state: KardinalState, seat: int, cards: list[str]) -> None:
        state.deck.extend(state.hands[seat])
        state.hands[seat] = []
        for name in cards:
            t = board.card_index[name]
            pile = state.deck if t in state.deck else state.discard
            pile.remove(t)
            state.hands[seat].append(t)
        state.hands[seat].sort()
        state.turn = seat

    return set_hand


@pytest.fixture
def put(board: Board) -> Callable[..., None]:
    """Put cloisters for ``seat`` on the first free spaces of ``country`` (taken from his supply)."""

    def cloisters(state: KardinalState, country: str, seat: int, n: int) -> None:
        k = board.country_index[country]
        free = [s for s in board.country_spaces[k] if state.cloisters[s] < 0]
        for space in free[:n]:
            state.cloisters[space] = seat
            state.supply_cloisters[seat] -= 1

    return cloisters


def _playout(
    game: Kardinal,
    state: KardinalState,
    seed: int,
    step: Callable[[KardinalState, int, Any], None] | None = None,
    max_steps: int = 2000,
) -> list[tuple[int, Any]]:
    """Play random legal intents to the end; returns the (seat, intent) log."""
    rng = Rng.from_seed(seed)
    log: list[tuple[int, Any]] = []
    while game.result(state) is None:
        assert len(log) < max_steps, "the game does not end"
        (seat,) = game.active(state)
        moves = game.legal(state, seat)
        assert moves, "an active seat without a legal intent"
        intent = rng.choice(moves)
        state = game.apply(state, seat, intent)
        log.append((seat, intent))
        if step is not None:
            step(state, seat, intent)
    return log


@pytest.fixture(scope="session")
def playout() -> Callable[..., list[tuple[int, Any]]]:
    return _playout
