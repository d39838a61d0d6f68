"""Fan-out: one table watched by many connections. For each move, the time from the
intent being sent to the last connection receiving its patch.

    python -m bench.fanout [--connections 1000 2000] [--moves 60] [--game carcassonne]

The server runs as its own process (so its CPU and memory are its own); the table has
two players and ``connections - 2`` spectators, all in this process. Moves are made
one at a time: the next is sent once every connection has the last one, so each
sample is one whole fan-out. The bots' own CPU is shown too: on a small machine the
clients reading thousands of frames are part of what is measured. Loopback only;
every step has a time limit, so a run always ends.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from bench.harness.clients import Client, Stats, open_client, open_files_for_clients, past, until
from bench.harness.figures import percentile
from bench.harness.printing import Progress, Table
from bench.harness.servers import HallServer
from bench.harness.tables import open_table, start_table
from bots.procfs import Meter

PLAYERS = 2
OPENING_AT_ONCE = 50  # connections being opened at the same time
WARM_UP = 3  # moves made before the measured ones
MOVE_TIMEOUT = 10.0  # seconds a move may take to reach everyone before it is given up
RUN_LIMIT = 240.0  # seconds one size may take in all, setup included


async def watchers(url: str, room: str, stats: Stats, count: int) -> list[Client]:
    sem = asyncio.Semaphore(OPENING_AT_ONCE)
    out: list[Client] = []
    entered = 0
    progress = Progress()

    async def one(i: int) -> None:
        nonlocal entered
        async with sem:
            c = await open_client(url, f"w{i}", stats, keep_view=False)
            out.append(c)
            await c.ask({"t": "enter", "room": room}, "room", room=room)
        entered += 1
        if entered % 100 == 0 or entered == count:
            progress(f"  watchers: {entered}/{count}")

    await asyncio.gather(*(one(i) for i in range(count)))
    progress.done()
    return out


def reached(stats: Stats, key: tuple[str, int], count: int) -> Callable[[], bool]:
    """Whether the patch ``key`` has reached ``count`` connections."""
    return lambda: len(stats.arrivals.get(key, ())) >= count


async def measure(connections: int, moves: int, game: str) -> dict[str, Any]:
    server = HallServer(loop="auto")
    stats = Stats()
    clients: list[Client] = []
    try:
        for i in range(PLAYERS):
            clients.append(await open_client(server.url, f"p{i}", stats, keep_view=True))
        players = list(clients)
        room = await open_table(players[0], game, players[1:], start=False)
        clients += await watchers(server.url, room, stats, connections - PLAYERS)
        await start_table(players[0], clients, room)
        rng = random.Random(1)
        latencies: list[float] = []
        firsts: list[float] = []  # to the first connection: the server's own part
        lost = 0
        meter = Meter(server.pid)
        meter.begin()
        mine0 = time.process_time()
        for n in range(-WARM_UP, moves):
            if n == 0:
                # The first moves after the start are not measured: the server is still
                # announcing the table to everyone who entered it.
                stats.measuring = True
                meter.begin()
                mine0 = time.process_time()
            movers = [p for p in players if p.view and p.view["legal"]]
            if not movers:
                break  # the game is over
            p = rng.choice(movers)
            v = p.v + 1
            key = (room, v)
            stats.sent[key] = time.perf_counter()
            intent = rng.choice(p.view["legal"])
            await p.send({"t": "act", "room": room, "v": p.v, "intent": intent})
            if not stats.measuring:
                pass
            elif await until(reached(stats, key, len(clients)), MOVE_TIMEOUT):
                latencies.append(max(stats.arrivals[key]) - stats.sent[key])
                firsts.append(min(stats.arrivals[key]) - stats.sent[key])
            else:
                lost += 1
            # Movers need the new view; the seated clients get the patch like the rest.
            await until(past(players, v - 1), MOVE_TIMEOUT)
        meter.end()
        mine = time.process_time() - mine0
        elapsed = meter.elapsed

        def ms(values: list[float], p: float) -> float:
            x = percentile(values, p)
            return x * 1000 if x is not None else float("nan")

        return {
            "connections": len(clients),
            "moves": len(latencies),
            "lost": lost,
            "first_p50_ms": ms(firsts, 0.5),
            "p50_ms": ms(latencies, 0.50),
            "p99_ms": ms(latencies, 0.99),
            "max_ms": max(latencies) * 1000 if latencies else float("nan"),
            "deliveries_per_s": stats.deliveries / elapsed if elapsed > 0 else 0.0,
            "server_cpu_pct": meter.cpu_pct if elapsed > 0 else 0.0,
            "server_rss_mb": meter.rss_mb,
            "bots_cpu_pct": 100 * mine / elapsed if elapsed > 0 else 0.0,
            "bytes_per_patch": stats.patch_bytes / max(1, stats.deliveries),
            "errors": stats.errors,
        }
    finally:
        await asyncio.gather(*(c.close() for c in clients))
        server.stop()


async def bounded(connections: int, moves: int, game: str) -> dict[str, Any]:
    async with asyncio.timeout(RUN_LIMIT):
        return await measure(connections, moves, game)


ROWS = Table(
    [
        ("connections", "{connections}"),
        ("moves", "{moves}"),
        ("first p50 ms", "{first_p50_ms:.1f}"),
        ("p50 ms", "{p50_ms:.1f}"),
        ("p99 ms", "{p99_ms:.1f}"),
        ("max ms", "{max_ms:.1f}"),
        ("deliveries/s", "{deliveries_per_s:.0f}"),
        ("server CPU %", "{server_cpu_pct:.0f}"),
        ("server RSS MB", "{server_rss_mb:.0f}"),
        ("bots' CPU %", "{bots_cpu_pct:.0f}"),
        ("bytes/patch", "{bytes_per_patch:.0f}"),
        ("errors", lambda r: sum(r["errors"].values()) + r["lost"]),
    ]
)


def table(rows: list[dict[str, Any]], game: str, moves: int) -> str:
    return "\n".join(
        [
            f"fan-out: one {game} table, {PLAYERS} players and the rest spectators; {moves} "
            "moves, each sent once the previous one reached every connection; latency from "
            "sending the intent to the last connection receiving its patch (first p50: to "
            "the first)",
            "",
            ROWS(rows),
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, nargs="+", default=[1000, 2000])
    parser.add_argument("--moves", type=int, default=60, help="moves measured per size")
    parser.add_argument("--game", default="carcassonne")
    args = parser.parse_args(argv)
    open_files_for_clients()
    rows = []
    for n in args.connections:
        print(f"fan-out: {n} connections", file=sys.stderr)
        # Thousands of client connections in one process: the cyclic collector's pauses
        # would be the clients', not the server's (see bots/load.py); off while measuring.
        gc.disable()
        try:
            rows.append(asyncio.run(bounded(n, args.moves, args.game)))
        except Exception as e:  # a run that falls over is reported, not a crash
            print(f"fan-out at {n} connections failed: {e!r}", file=sys.stderr)
        finally:
            gc.enable()
            gc.collect()
    print(table(rows, args.game, args.moves))
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main())
