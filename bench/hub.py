"""The hub under load: R rooms x 8 connections (4 seats, 4 spectators) on loopback,
one move per room every 500 ms.

    python -m bench.hub [--rooms 125 250] [--duration 20] [--game NAME]
                        [--setups memory sqlite redis-1 redis-2] [--no-failover]
                        [--ai-tables N] [--procs N] [--compact]
                        [--generator python|node] [--spectators N]
                        [--clients-preempt] [--loop auto|asyncio|uvloop]

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
measures the people's tables beside them. With ``--procs N`` the rooms' clients run in
N processes (rooms i, i + N, ... in process i), so that one Python process's CPU does
not set the pace; the clients' CPU column is then their sum, and a warning follows the
table when a client process neared a full core. With ``--compact`` the clients ask for
compact patches, as the browser app does (bytes/patch is then the compact size).
With ``--generator node`` the clients are one Node process instead
(bench/peers/hall_load.mjs, compact patches, every client on the hall's first
process), which costs a fraction of the Python clients' CPU; with it, ``--spectators
N`` sets each table's spectators (4 by default), so that runs with different numbers
split a move's hub CPU into what it costs once and what each connection adds. The
Node process runs at the scheduler's batch policy, so that the frames the hub writes
do not hand it the hub's processor in mid-move (`batch_policy`); ``--clients-preempt``
leaves it at the normal one, as every run before 2026-11-26's session 12 did.
``--loop`` picks the hub's event loop (`python -m server --loop`). Besides the
clients' latencies, the table gives the hub's own (`hub p99 ms`: the
bucket of its /metrics histogram, from reading an intent to publishing its patches,
that holds the 99th percentile; what the clients see beyond it is the kernel's and
their own) and its CPU per move (`hub µs/move`: hub CPU time / moves; `of which
kernel`: its system time, the socket calls above all). It prints a table; it never
fails on a time.
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
import urllib.request
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect

from bots import runner
from bots.spread import Link, Spread, generator_bound
from protocol import compact
from protocol.patch import apply
from server import games
from server.__main__ import LOOPS
from server.metrics import LATENCY_BUCKETS
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
    compact: bool = False  # the clients ask for compact patches, as the browser app does


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
                msg = compact.decode(raw) if self.stats.compact else _dec(raw)
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
    hello: dict[str, Any] = {"t": "hello", "name": name, "token": token}
    if stats.compact:
        hello["compact"] = compact.ID
    await c.send(hello)
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
    return sum(cpu_split(pid)), rss_mb(pid)


def rss_mb(pid: int) -> float:
    """A process's resident memory (VmRSS), in MB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def cpu_split(pid: int) -> tuple[float, float]:
    """(user, system) CPU seconds used so far by a process, from /proc: the system part
    is the kernel's work for it, its socket writes and reads above all."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def pick_game(name: str | None) -> str:
    if name:
        return name
    if "carcassonne" in games.names():
        return "carcassonne"
    return next(
        n for n in games.names() if games.get(n).min_seats <= SEATS <= games.get(n).max_seats
    )


def open_files_for_clients() -> None:
    """Raise this process's limit of open files: thousands of client sockets."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))


def batch_policy() -> None:
    """Run in a load generator's process before it starts (``preexec_fn``): the
    scheduler's batch policy, under which a process woken up does not take the
    processor from the one running there. On loopback every frame the hub writes wakes
    a client; at the normal policy the client then preempts the hub in mid-move (some
    4-5 times a move at 250 tables), and the hub pays for the switches and for its
    caches refilled after them, which clients on other machines would never cost it.
    The clients still run at once wherever a processor is free. Linux only; elsewhere
    nothing changes."""
    if hasattr(os, "SCHED_BATCH"):
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Hall:
    """The server side of one run: a redis-server if the setup wants one, and one or
    two `python -m server` processes."""

    def __init__(self, setup: str, loop: str = "auto") -> None:
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
                "--loop",
                loop,
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

    def usage(self) -> tuple[float, float, float, float]:
        """(hub CPU seconds, hub RSS MB, redis CPU seconds, hub system CPU seconds) so
        far."""
        cpu = rss = system = 0.0
        for p in self.procs:
            if p.poll() is None:
                user, kernel = cpu_split(p.pid)  # one read of /proc for both
                cpu, system, rss = cpu + user + kernel, system + kernel, rss + rss_mb(p.pid)
        redis_cpu = server_usage(self.redis.proc.pid)[0] if self.redis is not None else 0.0
        return cpu, rss, redis_cpu, system

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


