"""What bench.soak and bench.fuzz share: a `python -m server` process of their own on a
loopback port, with its output kept for counting tracebacks, and a websocket client
paced under the hall's rate limit that keeps its table's view from patches.

(The leading underscore keeps `make bench` from running this module as a benchmark.)
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from bench.hub import free_port, server_usage
from protocol.patch import PatchError, apply

ROOT = Path(__file__).resolve().parent.parent
_enc = msgspec.msgpack.Encoder().encode
_dec = msgspec.msgpack.Decoder().decode
_METRIC = re.compile(r"^([a-z_]+)(\{[^}]*\})? (\S+)$")


class LocalServer:
    """`python -m server` on a free loopback port, keeping nothing (``--data
    :memory:``), its stdout and stderr in a file of its own."""

    def __init__(self, extra: list[str] | None = None, log_level: str = "warning") -> None:
        self.port = free_port()
        self.url = f"ws://127.0.0.1:{self.port}/ws"
        self.http = f"http://127.0.0.1:{self.port}"
        self.log = tempfile.NamedTemporaryFile(  # noqa: SIM115 (kept open for the process)
            prefix="bench-server-", suffix=".log", delete=False
        )
        # A hall password set for the operator's own server must not lock the bench out.
        env = {k: v for k, v in os.environ.items() if k != "SPIELTISCH_HALL_PASSWORD"}
        cmd = [
            sys.executable,
            "-m",
            "server",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--data",
            ":memory:",
            "--log-level",
            log_level,
            *(extra or []),
        ]
        self.proc = subprocess.Popen(
            cmd, cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + 60
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited at its start: {self.output()[-2000:]}")
            try:
                with urllib.request.urlopen(self.http + "/healthz", timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("the server did not answer within 60 s") from None
                time.sleep(0.05)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def rss_mb(self) -> float:
        """The server's resident memory (VmRSS of /proc/<pid>/status), in MB."""
        try:
            return server_usage(self.pid)[1]
        except OSError:
            return float("nan")

    def cpu_s(self) -> float:
        try:
            return server_usage(self.pid)[0]
        except OSError:
            return float("nan")

    def metrics(self) -> dict[str, float]:
        """The server's /metrics by name and labels, e.g. ``spieltisch_rooms{status="waiting"}``."""
        with urllib.request.urlopen(self.http + "/metrics", timeout=10) as r:
            text = r.read().decode()
        out: dict[str, float] = {}
        for line in text.splitlines():
            match = _METRIC.match(line)
            if match:
                out[match.group(1) + (match.group(2) or "")] = float(match.group(3))
        return out

    async def ametrics(self) -> dict[str, float]:
        """/metrics without stalling the clients that share this event loop."""
        return await asyncio.to_thread(self.metrics)

    def output(self) -> str:
        """What the server has printed so far (the process writes the file itself)."""
        return Path(self.log.name).read_text(errors="replace")

    def tracebacks(self) -> int:
        """Tracebacks the server printed: each begins with a line "Traceback (most
        recent call last):" (chained ones count once each)."""
        return sum(1 for line in self.output().splitlines() if line.startswith("Traceback"))

    def traceback_errors(self) -> Counter[str]:
        """The error that ended each traceback, by its type (``UnicodeDecodeError``)."""
        out = self.output().splitlines()
        found: Counter[str] = Counter()
        for i, line in enumerate(out):
            if line.startswith("Traceback"):
                end = i + 1
                while end < len(out) and (out[end].startswith(" ") or not out[end]):
                    end += 1
                if end < len(out):
                    found[out[end].split(":", 1)[0]] += 1
        return found

    def first_traceback(self, lines: int = 8) -> str:
        """The end of the first traceback the server printed: the frames nearest the
        error, and the error itself."""
        out = self.output().splitlines()
        start = next((i for i, line in enumerate(out) if line.startswith("Traceback")), None)
        if start is None:
            return ""
        end = start + 1
        while end < len(out) and (out[end].startswith(" ") or not out[end]):
            end += 1  # the frames, indented; the error is the first line that is not
        return "\n".join(out[max(start + 1, end - lines + 1) : end + 1])

    def stop(self) -> None:
        if self.proc.poll() is None:
            # Its AI workers (a fork server and its children) leave within a second of
            # the server (server/workers.py); ended here too, so that none lingers.
            children = descendants(self.pid)
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
            for pid in children:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGTERM)
        self.log.close()

    def remove_log(self) -> None:
        with contextlib.suppress(OSError):
            os.unlink(self.log.name)


