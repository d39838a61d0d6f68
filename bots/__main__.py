"""python -m bots load --url ws://127.0.0.1:8000/ws --game carcassonne --rooms 250
--spectators 4 --think 0.5 --duration 60 [--procs N] [--json FILE]

python -m bots arena --game carcassonne --seats 2 --a strong --b greedy --games 40

``load`` load-tests a running hall with websocket bots; the exit status is 1 when a
bot's patched view differs from its snapshot or when no table got to play. ``arena``
plays AI levels against each other without a server. Progress goes to stderr, the
report to stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import msgspec

from bots import runner
from bots.arena import main_arena
from bots.load import Config, RemoteRefused, check_url, run_load, seats_for
from bots.report import exit_status, render
from bots.spread import WorkerFailed
from server.ai import LEVELS


def _options(text: str) -> dict[str, object]:
    try:
        value = json.loads(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(f"not JSON: {e}") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError("options are a JSON object")
    return value


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bots", description="Websocket bots for the hall.")
    sub = p.add_subparsers(dest="command", required=True)
    load = sub.add_parser(
        "load",
        help="open tables of bots that play random legal moves, with spectators",
        description="Open tables of bots that play random legal moves while spectator "
        "bots watch; report latency, throughput, errors and a consistency check.",
    )
    load.add_argument("--url", default="ws://127.0.0.1:8000/ws", help="the hall's websocket")
    load.add_argument("--game", default="carcassonne")
    load.add_argument("--rooms", type=int, default=250, help="tables played at once")
    load.add_argument(
        "--seats",
        type=int,
        default=None,
        help="players per table (default 4, within the game's limits)",
    )
    load.add_argument("--spectators", type=int, default=4, help="watchers per table")
    load.add_argument(
        "--think", type=float, default=0.5, help="mean seconds a player waits before each intent"
    )
    load.add_argument(
        "--duration", type=float, default=60.0, help="seconds from the start until the bots stop"
    )
    load.add_argument(
        "--grace", type=float, default=10.0, help="seconds the final consistency check may take"
    )
    load.add_argument(
        "--options",
        type=_options,
        default={},
        help="table options as JSON, e.g. '{\"fluss\": true}'",
    )
    load.add_argument("--seed", type=int, default=None, help="seed of the bots' choices")
    load.add_argument(
        "--json", metavar="FILE", type=Path, default=None, help="write the report here"
    )
    load.add_argument(
        "--allow-remote",
        action="store_true",
        help="allow a URL whose host is not loopback (only for a hall you run)",
    )
    load.add_argument(
        "--server-pid",
        type=int,
        default=None,
        help="process id of a server on this machine: report its CPU and memory",
    )
    load.add_argument(
        "--procs",
        type=int,
        default=1,
        help="spread the tables over N processes, so that the bots' own CPU does not "
        "set the pace (default 1)",
    )
    load.add_argument(
        "--compact",
        action="store_true",
        help="ask for compact patches, as the browser app does (bytes per patch shrink)",
    )
    load.add_argument("--quiet", action="store_true", help="no live progress line")

    arena = sub.add_parser(
        "arena",
        help="AI levels play each other, without a server",
        description="Play K games between AI levels: A takes one seat (rotating), B the "
        "others; report A's wins (ties shared) with a 95%% interval, mean scores and "
        "time per decision.",
    )
    arena.add_argument("--game", default="carcassonne")
    arena.add_argument("--seats", type=int, default=None, help="default: the game's minimum")
    arena.add_argument("--a", default="strong", choices=LEVELS, help="the level on one seat")
    arena.add_argument("--b", default="greedy", choices=LEVELS, help="the level on the others")
    arena.add_argument("--games", type=int, default=40)
    arena.add_argument(
        "--budget", type=float, default=1.0, help="seconds per strong decision (default 1)"
    )
    arena.add_argument(
        "--iterations",
        type=int,
        default=None,
        help="search iterations per strong decision instead of a time budget (reproducible)",
    )
    arena.add_argument(
        "--rollout", type=int, default=None, help="strong: random moves after a new node"
    )
    arena.add_argument(
        "--exploration", type=float, default=None, help="strong: the UCB exploration constant"
    )
    arena.add_argument("--options", type=_options, default={}, help="game options as JSON")
    arena.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    arena.add_argument(
        "--json", metavar="FILE", type=Path, default=None, help="write the report here"
    )
    arena.add_argument("--quiet", action="store_true", help="no live progress line")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command == "arena":
        if args.games < 1 or args.budget <= 0 or args.jobs < 1:
            print(
                "python -m bots arena: --games, --budget and --jobs must be positive",
                file=sys.stderr,
            )
            return 2
        return main_arena(args)
    try:
        check_url(args.url, args.allow_remote)
    except (RemoteRefused, ValueError) as e:
        print(f"python -m bots: {e}", file=sys.stderr)
        return 2
    for name in ("rooms", "spectators", "seats", "procs"):
        value = getattr(args, name)
        if value is not None and value < (1 if name != "spectators" else 0):
            print(f"python -m bots: --{name} is too small", file=sys.stderr)
            return 2
    if args.think < 0 or args.duration <= 0 or args.grace <= 0:
        print("python -m bots: --think, --duration and --grace must be positive", file=sys.stderr)
        return 2
    config = Config(
        url=args.url,
        game=args.game,
        rooms=args.rooms,
        seats=seats_for(args.url, args.game, args.seats),
        spectators=args.spectators,
        think=args.think,
        duration=args.duration,
        grace=args.grace,
        seed=args.seed,
        options=args.options,
        server_pid=args.server_pid,
        compact=args.compact,
    )
    try:
        report = runner.run(run_load(config, args.procs, None if args.quiet else sys.stderr))
    except WorkerFailed as e:  # one of the --procs processes fell over: no report
        print(f"python -m bots: {e}", file=sys.stderr)
        return 1
    print(render(report))
    if args.json is not None:
        args.json.write_bytes(msgspec.json.format(msgspec.json.encode(report)) + b"\n")
    return exit_status(report)


if __name__ == "__main__":
    sys.exit(main())
