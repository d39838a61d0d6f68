"""The Carcassonne engine alone: random full games per second, and the time to list
the legal placements of the drawn tile late in a game (from the open frontier).

    python -m bench.carcassonne_engine [--seconds 3]

It measures and prints a markdown table; it never passes or fails.
"""

from __future__ import annotations

import argparse
import sys
import time

from server.games.carcassonne import Options, game
from server.games.carcassonne.engine import PLACE, GameState
from server.games.rng import Rng

# Every expansion implemented, and the River.
ALL = Options(fluss=True, erweiterung=True, koenig=True, haendler=True, drache=True)


def games_per_second(seats: int, opts: Options, seconds: float) -> tuple[float, float]:
    rng = Rng.from_seed(seats)
    done = intents = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or done == 0:
        state = game.setup(seats, opts, rng.next64())
        while game.result(state) is None:
            # The dragon's walk (drache) is steered by every seat in turn: ask active.
            (seat,) = game.active(state)
            state = game.apply(state, seat, rng.choice(game.legal(state, seat)))
            intents += 1
        done += 1
    elapsed = time.perf_counter() - start
    return done / elapsed, intents / elapsed


def late_states(count: int, placed: int) -> list[GameState]:
    """States in the place phase with at least ``placed`` tiles on the board."""
    out: list[GameState] = []
    rng = Rng.from_seed(99)
    while len(out) < count:
        state = game.setup(2, Options(), rng.next64())
        while game.result(state) is None:
            if state.phase == PLACE and len(state.board.tiles) >= placed:
                out.append(state)
                break
            state = game.apply(state, state.turn, rng.choice(game.legal(state, state.turn)))
    return out


def legal_time(states: list[GameState], repeat: int) -> tuple[float, float, float]:
    """(microseconds per legal() call, mean placements listed, mean frontier size)."""
    start = time.perf_counter()
    listed = 0
    for _ in range(repeat):
        for state in states:
            listed += len(game.legal(state, state.turn))
    elapsed = time.perf_counter() - start
    calls = repeat * len(states)
    frontier = sum(len(s.board.frontier) for s in states) / len(states)
    return elapsed / calls * 1e6, listed / calls, frontier


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per row of random games")
    args = parser.parse_args(argv)
    print("Carcassonne engine, one core, random legal play (legal + apply per intent)\n")
    print("| case | games/s | intents/s |")
    print("|---|---:|---:|")
    for seats, opts, label in (
        (2, Options(), "2 seats, base"),
        (5, Options(), "5 seats, base"),
        (2, Options(fluss=True), "2 seats, fluss"),
        (5, Options(fluss=True, old=True), "5 seats, fluss + old"),
        (2, Options(drache=True), "2 seats, drache"),
        (2, ALL, "2 seats, fluss + all four expansions"),
        (6, ALL, "6 seats, fluss + all four expansions"),
    ):
        per_game, per_intent = games_per_second(seats, opts, args.seconds)
        print(f"| {label} | {per_game:.1f} | {per_intent:.0f} |", flush=True)
    print()
    print(
        "| legal placements late in a game | µs per call | placements listed | frontier squares |"
    )
    print("|---|---:|---:|---:|")
    for placed in (40, 65):
        states = late_states(20, placed)
        micros, listed, frontier = legal_time(states, 50)
        print(f"| {placed}+ tiles on the board | {micros:.1f} | {listed:.1f} | {frontier:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
