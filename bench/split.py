"""A move's hub CPU, split into what it costs once and what each connection it
reaches adds: `bench.hub` with the Node clients, the same tables run with different
numbers of spectators, and a straight line fitted through hub µs per move against
connections per table.

    python -m bench.split [--game NAME ...] [--spectators 0 4 12] [--rounds 1]
                          [--rooms 250] [--duration 15] [--interval 0.5]
                          [--clients-preempt] [--floor]

Each round runs every game with every number of spectators, the numbers in turn, so
that a machine that slows down or speeds up over the runs weighs on every number
alike; more rounds give more points to fit. The line's slope is the cost of one more
connection (a patch framed once per audience, but written once per connection: the
system call, the kernel's loopback path and waking the reader), its value at zero
connections what the move costs whoever watches: reading the intent, the game's
rules and views, the diffs, the patches, the event loop's turn. Issue 21's target of
100 µs a move at 8 connections a table is set beside it: what it would leave for the
once-a-move part after eight connections. With ``--floor`` each round also runs
`bench.floor`'s server, which plays no game, with the same numbers of spectators, and
a last table gives each game's line at 8 connections less the floor's: the hall's own
part of a move, what the stack and the kernel do not take. ``--game null`` plays a
game that does next to nothing (bench/nullgame.py): its own part is the way a move
travels through the hall, without rules, views or diffs to speak of; with it among
the games, the last table also gives each game's own part beyond the null game's (its
rules, views and diffs), and each against the floor. It prints tables; it never fails
on a time.
Traffic goes to 127.0.0.1 only, and every run stops by itself.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from bench import hub
from bench.harness.clients import open_files_for_clients
from bench.harness.figures import fit
from bench.harness.printing import Table, errors
from bots import runner

TARGET_US = 100.0  # issue 21: server CPU per move, 4 seats and 4 spectators
TARGET_CONNECTIONS = hub.SEATS + hub.SPECTATORS


def run_one(game: str, spectators: int, args: argparse.Namespace) -> dict[str, Any]:
    return runner.run(
        hub.measure(
            args.rooms,
            args.duration,
            args.interval,
            game,
            "memory",
            generator="node",
            spectators=spectators,
            clients_preempt=args.clients_preempt,
        )
    )


RUNS = Table(
    [
        ("round", "{round}"),
        ("connections a table", "{per_table}"),
        ("moves/s", "{moves_per_s:.0f}"),
        ("hub µs/move", "{us_per_move:.0f}"),
        ("of which kernel", "{kernel_us_per_move:.0f}"),
        ("p99 ms", "{p99_ms:.1f}"),
        ("errors", lambda r: errors(r["errors"])),
    ]
)
Fit = tuple[str, float, float, float, float]  # game, once, each, of which kernel, at 8
SUMMARY = Table(
    [
        ("game", "{0}"),
        ("once a move µs", "{1:.0f}"),
        ("per connection µs", "{2:.1f}"),
        ("of which kernel µs", "{3:.1f}"),
        ("at 8 connections µs", "{4:.0f}"),
        (
            "left for once a move under 100 µs",
            lambda f: f"{TARGET_US - TARGET_CONNECTIONS * f[2]:.0f}",
        ),
    ],
    left=[0],
)
OWN_PARTS = Table(
    [
        ("game", "{0}"),
        ("at 8 connections µs", "{1:.0f}"),
        ("of which the floor's", "{2:.0f}"),
        ("the hall's own", "{3:.0f}"),
        ("own ÷ floor", lambda r: f"{r[3] / r[2]:.2f}"),
        # With the null game among the games: what a game costs beyond the way a move
        # travels through the hall (the null game's own part), against the floor.
        ("beyond the null game", lambda r: "" if r[4] is None else f"{r[4]:.0f}"),
        ("beyond ÷ floor", lambda r: "" if r[4] is None else f"{r[4] / r[2]:.2f}"),
    ],
    left=[0],
)
NULL = "null"


def table(game: str, rows: list[dict[str, Any]]) -> str:
    return f"{game}: runs\n\n" + RUNS(rows)


def add_line_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of runs fitted by a line (this command's, and bench.floor's)."""
    parser.add_argument("--spectators", type=int, nargs="+", default=[0, 4, 12])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--rooms", type=int, default=250)
    parser.add_argument("--duration", type=float, default=15.0, help="seconds of play a run")
    parser.add_argument(
        "--interval", type=float, default=0.5, help="seconds between moves in a table"
    )
    parser.add_argument(
        "--clients-preempt",
        action="store_true",
        help="the Node clients at the normal scheduling policy (bench.hub --clients-preempt)",
    )


