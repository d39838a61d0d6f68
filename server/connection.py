"""One websocket client: its framing (MessagePack or JSON), its rate limit, and a
bounded send queue drained by a writer task.

A client too slow to read is disconnected rather than buffered without end: one slow
reader must cost the hall a bounded amount of memory, whatever it is watching.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from typing import Any

import msgspec
from starlette.websockets import WebSocket

from server.metrics import Metrics
from server.sessions import Player

log = logging.getLogger("spieltisch.hub")

_mp_encode = msgspec.msgpack.Encoder().encode
_js_encode = msgspec.json.Encoder().encode
_mp_decode_any = msgspec.msgpack.Decoder().decode


class Frame:
    """One encoded server message shared by many connections: the MessagePack bytes,
    and the JSON text made once, only if some JSON client needs it."""

    __slots__ = ("mp", "_js")

    def __init__(self, mp: bytes) -> None:
        self.mp = mp
        self._js: str | None = None

    @property
    def js(self) -> str:
        if self._js is None:
            self._js = _js_encode(_mp_decode_any(self.mp)).decode()
        return self._js


class TokenBucket:
    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


_cids = itertools.count(1)


class Connection:
    def __init__(
        self, ws: WebSocket, metrics: Metrics, queue_size: int, rate: float, burst: float
    ) -> None:
        self.ws = ws
        self.cid = next(_cids)  # names this connection in replies routed between processes
        self.metrics = metrics
        self.queue: asyncio.Queue[bytes | str] = asyncio.Queue(maxsize=queue_size)
        self.bucket = TokenBucket(rate, burst)
        self.json = False  # answer in JSON once the client speaks JSON
        self.player: Player | None = None
        # Where it comes from, for the per-address cap on open tables (limits.py).
        self.address = ws.client.host if ws.client is not None else ""
        self.wrong_passwords = 0  # hall passwords refused on this connection
        # Rooms this connection has entered -> the audience it is attached to there
        # (a seat, None for spectators, or DETACHED before the game starts).
        self.rooms: dict[str, Any] = {}
        self.versions: dict[str, int] = {}  # room -> last version this client was sent
        self.closed = False
        self._writer: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._writer = asyncio.create_task(self._write())

    def send(self, msg: msgspec.Struct) -> None:
        self._put(_js_encode(msg).decode() if self.json else _mp_encode(msg))

    def send_frame(self, frame: Frame) -> None:
        self._put(frame.js if self.json else frame.mp)

    def _put(self, data: bytes | str) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(data)
        except asyncio.QueueFull:
            self.metrics.slow_disconnects += 1
            log.info('{"event": "hub.slow_client", "player": %r}', self.player and self.player.id)
            self.abort(1013, "too slow to read")

    def abort(self, code: int, reason: str) -> None:
        if self.closed:
            return
        self.closed = True
        if self._writer is not None:
            self._writer.cancel()
        task = asyncio.get_running_loop().create_task(self._close(code, reason))
        _background.add(task)
        task.add_done_callback(_background.discard)

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(code, reason), 2.0)

    async def _write(self) -> None:
        try:
            while True:
                data = await self.queue.get()
                if isinstance(data, bytes):
                    await self.ws.send_bytes(data)
                else:
                    await self.ws.send_text(data)
        except asyncio.CancelledError:
            pass
        except Exception:
            # The socket went away; the reader side notices and cleans up.
            self.closed = True

    async def stop(self) -> None:
        self.closed = True
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(BaseException):
                await self._writer


_background: set[asyncio.Task[None]] = set()
