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
from collections.abc import Iterator
from typing import Any

import msgspec
from starlette.websockets import WebSocket

from protocol import compact
from protocol import messages as m
from server import wire
from server.metrics import Metrics
from server.sessions import Player

log = logging.getLogger("spieltisch.hub")

_mp_encode = msgspec.msgpack.Encoder().encode
_js_encode = msgspec.json.Encoder().encode
_mp_decode_any = msgspec.msgpack.Decoder().decode


class Frame:
    """One encoded server message shared by many connections: the MessagePack bytes,
    the JSON made once only if some JSON client needs it, the compact form of a patch
    made once only if some client asked for compact patches (protocol/compact.py), and
    each one's websocket frame made once for every connection written to directly
    (server/wire.py)."""

    __slots__ = ("mp", "patch", "_js", "_cp", "_wire_mp", "_wire_js", "_wire_cp")

    def __init__(self, mp: bytes, patch: bool = False, cp: bytes | None = None) -> None:
        self.mp = mp
        self.patch = patch  # a `patch` message: compacted for clients that asked
        self._js: bytes | None = None
        self._cp = cp  # the compact form, when its maker had it at hand
        self._wire_mp: bytes | None = None
        self._wire_js: bytes | None = None
        self._wire_cp: bytes | None = None

    @property
    def js(self) -> bytes:
        if self._js is None:
            self._js = _js_encode(_mp_decode_any(self.mp))
        return self._js

    @property
    def cp(self) -> bytes:
        """The compact form of a patch (the plain one for any other message)."""
        if self._cp is None:
            self._cp = compact.compact_message(self.mp) if self.patch else self.mp
        return self._cp

    def wire(self, text: bool) -> bytes:
        if text:
            if self._wire_js is None:
                self._wire_js = wire.frame(self.js, text=True)
            return self._wire_js
        if self._wire_mp is None:
            self._wire_mp = wire.frame(self.mp)
        return self._wire_mp

    def wire_cp(self) -> bytes:
        if self._wire_cp is None:
            self._wire_cp = wire.frame(self.cp)
        return self._wire_cp


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

# Messages up to this size are written straight to the socket, uncompressed (patches,
# answers); larger ones (snapshots, lists) go through ASGI, where permessage-deflate
# compresses them when the client asked for it. Order is kept either way.
DIRECT_MAX = 1024


class Connection:
    def __init__(
        self, ws: WebSocket, metrics: Metrics, queue_size: int, rate: float, burst: float
    ) -> None:
        self.ws = ws
        self.cid = next(_cids)  # names this connection in replies routed between processes
        self.metrics = metrics
        # What waits for the writer task: (payload, is it text). Bounded, see _put.
        self.queue: asyncio.Queue[tuple[bytes, bool]] = asyncio.Queue(maxsize=queue_size)
        self._pending = 0  # messages put and not yet written: order is kept behind them
        self.socket = wire.Socket.under(ws)
        self.bucket = TokenBucket(rate, burst)
        self.json = False  # answer in JSON once the client speaks JSON
        self.compact = False  # patches in compact form (hello.compact)
        self.player: Player | None = None
        self.token: str | None = None  # the session's, from `welcome` (secret)
        # Where it comes from, for the per-address cap on open tables (limits.py).
        self.address = ws.client.host if ws.client is not None else ""
        self.wrong_passwords = 0  # hall passwords refused on this connection
        # Rooms this connection has entered -> the audience it is attached to there
        # (a seat, None for spectators, or DETACHED before the game starts).
        self.rooms: dict[str, Any] = {}
        self.versions: dict[str, int] = {}  # room -> last version this client was sent
        self.closed = False
        self._writer: asyncio.Task[None] | None = None
        self._held: list[bytes] | None = None  # direct writes held back (`hold`)

    def start(self) -> None:
        self._writer = asyncio.create_task(self._write())

    def send(self, msg: msgspec.Struct) -> None:
        if self.json:
            self._put(_js_encode(msg), True)
        else:
            self._put(_mp_encode(msg), False)

    def send_frame(self, frame: Frame) -> None:
        # Compact patches are MessagePack: a client that turned to JSON gets them plain.
        compact = self.compact and frame.patch and not self.json
        if len(frame.mp) <= DIRECT_MAX and self._direct():
            # The usual case, a patch: nothing queued ahead, the socket takes it now.
            data = frame.wire_cp() if compact else frame.wire(self.json)
            if self._held is not None:
                self._held.append(data)
            else:
                self.socket.write(data)  # type: ignore[union-attr]
            return
        if compact:
            self._put(frame.cp, False)
        else:
            self._put(frame.js if self.json else frame.mp, self.json)

    def hold(self) -> None:
        """Until `release`, what is written straight to the socket is held back, and
        then goes out in one write: a mover's patch and the `ok` that follows it, one
        system call (and one wake-up of the reader) instead of two. For a stretch that
        does not wait, released in a ``finally``."""
        if self._held is None:
            self._held = []

    def release(self) -> None:
        held, self._held = self._held, None
        if held and not self.closed and self.socket is not None and self.socket.open():
            self.socket.write(held[0] if len(held) == 1 else b"".join(held))

    def error(
        self, ref: int | None, code: str, message: str, args: dict[str, Any] | None = None
    ) -> None:
        """Answer the message ``ref`` with an `error` (counted in the metrics by code)."""
        self.metrics.errors[code] += 1
        self.send(m.Error(ref=ref, code=code, message=message, args=args or {}))

    def _direct(self) -> bool:
        socket = self.socket
        return socket is not None and not self._pending and not self.closed and socket.ready()

    def _put(self, payload: bytes, text: bool) -> None:
        if self.closed:
            return
        if len(payload) <= DIRECT_MAX and self._direct():
            if self._held is not None:
                self._held.append(wire.frame(payload, text))
            else:
                self.socket.write(wire.frame(payload, text))  # type: ignore[union-attr]
            return
        try:
            self.queue.put_nowait((payload, text))
        except asyncio.QueueFull:
            self.metrics.slow_disconnects += 1
            log.info('{"event": "hub.slow_client", "player": %r}', self.player and self.player.id)
            self.abort(1013, "too slow to read")
            return
        self._pending += 1

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
        try:
            await asyncio.wait_for(self.ws.close(code, reason), 2.0)
        except TimeoutError:
            # The close frame waits behind a buffer the client does not read: let
            # the socket go, or it would hold the buffer (and a server's shutdown).
            if self.socket is not None:
                self.socket.drop()
        except Exception:
            pass

    async def _write(self) -> None:
        # Through ASGI, which waits while the socket pushes back (and compresses when
        # the client asked for it); direct writes wait behind these (``_pending``).
        try:
            while True:
                payload, text = await self.queue.get()
                try:
                    if text:
                        await self.ws.send_text(payload.decode())
                    else:
                        await self.ws.send_bytes(payload)
                finally:
                    self._pending -= 1
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


class Connections:
    """The connections of one process, each found by its ``cid`` too: an answer routed
    back from another process names the connection it is for by that."""

    def __init__(self) -> None:
        self._by_cid: dict[int, Connection] = {}

    def add(self, conn: Connection) -> None:
        self._by_cid[conn.cid] = conn

    def discard(self, conn: Connection) -> None:
        self._by_cid.pop(conn.cid, None)

    def get(self, cid: int) -> Connection | None:
        return self._by_cid.get(cid)

    def __iter__(self) -> Iterator[Connection]:
        return iter(self._by_cid.values())

    def __len__(self) -> int:
        return len(self._by_cid)
