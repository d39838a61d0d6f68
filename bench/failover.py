"""Failover as a player sees it: from SIGKILL of a table's owner to the first move
applied for a move sent right after the kill.

    python -m bench.failover [--trials 6] [--leases 2 3] [--answer-within 2]
                             [--modes held resend every50ms]

Two `python -m server` processes on one Redis (a redis-server of its own on a free
loopback port); a Carcassonne table of two people, opened (and so owned) by the first
process, the second player on the second. On the second player's turn the owner is
killed, and at once the second player sends its move (the first entry of `legal`):

- held: with an `id`, once, and waits: the move lands when the second process takes
  the table over within the answer bound (`--answer-within`); else it is refused with
  `unavailable` and never applied (the trial counts as not landed);
- resend: with an `id`; on `unavailable` the same message goes again at once, until
  its `ok` comes;
- every50ms: as `bench.hub`'s failover figure was measured before answers were
  bounded: the move is sent again every 50 ms, without an `id`, until its patch comes.

Each trial starts fresh processes (and a fresh Redis). Prints, per lease and client,
how many trials landed and the seconds from the kill to the move's patch at the mover
(a move that got no answer at all within 10 s is counted as never answered). With
`--before DIR` it measures the server of another checkout instead, e.g. the hall before
answers were bounded (`git archive b4aa485 | tar -x -C DIR`). It never fails on a time;
traffic stays on 127.0.0.1 and every run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import time
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect

from bench.hub import free_port
from protocol.patch import apply
from tests.support.redis_server import RedisServer

_enc = msgspec.msgpack.Encoder().encode
_dec = msgspec.msgpack.Decoder().decode


class Player:
    """One connection that keeps its table's view and stamps what it receives."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.v = -1
        self.view: Any = None
        self.got: list[tuple[float, dict[str, Any]]] = []
        self.changed = asyncio.Event()
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, url: str, name: str) -> Player:
        player = cls(await connect(url, open_timeout=30, compression=None))
        await player.send({"t": "hello", "name": name})
        await player.wait(lambda m: m["t"] == "welcome")
        return player

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for raw in self.ws:
                assert isinstance(raw, bytes)
                msg = _dec(raw)
                if msg["t"] == "snapshot":
                    self.v, self.view = msg["v"], msg["view"]
                elif msg["t"] == "patch" and msg["v"] == self.v + 1:
                    self.v, self.view = msg["v"], apply(self.view, msg["ops"])
                self.got.append((time.perf_counter(), msg))
                self.changed.set()

    async def send(self, msg: dict[str, Any]) -> None:
        await self.ws.send(_enc(msg))

    async def wait(self, fits: Any, timeout: float = 30.0, since: int = 0) -> tuple[float, dict]:
        """The first message (from index ``since``) that ``fits``, with its arrival time."""
        deadline = time.perf_counter() + timeout
        while True:
            for at, msg in self.got[since:]:
                if fits(msg):
                    return at, msg
            self.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError("nothing came")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(), 2)
        self.reader.cancel()


# A checkout of the hall from before answers were bounded (--before): its server is
# run instead, and has no --answer-within.
BEFORE: str | None = None
SILENT = 10.0  # seconds without any answer after which a move counts as never answered


def serve(redis_url: str, lease: float, answer_within: float) -> tuple[subprocess.Popen, str]:
    port = free_port()
    cmd = [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(port)]
    cmd += ["--redis", redis_url, "--lease-ttl", str(lease), "--log-level", "warning"]
    if BEFORE is None:
        cmd += ["--answer-within", str(answer_within)]
    where = os.environ.get("FAILOVER_LOG")  # the servers' own log, to look into a run
    log = open(where, "ab") if where else subprocess.DEVNULL  # noqa: SIM115
    env = {**os.environ, "PYTHONPATH": BEFORE} if BEFORE else None
    proc = subprocess.Popen(cmd, cwd=BEFORE, env=env, stdout=subprocess.DEVNULL, stderr=log)
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    return proc, f"ws://127.0.0.1:{port}/ws"


