"""A load run: tables of websocket bots that play random legal moves while spectator
bots watch, then a check that every bot's patched view equals a fresh snapshot.

Each table is ``seats`` player connections and ``spectators`` watcher connections.
The first player opens the table, the others sit, the watchers enter, the first player
starts. A player whose view lists `legal` intents thinks for ``think`` seconds (drawn
uniformly between half and one and a half times it, so that tables do not move in step)
and sends one of them. When a game ends before the run does, its connections check
their views (as below) and open a new table, so the load stays level over a long run.

At ``duration`` seconds after the start the players stop; every bot then asks for a
`resync` and compares the view it built from patches with the snapshot it is sent. The
run is bounded: tables still opening at the end are abandoned, the check has ``grace``
seconds, and closing the sockets a few more.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import ipaddress
import json
import random
import resource
import sys
import time
import urllib.request
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from typing import Any, TextIO
from urllib.parse import urlsplit

import msgspec
from websockets.asyncio.client import ClientConnection, connect

from bots import runner
from bots.procfs import Meter
from bots.spread import Link, Spread, generator_bound
from protocol import compact
from protocol.patch import PatchError, apply, equal

_enc = msgspec.msgpack.Encoder().encode
_dec = msgspec.msgpack.Decoder().decode

SETUP_TIMEOUT = 30.0  # seconds a table may take to open before it is given up
STALL = 10.0  # seconds without an answer to an intent before a player asks for a resync
OPENING_AT_ONCE = 16  # tables being opened at the same time
MAX_EXAMPLES = 5  # mismatches described in the report


class RemoteRefused(ValueError):
    """The URL names a host that is not loopback, and --allow-remote was not given."""


def check_url(url: str, allow_remote: bool) -> None:
    parts = urlsplit(url)
    if parts.scheme not in ("ws", "wss"):
        raise ValueError(f"not a websocket URL: {url!r} (ws:// or wss://)")
    host = parts.hostname or ""
    if allow_remote or host == "localhost":
        return
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise RemoteRefused(
            f"{host!r} is not a loopback address; the bots only load another host when "
            "you pass --allow-remote"
        )


def http_base(url: str) -> str:
    parts = urlsplit(url)
    scheme = "https" if parts.scheme == "wss" else "http"
    return f"{scheme}://{parts.netloc}"


def seats_for(url: str, game: str, wanted: int | None) -> int:
    """Seats per table: as asked, else 4 within the game's limits (from /api/games)."""
    if wanted is not None:
        return wanted
    try:
        with urllib.request.urlopen(http_base(url) + "/api/games", timeout=5) as r:
            listed = json.load(r)
        for g in listed:
            if g.get("name") == game:
                return max(int(g["min_seats"]), min(4, int(g["max_seats"])))
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return 4


