"""Random full games per second: ``python -m server.games.kingsburg.bench [seconds]``.

Each game is played to its end by picking a random active seat and a random intent
from its ``legal`` list, as the hall's random bot does; views are not built.
"""

from __future__ import annotations

import random
import sys
import time

from server.games.kingsburg.game import Kingsburg
from server.games.kingsburg.state import Options


def random_game(game: Kingsburg, seats: int, seed: int) -> int:
    """Play one game; the number of intents it took."""
    pick = random.Random(seed)
    state = game.setup(seats, Options(), seed)
    steps = 0
    while game.result(state) is None:
        seat = pick.choice(sorted(game.active(state)))
        state = game.apply(state, seat, pick.choice(game.legal(state, seat)))
        steps += 1
    return steps


def games_per_second(seats: int, seconds: float) -> tuple[float, float]:
    game = Kingsburg()
    games = steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        steps += random_game(game, seats, games)
        games += 1
    return games / elapsed, steps / games


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    for seats in (2, 5):
        rate, length = games_per_second(seats, seconds)
        print(f"kingsburg {seats} seats: {rate:.1f} random games/s ({length:.0f} intents a game)")


if __name__ == "__main__":
    main()
