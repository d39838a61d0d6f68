"""A real websocket test client: it speaks MessagePack (or JSON), keeps the views it
is sent and applies patches exactly as a browser client would."""

from __future__ import annotations

import asyncio
import copy
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect

from protocol import compact as compact_form
from protocol.patch import apply


class Client:
    def __init__(self, ws: ClientConnection, use_json: bool | None = False) -> None:
        self.ws = ws
        self.json = use_json  # None: either framing may come back (a fuzzer's socket)
        self.views: dict[str, tuple[int, Any]] = {}
        self.gaps: list[tuple[str, int, int]] = []
        self.inbox: list[dict[str, Any]] = []  # everything received, in order
        self.pending: list[dict[str, Any]] = []  # received but not yet taken by expect
        self.token: str | None = None
        self.player: str | None = None
        self.welcome: dict[str, Any] = {}  # the hello's answer
        self.compact = False  # the hall accepted our string table: patches come compact
        self.patch_bytes: list[int] = []  # the size of each patch frame received

    @classmethod
    async def open(
        cls,
        url: str,
        name: str | None = None,
        token: str | None = None,
        use_json: bool = False,
        compact: bool = False,
    ) -> Client:
        # A test client may leave what it is sent unread (a spectator nobody asks):
        # a deep queue lets the library read on, so the closing handshake at the end
        # is not stuck behind unread frames (10 s each with the default of 16).
        ws = await connect(url, max_size=1 << 22, open_timeout=5, max_queue=4096, close_timeout=2)
        client = cls(ws, use_json)
        if name is not None:
            hello = {"t": "hello", "name": name, "token": token, "lang": "en"}
            if compact:
                hello["compact"] = compact_form.ID
            await client.send(hello)
            welcome = await client.expect("welcome")
            client.token, client.player = welcome["token"], welcome["player"]
            client.welcome = welcome
            client.compact = welcome.get("compact", False)
        return client

    async def send(self, msg: dict[str, Any]) -> None:
        if self.json:
            await self.ws.send(msgspec.json.encode(msg).decode())
        else:
            await self.ws.send(msgspec.msgpack.encode(msg))

    async def send_raw(self, data: bytes | str) -> None:
        await self.ws.send(data)

    async def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        """The next message: one skipped by `expect` first, else one from the socket."""
        if self.pending:
            return self.pending.pop(0)
        return await self._read(timeout)

    async def _read(self, timeout: float) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        if isinstance(raw, str):
            assert self.json is not False, "a MessagePack client was answered in JSON"
            msg = msgspec.json.decode(raw)
        else:
            assert not self.json, "a JSON client was answered in MessagePack"
            # Plain frames decode as themselves; compact ones only for a client that asked.
            msg = compact_form.decode(raw) if self.compact else msgspec.msgpack.decode(raw)
        if msg["t"] == "patch":
            self.patch_bytes.append(len(raw))
        self._track(msg)
        self.inbox.append(msg)
        return msg

    def _track(self, msg: dict[str, Any]) -> None:
        if msg["t"] == "snapshot":
            self.views[msg["room"]] = (msg["v"], copy.deepcopy(msg["view"]))
        elif msg["t"] == "patch":
            room = msg["room"]
            have = self.views.get(room)
            if have is None or msg["v"] != have[0] + 1:
                self.gaps.append((room, -1 if have is None else have[0], msg["v"]))
                return
            self.views[room] = (msg["v"], apply(have[1], copy.deepcopy(msg["ops"])))

    async def expect(self, t: str, timeout: float = 5.0, **match: Any) -> dict[str, Any]:
        """Take the first message of type ``t`` whose fields equal ``match``, waiting
        for it if need be; messages passed over stay for later calls."""

        def fits(msg: dict[str, Any]) -> bool:
            return msg["t"] == t and all(msg.get(k) == v for k, v in match.items())

        for i, msg in enumerate(self.pending):
            if fits(msg):
                return self.pending.pop(i)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(f"no {t!r} {match} within {timeout}s")
            msg = await self._read(left)
            if fits(msg):
                return msg
            self.pending.append(msg)

    async def reach(self, room: str, v: int, timeout: float = 5.0) -> None:
        """Read until this client's view of ``room`` is at version ``v`` or later,
        whether a patch or a snapshot brought it there (a client attached twice under
        load may be sent a snapshot where a patch was awaited); what is read stays
        pending for later calls."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while room not in self.views or self.views[room][0] < v:
            left = deadline - loop.time()
            if left <= 0:
                have = self.views.get(room, (None,))[0]
                raise TimeoutError(f"{room} not at version {v} within {timeout}s (at {have})")
            self.pending.append(await self._read(left))

    async def drain(self, quiet: float = 0.1) -> None:
        """Read whatever arrives until the connection has been quiet for ``quiet``,
        and forget what is pending."""
        self.pending.clear()
        while True:
            try:
                await self._read(quiet)
            except TimeoutError:
                return

    async def resync(self, room: str) -> dict[str, Any]:
        # A snapshot already waiting here is older than the one asked for (a second
        # attach under load may send one twice): the answer is the next that comes.
        self.pending = [m for m in self.pending if not (m["t"] == "snapshot" and m["room"] == room)]
        await self.send({"t": "resync", "room": room})
        return await self.expect("snapshot", room=room)

    def view(self, room: str) -> Any:
        return self.views[room][1]

    def version(self, room: str) -> int:
        return self.views[room][0]

    async def close(self) -> None:
        await self.ws.close()
