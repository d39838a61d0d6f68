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
import contextlib
import gc
import random
import resource
import sys
import time
from typing import Any

from bench.hub import BenchClient, Hall, Stats, open_client, server_usage

PLAYERS = 2
OPENING_AT_ONCE = 50  # connections being opened at the same time
WARM_UP = 3  # moves made before the measured ones
MOVE_TIMEOUT = 10.0  # seconds a move may take to reach everyone before it is given up
RUN_LIMIT = 240.0  # seconds one size may take in all, setup included


async def watchers(url: str, room: str, stats: Stats, count: int) -> list[BenchClient]:
    sem = asyncio.Semaphore(OPENING_AT_ONCE)
    out: list[BenchClient] = []
    entered = 0

    async def one(i: int) -> None:
        nonlocal entered
        async with sem:
            c = await open_client(url, f"w{i}", stats, keep_view=False)
            out.append(c)
            await c.send({"t": "enter", "room": room})
            await c.expect("room")
        entered += 1
        if entered % 100 == 0 or entered == count:
            print(f"\r  watchers: {entered}/{count}", end="", file=sys.stderr, flush=True)

    await asyncio.gather(*(one(i) for i in range(count)))
    print(file=sys.stderr)
    return out


async def until(check: Any, timeout: float) -> bool:
    deadline = time.perf_counter() + timeout
    while not check():
        if time.perf_counter() > deadline:
            return False
        await asyncio.sleep(0.002)
    return True


async def measure(connections: int, moves: int, game: str) -> dict[str, Any]:
    hall = Hall("memory")
    url = hall.urls[0]
    pid = hall.procs[0].pid
    stats = Stats()
    clients: list[BenchClient] = []
    try:
        players = [await open_client(url, f"p{i}", stats, keep_view=True) for i in range(PLAYERS)]
        clients += players
        await players[0].send({"t": "create", "game": game})
        room = (await players[0].expect("room"))["room"]
        for i, p in enumerate(players):
            await p.send({"t": "sit", "room": room, "seat": i})
            await p.expect("room", you=i)
            p.room = room
        clients += await watchers(url, room, stats, connections - PLAYERS)
        await players[0].send({"t": "start", "room": room})
        for c in clients:
            await c.expect("snapshot")
            c.room = room
        rng = random.Random(1)
        latencies: list[float] = []
        firsts: list[float] = []  # to the first connection: the server's own part
        lost = 0
        cpu0, _ = server_usage(pid)
        mine0 = time.process_time()
        t0 = time.perf_counter()
        for n in range(-WARM_UP, moves):
            if n == 0:
                # The first moves after the start are not measured: the server is still
                # announcing the table to everyone who entered it.
                stats.measuring = True
                cpu0, _ = server_usage(pid)
                mine0 = time.process_time()
                t0 = time.perf_counter()
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
            elif await until(
                lambda k=key: len(stats.arrivals.get(k, ())) >= len(clients), MOVE_TIMEOUT
            ):
                latencies.append(max(stats.arrivals[key]) - stats.sent[key])
                firsts.append(min(stats.arrivals[key]) - stats.sent[key])
            else:
                lost += 1
            # Movers need the new view; the seated clients get the patch like the rest.
            await until(lambda v=v: all(q.v >= v for q in players), MOVE_TIMEOUT)
        elapsed = time.perf_counter() - t0
        cpu1, rss = server_usage(pid)
        mine = time.process_time() - mine0
        latencies.sort()
        firsts.sort()

        def ms(p: float) -> float:
            if not latencies:
                return float("nan")
            return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000

        return {
            "connections": len(clients),
            "moves": len(latencies),
            "lost": lost,
            "first_p50_ms": firsts[len(firsts) // 2] * 1000 if firsts else float("nan"),
            "p50_ms": ms(0.50),
            "p99_ms": ms(0.99),
            "max_ms": latencies[-1] * 1000 if latencies else float("nan"),
            "deliveries_per_s": stats.deliveries / elapsed if elapsed > 0 else 0.0,
            "server_cpu_pct": 100 * (cpu1 - cpu0) / elapsed if elapsed > 0 else 0.0,
            "server_rss_mb": rss,
            "bots_cpu_pct": 100 * mine / elapsed if elapsed > 0 else 0.0,
            "bytes_per_patch": stats.patch_bytes / max(1, stats.deliveries),
            "errors": stats.errors,
        }
    finally:
        await asyncio.gather(*(c.close() for c in clients))
        hall.stop()


async def bounded(connections: int, moves: int, game: str) -> dict[str, Any]:
    async with asyncio.timeout(RUN_LIMIT):
        return await measure(connections, moves, game)


def table(rows: list[dict[str, Any]], game: str, moves: int) -> str:
    out = [
        f"fan-out: one {game} table, {PLAYERS} players and the rest spectators; {moves} moves, "
        "each sent once the previous one reached every connection; latency from sending "
        "the intent to the last connection receiving its patch (first p50: to the first)",
        "",
        "| connections | moves | first p50 ms | p50 ms | p99 ms | max ms | deliveries/s | server CPU % | "
        "server RSS MB | bots' CPU % | bytes/patch | errors |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        out.append(
            f"| {r['connections']} | {r['moves']} | {r['first_p50_ms']:.1f} | {r['p50_ms']:.1f} | {r['p99_ms']:.1f} | "
            f"{r['max_ms']:.1f} | {r['deliveries_per_s']:.0f} | {r['server_cpu_pct']:.0f} | "
            f"{r['server_rss_mb']:.0f} | {r['bots_cpu_pct']:.0f} | {r['bytes_per_patch']:.0f} | "
            f"{sum(r['errors'].values()) + r['lost']} |"
        )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, nargs="+", default=[1000, 2000])
    parser.add_argument("--moves", type=int, default=60, help="moves measured per size")
    parser.add_argument("--game", default="carcassonne")
    args = parser.parse_args(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
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