def raise_nofile(wanted: int) -> None:
    """Each connection is a file descriptor; lift the soft limit as far as allowed."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = min(hard, max(soft, wanted)) if hard != resource.RLIM_INFINITY else max(soft, wanted)
    if target > soft:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def percentile(sorted_values: list[float], p: float) -> float | None:
    if not sorted_values:
        return None
    return sorted_values[min(len(sorted_values) - 1, int(p * len(sorted_values)))]


def first_difference(a: Any, b: Any, path: list[Any] | None = None) -> list[Any]:
    """The path of one place where two views differ (for the report)."""
    path = path or []
    if type(a) is not type(b):
        return path
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b or not equal(a[k], b[k]):
                return first_difference(a.get(k), b.get(k), [*path, k])
        return path
    if isinstance(a, list):
        if len(a) != len(b):
            return [*path, "len"]
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if not equal(x, y):
                return first_difference(x, y, [*path, i])
    return path


@dataclass
class Stats:
    """Everything counted during a run; the report is made from it."""

    connections_opened: int = 0
    connect_failures: int = 0
    dropped: int = 0
    tables_opened: int = 0
    tables_started: int = 0
    tables_finished: int = 0
    setup_failures: Counter[str] = field(default_factory=Counter)
    setup_message: str = ""  # the first refusal while opening a table, as the server put it
    acts_sent: int = 0
    acts_accepted: int = 0
    acts_refused: int = 0
    acts_lost: int = 0
    stalls: int = 0
    patches: int = 0
    patch_bytes: int = 0
    snapshots: int = 0
    snapshot_bytes: int = 0
    gaps: int = 0
    bad_patches: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    latencies: list[float] = field(default_factory=list)
    first_move: float | None = None
    last_move: float | None = None
    checked: int = 0
    matched: int = 0
    mismatches: list[dict[str, Any]] = field(default_factory=list)
    mismatched: int = 0
    unchecked: int = 0
    expected_deliveries: int = 0
    server_versions: int = 0
    ramp: float = 0.0  # seconds from the start until the last first table started
    first_round: int = 0  # tables whose first game started


class Bot:
    """One connection: it keeps the view of its table up to date from patches."""

    def __init__(self, ws: ClientConnection, stats: Stats, name: str) -> None:
        self.ws = ws
        self.stats = stats
        self.name = name
        self.table: Table | None = None
        self.room = ""
        self.v = -1
        self.view: Any = None
        self.seat: int | None = None
        self.setting_up = True
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.changed = asyncio.Event()
        self.next_id = 0
        self.setup_from = 0
        # The intent in flight: (message id, version it was sent at).
        self.pending: tuple[int, int] | None = None
        self.stalled = False  # asked for a resync because an intent went unanswered
        self.checked_v = -1  # the version of the snapshot the check compared with
        self.settled = False  # checked: later messages of this table are not counted
        self.left: set[str] = set()  # tables played before: their late messages are dropped
        self.checking: asyncio.Future[None] | None = None
        self.closed = False
        self.compact = False  # the hall sends this bot compact patches
        self.reader = asyncio.create_task(self._read())

    def reset(self, table: Table | None) -> None:
        if self.room:
            self.left.add(self.room)
        self.table = table
        self.room = ""
        self.v = -1
        self.view = None
        self.seat = None
        self.pending = None
        self.stalled = False
        self.checked_v = -1
        self.settled = False
        self.setting_up = True
        self.setup_from = self.next_id  # refusals of older messages are not this setup's
        self.inbox = asyncio.Queue()

    async def send(self, msg: dict[str, Any]) -> int:
        self.next_id += 1
        msg["id"] = self.next_id
        await self.ws.send(_enc(msg))
        return self.next_id

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                self._handle(raw if isinstance(raw, bytes) else raw.encode())
        except Exception:
            pass
        finally:
            self.closed = True
            self.changed.set()
            if self.checking is not None and not self.checking.done():
                self.checking.set_result(None)

    def _handle(self, raw: bytes) -> None:
        now = time.perf_counter()
        msg = compact.decode(raw) if self.compact else _dec(raw)
        t = msg.get("t")
        if t == "patch":
            if msg.get("room") != self.room or self.view is None or self.settled:
                return
            self._patch(msg, len(raw), now)
        elif t == "snapshot":
            if msg.get("room") != self.room or self.settled:
                return
            self._snapshot(msg, len(raw))
        elif t == "error":
            code = str(msg.get("code"))
            self.stats.errors[code] += 1
            if self.pending is not None and msg.get("ref") == self.pending[0]:
                self.pending = None
                self.stats.acts_refused += 1
                self.changed.set()
            elif self.setting_up:
                self.inbox.put_nowait(msg)
        elif self.setting_up and msg.get("room") not in self.left:
            self.inbox.put_nowait(msg)

    def _patch(self, msg: dict[str, Any], size: int, now: float) -> None:
        s = self.stats
        s.patches += 1
        s.patch_bytes += size
        v = msg["v"]
        if v != self.v + 1:
            s.gaps += 1
            self.view = None  # unusable until the snapshot asked for below
            task = asyncio.get_running_loop().create_task(self._resync())
            _background.add(task)
            task.add_done_callback(_background.discard)
            return
        try:
            self.view = apply(self.view, msg["ops"])
        except PatchError:
            s.bad_patches += 1
            self.view = None
            return
        self.v = v
        if self.pending is not None and v > self.pending[1]:
            self.pending = None
            s.acts_accepted += 1
        if self.table is not None:
            self.table.arrived(v, now)
            if self.view.get("result") is not None:
                self.table.over.set()
        self.changed.set()

    def _snapshot(self, msg: dict[str, Any], size: int) -> None:
        s = self.stats
        s.snapshots += 1
        s.snapshot_bytes += size
        v, view = msg["v"], msg["view"]
        if self.checking is not None and not self.checking.done():
            self._compare(v, view)
            # The table is settled for this bot: what comes after the check is not counted,
            # so the bots' counts and the versions the server reported stay comparable.
            self.settled = True
            self.checking.set_result(None)
            return
        if self.pending is not None and v > self.pending[1]:
            self.pending = None
            s.acts_accepted += 1
        elif self.pending is not None and self.stalled:
            self.pending = None  # the intent never took effect
            s.acts_lost += 1
        self.stalled = False
        self.v, self.view = v, view
        if self.table is not None and view.get("result") is not None:
            self.table.over.set()
        if self.setting_up:
            self.inbox.put_nowait(msg)
        self.changed.set()

    def _compare(self, v: int, view: Any) -> None:
        s = self.stats
        s.checked += 1
        self.checked_v = v
        if self.view is not None and self.v == v and equal(self.view, view):
            s.matched += 1
            return
        s.mismatched += 1
        if len(s.mismatches) < MAX_EXAMPLES:
            s.mismatches.append(
                {
                    "room": self.room,
                    "bot": self.name,
                    "seat": self.seat,
                    "patched_v": self.v,
                    "snapshot_v": v,
                    "where": None if self.view is None else first_difference(self.view, view),
                }
            )

    async def _resync(self) -> None:
        with contextlib.suppress(Exception):
            await self.send({"t": "resync", "room": self.room})

    async def expect(self, t: str, timeout: float = SETUP_TIMEOUT, **match: Any) -> dict[str, Any]:
        """The next setup message of type ``t`` with these fields; a refusal of what we
        asked for raises."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            if self.closed and self.inbox.empty():
                raise SetupFailed("closed")
            async with asyncio.timeout(max(0.01, deadline - loop.time())):
                msg = await self.inbox.get()
            if msg["t"] == "error":
                ref = msg.get("ref")
                if ref is not None and ref <= self.setup_from:
                    continue
                raise SetupFailed(str(msg.get("code")), str(msg.get("message", "")))
            if msg["t"] == t and all(msg.get(k) == v for k, v in match.items()):
                return msg

    async def act(self, intent: Any) -> None:
        self.pending = (self.next_id + 1, self.v)
        self.stats.acts_sent += 1
        await self.send({"t": "act", "room": self.room, "v": self.v, "intent": intent})

    async def check(self, timeout: float) -> None:
        """Ask for a snapshot and compare it with the patched view (in `_compare`)."""
        if self.view is None or self.closed or self.settled:
            self.stats.unchecked += 1
            return
        self.checking = asyncio.get_running_loop().create_future()
        with contextlib.suppress(Exception):
            await self.send({"t": "resync", "room": self.room})
            async with asyncio.timeout(timeout):
                await asyncio.shield(self.checking)
        if not self.checking.done():
            self.stats.unchecked += 1
            self.checking.cancel()
        self.checking = None

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            async with asyncio.timeout(2):
                await self.ws.close()
        self.reader.cancel()
        with contextlib.suppress(BaseException):
            await self.reader


