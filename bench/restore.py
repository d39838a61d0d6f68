"""How long a durable hall takes to come back: N tables in play, the process killed
with SIGKILL, and the time until the new process answers with every table back.

    python -m bench.restore [--tables 1000] [--moves 12] [--game carcassonne]

Each table is a person against a random AI player, opened and played through the
wire (the person plays ``--moves`` of its own moves, the AI answers each), so the
database holds what a real evening leaves: meta, logs and saved states. The server
(`python -m server --data DIR`, a temporary directory) is then killed, started again,
and timed from its start to its first answer on /healthz (it listens only once every
table is back), beside the same start with an empty directory. It prints a table; it
never fails on a time. Traffic goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import msgspec
from websockets.asyncio.client import connect

from bench.hub import free_port, server_usage
from protocol.patch import apply

_enc = msgspec.msgpack.Encoder().encode
_dec = msgspec.msgpack.Decoder().decode


def start(data: Path, port: int) -> tuple[subprocess.Popen[bytes], float]:
    """A server on ``data``; returns it and the seconds until it answered."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "server",
            "--port",
            str(port),
            "--data",
            str(data),
            "--bot-delay",
            "0",
            "--log-level",
            "warning",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return proc, time.perf_counter() - t0
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError("the server exited") from None
            time.sleep(0.02)
    proc.kill()
    raise RuntimeError("the server did not answer")


async def one_table(url: str, game: str, moves: int, rng: random.Random) -> None:
    async with connect(url, max_size=1 << 22) as ws:

        async def expect(t: str) -> dict:
            while True:
                msg = _dec(await ws.recv(decode=False))
                if msg["t"] == t:
                    return msg

        await ws.send(_enc({"t": "hello", "name": "bench"}))
        await expect("welcome")
        await ws.send(_enc({"t": "create", "game": game}))
        room = (await expect("room"))["room"]
        await ws.send(_enc({"t": "sit", "room": room, "seat": 0}))
        await ws.send(_enc({"t": "bot", "room": room, "seat": 1, "level": "random"}))
        await ws.send(_enc({"t": "start", "room": room}))
        snap = await expect("snapshot")
        v, view = snap["v"], snap["view"]
        played = 0
        while played < moves and view.get("result") is None:
            if view.get("legal"):
                await ws.send(
                    _enc({"t": "act", "room": room, "v": v, "intent": rng.choice(view["legal"])})
                )
                played += 1
            msg = await expect("patch")
            v, view = msg["v"], apply(view, msg["ops"])


async def fill(url: str, tables: int, game: str, moves: int) -> None:
    rng = random.Random(1)
    gate = asyncio.Semaphore(32)
    done = 0

    async def one() -> None:
        nonlocal done
        async with gate:
            await one_table(url, game, moves, rng)
        done += 1
        if done % 50 == 0 or done == tables:
            print(f"\r  {done}/{tables} tables opened and played", end="", file=sys.stderr)

    await asyncio.gather(*(one() for _ in range(tables)))
    print(file=sys.stderr)


async def count_tables(url: str) -> int:
    async with connect(url, max_size=1 << 24) as ws:
        await ws.send(_enc({"t": "hello", "name": "counter"}))
        await ws.send(_enc({"t": "rooms"}))
        while True:
            msg = _dec(await ws.recv(decode=False))
            if msg["t"] == "room_list":
                return len(msg["rooms"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.restore", description=__doc__)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=12, help="the person's moves per table")
    parser.add_argument("--game", default="carcassonne")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-restore-") as tmp:
        data = Path(tmp)
        port = free_port()
        proc, empty = start(data, port)
        url = f"ws://127.0.0.1:{port}/ws"
        t0 = time.perf_counter()
        asyncio.run(fill(url, args.tables, args.game, args.moves))
        filled = time.perf_counter() - t0
        before = asyncio.run(count_tables(url))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        size = sum(f.stat().st_size for f in data.iterdir()) / 1e6
        proc, back = start(data, port)
        try:
            after = asyncio.run(count_tables(url))
            cpu, rss = server_usage(proc.pid)
        finally:
            proc.terminate()
            proc.wait(10)
    print(
        f"{args.tables} {args.game} tables, {args.moves} moves of the person's each "
        f"(filled in {filled:.0f} s; database {size:.1f} MB)\n"
        "| start | seconds to answer | tables in the lobby | CPU s | RSS MB |\n"
        "|---|---:|---:|---:|---:|\n"
        f"| empty data directory | {empty:.2f} | 0 | | |\n"
        f"| after SIGKILL, {before} tables | {back:.2f} | {after} | {cpu:.1f} | {rss:.0f} |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