async def trial(lease: float, answer_within: float, mode: str, n: int) -> tuple[bool, float]:
    """(landed, seconds from the kill to the move's patch at the mover, or to its
    refusal when it did not land; NaN when nothing answered it)."""
    redis = RedisServer()
    owner, owner_url = serve(redis.url, lease, answer_within)
    other, other_url = serve(redis.url, lease, answer_within)
    players: list[Player] = []
    try:
        host = await Player.open(owner_url, "host")
        players.append(host)
        await host.send({"t": "create", "game": "carcassonne"})
        _, created = await host.wait(lambda m: m["t"] == "room")
        room = created["room"]
        mover = await Player.open(other_url, "mover")
        players.append(mover)
        await mover.send({"t": "sit", "room": room, "seat": 1})
        await mover.wait(lambda m: m["t"] == "room" and m["you"] == 1)
        await host.send({"t": "start", "room": room})
        for p in players:
            await p.wait(lambda m: m["t"] == "snapshot")
        while not mover.view["legal"]:  # the host's turn: play it through its owner
            v = host.v
            await host.send({"t": "act", "room": room, "v": v, "intent": host.view["legal"][0]})
            for p in players:  # both hold the new view before the next look at it
                await p.wait(lambda m, v=v: m["t"] == "patch" and m["v"] == v + 1)
        v, intent = mover.v, mover.view["legal"][0]
        await asyncio.sleep(0.2 + (n % 5) * 0.13)  # kill at some point of a lease period
        owner.kill()
        owner.wait()
        t0 = time.perf_counter()
        landed = lambda m: m["t"] == "patch" and m["v"] == v + 1  # noqa: E731
        msg = {"t": "act", "room": room, "v": v, "intent": intent, "id": 1}
        if mode == "every50ms":
            del msg["id"]
            while not any(landed(m) for _, m in mover.got):
                await mover.send(msg)
                await asyncio.sleep(0.05)
                if time.perf_counter() - t0 > 30:
                    return False, float("nan")
            at, _ = await mover.wait(landed)
            return True, at - t0
        await mover.send(msg)
        seen = len(mover.got)
        while True:
            try:
                at, answer = await mover.wait(
                    lambda m: m["t"] in ("ok", "error") and m.get("ref") == 1,
                    since=seen,
                    timeout=SILENT,
                )
            except TimeoutError:
                # No answer: it landed all the same (a patch), or it never will.
                got = [at for at, m in mover.got if landed(m)]
                return (True, got[0] - t0) if got else (False, float("nan"))
            seen = len(mover.got)
            if answer["t"] == "ok":
                at, _ = await mover.wait(landed)
                return True, at - t0
            if mode == "held" or answer["code"] != "unavailable":
                return False, at - t0
            await mover.send(msg)  # resend: the same message, the same id
    finally:
        for p in players:
            await p.close()
        for proc in (owner, other):
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(10)
        redis.stop()


def run(lease: float, answer_within: float, mode: str, n: int) -> tuple[bool, float]:
    """One trial; one that falls over before the kill (a process that did not start) is
    run again, and said so."""
    for attempt in range(3):
        try:
            return asyncio.run(trial(lease, answer_within, mode, n))
        except Exception as e:
            print(f"failover: trial {n} ({mode}) failed, {attempt + 1}: {e!r}", file=sys.stderr)
    return False, float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=6)
    parser.add_argument("--leases", type=float, nargs="+", default=[2.0, 3.0])
    parser.add_argument("--answer-within", type=float, default=2.0)
    parser.add_argument("--modes", nargs="+", default=["held", "resend", "every50ms"])
    parser.add_argument(
        "--before",
        metavar="DIR",
        help="run the server of another checkout, e.g. one from before answers were "
        "bounded: git archive COMMIT | tar -x -C DIR",
    )
    args = parser.parse_args(argv)
    global BEFORE
    BEFORE = args.before
    print(
        "| lease s | answer within s | client | landed | kill → move applied: median s | min–max s |"
    )
    print("|---:|---:|---|---:|---:|---:|")
    for lease in args.leases:
        for mode in args.modes:
            results = [run(lease, args.answer_within, mode, n) for n in range(args.trials)]
            times = [t for ok, t in results if ok]
            refused = [t for ok, t in results if not ok and t == t]
            silent = sum(1 for ok, t in results if not ok and t != t)
            median = f"{statistics.median(times):.2f}" if times else "—"
            spread = f"{min(times):.2f}–{max(times):.2f}" if times else "—"
            note = f", refused after {statistics.median(refused):.2f} s" if refused else ""
            note += f", {silent} never answered" if silent else ""
            print(
                f"| {lease:g} | {'—' if BEFORE else f'{args.answer_within:g}'} | {mode} "
                f"| {len(times)} of {len(results)}{note} "
                f"| {median} | {spread} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
