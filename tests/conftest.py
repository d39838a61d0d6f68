from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import pytest
import uvicorn

from bench.harness import redis_cluster as redis_cluster_harness
from bench.harness.redis_server import RedisServer
from server import games
from server.app import create_app
from server.hall import Hall
from server.limits import Limits
from tests.support import toy
from tests.support.client import Client
from tests.support.tables import open_table

games.register(toy.game)

try:
    import uvloop
except ImportError:  # Windows has no uvloop: the hall runs on asyncio's loop there
    uvloop = None  # type: ignore[assignment]


def pytest_asyncio_loop_factories(config: Any, item: Any) -> dict[str, Any] | None:
    """The async tests, and the servers they start in their loop, run on the event loop
    `python -m server` runs on: uvloop's, where it is installed; those marked
    `asyncio_loop` on Python's own (what a hall runs on without uvloop)."""
    if item.get_closest_marker("asyncio_loop") is not None:
        return {"asyncio": asyncio.SelectorEventLoop}
    return None if uvloop is None else {"uvloop": uvloop.new_event_loop}


# The limits used by the platform's tests: AI players move at once, empty tables
# close at once, and the rate limit is loose enough that a fast test is not refused.
TEST_LIMITS = Limits(bot_delay=0.0, empty_grace=0.0, rate=1000.0, burst=1000.0, ai_budget=0.02)


def free_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


class RunningServer:
    def __init__(self, url: str, app: Any) -> None:
        self.url = url
        self.app = app
        self.http = url.replace("ws://", "http://").removesuffix("/ws")
        self.clients: list[Client] = []

    @property
    def hall(self) -> Hall:
        hall: Hall = self.app.state.hall
        return hall

    async def client(self, name: str | None = "player", **kw: Any) -> Client:
        c = await Client.open(self.url, name, **kw)
        self.clients.append(c)
        return c


@contextlib.asynccontextmanager
async def running_server(
    limits: Limits = TEST_LIMITS, **app_kw: Any
) -> AsyncIterator[RunningServer]:
    """The real server (uvicorn + Starlette) on a free loopback port, in this loop."""
    app = create_app(limits=limits, client_dist=None, **app_kw)
    sock = free_socket()
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", ws_max_size=1 << 20, lifespan="on")
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    for _ in range(500):
        if server.started:
            break
        await asyncio.sleep(0.01)
    running = RunningServer(f"ws://127.0.0.1:{port}/ws", app)
    try:
        yield running
    finally:
        for c in running.clients:
            with contextlib.suppress(Exception):
                await c.close()
        server.should_exit = True
        await asyncio.wait_for(task, 10)
        sock.close()


@pytest.fixture
async def server() -> AsyncIterator[RunningServer]:
    async with running_server() as s:
        yield s


@pytest.fixture
def start_table() -> Callable[..., Awaitable[tuple[str, list[Client], Client]]]:
    return open_table


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    """A real redis-server on a free loopback port, for one test module."""
    server = RedisServer()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def redis_cluster() -> Iterator[redis_cluster_harness.RedisCluster]:
    """A real Redis Cluster on loopback ports, for one test module (skipped where
    redis-server cannot make one)."""
    why = redis_cluster_harness.missing()
    if why is not None:
        pytest.skip(why)
    cluster = redis_cluster_harness.RedisCluster()
    yield cluster
    cluster.stop()