def check_line_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if len(set(args.spectators)) < 2 or min(args.spectators) < 0:
        parser.error("--spectators needs two different numbers at least, none below 0")
    if args.rounds < 1 or args.rooms < 1:
        parser.error("--rounds and --rooms must be at least 1")


def own_parts(fits: list[Fit]) -> str:
    """Each game's line at 8 connections less the floor's (bench.floor's server, which
    plays no game, in the same rounds): what is the hall's own; and, when the null game
    ran too, each game's own part less the null game's."""
    floor_at8 = next(at8 for game, *_, at8 in fits if game == FLOOR)
    null_at8 = next((at8 for game, *_, at8 in fits if game == NULL), None)
    return OWN_PARTS(
        [
            (
                game,
                at8,
                floor_at8,
                at8 - floor_at8,
                None if null_at8 is None or game == NULL else at8 - null_at8,
            )
            for game, *_, at8 in fits
            if game != FLOOR
        ]
    )


FLOOR = "no game (bench.floor)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game", action="append", help="a 4-seat game (repeatable; default carcassonne)"
    )
    add_line_arguments(parser)
    parser.add_argument(
        "--floor",
        action="store_true",
        help="also run bench.floor's server (no game) in each round, and print each "
        "game's own part: its line at 8 connections less the floor's",
    )
    args = parser.parse_args(argv)
    check_line_arguments(parser, args)
    open_files_for_clients()
    games = [hub.pick_game(g) for g in args.game or [None]]
    from bench import floor  # it uses this module's line

    floor_args = argparse.Namespace(
        **vars(args), bytes=floor.DEFAULT_BYTES, asgi=False, loop="auto", server="python"
    )
    kinds = ([FLOOR] if args.floor else []) + games
    runs: dict[str, list[dict[str, Any]]] = {g: [] for g in kinds}
    total = len(kinds) * len(args.spectators) * args.rounds
    done = 0
    for round_ in range(1, args.rounds + 1):
        for game in kinds:
            for spectators in args.spectators:
                done += 1
                print(
                    f"split: run {done} of {total}: {game}, {hub.SEATS} seats + "
                    f"{spectators} spectators, round {round_}",
                    file=sys.stderr,
                    flush=True,
                )
                if game == FLOOR:
                    row = runner.run(floor.run_one(floor_args, spectators))
                else:
                    row = run_one(game, spectators, args)
                row["round"] = round_
                row["per_table"] = hub.SEATS + spectators
                runs[game].append(row)
    print(
        f"hub CPU a move against connections a table: {args.rooms} tables, one move a table "
        f"every {args.interval:g} s, {args.duration:g} s a run, the Node clients (ids sent "
        "as the app does, compact patches), one process, embedded broker\n"
    )
    fits: list[Fit] = []
    for game in kinds:
        rows = runs[game]
        print(table(game, rows) + "\n")
        once, each = fit([(r["per_table"], r["us_per_move"]) for r in rows])
        _, kernel_each = fit([(r["per_table"], r["kernel_us_per_move"]) for r in rows])
        fits.append((game, once, each, kernel_each, once + TARGET_CONNECTIONS * each))
    print(SUMMARY(fits))
    if args.floor:
        print("\n" + own_parts(fits))
    return 0


if __name__ == "__main__":
    sys.exit(main())
