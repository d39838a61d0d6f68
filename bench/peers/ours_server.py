"""Our server with the benchmark's Table game registered:

    .venv/bin/python bench/peers/ours_server.py --port 8000   (from the repository root)

The same server as ``python -m server``; only the message-rate limit is lifted, because
the peers have none and the closed-loop run moves faster than a person would.
``--gc-threshold N`` (off by default) tunes Python's cyclic GC, for the ``ours-gc`` rows.
"""

from __future__ import annotations

import argparse
import gc
import logging
import sys
from pathlib import Path

import uvicorn

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import tablegame  # noqa: E402

from server import games  # noqa: E402
from server.app import create_app  # noqa: E402
from server.hall import Limits  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="spieltisch with the benchmark Table game")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--log-level", default="warning")
    parser.add_argument(
        "--gc-threshold",
        type=int,
        default=None,
        metavar="N",
        help="first-generation threshold of Python's cyclic GC (default: Python's own, 700)",
    )
    args = parser.parse_args(argv)
    if args.gc_threshold:
        # fewer young collections, and far fewer full ones over thousands of live connections
        gc.set_threshold(args.gc_threshold, 50, 1000)
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
    uvicorn.Server(config).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