def descendants(pid: int) -> list[int]:
    """The processes started by ``pid``, and by them, from /proc."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError), open(f"/proc/{entry}/stat") as f:
                parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
    found: list[int] = []
    todo = [pid]
    while todo:
        parent = todo.pop()
        kids = [p for p, pp in parents.items() if pp == parent]
        found += kids
        todo += kids
    return found


def percentile(values: list[float], p: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


class Pacer:
    """A token bucket like the server's (server/connection.py) but slower, so a paced
    connection is never refused with `rate_limited`. Senders reserve a token first and
    sleep off any debt, so several coroutines sending on one connection share it."""

    def __init__(self, rate: float, burst: float = 10.0) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    async def wait(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        self.tokens -= 1
        if self.tokens < 0:
            await asyncio.sleep(-self.tokens / self.rate)


class Refused(Exception):
    """The server answered a request with an `error`."""

    def __init__(self, code: str, message: str = "") -> None:
        super().__init__(f"{code}: {message}" if message else code)
        self.code = code


class Moves:
    """Moves timed from sending `act` to the sender's own patch for a later version."""

    def __init__(self) -> None:
        self.samples: list[tuple[float, float]] = []  # (when it arrived, seconds)
        self.refused: Counter[str] = Counter()
        self.stalls = 0

    def since(self, t0: float) -> list[float]:
        return [lat for at, lat in self.samples if at >= t0]


Where = Callable[[dict[str, Any]], bool]
CREATE: dict[str, Any] = {"t": "create"}


def seat_taken(seat: int, bot: bool = False) -> Where:
    """A `room` message in which ``seat`` is taken (by an AI player, with ``bot``)."""

    def taken(msg: dict[str, Any]) -> bool:
        seats = msg.get("seats") or []
        held: dict[str, Any] | None = seats[seat] if seat < len(seats) else None
        return held is not None and (not bot or bool(held.get("bot")))

    return taken


def opened(msg: dict[str, Any]) -> bool:
    """The `room` that answers `create`: a new table, waiting, with the sender in seat
    0. A connection that has just left a table may still get that table's `room`
    announcements, which must not be taken for the answer."""
    return msg.get("status") == "waiting" and msg.get("you") == 0


