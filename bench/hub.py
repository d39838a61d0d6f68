"""The hub under load: R rooms x 8 connections (4 seats, 4 spectators) on loopback,
one move per room every 500 ms.

    python -m bench.hub [--rooms 125 250] [--duration 20] [--game NAME]
                        [--setups memory sqlite redis-1 redis-2] [--no-failover]
                        [--ai-tables N]

Setups: one process with the embedded broker, keeping nothing (`memory`, `--data
:memory:`) or keeping every move in its SQLite database (`sqlite`, `--data` in a
temporary directory); one process with Redis; two processes
with Redis and each room's clients split between them. Then the failover time: from
killing a room's owner to the first move applied by its successor.

It starts the server as a separate process (so its CPU and memory are its own), opens
the tables through the wire as people would, plays random legal moves from `legal`,
and measures, for every move, the time from sending the intent to the last of the
room's 8 clients receiving its patch. With ``--ai-tables N`` it also opens N tables
of one quick player and three strong AI players, whose searches run all along, and
measures the people's tables beside them. It prints a table; it never fails on a time.
Traffic goes to 127.0.0.1 only, and every run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect

from protocol.patch import apply
from server import games
from tests.support.redis_server import RedisServer

SEATS = 4
SPECTATORS = 4
_enc = msgspec.msgpack.Encoder().encode
_dec = msgspec.msgpack.Decoder().decode


@dataclass
class Stats:
    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    arrivals: dict[tuple[str, int], list[float]] = field(default_factory=dict)
    deliveries: int = 0
    patch_bytes: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    measuring: bool = False


class BenchClient:
    """One connection; seated clients keep their view (they need `legal`)."""

    def __init__(self, ws: ClientConnection, stats: Stats, keep_view: bool) -> None:
        self.ws = ws
        self.stats = stats
        self.keep_view = keep_view
        self.room = ""
        self.token: str | None = None
        self.v = -1
        self.view: Any = None
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for raw in self.ws:
                now = time.perf_counter()
                assert isinstance(raw, bytes)  # the server answers MessagePack in binary frames
                msg = _dec(raw)
                t = msg["t"]
                if t == "patch":
                    key = (msg["room"], msg["v"])
                    if self.stats.measuring:
                        self.stats.deliveries += 1
                        self.stats.patch_bytes += len(raw)
                        self.stats.arrivals.setdefault(key, []).append(now)
                    if self.keep_view and msg["v"] == self.v + 1:
                        self.view = apply(self.view, msg["ops"])
                    self.v = msg["v"]
                elif t == "snapshot":
                    self.v, self.view = msg["v"], msg["view"]
                    await self.inbox.put(msg)
                elif t == "error":
                    self.stats.errors[msg.get("code", "?")] += 1
                    await self.inbox.put(msg)
                else:
                    await self.inbox.put(msg)

    async def send(self, msg: dict[str, Any]) -> None:
        await self.ws.send(_enc(msg))

    async def expect(self, t: str, **match: Any) -> dict[str, Any]:
        while True:
            msg = await asyncio.wait_for(self.inbox.get(), 30)
            if msg["t"] == t and all(msg.get(k) == v for k, v in match.items()):
                return msg

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(), 2)
        self.reader.cancel()


async def open_client(
    url: str, name: str, stats: Stats, keep_view: bool, token: str | None = None
) -> BenchClient:
    ws = await connect(url, max_size=1 << 22, open_timeout=30, compression=None)
    c = BenchClient(ws, stats, keep_view)
    await c.send({"t": "hello", "name": name, "token": token})
    c.token = (await c.expect("welcome"))["token"]
    return c


async def open_room(urls: list[str], game: str, stats: Stats, n: int) -> list[BenchClient]:
    """A table whose 8 clients are spread over the processes round-robin; the host
    (and so the owner) is on the first."""
    host = await open_client(urls[0], f"h{n}", stats, True)
    await host.send({"t": "create", "game": game})
    room = (await host.expect("room"))["room"]
    seated = [host]
    for i in range(1, SEATS):
        seated.append(await open_client(urls[i % len(urls)], f"s{n}-{i}", stats, True))
    for i, c in enumerate(seated):
        await c.send({"t": "sit", "room": room, "seat": i})
        await c.expect("room", you=i)
    watchers = [
        await open_client(urls[(SEATS + i) % len(urls)], f"w{n}-{i}", stats, False)
        for i in range(SPECTATORS)
    ]
    for w in watchers:
        await w.send({"t": "enter", "room": room})
    await host.send({"t": "start", "room": room})
    for c in [*seated, *watchers]:
        await c.expect("snapshot")
        c.room = room
    return [*seated, *watchers]


async def play(room: list[BenchClient], stats: Stats, interval: float, stop: asyncio.Event) -> int:
    rng = random.Random(room[0].room)
    moves = 0
    await asyncio.sleep(rng.random() * interval)  # spread the rooms over the interval
    while not stop.is_set():
        movers = [
            c for c in room[:SEATS] if c.view and c.view["legal"] and c.view["result"] is None
        ]
        if movers:
            c = rng.choice(movers)
            intent = rng.choice(c.view["legal"])
            key = (c.room, c.v + 1)
            stats.sent[key] = time.perf_counter()
            await c.send({"t": "act", "room": c.room, "v": c.v, "intent": intent})
            moves += 1
        elif room[0].view and room[0].view["result"] is not None:
            return moves
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), interval)
    return moves


AI_BOTS = 3  # strong AI players at each AI table, beside one bench player


async def open_ai_table(url: str, game: str, n: int) -> BenchClient:
    """A table where one bench player sits with three strong AI players."""
    host = await open_client(url, f"ai{n}", Stats(), True)
    await host.send({"t": "create", "game": game})
    room = (await host.expect("room"))["room"]
    await host.send({"t": "sit", "room": room, "seat": 0})
    await host.expect("room", you=0)
    for seat in range(1, 1 + AI_BOTS):
        await host.send({"t": "bot", "room": room, "seat": seat, "level": "strong"})
    await host.send({"t": "start", "room": room})
    await host.expect("snapshot")
    host.room = room
    return host


async def keep_playing(c: BenchClient, stop: asyncio.Event) -> None:
    """The bench player at an AI table moves as soon as it may, so the AI players'
    turns come round as fast as they decide."""
    rng = random.Random(c.room)
    while not stop.is_set():
        if c.view and c.view["legal"] and c.view["result"] is None:
            intent = rng.choice(c.view["legal"])
            await c.send({"t": "act", "room": c.room, "v": c.v, "intent": intent})
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.2)


def server_usage(pid: int) -> tuple[float, float]:
    """(CPU seconds used so far, resident MB) of a process, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    rss = 0.0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) / 1024
    return cpu, rss