OPENING_AT_ONCE = 16  # tables being opened at the same time, over all client processes
START_WAIT = 60.0  # seconds of slack for the client processes beyond their own bounds


def complete_latencies(stats: Stats) -> list[float]:
    """Seconds from each intent to the last of its room's clients holding the patch, for
    the moves whose patch reached all of them while measuring."""
    per = SEATS + SPECTATORS
    return [
        max(times) - stats.sent[key]
        for key, times in stats.arrivals.items()
        if key in stats.sent and len(times) == per
    ]


@dataclass
class ClientPart:
    """What one client process measured, raw, so that the parts of a run spread over
    several processes merge into one row (percentiles over all the samples)."""

    rooms: int
    moves: int
    deliveries: int
    patch_bytes: int
    latencies: list[float]
    errors: Counter[str]
    cpu: float  # this process's CPU seconds while playing
    elapsed: float


class Clients:
    """The clients of a share of the rooms (all of them with one process): each room's
    8 connections are in the same process, so a move is timed on one clock."""

    def __init__(self, urls: list[str], game: str, numbers: range, compact: bool = False) -> None:
        self.urls = urls
        self.game = game
        self.numbers = numbers
        self.stats = Stats(compact=compact)
        self.tables: list[list[BenchClient]] = []

    async def open(self, at_once: int, opened: Callable[[int], None]) -> None:
        sem = asyncio.Semaphore(at_once)

        async def one(n: int) -> None:
            async with sem:
                self.tables.append(await open_room(self.urls, self.game, self.stats, n))
            opened(len(self.tables))

        await asyncio.gather(*(one(n) for n in self.numbers))

    async def play(
        self, duration: float, interval: float, tick: Callable[[float, int], None]
    ) -> ClientPart:
        """Play for ``duration`` seconds, ``tick(seconds, deliveries)`` every second."""
        stop = asyncio.Event()
        own0 = time.process_time()
        t0 = time.perf_counter()
        self.stats.measuring = True
        players = [asyncio.create_task(play(t, self.stats, interval, stop)) for t in self.tables]
        while time.perf_counter() - t0 < duration:
            await asyncio.sleep(1)
            tick(time.perf_counter() - t0, self.stats.deliveries)
        stop.set()
        moves = sum(await asyncio.gather(*players))
        await asyncio.sleep(0.5)  # let the last patches land
        self.stats.measuring = False
        return ClientPart(
            rooms=len(self.tables),
            moves=moves,
            deliveries=self.stats.deliveries,
            patch_bytes=self.stats.patch_bytes,
            latencies=complete_latencies(self.stats),
            errors=Counter(self.stats.errors),
            cpu=time.process_time() - own0,
            elapsed=time.perf_counter() - t0,
        )

    async def close(self) -> None:
        await asyncio.gather(*(c.close() for t in self.tables for c in t))


class Window:
    """The hall's usage over the measured time: read as play starts and as it ends."""

    def __init__(self, hall: Hall) -> None:
        self.hall = hall
        self.t0 = 0.0
        self.before = (0.0, 0.0, 0.0, 0.0)
        self.after = (0.0, 0.0, 0.0, 0.0)
        self.elapsed = 0.0
        self.published0: list[int] = []
        self.published: list[int] = []  # the hub's own latency histogram over the window

    def begin(self) -> None:
        self.before = self.hall.usage()
        self.published0 = publish_histogram(self.hall.urls)
        self.t0 = time.perf_counter()

    def end(self) -> None:
        self.after = self.hall.usage()
        self.elapsed = time.perf_counter() - self.t0
        after = publish_histogram(self.hall.urls)
        if len(after) == len(self.published0):
            self.published = [b - a for a, b in zip(self.published0, after, strict=True)]


