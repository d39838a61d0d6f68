"""How long a durable hall takes to come back: N tables in play, the process killed
with SIGKILL, and the time until the new process answers with every table back.

    python -m bench.restore [--tables 1000] [--moves 12] [--game carcassonne]

Each table is a person against a random AI player, opened and played through the
wire (the person plays ``--moves`` of its own moves, the AI answers each), so the
database holds what a real evening leaves: meta, logs and saved states. The server
(`python -m server --data DIR`, a temporary directory) is then killed, started again,
and timed from its start to its first answer on /healthz (it listens only once every
table is back), beside the same start with an empty directory. It prints a table; it
never fails on a time. Traffic goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

from bench.harness.peer import Peer
from bench.harness.printing import Progress, Table
from bench.harness.servers import HallServer
from bench.harness.tables import open_table


def start(data: Path, port: int | None = None) -> HallServer:
    """A server on ``data``; its ``started_in`` is the seconds until it answered."""
    return HallServer(data=str(data), extra=["--bot-delay", "0"], port=port, timeout=300)


async def one_table(url: str, game: str, moves: int, rng: random.Random) -> None:
    p = await Peer.open(url, "bench", rate=None)
    try:
        await open_table(p, game, bots=["random"])
        for _ in range(moves):
            await p.until(lambda: p.ready_to_move() or p.game_over(), 30)
            if p.game_over():
                break
            assert p.view is not None
            await p.act(rng.choice(p.view["legal"]))
        await p.until(lambda: p.pending is None, 30)  # the last move applied
    finally:
        await p.close()


async def fill(url: str, tables: int, game: str, moves: int) -> None:
    rng = random.Random(1)
    gate = asyncio.Semaphore(32)
    done = 0
    progress = Progress()

    async def one() -> None:
        nonlocal done
        async with gate:
            await one_table(url, game, moves, rng)
        done += 1
        if done % 50 == 0 or done == tables:
            progress(f"  {done}/{tables} tables opened and played")

    await asyncio.gather(*(one() for _ in range(tables)))
    progress.done()


async def count_tables(url: str) -> int:
    p = await Peer.open(url, "counter", rate=None)
    try:
        return len((await p.ask({"t": "rooms"}, "room_list"))["rooms"])
    finally:
        await p.close()


ROWS = Table(
    [
        ("start", "{0}"),
        ("seconds to answer", "{1:.2f}"),
        ("tables in the lobby", "{2}"),
        ("CPU s", "{3}"),
        ("RSS MB", "{4}"),
    ],
    left=[0],
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.restore", description=__doc__)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=12, help="the person's moves per table")
    parser.add_argument("--game", default="carcassonne")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-restore-") as tmp:
        data = Path(tmp)
        with start(data) as first:
            t0 = time.perf_counter()
            asyncio.run(fill(first.url, args.tables, args.game, args.moves))
            filled = time.perf_counter() - t0
            before = asyncio.run(count_tables(first.url))
            first.kill()
        size = sum(f.stat().st_size for f in data.iterdir()) / 1e6
        with start(data, first.port) as second:
            after = asyncio.run(count_tables(second.url))
            cpu, rss = second.usage()
    print(
        f"{args.tables} {args.game} tables, {args.moves} moves of the person's each "
        f"(filled in {filled:.0f} s; database {size:.1f} MB)"
    )
    rows = [("empty data directory", first.started_in, 0, "", "")]
    rows.append(
        (f"after SIGKILL, {before} tables", second.started_in, after, f"{cpu:.1f}", f"{rss:.0f}")
    )
    print(ROWS(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