class Peer:
    """One websocket client speaking MessagePack, its frames paced under the rate
    limit. It follows one table at a time (``room``), keeping the view there from
    snapshots and patches as the browser does, and times its own moves."""

    def __init__(self, ws: ClientConnection, rate: float, moves: Moves | None = None) -> None:
        self.ws = ws
        self.pacer = Pacer(rate)
        self.moves = moves
        self.token: str | None = None
        self.player = ""
        self.room = ""
        self.v = -1
        self.view: dict[str, Any] | None = None
        self.replaced: tuple[int, dict[str, Any] | None] = (-1, None)  # before the last snapshot
        self.gaps = 0
        self.errors: Counter[str] = Counter()
        self.received: Counter[str] = Counter()
        self.last: dict[str, dict[str, Any]] = {}  # the latest message of each other type
        self.closed = False
        self.close_code: int | None = None
        self.failure = ""  # why reading stopped, when it was not a close
        self.changed = asyncio.Event()
        self._id = 0
        self._waiters: list[tuple[str, dict[str, Any], Where | None, int, asyncio.Future[Any]]] = []
        # The move in flight: (its id, the version it was chosen at, when it was sent).
        self.pending: tuple[int, int, float] | None = None
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def open(
        cls,
        url: str,
        name: str | None,
        token: str | None = None,
        rate: float = 15.0,
        moves: Moves | None = None,
    ) -> Peer:
        ws = await connect(url, max_size=1 << 24, open_timeout=30, compression=None)
        peer = cls(ws, rate, moves)
        if name is not None:
            welcome = await peer.ask({"t": "hello", "name": name, "token": token}, "welcome")
            peer.token, peer.player = welcome["token"], welcome["player"]
        return peer

    # --- sending --------------------------------------------------------------------

    async def send(self, msg: dict[str, Any]) -> int:
        self._id += 1
        msg["id"] = self._id
        await self.pacer.wait()
        await self.ws.send(_enc(msg))
        return self._id

    async def send_raw(self, data: bytes | str) -> None:
        await self.pacer.wait()
        await self.ws.send(data)

    async def ask(
        self,
        msg: dict[str, Any],
        t: str,
        where: Where | None = None,
        timeout: float = 30.0,
        **match: Any,
    ) -> dict[str, Any]:
        """Send ``msg`` and wait for the first message of type ``t`` whose fields equal
        ``match`` (and that ``where`` accepts); an `error` naming ``msg`` raises
        Refused. The waiter is in place before the message leaves, so a quick answer
        is not missed."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        ref = self._id + 1
        waiter = (t, match, where, ref, future)
        self._waiters.append(waiter)
        try:
            await self.send(msg)
            async with asyncio.timeout(timeout):
                result: dict[str, Any] = await future
                return result
        finally:
            if waiter in self._waiters:
                self._waiters.remove(waiter)

    async def act(self, intent: Any) -> None:
        self.pending = (self._id + 1, self.v, time.perf_counter())
        await self.send({"t": "act", "room": self.room, "v": self.v, "intent": intent})

    def has_view(self) -> bool:
        return self.view is not None

    def ready_to_move(self) -> bool:
        """No move of ours in flight, and the view lists moves for us."""
        return self.pending is None and bool(self.view and self.view.get("legal"))

    def game_over(self) -> bool:
        return bool(self.view and self.view.get("result") is not None)

    def moved_past(self, v: int) -> Callable[[], bool]:
        return lambda: self.v != v

    async def until(self, ready: Callable[[], bool], timeout: float) -> None:
        """Wait until ``ready()`` holds, looking again whenever a message arrives."""
        async with asyncio.timeout(timeout):
            while not ready():
                if self.closed:
                    raise ConnectionError("the connection closed")
                self.changed.clear()
                await self.changed.wait()

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            async with asyncio.timeout(2):
                await self.ws.close()
        self.reader.cancel()
        with contextlib.suppress(BaseException):
            await self.reader

    # --- receiving ------------------------------------------------------------------

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                msg = _dec(raw) if isinstance(raw, bytes) else msgspec.json.decode(raw)
                self._handle(msg)
        except ConnectionClosed as e:
            self.close_code = e.rcvd.code if e.rcvd is not None else None
        except Exception as e:  # a frame we could not read: the connection is of no more use
            self.failure = f"{type(e).__name__}: {e}"
        finally:
            self.closed = True
            self.changed.set()
            for *_, future in self._waiters:
                if not future.done():
                    future.set_exception(ConnectionError("the connection closed"))

    def _handle(self, msg: dict[str, Any]) -> None:
        t = msg.get("t")
        self.received[str(t)] += 1
        if t not in ("patch", "snapshot"):
            self.last[str(t)] = msg
        if t == "patch":
            self._patch(msg)
        elif t == "snapshot":
            if msg.get("room") == self.room:
                self._answered(msg["v"])
                # What the patches had built, for a check against the snapshot: every
                # patch sent before it has been applied by now.
                self.replaced = (self.v, self.view)
                self.v, self.view = msg["v"], msg["view"]
        elif t == "error":
            code = str(msg.get("code"))
            self.errors[code] += 1
            ref = msg.get("ref")
            if self.pending is not None and ref == self.pending[0]:
                self.pending = None
                if self.moves is not None:
                    self.moves.refused[code] += 1
            for waiter in self._waiters:
                if waiter[3] == ref and not waiter[4].done():
                    waiter[4].set_exception(Refused(code, str(msg.get("message", ""))))
        for t_, match, where, _, future in self._waiters:
            if (
                t_ == t
                and not future.done()
                and all(msg.get(k) == v for k, v in match.items())
                and (where is None or where(msg))
            ):
                future.set_result(msg)
                break
        self.changed.set()

    def _patch(self, msg: dict[str, Any]) -> None:
        if msg.get("room") != self.room or self.view is None:
            return
        v = msg["v"]
        if v <= self.v:
            return
        if v > self.v + 1:
            self.gaps += 1
            self._resync()
            return
        try:
            self.view = apply(self.view, msg["ops"])
        except PatchError:
            self._resync()
            return
        self._answered(v)
        self.v = v

    def _answered(self, v: int) -> None:
        """A version after the one our move was chosen at: the move has been handled
        (in a game where several seats act at once it may be another seat's move that
        came first; the time is then a little short)."""
        if self.pending is not None and v > self.pending[1]:
            if self.moves is not None:
                self.moves.samples.append(
                    (time.perf_counter(), time.perf_counter() - self.pending[2])
                )
            self.pending = None

    def _resync(self) -> None:
        self.view = None  # unusable until the snapshot comes
        task = asyncio.get_running_loop().create_task(
            self._send_quietly({"t": "resync", "room": self.room})
        )
        _background.add(task)
        task.add_done_callback(_background.discard)

    async def _send_quietly(self, msg: dict[str, Any]) -> None:
        with contextlib.suppress(Exception):
            await self.send(msg)


_background: set[asyncio.Task[Any]] = set()
