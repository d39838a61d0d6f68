"""The hall's AI players. For now: a uniformly random choice among the legal intents,
seeded per room so a room with bots replays the same way in tests."""

from __future__ import annotations

import random
from typing import Any

from server.games.base import Game


class RandomPolicy:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game, state: Any, seat: int) -> Any | None:
        options = game.legal(state, seat)
        return self._rng.choice(options) if options else None
