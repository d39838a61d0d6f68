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

import struct
import weakref
from collections.abc import Callable, Generator
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket
from websockets.protocol import State

# What the protocol object must have for a direct write to be safe.
_NEEDS = ("transport", "conn", "writable")
_SCOPE_KEY = "spieltisch.socket"
_OPEN = State.OPEN
_HEAD16 = struct.Struct("!BBH")
_HEAD64 = struct.Struct("!BBQ")


class Exposed:
    """ASGI middleware around the whole application (outside Starlette's own, which
    wraps an HTTP request's `send`): a websocket's scope carries the server's protocol
    object when it is one `Socket` can write to, and every connection's transport,
    websocket or HTTP, is watched once the application is done with it (`watch`); one
    that cannot be (another server or event loop) is told to ``unwatched``."""

    def __init__(self, app: ASGIApp, unwatched: Callable[[], None] = lambda: None) -> None:
        self.app = app
        self.unwatched = unwatched

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        owner = getattr(send, "__self__", None)  # uvicorn's protocol, or its HTTP cycle
        if (
            scope["type"] == "websocket"
            and owner is not None
            and all(hasattr(owner, name) for name in _NEEDS)
        ):
            # Weakly: the protocol holds the scope, which must not hold it back.
            scope[_SCOPE_KEY] = weakref.ref(owner)
        try:
            await self.app(scope, receive, send)
        finally:
            transport = getattr(owner, "transport", None)
            # websockets' state of the connection (not uvicorn's protocol, which holds
            # the scope and its queues: kept until the sweep, they raised the high-water
            # mark of a hall where many come and go by some 15 MB).
            state = getattr(owner, "conn", None) if scope["type"] == "websocket" else None
            # Its cycles broken once it is over; if not, left to the collector.
            if transport is None or not watch(transport, state):
                self.unwatched()


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
        """Accepted, not closing, not closed: data frames may still be written.
        websockets' state is OPEN only once the handshake's answer is out, and leaves
        OPEN as soon as a close frame goes either way (uvicorn sends its own through
        it, or fails the connection through it); a lost connection closes the
        transport."""
        p = self._proto
        return p.conn.state is _OPEN and not p.transport.is_closing()

    def ready(self) -> bool:
        """Open, and the transport's buffer is below its high-water mark (`open`'s
        checks written out: this is asked for every connection a patch goes to)."""
        p = self._proto
        return p.writable.is_set() and p.conn.state is _OPEN and not p.transport.is_closing()

    def write(self, data: bytes) -> None:
        self._proto.transport.write(data)

    def drop(self) -> None:
        """Close at once, discarding what is buffered (a client that stopped reading)."""
        self._proto.transport.abort()


# Transports of connections that ended or will (HTTP's keep-alive ones), by id, with
# the websocket state over each (or None): `sweep` breaks their reference cycles once
# the connection is over.
_WATCHED: dict[int, tuple[Any, Any]] = {}


def watch(transport: Any, state: Any = None) -> bool:
    """Have ``transport``'s reference cycle broken once it has closed (`sweep`), and
    that of ``state``, websockets' protocol state of the connection over it, once the
    connection is lost, so that reference counting frees them.

    asyncio's selector transport keeps a bound method of itself (``_read_ready_cb``)
    for its reads; websockets' state keeps its parser, a generator that holds the
    state. Closed, both are garbage, but in cycles that only a full pass of the cyclic
    collector finds, and in a busy hall such a pass (over every table's views) stops
    the process for half a second (collector.py). uvloop's transports keep no such
    callback and let go of their protocol once the connection is lost, as asyncio's
    do: there, only the state's cycle is left to break. False when the transport
    cannot say whether its connection is over (another server's)."""
    if not (hasattr(transport, "is_closing") and hasattr(transport, "get_protocol")):
        return False
    _WATCHED[id(transport)] = (transport, state)
    return True


def _idle() -> Generator[None, None, None]:
    """A parser that holds nothing and reads nothing: what a websocket's state is left
    with once its connection is lost (nothing is read from it any more)."""
    while True:
        yield


def sweep() -> int:
    """Break the cycles of the watched connections that are over: a closed
    transport's reader is off the selector, so its callback is never called again,
    and once asyncio has told the protocol that the connection is lost (the transport
    lets go of it), nothing feeds the state's parser again. The rest stay watched.
    Returns how many were let go."""
    done = []
    for k, (transport, state) in _WATCHED.items():
        if not transport.is_closing():
            continue
        if hasattr(transport, "_read_ready_cb"):
            transport._read_ready_cb = None  # asyncio's; uvloop's transports have none
        if state is not None:
            if transport.get_protocol() is not None:
                continue  # the connection's loss is still to be told
            if hasattr(state, "parser"):
                parser = _idle()
                next(parser)
                state.parser = parser
        done.append(k)
    for k in done:
        del _WATCHED[k]
    return len(done)
