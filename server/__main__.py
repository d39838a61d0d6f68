"""python -m server --host 127.0.0.1 --port 8000 [--data DIR | --redis redis://127.0.0.1:6379/0
| --redis-cluster redis://HOST:PORT]"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import sys

import uvicorn

from server.app import create_app
from server.broker.sqlite import DataError, SqliteBroker, hold_directory
from server.control import socket_path
from server.limits import Limits

HALL_PASSWORD_ENV = "SPIELTISCH_HALL_PASSWORD"
# uvicorn's names for the event loops the hall runs on (bench.hub passes one on).
LOOPS = ("auto", "asyncio", "uvloop")


def tune_gc(timer: bool = True) -> None:
    """Every move builds fresh views (many small dicts and lists) for every audience,
    and each pass of the cyclic collector that they set off stops every table of the
    process: with Python's thresholds the load bots measured p99 latency at 250 tables
    at ~940 ms; with raised ones (100,000) at 30-38 ms, the young generation's passes
    still taking up to 70 ms; with none, 21 ms. Views hold no reference cycles;
    reference counting frees them, and the cycles a closed connection leaves are broken
    (server/wire.py). So automatic passes are off; what does end up in cycles is
    collected on a timer, each pass over what was made since the last (collector.py).
    Objects alive at startup (modules, game data) are frozen out of the collector, as
    each pass freezes what survived it. Without the ``timer`` (--gc-every 0),
    automatic passes stay, only rarer, and nothing more is frozen."""
    gc.collect()
    gc.freeze()
    if timer:
        gc.disable()
    else:
        gc.set_threshold(100_000, 50, 100)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m server", description="Serve the board-game hall."
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    parser.add_argument(
        "--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)"
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--redis", metavar="URL", default=None, help="share the hall through Redis")
    where.add_argument(
        "--redis-cluster",
        metavar="URL",
        default=None,
        help="share the hall through a Redis Cluster (7 or later), given any of its nodes",
    )
    parser.add_argument(
        "--data",
        metavar="DIR",
        default="data",
        help="where a hall without Redis keeps its tables and finished games (default "
        "./data); :memory: keeps nothing past the process",
    )
    parser.add_argument(
        "--bot-delay", type=float, default=Limits().bot_delay, help="seconds an AI player waits"
    )
    parser.add_argument(
        "--lease-ttl",
        type=float,
        default=Limits().lease_ttl,
        help="seconds before another process takes over a silent owner's tables",
    )
    parser.add_argument(
        "--answer-within",
        type=float,
        default=Limits().answer_within,
        help="seconds a message for a table another process owns waits for its answer "
        "before it is refused as unavailable (default 2)",
    )
    parser.add_argument(
        "--ai-budget",
        type=float,
        default=Limits().ai_budget,
        help="seconds a strong AI player thinks per move (default 1)",
    )
    parser.add_argument(
        "--ai-workers",
        type=int,
        default=0,
        help="processes for AI decisions (default: one less than the cores)",
    )
    parser.add_argument(
        "--away-grace",
        type=float,
        default=Limits().away_grace,
        help="seconds a player may be away on their turn before the AI stands in (default 60)",
    )
    parser.add_argument(
        "--abandon-after",
        type=float,
        default=Limits().abandon_after,
        help="seconds a running game waits while every player is away, then closes",
    )
    parser.add_argument(
        "--open-tables",
        type=int,
        default=Limits().open_tables,
        help="tables waiting for players one person may host at once (default 5; 0: any)",
    )
    parser.add_argument(
        "--open-tables-per-address",
        type=int,
        default=Limits().open_tables_per_address,
        help="tables waiting for players the people of one address may host at once "
        "(default 20; 0: any)",
    )
    parser.add_argument(
        "--signin-failures-per-address",
        type=int,
        default=Limits().signin_failures_per_address,
        help="failed sign-ins from one address within 15 minutes, over all names, before "
        "it is refused (default 20; 0: not counted by address; a club or school behind "
        "one address may want more)",
    )
    parser.add_argument(
        "--guest-session-days",
        type=float,
        default=Limits().guest_session_days,
        help="days a guest's session lasts without a visit (default 90; an account's "
        "lasts 90 either way); a school whose computers are shared may want 1",
    )
    parser.add_argument(
        "--gc-every",
        type=float,
        default=Limits().gc_every,
        help="at least these seconds between full collections, made only when a closed "
        "connection left a reference cycle the hall could not break (default 60; 0: no "
        "timer, the collector's own rarer passes instead of a pass a second over what "
        "is new)",
    )
    parser.add_argument(
        "--hall-password",
        default=os.environ.get(HALL_PASSWORD_ENV) or None,
        help=f"a password every visitor must give (default: ${HALL_PASSWORD_ENV}, else none)",
    )
    parser.add_argument(
        "--accounts",
        choices=("optional", "required"),
        default=Limits().accounts,
        help="optional (the default): guests play too; required: guests may only watch",
    )
    parser.add_argument(
        "--no-push",
        dest="push",
        action="store_false",
        help="send no Web Push notifications (the hall gives browsers no key to subscribe with)",
    )
    parser.add_argument(
        "--push-contact",
        default=Limits().push_contact,
        help="how push services can reach whoever runs the hall, a mailto: or https: URL "
        f"(default {Limits().push_contact})",
    )
    parser.add_argument(
        "--loop",
        choices=LOOPS,
        default="auto",
        help="the event loop: uvloop where it is installed (auto, the default), or Python's own",
    )
    parser.add_argument("--log-level", default="info")
    args = parser.parse_args(argv)
    if not args.guest_session_days > 0:
        parser.error("--guest-session-days must be more than 0")

    logging.basicConfig(level=args.log_level.upper(), format="%(message)s", stream=sys.stderr)
    broker = control = None
    if args.redis is None and args.redis_cluster is None and args.data != ":memory:":
        try:
            hold_directory(args.data)  # for as long as the process lives
            broker = SqliteBroker(args.data)
            control = socket_path(args.data)  # where `python -m server.admin` asks
        except DataError as e:
            print(f"python -m server: cannot start: {e}", file=sys.stderr)
            return 2
    app = create_app(
        broker=broker,
        redis_url=args.redis,
        redis_cluster_url=args.redis_cluster,
        control=control,
        limits=Limits(
            bot_delay=args.bot_delay,
            lease_ttl=args.lease_ttl,
            answer_within=args.answer_within,
            ai_budget=args.ai_budget,
            ai_workers=args.ai_workers,
            away_grace=args.away_grace,
            abandon_after=args.abandon_after,
            open_tables=args.open_tables,
            open_tables_per_address=args.open_tables_per_address,
            signin_failures_per_address=args.signin_failures_per_address,
            guest_session_days=args.guest_session_days,
            gc_every=args.gc_every,
            hall_password=args.hall_password,
            accounts=args.accounts,
            push=args.push,
            push_contact=args.push_contact,
        ),
    )
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=1 << 20,  # frames past our own limit get `too_large`, not a dropped socket
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        lifespan="on",
        loop=args.loop,
    )
    tune_gc(timer=args.gc_every > 0)
    uvicorn.Server(config).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
