"""The simple AI players: ``random`` and ``greedy``.

A game that can say how good a position looks for a seat (``Game.value``) gets a
greedy player: it tries the legal intents (a random sample of them when there are
many) on copies of the position and picks one that leads to the best value, ties
broken at random. The position is the seat's own: hidden parts dealt anew
(``Game.determinize``), so the player never learns from what it may not see. Other
games get a uniformly random legal intent. Both are seeded per table, so a table with
bots replays the same way in tests.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from server.games.base import Game, IllegalIntent

# Intents tried per decision: each costs a copy of the state, an apply and a value.
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
        saved = msgspec.msgpack.encode(game.determinize(state, seat, self._rng))
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
