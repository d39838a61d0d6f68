"""Writing one encoded message to many sockets.

A patch goes to every connection of its audience. Through the ASGI interface each of
them would cost a task switch, a trip through Starlette and uvicorn, and websockets'
framing (with permessage-deflate, a compression per connection): most of the hub's
CPU per move. A server's frames are not masked, so the bytes of a frame are the same
for every connection: this module builds them once, and writes them straight to the
socket of each connection that is open and not pushing back.

`Exposed`, an ASGI middleware, finds uvicorn's websocket protocol behind the `send`
callable it is given (the sans-I/O implementation, which uvicorn picks when websockets
is installed) and puts it in the scope. Under any other server or implementation
`Socket.under` finds nothing there, and the connection sends through ASGI as before:
the client receives the same messages either way.

An uncompressed frame is allowed on a connection that negotiated permessage-deflate
(RFC 7692: a message whose RSV1 bit is clear is not compressed), and it leaves both
sides' compression contexts as they were.
"""

from __future__ import annotations

import asyncio
import struct
import weakref
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket
from websockets.protocol import State

from server.metrics import Metrics

# What the protocol object must have for a direct write to be safe.
_NEEDS = ("transport", "conn", "writable", "close_sent", "disconnected", "handshake_complete")
_SCOPE_KEY = "spieltisch.socket"
_HEAD16 = struct.Struct("!BBH")
_HEAD64 = struct.Struct("!BBQ")


class Exposed:
    """ASGI middleware: a websocket's scope carries the server's protocol object when
    it is one `Socket` can write to. (Starlette passes a websocket's `send` to its
    middleware unwrapped; its own routing wraps it later.)"""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            proto = getattr(send, "__self__", None)
            if proto is not None and all(hasattr(proto, name) for name in _NEEDS):
                # Weakly: the protocol holds the scope, which must not hold it back.
                scope[_SCOPE_KEY] = weakref.ref(proto)
        await self.app(scope, receive, send)


def frame(payload: bytes, text: bool = False) -> bytes:
    """The bytes of one unfragmented, unmasked websocket message (RFC 6455, 5.2):
    FIN and the opcode, then the length in 7 bits, or 16 or 64 after a marker."""
    first = 0x81 if text else 0x82
    n = len(payload)
    if n < 126:
        return bytes((first, n)) + payload
    if n < 1 << 16:
        return _HEAD16.pack(first, 126, n) + payload
    return _HEAD64.pack(first, 127, n) + payload


class Socket:
    """The uvicorn protocol of one websocket, for writing whole frames to it."""

    __slots__ = ("_proto",)

    def __init__(self, proto: Any) -> None:
        self._proto = proto

    @staticmethod
    def under(ws: WebSocket) -> Socket | None:
        ref = ws.scope.get(_SCOPE_KEY)
        proto = None if ref is None else ref()
        return None if proto is None else Socket(proto)

    def open(self) -> bool:
        """Accepted, not closing, not closed: data frames may still be written."""
        p = self._proto
        return (
            p.handshake_complete
            and not p.close_sent
            and not p.disconnected
            and p.conn.state is State.OPEN
            and not p.transport.is_closing()
        )

    def ready(self) -> bool:
        """Open, and the transport's buffer is below its high-water mark."""
        return self._proto.writable.is_set() and self.open()

    def write(self, data: bytes) -> None:
        self._proto.transport.write(data)

    def drop(self) -> None:
        """Close at once, discarding what is buffered (a client that stopped reading)."""
        self._proto.transport.abort()

    def unlink_later(self, metrics: Metrics) -> None:
        """Once the connection has ended: in a few seconds, break the reference cycle
        its closed asyncio transport is left in, so that reference counting frees it.

        The selector transport keeps a bound method of itself (``_read_ready_cb``) for
        its reads. Closed, it is garbage, but in a cycle that only a full pass of the
        cyclic collector finds, and in a busy hall such a pass (over every table's
        views) stops the process for half a second (collector.py). A transport still
        open then is left to the collector, counted in ``metrics.cycles_left``."""
        transport = self._proto.transport
        try:
            asyncio.get_running_loop().call_later(UNLINK_AFTER, _unlink, transport, metrics)
        except RuntimeError:
            metrics.cycles_left += 1


# Seconds after a connection ends before its transport's cycle is broken: by then the
# transport has closed (a client that does not answer the close handshake is cut off
# after 2 s, connection.py).
UNLINK_AFTER = 5.0


def _unlink(transport: Any, metrics: Metrics) -> None:
    # Only a transport that has closed: its reader is off the selector, so the
    # callback is never called again. Another event loop's transport has no such
    # attribute; its cycles, if any, are the collector's.
    if transport.is_closing() and hasattr(transport, "_read_ready_cb"):
        transport._read_ready_cb = None
    else:
        metrics.cycles_left += 1