def publish_histogram(urls: list[str]) -> list[int]:
    """The hub's histogram of the time from receiving an intent to publishing its
    patches (`spieltisch_intent_publish_seconds` in /metrics), cumulative counts per
    bucket, summed over the hall's processes; empty when it cannot be read."""
    total: list[int] = []
    for url in urls:
        http = url.replace("ws://", "http://").removesuffix("/ws") + "/metrics"
        try:
            with urllib.request.urlopen(http, timeout=5) as r:
                text = r.read().decode()
        except OSError:
            return []
        counts = [
            int(float(line.rsplit(" ", 1)[1]))
            for line in text.splitlines()
            if line.startswith("spieltisch_intent_publish_seconds_bucket")
        ]
        total = counts if not total else [a + b for a, b in zip(total, counts, strict=True)]
    return total


def hub_p99(cumulative: list[int]) -> float:
    """The upper bound (ms) of the bucket that holds the 99th percentile."""
    if not cumulative or cumulative[-1] == 0:
        return float("nan")
    bounds = [*LATENCY_BUCKETS, float("inf")]
    for bound, n in zip(bounds, cumulative, strict=True):
        if n >= 0.99 * cumulative[-1]:
            return bound * 1000
    return float("inf")


def _stderr(text: str) -> None:
    print(text, end="", file=sys.stderr, flush=True)


async def clients_here(
    urls: list[str],
    game: str,
    rooms: int,
    duration: float,
    interval: float,
    window: Window,
    compact: bool = False,
) -> list[ClientPart]:
    """All the rooms' clients in this process."""
    clients = Clients(urls, game, range(rooms), compact)
    try:
        await clients.open(OPENING_AT_ONCE, lambda n: _stderr(f"\r  tables open: {n}/{rooms}"))
        _stderr("\n")
        window.begin()
        part = await clients.play(
            duration,
            interval,
            lambda t, d: _stderr(f"\r  {t:4.0f}s / {duration:.0f}s, deliveries {d}"),
        )
        window.end()
        _stderr("\n")
        return [part]
    finally:
        await clients.close()


@dataclass(frozen=True)
class HubJob:
    """A client process's share: rooms part, part + parts, ... of the run."""

    urls: list[str]
    game: str
    rooms: int
    part: int
    parts: int
    duration: float
    interval: float
    compact: bool = False


def opening_limit(rooms: int) -> float:
    """Seconds the client processes may take to open their tables (they stop after)."""
    return 60.0 + rooms


def hub_worker(link: Link, job: HubJob) -> None:
    """One client process of a spread run (this runs in the worker process)."""
    runner.run(_hub_work(link, job))


