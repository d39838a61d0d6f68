"""Our server with the benchmark's Table game registered:

    .venv/bin/python bench/peers/ours_server.py --port 8000   (from the repository root)

The same server as ``python -m server`` (including its tuning of the cyclic garbage
collector); only the message-rate limit is lifted, because the peers have none and the
closed-loop run moves faster than a person would. ``--default-gc`` leaves Python's
collector as it comes, for the rows that show what the tuning is worth.
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

import uvicorn

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import tablegame  # noqa: E402

from server import games  # noqa: E402
from server.__main__ import tune_gc  # noqa: E402
from server.app import create_app  # noqa: E402
from server.limits import Limits  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="spieltisch with the benchmark Table game")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--log-level", default="warning")
    parser.add_argument(
        "--default-gc",
        action="store_true",
        help="leave Python's cyclic garbage collector untuned (python -m server tunes it)",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=args.log_level.upper(), format="%(message)s", stream=sys.stderr)
    games.register(tablegame.game)
    app = create_app(limits=Limits(rate=10_000.0, burst=10_000.0), client_dist=None)
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=1 << 20,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        lifespan="on",
    )
    if not args.default_gc:
        tune_gc()
    uvicorn.Server(config).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
