"""Small messages are written straight to the socket, larger ones through ASGI
(server/wire.py, server/connection.py): the client must see them in the order sent,
in its own framing, and the server must know which connections it can write to."""

from __future__ import annotations

import msgspec
import pytest
from websockets.frames import Frame, Opcode

from server import wire
from server.connection import DIRECT_MAX
from tests.conftest import TEST_LIMITS, running_server


def test_a_frame_is_what_websockets_itself_would_send() -> None:
    for size in (0, 1, 125, 126, 127, 65535, 65536, 70000):
        payload = bytes(range(256)) * (size // 256) + bytes(size % 256)
        for text, opcode in ((False, Opcode.BINARY), (True, Opcode.TEXT)):
            ours = wire.frame(payload, text)
            assert ours == Frame(opcode, payload).serialize(mask=False)
            assert ours[1] & 0x80 == 0  # a server's frames are not masked


@pytest.mark.parametrize("use_json", [False, True])
async def test_large_and_small_answers_keep_their_order(use_json: bool) -> None:
    limits = msgspec.structs.replace(TEST_LIMITS, open_tables=0, rate=1000.0, burst=1000.0)
    async with running_server(limits) as srv:
        host = await srv.client("host")
        for _ in range(40):  # enough tables that the lobby list is larger than DIRECT_MAX
            await host.send({"t": "create", "game": "countdown"})
            await host.expect("room")
        c = await srv.client("reader", use_json=use_json)
        conn = next(x for x in srv.hall.connections if x.player and x.player.name == "reader")
        assert conn.socket is not None and conn.socket.open()
        await c.drain()
        for i in range(30):
            await c.send({"t": "rooms"})  # large: through ASGI
            await c.send({"t": "ping", "id": i})  # small: straight to the socket
        kinds = []
        for _ in range(60):
            msg = await c.recv()
            kinds.append((msg["t"], msg.get("id")))
            if msg["t"] == "room_list":
                big = msgspec.msgpack.encode(msg)
                assert len(big) > DIRECT_MAX
        expected = [x for i in range(30) for x in (("room_list", None), ("pong", i))]
        assert kinds == expected
        await host.drain()  # a client with a full queue would not read the closing frame


async def test_every_websocket_of_the_hall_is_written_to_directly() -> None:
    async with running_server() as srv:
        clients = [await srv.client(f"p{i}") for i in range(3)]
        for c in clients:
            await c.send({"t": "ping", "id": 1})
            assert (await c.expect("pong"))["id"] == 1
        assert len(srv.hall.connections) == 3
        assert all(conn.socket is not None for conn in srv.hall.connections)
