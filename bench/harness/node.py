"""bench/peers' Node load generators (hall_load.mjs, floor_load.mjs), run against a
server of ours: a fraction of the Python clients' CPU for the same load. Each prints
``phase play`` when its tables are open and the measured window begins, ``phase done``
when it ends, and its figures as one line of JSON."""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from bench.harness.servers import ROOT

PEERS = ROOT / "bench" / "peers"


def batch_policy() -> None:
    """Run in a load generator's process before it starts (``preexec_fn``): the
    scheduler's batch policy, under which a process woken up does not take the
    processor from the one running there. On loopback every frame the hub writes wakes
    a client; at the normal policy the client then preempts the hub in mid-move (some
    4-5 times a move at 250 tables), and the hub pays for the switches and for its
    caches refilled after them, which clients on other machines would never cost it.
    The clients still run at once wherever a processor is free. Linux only; elsewhere
    nothing changes."""
    if hasattr(os, "SCHED_BATCH"):
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))


async def node_load(
    script: str,
    argv: Sequence[str],
    timeout: float,
    begin: Callable[[], None],
    end: Callable[[], None],
    preempt: bool = False,
) -> dict[str, Any]:
    """Run ``bench/peers/<script> argv...`` (at the batch policy unless ``preempt``),
    calling ``begin`` and ``end`` as its measured window opens and closes; its figures.
    It is killed if it has not ended within ``timeout`` seconds."""
    if not (ROOT / "client" / "node_modules" / "ws").is_dir():
        raise RuntimeError("client/node_modules is missing: run `make install` once")
    proc = await asyncio.create_subprocess_exec(
        "node",
        str(PEERS / script),
        *argv,
        cwd=PEERS,
        stdout=subprocess.PIPE,
        preexec_fn=None if preempt else batch_policy,
    )
    assert proc.stdout is not None
    figures: dict[str, Any] = {}
    try:
        async with asyncio.timeout(timeout):
            async for raw in proc.stdout:
                line = raw.decode().strip()
                if line == "phase play":
                    begin()
                elif line == "phase done":
                    end()
                elif line.startswith("{"):
                    figures = msgspec.json.decode(line)
            await proc.wait()
    finally:
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            await proc.wait()
    if not figures:
        raise RuntimeError(f"the Node clients ended without their figures ({proc.returncode})")
    return figures
