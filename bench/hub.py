"""The hub under load: R rooms x 8 connections (4 seats, 4 spectators) on loopback,
one move per room every 500 ms.

    python -m bench.hub [--rooms 125 250] [--duration 20] [--game NAME]
                        [--setups memory sqlite redis-1 redis-2 redis-cluster]
                        [--no-failover]
                        [--ai-tables N] [--procs N] [--compact]
                        [--generator python|node] [--spectators N]
                        [--clients-preempt] [--loop auto|asyncio|uvloop]

Setups: one process with the embedded broker, keeping nothing (`memory`, `--data
:memory:`) or keeping every move in its SQLite database (`sqlite`, `--data` in a
temporary directory); one process with Redis; two processes
with Redis and each room's clients split between them; two processes on a Redis Cluster
of three masters and three replicas (`redis-cluster`, not run unless named: its "redis
CPU %" is all six nodes', and a note after the table gives each master's CPU per move
and the busiest master's share of a core, the figures bench/README.md scales to N
shards from, and the publishes the cluster's bus carried per move, ordinary and
sharded). Then the failover time: from
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
fails on a time. `longest pause ms` is the longest the hub's event loop was held in the
measured window (its probe task's lateness, server/stalls.py: exact where it set the
hub's record, else `≤` the bound of its histogram's bucket; of either process with two),
and `of it working ms` the most of one such stall that was the hub's own CPU time (the
rest is the hub waiting for a core, on a machine shared with other work).
Traffic goes to 127.0.0.1 only, and every run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench import nullgame
from bench.harness import stalls
from bench.harness.clients import Client, Stats, open_client, open_files_for_clients
from bench.harness.figures import percentile
from bench.harness.node import node_load
from bench.harness.printing import Progress, Table, errors
from bench.harness.redis_cluster import RedisCluster
from bench.harness.redis_server import RedisServer
from bench.harness.servers import HallServer
from bench.harness.tables import open_table
from bots import runner
from bots.procfs import Meter
from bots.spread import Link, Spread, generator_bound
from server import games
from server.__main__ import LOOPS
from server.metrics import LATENCY_BUCKETS

SEATS = 4
SPECTATORS = 4


async def open_room(urls: list[str], game: str, stats: Stats, n: int) -> list[Client]:
    """A table whose 8 clients are spread over the processes round-robin; the host
    (and so the owner) is on the first."""
    host = await open_client(urls[0], f"h{n}", stats, True)
    seated = [host]
    for i in range(1, SEATS):
        seated.append(await open_client(urls[i % len(urls)], f"s{n}-{i}", stats, True))
    watchers = [
        await open_client(urls[(SEATS + i) % len(urls)], f"w{n}-{i}", stats, False)
        for i in range(SPECTATORS)
    ]
    await open_table(host, game, players=seated[1:], watchers=watchers)
    return [*seated, *watchers]


async def play(room: list[Client], stats: Stats, interval: float, stop: asyncio.Event) -> int:
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


async def open_ai_table(url: str, game: str, n: int) -> Client:
    """A table where one bench player sits with three strong AI players."""
    host = await open_client(url, f"ai{n}", Stats(), True)
    await open_table(host, game, bots=["strong"] * AI_BOTS)
    return host


async def keep_playing(c: Client, stop: asyncio.Event) -> None:
    """The bench player at an AI table moves as soon as it may, so the AI players'
    turns come round as fast as they decide."""
    rng = random.Random(c.room)
    while not stop.is_set():
        if c.view and c.view["legal"] and c.view["result"] is None:
            intent = rng.choice(c.view["legal"])
            await c.send({"t": "act", "room": c.room, "v": c.v, "intent": intent})
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.2)


def pick_game(name: str | None) -> str:
    if name:
        return name
    if "carcassonne" in games.names():
        return "carcassonne"
    return next(
        n for n in games.names() if games.get(n).min_seats <= SEATS <= games.get(n).max_seats
    )


class Hall:
    """The server side of one run: a redis-server (or a Redis Cluster) if the setup
    wants one, and one or two `python -m server` processes (`python -m bench.nullgame`
    for ``game="null"``, the same server with a game that does next to nothing)."""

    def __init__(self, setup: str, loop: str = "auto", game: str | None = None) -> None:
        module = "bench.nullgame" if game == nullgame.NAME else "server"
        self.cluster = RedisCluster() if setup == "redis-cluster" else None
        self.redis = RedisServer() if setup in ("redis-1", "redis-2") else None
        self.data = tempfile.TemporaryDirectory(prefix="bench-hub-") if setup == "sqlite" else None
        self.servers: list[HallServer] = []
        try:
            for _ in range(2 if setup in ("redis-2", "redis-cluster") else 1):
                if self.cluster is not None:
                    server = HallServer(
                        redis_cluster=self.cluster.url, lease_ttl=2, loop=loop, module=module
                    )
                elif self.redis is not None:
                    server = HallServer(redis=self.redis.url, lease_ttl=2, loop=loop, module=module)
                else:
                    where = self.data.name if self.data is not None else ":memory:"
                    server = HallServer(data=where, loop=loop, module=module)
                self.servers.append(server)
        except Exception:
            self.stop()
            raise
        self.urls = [s.url for s in self.servers]

    def stop(self) -> None:
        for s in self.servers:
            s.stop()
        if self.redis is not None:
            self.redis.stop()
        if self.cluster is not None:
            self.cluster.stop()
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
        self.tables: list[list[Client]] = []

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
        self.hub = Meter(*(s.pid for s in hall.servers))
        self.redis = Meter(hall.redis.proc.pid) if hall.redis is not None else None
        self.read0: list[dict[str, float]] = []
        # A cluster: all its nodes, and each master on its own.
        self.masters: list[Meter] = []
        self.bus: tuple[int, int] = (0, 0)  # publishes over a cluster's bus (window)
        if hall.cluster is not None:
            self.redis = Meter(*(p.pid for p in hall.cluster.procs.values()))
            self.masters = [Meter(hall.cluster.procs[p].pid) for p in hall.cluster.masters()]
        self.published: list[int] = []  # the hub's own latency histogram over the window
        self.stall: tuple[float, bool] | None = None  # the longest stall (ms, exact?)
        self.held: tuple[float, bool] | None = None  # the most of one that was the hub's work

    def begin(self) -> None:
        self.read0 = read_metrics(self.hall.servers)
        if self.redis is not None:
            self.redis.begin()
        for m in self.masters:
            m.begin()
        if self.hall.cluster is not None:
            self.bus = self.hall.cluster.bus_publishes()
        self.hub.begin()

    def end(self) -> None:
        self.hub.end()
        if self.redis is not None:
            self.redis.end()
        for m in self.masters:
            m.end()
        if self.hall.cluster is not None:
            (p0, s0), (p1, s1) = self.bus, self.hall.cluster.bus_publishes()
            self.bus = (p1 - p0, s1 - s0)
        read = read_metrics(self.hall.servers)
        before, after = publish_histogram(self.read0), publish_histogram(read)
        if len(after) == len(before):
            self.published = [b - a for a, b in zip(before, after, strict=True)]
        if len(read) == len(self.read0):
            pairs = list(zip(self.read0, read, strict=True))
            self.stall = stalls.worst([stalls.longest(a, b) for a, b in pairs])
            self.held = stalls.worst([stalls.longest(a, b, "held") for a, b in pairs])

    @property
    def elapsed(self) -> float:
        return self.hub.elapsed


def read_metrics(servers: list[HallServer]) -> list[dict[str, float]]:
    """Each of the hall's processes' /metrics; empty when one cannot be read."""
    try:
        return [server.metrics() for server in servers]
    except OSError:
        return []


def publish_histogram(readings: list[dict[str, float]]) -> list[int]:
    """The hub's histogram of the time from receiving an intent to publishing its
    patches (`spieltisch_intent_publish_seconds` in /metrics), cumulative counts per
    bucket, summed over the hall's processes' readings; empty without them."""
    total: list[int] = []
    for metrics in readings:
        counts = [
            int(n)
            for name, n in metrics.items()
            if name.startswith("spieltisch_intent_publish_seconds_bucket")
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
    progress = Progress()
    try:
        await clients.open(OPENING_AT_ONCE, lambda n: progress(f"  tables open: {n}/{rooms}"))
        progress.done()
        window.begin()
        part = await clients.play(
            duration,
            interval,
            lambda t, d: progress(f"  {t:4.0f}s / {duration:.0f}s, deliveries {d}"),
        )
        window.end()
        progress.done()
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
        self.progress = Progress()

    def update(self, index: int, payload: tuple[Any, ...]) -> None:
        if payload[0] == "open":
            self.opened[index] = payload[1]
            self.progress(f"  tables open: {sum(self.opened.values())}/{self.rooms}")
        else:
            # One line a second: once every process has told its count for it.
            _, seconds, deliveries = payload
            self.delivered[index] = deliveries
            self.fresh.add(index)
            if len(self.fresh) == self.procs:
                self.fresh.clear()
                total = sum(self.delivered.values())
                self.progress(f"  {seconds:4.0f}s / {self.duration:.0f}s, deliveries {total}")


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
        lines.progress.done()
        window.begin()
        spread.go()
        parts: list[ClientPart] = await spread.gather("result", duration + START_WAIT)
        window.end()
        lines.progress.done()
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
    hall = Hall(setup, loop, game)
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
    hub = window.hub
    return {
        "cpu_pct": hub.cpu_pct,
        "us_per_move": 1e6 * hub.cpu / max(1, moves),
        # of which in the kernel (the socket calls)
        "kernel_us_per_move": 1e6 * hub.system / max(1, moves),
        # in the hub alone: from reading an intent to publishing its patches (a bound)
        "hub_p99_ms": hub_p99(window.published),
        # the longest the hub's event loop was held (ms; exact, or a bucket's bound)
        "longest_pause_ms": window.stall,
        # of a stall, the most that was the hub's own work (the rest: waiting for a core)
        "longest_held_ms": window.held,
        "rss_mb": hub.rss_mb,
        "redis_cpu_pct": window.redis.cpu_pct if window.redis is not None else 0.0,
        "shards": shard_figures(window, moves),
        # a cluster's bus: ordinary and sharded publishes received by its nodes, a move
        "bus_per_move": tuple(n / max(1, moves) for n in window.bus),
    }


def shard_figures(window: Window, moves: int) -> str:
    """A cluster's masters: each one's CPU per move of the whole hall and its share of
    a core, and the replicas' (all nodes but the masters) per move; empty for a
    setup without a cluster."""
    if not window.masters or window.redis is None:
        return ""
    per_move = [1e6 * m.cpu / max(1, moves) for m in window.masters]
    share = [m.cpu_pct for m in window.masters]
    replicas = window.redis.cpu - sum(m.cpu for m in window.masters)
    return (
        "redis CPU per move, each master: "
        + ", ".join(f"{x:.0f}" for x in per_move)
        + f" µs (sum {sum(per_move):.0f} µs); busiest master {max(share):.0f} % of a core; "
        f"the three replicas together {1e6 * replicas / max(1, moves):.0f} µs per move; "
        f"the cluster bus carried {window.bus[0] / max(1, moves):.2f} ordinary and "
        f"{window.bus[1] / max(1, moves):.2f} sharded publishes per move (as received by "
        "each node: an ordinary one reaches every node, a sharded one its shard's)"
    )


def hub_row(setup: str, rooms: int, parts: list[ClientPart], window: Window) -> dict[str, Any]:
    """The figures of one run, from the client processes' merged samples."""
    elapsed = window.elapsed
    latencies = sorted(x for p in parts for x in p.latencies)
    deliveries = sum(p.deliveries for p in parts)
    moves = sum(p.moves for p in parts)

    def pct(p: float) -> float:
        x = percentile(latencies, p)
        return x * 1000 if x is not None else float("nan")

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
    port = hall.urls[0].rsplit(":", 1)[1].split("/")[0]
    argv = ["--port", port, "--game", game, "--rooms", str(rooms)]
    argv += ["--interval", str(int(interval * 1000)), "--seconds", str(duration)]
    argv += ["--spectators", str(spectators)]
    window = Window(hall)
    timeout = duration + 30 + rooms * 0.5
    figures = await node_load("hall_load.mjs", argv, timeout, window.begin, window.end, preempt)
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


