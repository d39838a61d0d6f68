"""The paced websocket client of bench.soak, bench.fuzz and bench.restore: one
connection speaking MessagePack, its frames paced under the hall's rate limit (or not,
``rate=None``), that follows one table at a time, keeps the view there from snapshots
and patches as the browser does, and times its own moves. `ask` sends a message and
waits for its answer; a refusal raises `Refused`."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from protocol.patch import PatchError, apply

_enc = msgspec.msgpack.Encoder().encode
_dec = msgspec.msgpack.Decoder().decode


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


class Peer:
    """One websocket client speaking MessagePack, its frames paced under the rate
    limit. It follows one table at a time (``room``), keeping the view there from
    snapshots and patches as the browser does, and times its own moves."""

    def __init__(
        self, ws: ClientConnection, rate: float | None, moves: Moves | None = None
    ) -> None:
        self.ws = ws
        self.pacer = Pacer(rate) if rate is not None else None
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
        rate: float | None = 15.0,
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
        if self.pacer is not None:
            await self.pacer.wait()
        await self.ws.send(_enc(msg))
        return self._id

    async def send_raw(self, data: bytes | str) -> None:
        if self.pacer is not None:
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

    async def play(
        self,
        rng: random.Random,
        think: float,
        after: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        """A person at the table, until cancelled: looks at the board, thinks (``think``
        seconds, from half to one and a half times), makes one of the legal moves and
        then ``after()``. A move that goes unanswered for 10 s is a stall: it asks where
        the table is."""
        while True:
            view = self.view
            if self.pending is None and view is not None and view.get("legal"):
                v = self.v
                await asyncio.sleep(think * (0.5 + rng.random()))
                view = self.view
                if self.v != v or self.pending is not None or view is None or not view.get("legal"):
                    continue  # the table moved on meanwhile: look again
                await self.act(rng.choice(view["legal"]))
                if after is not None:
                    await after()
                continue
            try:
                await self.until(self.ready_to_move, 10)
            except TimeoutError:
                if self.pending is not None:  # no answer to a move: ask where the table is
                    if self.moves is not None:
                        self.moves.stalls += 1
                    self.pending = None
                    await self.send({"t": "resync", "room": self.room})

    async def until_view(self, timeout: float = 30.0) -> None:
        """Until it holds the table's view (after `start` or `enter`)."""
        await self.until(self.has_view, timeout)

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
