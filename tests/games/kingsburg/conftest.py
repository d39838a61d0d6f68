"""Shared fixtures of the Kingsburg tests: the game, state surgery, random playouts."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from server.games import get
from server.games.kingsburg.game import Kingsburg
from server.games.kingsburg.state import Options, Pass, State
from server.games.rng import Rng

Step = tuple[int, Any]


@pytest.fixture(scope="session")
def game() -> Kingsburg:
    g = get("kingsburg")
    assert isinstance(g, Kingsburg)
    return g


def _clone(state: State) -> State:
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)


@pytest.fixture(scope="session")
def clone() -> Callable[[State], State]:
    return _clone


@pytest.fixture
def fresh(game: Kingsburg) -> Callable[..., State]:
    """A new game: ``fresh(seats, seed=0, **options)``."""

    def make(seats: int = 2, seed: int = 0, **options: Any) -> State:
        return game.setup(seats, Options(**options), seed)

    return make


def _drive(
    game: Kingsburg, s: State, until: Callable[[State], bool], seed: int = 0, limit: int = 5000
) -> State:
    """Play random legal intents until ``until(s)`` holds."""
    pick = random.Random(seed)
    for _ in range(limit):
        if until(s):
            return s
        assert game.result(s) is None, "the game ended first"
        seat = pick.choice(sorted(game.active(s)))
        s = game.apply(s, seat, pick.choice(game.legal(s, seat)))
    raise AssertionError("never reached")


@pytest.fixture(scope="session")
def drive(game: Kingsburg) -> Callable[..., State]:
    def run(s: State, until: Callable[[State], bool], seed: int = 0) -> State:
        return _drive(game, s, until, seed)

    return run


def _rng_giving(die: int) -> Rng:
    """A generator whose next die shows ``die``."""
    for k in range(10_000):
        if Rng.from_seed(k).die() == die:
            return Rng.from_seed(k)
    raise AssertionError("no seed found")


@pytest.fixture(scope="session")
def rng_giving() -> Callable[[int], Rng]:
    return _rng_giving


@pytest.fixture
def influencing(fresh: Callable[..., State], drive: Callable[..., State]) -> Callable[..., State]:
    """A game at the influence step of year 1's spring with ``seat`` to act: its dice
    set to ``dice`` (the last ``white`` of them white), the board holding only
    ``occupied`` (neutral groups), and every other seat passed."""

    def make(
        dice: list[int],
        white: int = 0,
        seats: int = 3,
        occupied: tuple[int, ...] = (),
        **fields: Any,
    ) -> State:
        from server.games.kingsburg.state import Group

        s = drive(fresh(seats), lambda s: s.step == "influence")
        seat = s.turn
        for other, p in enumerate(s.players):
            p.passed = other != seat
            p.gold = p.wood = p.stone = 0
        p = s.players[seat]
        p.dice = list(dice)
        p.white = [False] * (len(dice) - white) + [True] * white
        p.used = [False] * len(dice)
        for name, value in fields.items():
            setattr(p, name, value)
        s.board = [Group(advisor=a, seat=-1, dice=[a]) for a in occupied]
        return s

    return make


def _playout(
    game: Kingsburg,
    seats: int,
    seed: int,
    choice_seed: int,
    options: Options | None = None,
    each: Callable[[State, int, Any], None] | None = None,
    eager: bool = False,
) -> tuple[State, list[Step]]:
    """Play a game to its end with a random legal intent at every step. ``eager``
    plays a little less blindly (high advisors, always build, seldom recruit), so
    that games reach the right-hand buildings and their abilities."""
    pick = random.Random(choice_seed)
    s = game.setup(seats, options or Options(), seed)
    steps: list[Step] = []
    for _ in range(20_000):
        if game.result(s) is not None:
            return s, steps
        active = sorted(game.active(s))
        assert active, "nobody may act in a game that is not over"
        seat = pick.choice(active)
        moves = game.legal(s, seat)
        assert moves, f"active seat {seat} has no legal intent ({s.step})"
        if eager:
            moves = _eager(s, moves, pick)
        intent = pick.choice(moves)
        steps.append((seat, intent))
        s = game.apply(s, seat, intent)
        if each is not None:
            each(s, seat, intent)
    raise AssertionError("the game did not end")


def _eager(s: State, moves: list[Any], pick: random.Random) -> list[Any]:
    acts = [m for m in moves if not isinstance(m, Pass)]
    if s.step == "influence" and acts and pick.random() < 0.7:
        return [max(acts, key=lambda m: m.advisor)]
    if s.step == "build" and acts:
        return acts
    if s.step == "recruit" and pick.random() < 0.8:
        return [Pass()]
    return moves


@pytest.fixture(scope="session")
def playout(game: Kingsburg) -> Callable[..., tuple[State, list[Step]]]:
    def run(seats: int, seed: int, choice_seed: int = 0, **kw: Any) -> tuple[State, list[Step]]:
        return _playout(game, seats, seed, choice_seed, **kw)

    return run
