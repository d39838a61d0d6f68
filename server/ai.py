"""The hall's AI players.

A game that can say how good a position looks for a seat (``Game.value``) gets a
greedy player: it tries the legal intents (a random sample of them when there are
many) on copies of the state and picks one that leads to the best value, ties broken
at random. Other games get a uniformly random legal intent. Both are seeded per room,
so a room with bots replays the same way in tests.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from server.games.base import Game, IllegalIntent

# Intents tried per decision: each costs a copy of the state, an apply and a value,
# on the room's event loop.
SAMPLE = 24


class RandomPolicy:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game, state: Any, seat: int) -> Any | None:
        options = game.legal(state, seat)
        return self._rng.choice(options) if options else None


class GreedyPolicy(RandomPolicy):
    def choose(self, game: Game, state: Any, seat: int) -> Any | None:
        options = game.legal(state, seat)
        if len(options) < 2 or not has_value(game):
            return self._rng.choice(options) if options else None
        if len(options) > SAMPLE:
            options = self._rng.sample(options, SAMPLE)
        saved = msgspec.msgpack.encode(state)
        best: list[Any] = []
        best_value = float("-inf")
        for intent in options:
            copy = msgspec.msgpack.decode(saved, type=game.State)
            try:
                value = game.value(game.apply(copy, seat, intent), seat)
            except IllegalIntent:
                continue
            if value is None:
                continue
            if value > best_value:
                best, best_value = [intent], value
            elif value == best_value:
                best.append(intent)
        return self._rng.choice(best or options)


def has_value(game: Game) -> bool:
    """Whether the game measures positions (it overrides ``Game.value``)."""
    return getattr(type(game), "value", Game.value) is not Game.value
