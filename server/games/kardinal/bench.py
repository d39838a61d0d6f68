"""Random full games per second: ``python -m server.games.kardinal.bench [seconds]``.

Two figures per player count: the rules alone (``legal`` + ``apply``, as a bot plays),
and the rules plus every audience's view after each step (as a room actor runs them).
"""

from __future__ import annotations

import sys
import time

from server.games.base import audience_view
from server.games.kardinal.game import Kardinal, KardinalOptions
from server.games.rng import Rng


def play(game: Kardinal, seats: int, seed: int, views: bool) -> int:
    state = game.setup(seats, KardinalOptions(), seed)
    rng = Rng.from_seed(seed ^ 0x5EED)
    steps = 0
    while game.result(state) is None:
        (seat,) = game.active(state)
        state = game.apply(state, seat, rng.choice(game.legal(state, seat)))
        steps += 1
        if views:
            for audience in [None, *range(seats)]:
                audience_view(game, state, audience)
    return steps


def rate(seats: int, views: bool, budget: float) -> tuple[float, float]:
    game = Kardinal()
    games = steps = 0
    began = time.perf_counter()
    while time.perf_counter() - began < budget:
        steps += play(game, seats, games, views)
        games += 1
    elapsed = time.perf_counter() - began
    return games / elapsed, steps / games


def main() -> None:
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for seats in (3, 5):
        for views in (False, True):
            per_second, steps = rate(seats, views, budget)
            what = "rules + views" if views else "rules only"
            print(
                f"kardinal {seats} seats, {what:13}: {per_second:8.1f} games/s ({steps:.0f} intents/game)"
            )


if __name__ == "__main__":
    main()
