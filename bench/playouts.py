"""Random full games per second, for every registered game, through the game contract
alone (no network): what an AI or a load test costs the server per game.

    python -m bench.playouts [--seconds 3]
"""

from __future__ import annotations

import argparse
import sys
import time

from server import games
from server.games.playout import random_playout


def playouts(name: str, seats: int, seconds: float) -> tuple[float, float]:
    """(games per second, intents per second) of random legal play."""
    game = games.get(name)
    done = intents = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or done == 0:
        _, steps = random_playout(game, seats, seed=done, choice_seed=done)
        intents += len(steps)
        done += 1
    elapsed = time.perf_counter() - start
    return done / elapsed, intents / elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per game and seat count")
    args = parser.parse_args(argv)
    print("random playouts (one core, legal + apply per intent)\n")
    print("| game | seats | games/s | intents/s |")
    print("|---|---:|---:|---:|")
    for name in games.names():
        game = games.get(name)
        for seats in sorted({game.min_seats, game.max_seats}):
            per_game, per_intent = playouts(name, seats, args.seconds)
            print(f"| {name} | {seats} | {per_game:.1f} | {per_intent:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