class SetupFailed(Exception):
    """A table could not be opened: the error code (or what went wrong), and the
    server's explanation when it gave one."""

    def __init__(self, code: str, message: str = "") -> None:
        super().__init__(code)
        self.code = code
        self.message = message


_background: set[asyncio.Task[Any]] = set()


@dataclass
class Config:
    url: str
    game: str = "carcassonne"
    rooms: int = 250
    seats: int = 4
    spectators: int = 4
    think: float = 0.5
    duration: float = 60.0
    grace: float = 10.0
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    server_pid: int | None = None  # a local server whose CPU and memory to report
    compact: bool = False  # ask for compact patches, as the browser app does


class Table:
    """A slot of ``seats + spectators`` connections that plays one table after another."""

    def __init__(self, run: LoadRun, n: int) -> None:
        self.run = run
        self.n = n
        self.bots: list[Bot] = []
        self.sent_at: dict[int, float] = {}
        self.arrivals: dict[int, tuple[int, float]] = {}
        self.over = asyncio.Event()
        self.rng = random.Random(f"{run.config.seed}-{n}")
        self.phase = "opening"  # then "playing", and "checking" when a game has ended

    @property
    def players(self) -> list[Bot]:
        return self.bots[: self.run.config.seats]

    def arrived(self, v: int, now: float) -> None:
        """A bot got the patch for version ``v``: once all of the table have, the time
        from the intent to that last delivery is one latency sample."""
        count, _ = self.arrivals.get(v, (0, now))
        count += 1
        if count < len(self.bots):
            self.arrivals[v] = (count, now)
            return
        self.arrivals.pop(v, None)
        sent = self.sent_at.pop(v, None)
        if sent is not None and self.run.measuring:
            self.run.stats.latencies.append(now - sent)

    async def connect(self) -> None:
        cfg = self.run.config
        names = [f"p{self.n}-{i}" for i in range(cfg.seats)]
        names += [f"w{self.n}-{i}" for i in range(cfg.spectators)]
        for name in names:
            try:
                ws = await connect(
                    cfg.url, max_size=1 << 22, open_timeout=SETUP_TIMEOUT, compression=None
                )
            except Exception:
                self.run.stats.connect_failures += 1
                raise SetupFailed("connect_failed") from None
            self.run.stats.connections_opened += 1
            bot = Bot(ws, self.run.stats, name)
            self.bots.append(bot)
            hello: dict[str, Any] = {"t": "hello", "name": name, "token": None, "lang": "en"}
            if cfg.compact:
                hello["compact"] = compact.ID
            await bot.send(hello)
            bot.compact = bool((await bot.expect("welcome")).get("compact"))

    async def open(self) -> None:
        """Open a table with this slot's connections and start it."""
        cfg = self.run.config
        self.over = asyncio.Event()
        self.sent_at.clear()
        self.arrivals.clear()
        for bot in self.bots:
            bot.reset(self)
        host = self.bots[0]
        await host.send({"t": "create", "game": cfg.game, "options": cfg.options})
        room = (await host.expect("room"))["room"]
        self.run.stats.tables_opened += 1
        for bot in self.bots:
            bot.room = room
        for i, bot in enumerate(self.players):
            bot.seat = i
            await bot.send({"t": "sit", "room": room, "seat": i})
            await bot.expect("room", room=room, you=i)
        for bot in self.bots[cfg.seats :]:
            await bot.send({"t": "enter", "room": room})
            await bot.expect("room", room=room)
        await host.send({"t": "start", "room": room})
        for bot in self.bots:
            await bot.expect("snapshot", room=room)
        for bot in self.bots:
            bot.setting_up = False
            bot.inbox = asyncio.Queue()
        self.run.stats.tables_started += 1

    async def play(self) -> None:
        """Move until the game ends or the run stops."""
        movers = [asyncio.create_task(self.move_loop(b)) for b in self.players]
        stop = asyncio.create_task(self.run.stop.wait())
        over = asyncio.create_task(self.over.wait())
        try:
            await asyncio.wait([stop, over], return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in [*movers, stop, over]:
                task.cancel()
            await asyncio.gather(*movers, stop, over, return_exceptions=True)

    async def move_loop(self, bot: Bot) -> None:
        run = self.run
        think = run.config.think
        # asyncio.timeout rather than wait_for: on 3.11 wait_for can swallow a
        # cancellation that arrives as the awaited event is set.
        while not run.stop.is_set() and not bot.closed and not self.over.is_set():
            view = bot.view
            if bot.pending is None and view is not None and view.get("legal"):
                v = bot.v
                if think > 0:
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(think * (0.5 + self.rng.random())):
                            await run.stop.wait()
                if run.stop.is_set():
                    return
                if bot.v != v or bot.pending is not None or not bot.view:
                    continue  # the view moved on while thinking: look again
                intent = self.rng.choice(bot.view["legal"])
                now = time.perf_counter()
                self.sent_at[v + 1] = now
                if run.stats.first_move is None:
                    run.stats.first_move = now
                run.stats.last_move = now
                try:
                    await bot.act(intent)
                except Exception:
                    return
                continue
            bot.changed.clear()
            try:
                async with asyncio.timeout(STALL):
                    await bot.changed.wait()
            except TimeoutError:
                if bot.pending is not None:
                    run.stats.stalls += 1
                    bot.stalled = True
                    with contextlib.suppress(Exception):
                        await bot.send({"t": "resync", "room": bot.room})

    async def check(self) -> None:
        await asyncio.gather(*(b.check(self.run.config.grace) for b in self.bots))

    def tally(self) -> None:
        """What the server says happened at this table, from the bots' last versions:
        versions are accepted changes, and every bot should have had each one."""
        if not self.bots or self.bots[0].room == "":
            return
        top = max((b.checked_v for b in self.bots), default=-1)
        if top <= 0:
            return
        self.run.stats.server_versions += top
        self.run.stats.expected_deliveries += top * len(self.bots)

    async def leave(self) -> None:
        for bot in self.bots:
            with contextlib.suppress(Exception):
                await bot.send({"t": "leave", "room": bot.room})

    async def life(self) -> None:
        """Connect, then open and play tables until the run stops."""
        try:
            await self.run.opening.acquire()
            try:
                await self.connect()
                await self.open()
            finally:
                self.run.opening.release()
            self.run.stats.ramp = time.perf_counter() - self.run.t0
            self.run.stats.first_round += 1
            while True:
                self.phase = "playing"
                await self.play()
                if self.run.stop.is_set():
                    return  # the run checks every table that is playing
                self.phase = "checking"
                self.run.stats.tables_finished += 1
                await asyncio.sleep(0.2)  # let the last patch reach everyone
                await self.check()
                self.tally()
                if self.run.stop.is_set():
                    return
                await self.leave()
                self.phase = "opening"
                async with self.run.opening:
                    await self.open()
        except SetupFailed as e:
            self.run.stats.setup_failures[e.code] += 1
            if e.message and not self.run.stats.setup_message:
                self.run.stats.setup_message = f"{e.code}: {e.message}"
        except TimeoutError:
            self.run.stats.setup_failures["timeout"] += 1


@dataclass
class Part:
    """What one process measured, raw, so that the parts of a spread run can be merged
    before the report is made (percentiles over all samples, not averaged)."""

    tables: int
    stats: Stats
    held: int  # connections open at the end
    elapsed: float  # seconds from this process's start until its players stopped
    cpu: float  # this process's CPU seconds over the run


@dataclass
class Progress:
    """The figures of a progress line, from one process or summed over several."""

    elapsed: float
    held: int
    planned: int
    started: int
    tables: int
    sent: int
    first_move: float | None
    last_move: float | None
    recent: list[float]  # the latest latency samples, for a current p99
    errors: int

    def line(self) -> str:
        window = (self.last_move or 0) - (self.first_move or 0)
        p99 = percentile(sorted(self.recent), 0.99)
        return (
            f"{self.elapsed:5.1f}s  connections {self.held}/{self.planned}  "
            f"tables {self.started}/{self.tables}  moves {self.sent}"
            f" ({self.sent / window if window > 0 else 0:.0f}/s)  "
            f"p99 {p99 * 1000 if p99 is not None else 0:.0f} ms  "
            f"errors {self.errors}"
        )

    @staticmethod
    def merge(parts: list[Progress]) -> Progress:
        firsts = [p.first_move for p in parts if p.first_move is not None]
        lasts = [p.last_move for p in parts if p.last_move is not None]
        return Progress(
            elapsed=max(p.elapsed for p in parts),
            held=sum(p.held for p in parts),
            planned=sum(p.planned for p in parts),
            started=sum(p.started for p in parts),
            tables=sum(p.tables for p in parts),
            sent=sum(p.sent for p in parts),
            first_move=min(firsts, default=None),
            last_move=max(lasts, default=None),
            recent=[x for p in parts for x in p.recent],
            errors=sum(p.errors for p in parts),
        )


RECENT = 2000  # latency samples behind the progress line's p99


def write_progress(out: TextIO, line: str) -> None:
    """A terminal gets one line rewritten in place; a file or pipe gets a line each time."""
    out.write("\r" + line + "\x1b[K" if out.isatty() else line + "\n")
    out.flush()


def progress_every(out: TextIO | None) -> float | None:
    if out is None:
        return None
    return 0.5 if out.isatty() else 5.0


class LoadRun:
    """The bots of one process: all the tables, or with ``parts`` > 1 the share of
    process ``part`` (tables part, part + parts, ...; a table's bots always share a
    process, so a move's latency is measured on one clock)."""

    def __init__(
        self,
        config: Config,
        progress: TextIO | None = sys.stderr,
        part: int = 0,
        parts: int = 1,
        on_stopped: Callable[[], None] | None = None,
    ) -> None:
        self.config = config
        self.stats = Stats()
        self.tables = [Table(self, n) for n in range(part, config.rooms, parts)]
        self.parts = parts
        self.stop = asyncio.Event()
        self.opening = asyncio.Semaphore(OPENING_AT_ONCE)
        self.measuring = True
        self.progress = progress
        # Called when the players have stopped and the last patches landed, before the
        # final check: where a spread run's parent reads the server's CPU.
        self.on_stopped = on_stopped
        self.t0 = 0.0
        self.cpu0 = 0.0
        self.server: dict[str, float] | None = None

    def held(self) -> int:
        return sum(1 for t in self.tables for b in t.bots if not b.closed)

    def snapshot(self) -> Progress:
        s = self.stats
        return Progress(
            elapsed=time.perf_counter() - self.t0,
            held=self.held(),
            planned=self.planned,
            started=s.tables_started,
            tables=len(self.tables),
            sent=s.acts_sent,
            first_move=s.first_move,
            last_move=s.last_move,
            recent=s.latencies[-(RECENT // self.parts) :],
            errors=sum(s.errors.values()) + s.connect_failures,
        )

    def line(self) -> str:
        return self.snapshot().line()

    @property
    def planned(self) -> int:
        return len(self.tables) * (self.config.seats + self.config.spectators)

    async def _progress(self) -> None:
        every = progress_every(self.progress)
        if self.progress is None or every is None:
            return
        while True:
            await asyncio.sleep(every)
            write_progress(self.progress, self.line())

    async def run(self) -> dict[str, Any]:
        part = await self.measure()
        return build_report(self.config, [part], self.server)

    async def measure(self) -> Part:
        # The bots' views are trees of plain containers without cycles: reference
        # counting frees them. The cyclic collector would only add pauses of its own
        # (hundreds of ms over a few thousand views) to the latency being measured, which
        # browsers, each with a heap of its own, never see; it is off during the run.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return await self._run()
        finally:
            if collecting:
                gc.enable()

    async def _run(self) -> Part:
        cfg = self.config
        raise_nofile(self.planned + 256)
        self.t0 = time.perf_counter()
        self.cpu0 = time.process_time()
        meter = server_meter(cfg.server_pid)
        reporter = asyncio.create_task(self._progress())
        lives = [asyncio.create_task(t.life()) for t in self.tables]
        try:
            await asyncio.wait(lives, timeout=cfg.duration)
            self.stop.set()
            for t in self.tables:
                for b in t.bots:
                    b.changed.set()
            stopped_at = time.perf_counter()
            # Tables still opening are abandoned; those playing return at once, and
            # those checking a game that has just ended finish the check.
            for t, task in zip(self.tables, lives, strict=True):
                if t.phase == "opening":
                    task.cancel()
            done, pending = await asyncio.wait(lives, timeout=cfg.grace + 1.0)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
            await asyncio.sleep(0.5)  # patches of the last intents in flight
            self.measuring = False
            self.stats.dropped = sum(1 for t in self.tables for b in t.bots if b.closed)
            held = self.held()
            cpu = time.process_time() - self.cpu0
            self.server = server_figures(meter)
            if self.on_stopped is not None:
                self.on_stopped()
            playing = [t for t in self.tables if t.phase == "playing"]
            await asyncio.gather(*(t.check() for t in playing))
            for t in playing:
                t.tally()
            return Part(len(self.tables), self.stats, held, stopped_at - self.t0, cpu)
        finally:
            reporter.cancel()
            with contextlib.suppress(BaseException):
                await reporter
            if self.progress is not None and self.progress.isatty():
                self.progress.write("\r" + self.line() + "\x1b[K\n")
                self.progress.flush()
            for task in lives:
                task.cancel()
            await asyncio.gather(*lives, return_exceptions=True)
            await asyncio.gather(*(b.close() for t in self.tables for b in t.bots))


def server_meter(pid: int | None) -> Meter | None:
    """A local server's CPU and memory, read from now on, when asked for one."""
    if pid is None:
        return None
    meter = Meter(pid)
    meter.begin()
    return meter


def server_figures(meter: Meter | None) -> dict[str, float] | None:
    """The server's CPU (% of one core since the meter began) and its resident memory."""
    if meter is None:
        return None
    meter.end()
    if not meter.measured:
        return None
    return {"cpu_pct": round(meter.cpu_pct, 1), "rss_mb": round(meter.rss_mb, 1)}


def _combine(name: str, a: Any, b: Any) -> Any:
    if name in ("first_move", "last_move"):
        if a is None or b is None:
            return b if a is None else a
        return min(a, b) if name == "first_move" else max(a, b)
    if name == "ramp":
        return max(a, b)  # all tables play once the slowest process's last one does
    if name == "setup_message":
        return a or b
    return a + b  # counts, counters by code, and lists of samples


def merge_stats(parts: list[Stats]) -> Stats:
    """The counts of several processes as one. The first and last moves compare across
    processes because perf_counter is the system-wide monotonic clock (Linux, macOS)."""
    total = Stats()
    for s in parts:
        for f in fields(Stats):
            setattr(total, f.name, _combine(f.name, getattr(total, f.name), getattr(s, f.name)))
    total.mismatches = total.mismatches[:MAX_EXAMPLES]
    return total


def cpu_pct(part: Part) -> float:
    return 100 * part.cpu / part.elapsed if part.elapsed > 0 else 0.0


def build_report(cfg: Config, parts: list[Part], server: dict[str, float] | None) -> dict[str, Any]:
    """The report of a run, from the raw measurements of its one or several processes."""
    s = merge_stats([p.stats for p in parts])
    elapsed = max(p.elapsed for p in parts)
    window = (s.last_move or 0.0) - (s.first_move or 0.0)
    lat = sorted(s.latencies)

    def ms(p: float) -> float | None:
        x = percentile(lat, p)
        return None if x is None else round(x * 1000, 2)

    procs = [
        {"tables": p.tables, "moves": p.stats.acts_accepted, "cpu_pct": round(cpu_pct(p), 1)}
        for p in parts
    ]
    unresolved = s.acts_sent - s.acts_accepted - s.acts_refused - s.acts_lost
    return {
        "url": cfg.url,
        "game": cfg.game,
        "rooms": cfg.rooms,
        "seats": cfg.seats,
        "spectators": cfg.spectators,
        "think_s": cfg.think,
        "duration_s": cfg.duration,
        "elapsed_s": round(elapsed, 2),
        "ramp_s": round(s.ramp, 2) if s.first_round == cfg.rooms else None,
        "connections": {
            "planned": cfg.rooms * (cfg.seats + cfg.spectators),
            "opened": s.connections_opened,
            "held": sum(p.held for p in parts),
            "dropped": s.dropped,
            "failed": s.connect_failures,
        },
        "tables": {
            "opened": s.tables_opened,
            "started": s.tables_started,
            "finished": s.tables_finished,
            "setup_failures": dict(sorted(s.setup_failures.items())),
            "setup_refusal": s.setup_message or None,
        },
        "moves": {
            "sent": s.acts_sent,
            "accepted": s.acts_accepted,
            "refused": s.acts_refused,
            "lost": s.acts_lost,
            "unanswered": unresolved,
            "per_s": round(s.acts_accepted / window, 2) if window > 0 else 0.0,
            "server_versions": s.server_versions,
            "stalls": s.stalls,
        },
        "latency_ms": {
            "samples": len(lat),
            "p50": ms(0.50),
            "p95": ms(0.95),
            "p99": ms(0.99),
            "max": None if not lat else round(lat[-1] * 1000, 2),
        },
        "deliveries": {
            "patches": s.patches,
            "expected": s.expected_deliveries,
            "gaps": s.gaps,
            "bad": s.bad_patches,
            "snapshots": s.snapshots,
        },
        "bytes": {
            "per_patch": round(s.patch_bytes / s.patches, 1) if s.patches else None,
            "per_snapshot": round(s.snapshot_bytes / s.snapshots, 1) if s.snapshots else None,
        },
        "errors": dict(sorted(s.errors.items())),
        "consistency": {
            "checked": s.checked,
            "matched": s.matched,
            "mismatched": s.mismatched,
            "unchecked": s.unchecked,
            "examples": s.mismatches,
        },
        # The sum over the bots' processes; each process's share is in bots_procs.
        "bots_cpu_pct": round(sum(cpu_pct(p) for p in parts), 1) if elapsed > 0 else None,
        "bots_procs": procs,
        "generator_bound": generator_bound([p["cpu_pct"] for p in procs]),
        "server": server,
    }


# ---- the tables spread over several processes ----

START_WAIT = 60.0  # seconds the processes may take to start, and slack on every later wait


async def run_load(
    config: Config, procs: int = 1, progress: TextIO | None = sys.stderr
) -> dict[str, Any]:
    """The load run in this process, or its tables spread over ``procs`` processes (at
    most one per table)."""
    procs = max(1, min(procs, config.rooms))
    if procs == 1:
        return await LoadRun(config, progress).run()
    return await _spread_run(config, procs, progress)


@dataclass(frozen=True)
class LoadJob:
    """What a worker process needs: the run, its share, and how often to report."""

    config: Config
    part: int
    parts: int
    every: float | None  # seconds between progress reports; None for none


def load_worker(link: Link, job: LoadJob) -> None:
    """One process's share of a spread run (this runs in the worker process)."""
    link.send("ready")
    if not link.wait_start(START_WAIT):
        return  # the parent gave up before the start
    link.send("result", runner.run(_work(link, job)))


async def _work(link: Link, job: LoadJob) -> Part:
    run = LoadRun(job.config, None, job.part, job.parts, on_stopped=lambda: link.send("stopped"))

    async def report() -> None:
        while job.every is not None:
            await asyncio.sleep(job.every)
            link.send("progress", run.snapshot())

    reporter = asyncio.create_task(report())
    try:
        return await run.measure()
    finally:
        reporter.cancel()
        with contextlib.suppress(BaseException):
            await reporter


class SpreadProgress:
    """One progress line for all processes, written once each has reported again."""

    def __init__(self, out: TextIO | None, procs: int) -> None:
        self.out = out
        self.procs = procs
        self.latest: dict[int, Progress] = {}
        self.fresh: set[int] = set()

    def update(self, index: int, progress: Progress) -> None:
        self.latest[index] = progress
        self.fresh.add(index)
        if self.out is None or len(self.fresh) < self.procs:
            return
        self.fresh.clear()
        write_progress(self.out, Progress.merge(list(self.latest.values())).line())

    def finish(self) -> None:
        if self.out is not None and self.out.isatty() and self.latest:
            self.out.write("\n")
            self.out.flush()


async def _spread_run(config: Config, procs: int, progress: TextIO | None) -> dict[str, Any]:
    lines = SpreadProgress(progress, procs)
    # The workers do not read the server's usage: the parent does, over the whole run.
    local = replace(config, server_pid=None)
    jobs = [LoadJob(local, i, procs, progress_every(progress)) for i in range(procs)]
    try:
        async with Spread(load_worker, jobs, lines.update) as spread:
            await spread.gather("ready", START_WAIT)
            meter = server_meter(config.server_pid)
            spread.go()
            # Each process stops by itself: its players at --duration, the wait for
            # tables still busy within --grace.
            await spread.gather("stopped", config.duration + config.grace + START_WAIT)
            server = server_figures(meter)
            parts: list[Part] = await spread.gather("result", config.grace + START_WAIT)
    finally:
        lines.finish()
    return build_report(config, parts, server)
