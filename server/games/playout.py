"""Random legal play to the end of a game: what the hall's random AI does move by
move, and what the benchmarks and the property tests of every game run whole."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from server.games.base import Game

Step = tuple[int, Any]


def random_playout(
    game: Game,
    seats: int,
    seed: int,
    choice_seed: int = 0,
    options: Any = None,
    each: Callable[[Any, int, Any], None] | None = None,
    max_steps: int = 100_000,
) -> tuple[Any, list[Step]]:
    """Play from ``setup(seats, options, seed)`` to the result, each step a random
    active seat with a legal intent and a random intent of its ``legal``; ``each``
    sees the state after every step. Returns the final state and the steps."""
    pick = random.Random(choice_seed)
    state = game.setup(seats, options if options is not None else game.Options(), seed)
    steps: list[Step] = []
    for _ in range(max_steps):
        if game.result(state) is not None:
            return state, steps
        movers = [s for s in sorted(game.active(state)) if game.legal(state, s)]
        if not movers:
            raise AssertionError(
                f"{game.name}: no active seat has a legal intent, but the game is not over"
            )
        seat = pick.choice(movers)
        intent = pick.choice(game.legal(state, seat))
        steps.append((seat, intent))
        state = game.apply(state, seat, intent)
        if each is not None:
            each(state, seat, intent)
    raise AssertionError(f"{game.name}: no result after {max_steps} intents")
