"""Random full games per second, for every registered game, through the game contract
alone (no network): what an AI or a load test costs the server per game.

    python -m bench.playouts [--seconds 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import msgspec

from server import games
from server.games.base import IllegalIntent
from server.games.playout import random_playout

# Rows besides each game's default options: (game, label, options as the hall gets
# them). Carcassonne with every expansion implemented and the River on.
VARIANTS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    (
        "carcassonne",
        "carcassonne (fluss + erweiterung + koenig + haendler + drache)",
        {"fluss": True, "erweiterung": True, "koenig": True, "haendler": True, "drache": True},
    ),
)


def playouts(
    name: str, seats: int, seconds: float, options: dict[str, Any] | None = None
) -> tuple[float, float]:
    """(games per second, intents per second) of random legal play."""
    game = games.get(name)
    opts = msgspec.convert(options or {}, game.Options)
    done = intents = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or done == 0:
        _, steps = random_playout(game, seats, seed=done, choice_seed=done, options=opts)
        intents += len(steps)
        done += 1
    elapsed = time.perf_counter() - start
    return done / elapsed, intents / elapsed


def seat_counts(game: Any, options: dict[str, Any]) -> list[int]:
    """The fewest and the most seats the game takes with these options (a game may
    refuse its largest table without some option, as Carcassonne does six players)."""
    opts = msgspec.convert(options, game.Options)
    most = game.max_seats
    while most > game.min_seats:
        try:
            game.check_options(opts, most)
            break
        except IllegalIntent:
            most -= 1
    return sorted({game.min_seats, most})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per game and seat count")
    args = parser.parse_args(argv)
    print("random playouts (one core, legal + apply per intent)\n")
    print("| game | seats | games/s | intents/s |")
    print("|---|---:|---:|---:|")
    for name in games.names():
        game = games.get(name)
        for seats in seat_counts(game, {}):
            per_game, per_intent = playouts(name, seats, args.seconds)
            print(f"| {name} | {seats} | {per_game:.1f} | {per_intent:.0f} |", flush=True)
    for name, label, options in VARIANTS:
        game = games.get(name)
        for seats in seat_counts(game, options):
            per_game, per_intent = playouts(name, seats, args.seconds, options)
            print(f"| {label} | {seats} | {per_game:.1f} | {per_intent:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