async def _hub_work(link: Link, job: HubJob) -> None:
    clients = Clients(job.urls, job.game, range(job.part, job.rooms, job.parts), job.compact)
    try:
        at_once = -(-OPENING_AT_ONCE // job.parts)  # the same pressure as one process
        await clients.open(at_once, lambda n: link.send("progress", ("open", n)))
        link.send("ready")
        if not await asyncio.to_thread(link.wait_start, opening_limit(job.rooms)):
            return  # the parent gave up before the start
        part = await clients.play(
            job.duration, job.interval, lambda t, d: link.send("progress", ("played", t, d))
        )
        link.send("result", part)
    finally:
        await clients.close()


class SpreadLines:
    """The progress line of a spread run: the client processes' counts summed."""

    def __init__(self, rooms: int, duration: float, procs: int) -> None:
        self.rooms = rooms
        self.procs = procs
        self.duration = duration
        self.opened: dict[int, int] = {}
        self.delivered: dict[int, int] = {}
        self.fresh: set[int] = set()  # processes heard from since the last line of play

    def update(self, index: int, payload: tuple[Any, ...]) -> None:
        if payload[0] == "open":
            self.opened[index] = payload[1]
            _stderr(f"\r  tables open: {sum(self.opened.values())}/{self.rooms}")
        else:
            # One line a second: once every process has told its count for it.
            _, seconds, deliveries = payload
            self.delivered[index] = deliveries
            self.fresh.add(index)
            if len(self.fresh) == self.procs:
                self.fresh.clear()
                total = sum(self.delivered.values())
                _stderr(f"\r  {seconds:4.0f}s / {self.duration:.0f}s, deliveries {total}")


async def clients_spread(
    urls: list[str],
    game: str,
    rooms: int,
    duration: float,
    interval: float,
    procs: int,
    window: Window,
    compact: bool = False,
) -> list[ClientPart]:
    """The rooms' clients in ``procs`` processes; the hub is measured from the moment
    all have opened their tables until all have stopped playing."""
    lines = SpreadLines(rooms, duration, procs)
    jobs = [HubJob(urls, game, rooms, i, procs, duration, interval, compact) for i in range(procs)]
    async with Spread(hub_worker, jobs, lines.update) as spread:
        await spread.gather("ready", opening_limit(rooms))
        _stderr("\n")
        window.begin()
        spread.go()
        parts: list[ClientPart] = await spread.gather("result", duration + START_WAIT)
        window.end()
        _stderr("\n")
    return parts


async def measure(
    rooms: int,
    duration: float,
    interval: float,
    game: str,
    setup: str,
    ai_tables: int = 0,
    procs: int = 1,
    compact: bool = False,
    generator: str = "python",
    loop: str = "auto",
    spectators: int = SPECTATORS,
    clients_preempt: bool = False,
) -> dict[str, Any]:
    """One row: ``rooms`` tables played for ``duration`` seconds, their clients in this
    process or spread over ``procs`` processes (at most one per room), or in one Node
    process (``generator="node"``, at the batch policy unless ``clients_preempt``)."""
    procs = max(1, min(procs, rooms))
    hall = Hall(setup, loop)
    if generator == "node":
        try:
            return await node_row(
                hall, setup, game, rooms, duration, interval, spectators, clients_preempt
            )
        finally:
            hall.stop()
    ai = [await open_ai_table(hall.urls[0], game, n) for n in range(ai_tables)]
    ai_stop = asyncio.Event()
    ai_players = [asyncio.create_task(keep_playing(c, ai_stop)) for c in ai]
    window = Window(hall)
    try:
        if procs == 1:
            parts = await clients_here(hall.urls, game, rooms, duration, interval, window, compact)
        else:
            parts = await clients_spread(
                hall.urls, game, rooms, duration, interval, procs, window, compact
            )
        if ai:
            played = sum(c.v for c in ai)
            print(
                f"  AI tables: {played} moves so far, {played / len(ai):.0f} a table",
                file=sys.stderr,
            )
        return hub_row(
            setup if not ai else f"{setup} + {len(ai) * AI_BOTS} strong AI", rooms, parts, window
        )
    finally:
        ai_stop.set()
        await asyncio.gather(*ai_players)
        await asyncio.gather(*(c.close() for c in ai))
        hall.stop()


def hub_figures(window: Window, moves: int) -> dict[str, Any]:
    """The hall's own figures over the measured window, whoever drove it."""
    cpu0, _, rcpu0, sys0 = window.before
    cpu1, rss, rcpu1, sys1 = window.after
    return {
        "cpu_pct": 100 * (cpu1 - cpu0) / window.elapsed,
        "us_per_move": 1e6 * (cpu1 - cpu0) / max(1, moves),
        # of which in the kernel (the socket calls)
        "kernel_us_per_move": 1e6 * (sys1 - sys0) / max(1, moves),
        # in the hub alone: from reading an intent to publishing its patches (a bound)
        "hub_p99_ms": hub_p99(window.published),
        "rss_mb": rss,
        "redis_cpu_pct": 100 * (rcpu1 - rcpu0) / window.elapsed,
    }


def hub_row(setup: str, rooms: int, parts: list[ClientPart], window: Window) -> dict[str, Any]:
    """The figures of one run, from the client processes' merged samples."""
    elapsed = window.elapsed
    latencies = sorted(x for p in parts for x in p.latencies)
    deliveries = sum(p.deliveries for p in parts)
    moves = sum(p.moves for p in parts)

    def pct(p: float) -> float:
        return (
            latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000
            if latencies
            else float("nan")
        )

    # Each client process's own CPU; with one, it also drives any AI tables' player.
    procs = [
        {"rooms": p.rooms, "moves": p.moves, "cpu_pct": 100 * p.cpu / p.elapsed} for p in parts
    ]
    return {
        "setup": setup,
        **hub_figures(window, moves),
        "rooms": rooms,
        "connections": rooms * (SEATS + SPECTATORS),
        "moves_per_s": moves / elapsed,
        "deliveries_per_s": deliveries / elapsed,
        "p50_ms": pct(0.50),
        "p99_ms": pct(0.99),
        "max_ms": latencies[-1] * 1000 if latencies else float("nan"),
        # The clients' processes, summed: near 100 % of a core each, they set the pace.
        "bench_cpu_pct": sum(p["cpu_pct"] for p in procs),
        "client_procs": procs,
        "generator_bound": generator_bound([p["cpu_pct"] for p in procs]),
        "bytes_per_patch": sum(p.patch_bytes for p in parts) / max(1, deliveries),
        "complete": len(latencies),
        "mean_ms": statistics.fmean(latencies) * 1000 if latencies else float("nan"),
        "errors": dict(sum((p.errors for p in parts), Counter())),
    }


PEERS = Path(__file__).resolve().parent / "peers"


async def node_row(
    hall: Hall,
    setup: str,
    game: str,
    rooms: int,
    duration: float,
    interval: float,
    spectators: int = SPECTATORS,
    preempt: bool = False,
) -> dict[str, Any]:
    """The row of a run whose clients are one Node process (bench/peers/hall_load.mjs,
    compact patches), all connected to the hall's first process, at the scheduler's
    batch policy unless ``preempt`` (`batch_policy`)."""
    if not (PEERS.parents[1] / "client" / "node_modules" / "ws").is_dir():
        raise RuntimeError("client/node_modules is missing: run `make install` once")
    port = hall.urls[0].rsplit(":", 1)[1].split("/")[0]
    argv = ["--port", port, "--game", game, "--rooms", str(rooms)]
    argv += ["--interval", str(int(interval * 1000)), "--seconds", str(duration)]
    argv += ["--spectators", str(spectators)]
    proc = await asyncio.create_subprocess_exec(
        "node",
        str(PEERS / "hall_load.mjs"),
        *argv,
        cwd=PEERS,
        stdout=subprocess.PIPE,
        preexec_fn=None if preempt else batch_policy,
    )
    assert proc.stdout is not None
    window = Window(hall)
    figures: dict[str, Any] = {}
    async with asyncio.timeout(duration + 30 + rooms * 0.5):
        async for raw in proc.stdout:
            line = raw.decode().strip()
            if line == "phase play":
                window.begin()
            elif line == "phase done":
                window.end()
            elif line.startswith("{"):
                figures = msgspec.json.decode(line)
        await proc.wait()
    if not figures:
        raise RuntimeError(f"the Node generator ended without its figures ({proc.returncode})")
    elapsed = window.elapsed
    moves = figures["moves"]
    gen = figures["generator_cpu_pct"]
    return {
        "setup": f"{setup}, Node clients",
        **hub_figures(window, moves),
        "rooms": rooms,
        "connections": rooms * (SEATS + spectators),
        "moves_per_s": moves / elapsed,
        "deliveries_per_s": figures["deliveries"] / elapsed,
        "p50_ms": figures["p50_ms"] or float("nan"),
        "p99_ms": figures["p99_ms"] or float("nan"),
        "max_ms": figures["max_ms"] or float("nan"),
        "bench_cpu_pct": gen,
        "client_procs": [{"rooms": rooms, "moves": moves, "cpu_pct": gen}],
        "generator_bound": generator_bound([gen]),
        "bytes_per_patch": figures["bytes_per_patch"] or 0.0,
        "complete": figures["complete"],
        "mean_ms": float("nan"),
        "errors": figures["errors"],
        "oks": figures["oks"],  # the movers' answers (the clients send ids, as the app)
    }


def errors(by_code: dict[str, int]) -> str:
    return ", ".join(f"{n} {code}" for code, n in sorted(by_code.items())) or "0"


def table(
    rows: list[dict[str, Any]], game: str, procs: int = 1, spectators: int = SPECTATORS
) -> str:
    spread = f", clients in {procs} processes" if procs > 1 else ""
    out = [
        f"hub: {game}, {SEATS} seats + {spectators} spectators per room, one move per room per 0.5 s, {os.cpu_count()} cores{spread}",
        "",
        "| setup | rooms | connections | moves/s | deliveries/s | p50 ms | p99 ms | max ms | hub p99 ms | hub CPU % | hub µs/move | of which kernel | hub RSS MB | redis CPU % | clients' CPU % | bytes/patch | errors |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        out.append(
            f"| {r['setup']} | {r['rooms']} | {r['connections']} | {r['moves_per_s']:.0f} | {r['deliveries_per_s']:.0f} | "
            f"{r['p50_ms']:.1f} | {r['p99_ms']:.1f} | {r['max_ms']:.1f} | ≤ {r['hub_p99_ms']:g} | "
            f"{r['cpu_pct']:.0f} | {r['us_per_move']:.0f} | {r['kernel_us_per_move']:.0f} | "
            f"{r['rss_mb']:.0f} | "
            f"{r['redis_cpu_pct']:.0f} | {clients_cpu(r)} | {r['bytes_per_patch']:.0f} | {errors(r['errors'])} |"
        )
    return "\n".join(out)


def clients_cpu(r: dict[str, Any]) -> str:
    """The clients' CPU cell: the sum, and each process's share when there were several."""
    procs = r.get("client_procs") or []
    if len(procs) < 2:
        return f"{r['bench_cpu_pct']:.0f}"
    shares = "+".join(f"{p['cpu_pct']:.0f}" for p in procs)
    return f"{r['bench_cpu_pct']:.0f} ({shares})"


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
    parser.add_argument(
        "--procs",
        type=int,
        default=1,
        help="spread the rooms' clients over N processes, so that their CPU does not set "
        "the pace (default 1)",
    )
    parser.add_argument(
        "--compact",
        action="store_true",
        help="the clients ask for compact patches (as the browser app does)",
    )
    parser.add_argument(
        "--generator",
        choices=["python", "node"],
        default="python",
        help="node: the clients are one Node process (bench/peers/hall_load.mjs, compact "
        "patches, every client on the hall's first process), at a fraction of the Python "
        "clients' CPU",
    )
    parser.add_argument(
        "--loop",
        choices=LOOPS,
        default="auto",
        help="the hub's event loop (its --loop; auto: uvloop where it is installed)",
    )
    parser.add_argument(
        "--spectators",
        type=int,
        default=SPECTATORS,
        help=f"each table's spectators (default {SPECTATORS}; another number only with "
        "--generator node): a few runs with different numbers split a move's cost into "
        "what it costs once and what each connection it reaches adds",
    )
    parser.add_argument(
        "--clients-preempt",
        action="store_true",
        help="run the Node clients at the normal scheduling policy, so that each frame "
        "the hub writes may hand them its processor (the default is the batch policy: "
        "they run when a processor is free, as clients elsewhere would; before "
        "2026-11-26's session 12 every run was made this way)",
    )
    args = parser.parse_args(argv)
    if args.spectators < 0:
        parser.error("--spectators must be at least 0")
    if args.spectators != SPECTATORS and args.generator != "node":
        parser.error("--spectators is for --generator node")
    if args.procs < 1:
        parser.error("--procs must be at least 1")
    open_files_for_clients()
    game = pick_game(args.game)
    header = table([], game, args.procs, args.spectators)
    print(header, flush=True)
    notes: list[str] = []
    for setup in args.setups:
        for rooms in args.rooms:
            print(f"hub: {setup}, {rooms} rooms of {game}", file=sys.stderr)
            try:
                row = runner.run(
                    measure(
                        rooms,
                        args.duration,
                        args.interval,
                        game,
                        setup,
                        args.ai_tables,
                        args.procs,
                        args.compact,
                        args.generator,
                        args.loop,
                        args.spectators,
                        args.clients_preempt,
                    )
                )
            except Exception as e:  # a run that falls over is reported, not hidden
                print(f"| {setup} | {rooms} | did not finish: {type(e).__name__} {e} |", flush=True)
                continue
            print(table([row], game).splitlines()[-1], flush=True)
            if row["generator_bound"]:
                notes.append(f"{row['setup']}, {rooms} rooms: {row['generator_bound']}")
    # After the table, so that it stays one block to paste.
    for note in notes:
        print(f"\nWARNING: {note}", flush=True)
    if not args.no_failover:
        seconds = asyncio.run(failover(game))
        print(
            f"\nfailover (lease 2 s): owner killed -> first move applied by its successor: {seconds:.2f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