def table(
    rows: list[dict[str, Any]], game: str, procs: int = 1, spectators: int = SPECTATORS
) -> str:
    spread = f", clients in {procs} processes" if procs > 1 else ""
    header = (
        f"hub: {game}, {SEATS} seats + {spectators} spectators per room, one move per room "
        f"per 0.5 s, {os.cpu_count()} cores{spread}"
    )
    return "\n".join([header, "", ROWS(rows)])


ROWS = Table(
    [
        ("setup", "{setup}"),
        ("rooms", "{rooms}"),
        ("connections", "{connections}"),
        ("moves/s", "{moves_per_s:.0f}"),
        ("deliveries/s", "{deliveries_per_s:.0f}"),
        ("p50 ms", "{p50_ms:.1f}"),
        ("p99 ms", "{p99_ms:.1f}"),
        ("max ms", "{max_ms:.1f}"),
        ("hub p99 ms", "≤ {hub_p99_ms:g}"),
        ("longest pause ms", lambda r: stalls.cell(r.get("longest_pause_ms"))),
        ("of it working ms", lambda r: stalls.cell(r.get("longest_held_ms"))),
        ("hub CPU %", "{cpu_pct:.0f}"),
        ("hub µs/move", "{us_per_move:.0f}"),
        ("of which kernel", "{kernel_us_per_move:.0f}"),
        ("hub RSS MB", "{rss_mb:.0f}"),
        ("redis CPU %", "{redis_cpu_pct:.0f}"),
        ("clients' CPU %", lambda r: clients_cpu(r)),
        ("bytes/patch", "{bytes_per_patch:.0f}"),
        ("errors", lambda r: errors(r["errors"])),
    ],
    left=[0],
)


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
    clients: list[Client] = []
    try:
        clients = await open_room(hall.urls[:1] + [hall.urls[1]] * 7, game, stats, 0)
        room = clients[0].room
        hall.servers[0].kill()
        t0 = time.perf_counter()
        v0 = max(c.v for c in clients[1:])
        back = await open_client(hall.urls[1], "h0", stats, True, token=clients[0].token)
        back.room = room
        await back.ask({"t": "enter", "room": room}, "snapshot", room=room)
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
    shards: list[str] = []  # a cluster's masters, row by row
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
            print(ROWS.row(row), flush=True)
            if row["generator_bound"]:
                notes.append(f"{row['setup']}, {rooms} rooms: {row['generator_bound']}")
            if row.get("shards"):
                shards.append(f"{row['setup']}, {rooms} rooms: {row['shards']}")
    # After the table, so that it stays one block to paste.
    for note in notes:
        print(f"\nWARNING: {note}", flush=True)
    for note in shards:
        print(f"\n{note}", flush=True)
    if not args.no_failover:
        seconds = asyncio.run(failover(game))
        print(
            f"\nfailover (lease 2 s): owner killed -> first move applied by its successor: {seconds:.2f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