def pick_game(name: str | None) -> str:
    if name:
        return name
    if "carcassonne" in games.names():
        return "carcassonne"
    return next(
        n for n in games.names() if games.get(n).min_seats <= SEATS <= games.get(n).max_seats
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Hall:
    """The server side of one run: a redis-server if the setup wants one, and one or
    two `python -m server` processes."""

    def __init__(self, setup: str) -> None:
        self.redis = RedisServer() if setup.startswith("redis") else None
        self.data = tempfile.TemporaryDirectory(prefix="bench-hub-") if setup == "sqlite" else None
        count = 2 if setup == "redis-2" else 1
        self.procs: list[subprocess.Popen[bytes]] = []
        self.urls: list[str] = []
        for _ in range(count):
            port = free_port()
            cmd = [
                sys.executable,
                "-m",
                "server",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--log-level",
                "warning",
            ]
            if self.redis is not None:
                cmd += ["--redis", self.redis.url, "--lease-ttl", "2"]
            else:
                cmd += ["--data", self.data.name if self.data is not None else ":memory:"]
            self.procs.append(
                subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            )
            self.urls.append(f"ws://127.0.0.1:{port}/ws")
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", port), 0.2).close()
                    break
                except OSError:
                    time.sleep(0.1)

    def usage(self) -> tuple[float, float, float]:
        """(hub CPU seconds, hub RSS MB, redis CPU seconds) so far."""
        cpu = rss = 0.0
        for p in self.procs:
            if p.poll() is None:
                c, r = server_usage(p.pid)
                cpu, rss = cpu + c, rss + r
        redis_cpu = server_usage(self.redis.proc.pid)[0] if self.redis is not None else 0.0
        return cpu, rss, redis_cpu

    def stop(self) -> None:
        for p in self.procs:
            p.terminate()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
        if self.redis is not None:
            self.redis.stop()
        if self.data is not None:
            self.data.cleanup()


async def measure(
    rooms: int, duration: float, interval: float, game: str, setup: str, ai_tables: int = 0
) -> dict[str, Any]:
    hall = Hall(setup)
    stats = Stats()
    tables: list[list[BenchClient]] = []
    ai = [await open_ai_table(hall.urls[0], game, n) for n in range(ai_tables)]
    ai_stop = asyncio.Event()
    ai_players = [asyncio.create_task(keep_playing(c, ai_stop)) for c in ai]
    try:
        sem = asyncio.Semaphore(16)

        async def one(n: int) -> None:
            async with sem:
                tables.append(await open_room(hall.urls, game, stats, n))
            print(f"\r  tables open: {len(tables)}/{rooms}", end="", file=sys.stderr, flush=True)

        await asyncio.gather(*(one(n) for n in range(rooms)))
        print(file=sys.stderr)
        stop = asyncio.Event()
        cpu0, _, rcpu0 = hall.usage()
        own0 = time.process_time()
        t0 = time.perf_counter()
        stats.measuring = True
        players = [asyncio.create_task(play(t, stats, interval, stop)) for t in tables]
        while time.perf_counter() - t0 < duration:
            await asyncio.sleep(1)
            print(
                f"\r  {time.perf_counter() - t0:4.0f}s / {duration:.0f}s, deliveries {stats.deliveries}",
                end="",
                file=sys.stderr,
                flush=True,
            )
        print(file=sys.stderr)
        if ai:
            played = sum(c.v for c in ai)
            print(
                f"  AI tables: {played} moves so far, {played / len(ai):.0f} a table",
                file=sys.stderr,
            )
        stop.set()
        moves = sum(await asyncio.gather(*players))
        await asyncio.sleep(0.5)  # let the last patches land
        stats.measuring = False
        elapsed = time.perf_counter() - t0
        cpu1, rss, rcpu1 = hall.usage()
        own = time.process_time() - own0
        per = SEATS + SPECTATORS
        latencies = [
            max(times) - stats.sent[key]
            for key, times in stats.arrivals.items()
            if key in stats.sent and len(times) == per
        ]
        latencies.sort()

        def pct(p: float) -> float:
            return (
                latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000
                if latencies
                else float("nan")
            )

        return {
            "setup": setup if not ai else f"{setup} + {len(ai) * AI_BOTS} strong AI",
            "redis_cpu_pct": 100 * (rcpu1 - rcpu0) / elapsed,
            "rooms": rooms,
            "connections": rooms * per,
            "moves_per_s": moves / elapsed,
            "deliveries_per_s": stats.deliveries / elapsed,
            "p50_ms": pct(0.50),
            "p99_ms": pct(0.99),
            "max_ms": latencies[-1] * 1000 if latencies else float("nan"),
            "cpu_pct": 100 * (cpu1 - cpu0) / elapsed,
            # The clients are this one process: near 100 % they, not the hub, set the pace.
            "bench_cpu_pct": 100 * own / elapsed,
            "rss_mb": rss,
            "bytes_per_patch": stats.patch_bytes / max(1, stats.deliveries),
            "complete": len(latencies),
            "mean_ms": statistics.fmean(latencies) * 1000 if latencies else float("nan"),
            "errors": dict(stats.errors),
        }
    finally:
        ai_stop.set()
        await asyncio.gather(*ai_players)
        await asyncio.gather(*(c.close() for t in [*tables, ai] for c in t))
        hall.stop()


def errors(by_code: dict[str, int]) -> str:
    return ", ".join(f"{n} {code}" for code, n in sorted(by_code.items())) or "0"


def table(rows: list[dict[str, Any]], game: str) -> str:
    out = [
        f"hub: {game}, {SEATS} seats + {SPECTATORS} spectators per room, one move per room per 0.5 s, {os.cpu_count()} cores",
        "",
        "| setup | rooms | connections | moves/s | deliveries/s | p50 ms | p99 ms | max ms | hub CPU % | hub RSS MB | redis CPU % | clients' CPU % | bytes/patch | errors |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        out.append(
            f"| {r['setup']} | {r['rooms']} | {r['connections']} | {r['moves_per_s']:.0f} | {r['deliveries_per_s']:.0f} | "
            f"{r['p50_ms']:.1f} | {r['p99_ms']:.1f} | {r['max_ms']:.1f} | {r['cpu_pct']:.0f} | {r['rss_mb']:.0f} | "
            f"{r['redis_cpu_pct']:.0f} | {r['bench_cpu_pct']:.0f} | {r['bytes_per_patch']:.0f} | {errors(r['errors'])} |"
        )
    return "\n".join(out)


async def failover(game: str) -> float:
    """Seconds from SIGKILL of a room's owner to the first move its successor applies.
    The owner holds only the host; every other client is on the second process, and
    the host comes back through it at once, as a browser would."""
    hall = Hall("redis-2")
    stats = Stats()
    clients: list[BenchClient] = []
    try:
        clients = await open_room(hall.urls[:1] + [hall.urls[1]] * 7, game, stats, 0)
        room = clients[0].room
        hall.procs[0].kill()
        hall.procs[0].wait()
        t0 = time.perf_counter()
        v0 = max(c.v for c in clients[1:])
        back = await open_client(hall.urls[1], "h0", stats, True, token=clients[0].token)
        await back.send({"t": "enter", "room": room})
        await back.expect("snapshot")
        back.room = room
        seated = [back, *clients[1:SEATS]]
        while time.perf_counter() - t0 < 30:
            if any(c.v > v0 for c in clients[1:]):
                return time.perf_counter() - t0
            for c in seated:
                if c.view and c.view["legal"]:
                    await c.send({"t": "act", "room": room, "v": c.v, "intent": c.view["legal"][0]})
            await asyncio.sleep(0.05)
        return float("nan")
    finally:
        await asyncio.gather(*(c.close() for c in clients))
        hall.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, nargs="+", default=[125, 250])
    parser.add_argument(
        "--duration", type=float, default=20.0, help="seconds of play measured per size"
    )
    parser.add_argument(
        "--interval", type=float, default=0.5, help="seconds between moves in a room"
    )
    parser.add_argument("--game", default=None, help="default: carcassonne, else a 4-seat game")
    parser.add_argument("--setups", nargs="+", default=["memory", "sqlite", "redis-1", "redis-2"])
    parser.add_argument("--no-failover", action="store_true", help="skip the failover measurement")
    parser.add_argument(
        "--ai-tables",
        type=int,
        default=0,
        help=f"also N tables of one quick player and {AI_BOTS} strong AI players",
    )
    args = parser.parse_args(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    game = pick_game(args.game)
    header = table([], game)
    print(header, flush=True)
    for setup in args.setups:
        for rooms in args.rooms:
            print(f"hub: {setup}, {rooms} rooms of {game}", file=sys.stderr)
            try:
                row = asyncio.run(
                    measure(rooms, args.duration, args.interval, game, setup, args.ai_tables)
                )
            except Exception as e:  # a run that falls over is reported, not hidden
                print(f"| {setup} | {rooms} | did not finish: {type(e).__name__} {e} |", flush=True)
                continue
            print(table([row], game).splitlines()[-1], flush=True)
    if not args.no_failover:
        seconds = asyncio.run(failover(game))
        print(
            f"\nfailover (lease 2 s): owner killed -> first move applied by its successor: {seconds:.2f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
