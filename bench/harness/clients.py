"""The lean websocket client that load runs measure with: it reads every frame as it
comes, stamps each patch's arrival (while measuring) and, when seated, keeps its view
for `legal`; anything else it gets waits in its inbox for `expect`. It sends only what
it is given (no ids, no pacing), so that a thousand of them cost one process little
beside the hall they measure. (`bench.harness.peer` is the fuller, paced client.)"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect

from bots.load import raise_nofile
from protocol import compact
from protocol.patch import apply

_enc = msgspec.msgpack.Encoder().encode
_dec = msgspec.msgpack.Decoder().decode
Where = Callable[[dict[str, Any]], bool]


@dataclass
class Stats:
    """What a set of clients received; the arrivals only while ``measuring``."""

    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    arrivals: dict[tuple[str, int], list[float]] = field(default_factory=dict)
    deliveries: int = 0
    patch_bytes: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    measuring: bool = False
    compact: bool = False  # the clients ask for compact patches, as the browser app does


class Client:
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

    async def expect(
        self,
        t: str | tuple[str, ...],
        where: Where | None = None,
        timeout: float = 30.0,
        **match: Any,
    ) -> dict[str, Any]:
        """The next message in the inbox of type ``t`` (or one of them) whose fields equal
        ``match`` and that ``where`` accepts; those before it are dropped."""
        types = (t,) if isinstance(t, str) else t
        async with asyncio.timeout(timeout):
            while True:
                msg = await self.inbox.get()
                if (
                    msg["t"] in types
                    and all(msg.get(k) == v for k, v in match.items())
                    and (where is None or where(msg))
                ):
                    return msg

    async def ask(
        self,
        msg: dict[str, Any],
        t: str,
        where: Where | None = None,
        timeout: float = 30.0,
        **match: Any,
    ) -> dict[str, Any]:
        """Send ``msg`` and wait for its answer (as `expect`)."""
        await self.send(msg)
        return await self.expect(t, where, timeout, **match)

    async def until_view(self, timeout: float = 30.0) -> None:
        """Until the table's snapshot has come (after `start` or `enter`)."""
        await self.expect("snapshot", timeout=timeout, room=self.room)

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(), 2)
        self.reader.cancel()


async def open_client(
    url: str, name: str, stats: Stats, keep_view: bool, token: str | None = None
) -> Client:
    ws = await connect(url, max_size=1 << 22, open_timeout=30, compression=None)
    c = Client(ws, stats, keep_view)
    hello: dict[str, Any] = {"t": "hello", "name": name, "token": token}
    if stats.compact:
        hello["compact"] = compact.ID
    await c.send(hello)
    c.token = (await c.expect("welcome"))["token"]
    return c


async def until(check: Callable[[], bool], timeout: float, every: float = 0.002) -> bool:
    """Whether ``check()`` came to hold within ``timeout`` seconds, looking every
    ``every`` (the clients stamp what they receive: the look need not be prompt)."""
    deadline = time.perf_counter() + timeout
    while not check():
        if time.perf_counter() > deadline:
            return False
        await asyncio.sleep(every)
    return True


def past(clients: Sequence[Client], v: int) -> Callable[[], bool]:
    """Whether each of ``clients`` holds a version after ``v`` (for `until`)."""
    return lambda: all(c.v > v for c in clients)


def open_files_for_clients() -> None:
    """Raise this process's limit of open files: thousands of client sockets."""
    raise_nofile(65536)
