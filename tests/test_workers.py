"""AI worker processes end with their hub, however the hub ends (server/workers.py)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time

import pytest

from bots.procfs import descendants
from tests.support.client import Client
from tests.support.processes import ServerProcess


async def _table_with_an_ai(url: str) -> Client:
    """A table with a strong AI player started: the hub starts its workers."""
    anna = await Client.open(url, "anna")
    await anna.send({"t": "create", "game": "carcassonne", "options": {}})
    room = (await anna.expect("room"))["room"]
    await anna.send({"t": "sit", "room": room, "seat": 0})
    await anna.expect("room", you=0)
    await anna.send({"t": "bot", "room": room, "seat": 1, "level": "strong"})
    while (await anna.expect("room"))["seats"][1] is None:
        pass
    await anna.send({"t": "start", "room": room})
    await anna.expect("snapshot", room=room)
    return anna


def _alive(pids: list[int]) -> list[int]:
    alive = []
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] != "Z":
                    alive.append(pid)
        except OSError:
            pass
    return alive


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
async def test_workers_leave_when_the_hub_is_gone(how: signal.Signals) -> None:
    server = ServerProcess()
    workers: list[int] = []
    try:
        anna = await _table_with_an_ai(server.url)
        for _ in range(100):  # the fork server and the workers it starts
            workers = descendants(server.proc.pid)
            if len(workers) >= 2:
                break
            await asyncio.sleep(0.1)
        assert len(workers) >= 2, workers
        with contextlib.suppress(Exception):
            await anna.close()
        os.kill(server.proc.pid, how)
        server.proc.wait(10)
        deadline = time.monotonic() + 10
        while _alive(workers) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        assert _alive(workers) == []
    finally:
        server.stop()
        for pid in _alive(workers):  # a failure must not leave them running either
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
