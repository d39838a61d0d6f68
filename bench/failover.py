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
import os
import statistics
import sys
import time

from bench.harness.clients import Client, Stats, open_client, past, until
from bench.harness.printing import Table
from bench.harness.redis_server import RedisServer
from bench.harness.servers import HallServer
from bench.harness.tables import open_table

# A checkout of the hall from before answers were bounded (--before): its server is
# run instead, and has no --answer-within.
BEFORE: str | None = None
SILENT = 10.0  # seconds without any answer after which a move counts as never answered


def serve(redis_url: str, lease: float, answer_within: float) -> HallServer:
    extra = [] if BEFORE is not None else ["--answer-within", str(answer_within)]
    log = os.environ.get("FAILOVER_LOG") or False  # the servers' own log, to look into a run
    return HallServer(redis=redis_url, lease_ttl=lease, extra=extra, log=log, checkout=BEFORE)


async def trial(lease: float, answer_within: float, mode: str, n: int) -> tuple[bool, float]:
    """(landed, seconds from the kill to the move's patch at the mover, or to its
    refusal when it did not land; NaN when nothing answered it)."""
    redis = RedisServer()
    servers: list[HallServer] = []
    players: list[Client] = []
    try:
        for _ in range(2):
            servers.append(serve(redis.url, lease, answer_within))
        owner, other = servers
        host = await open_client(owner.url, "host", Stats(), True)
        players.append(host)
        arrived = Stats(measuring=True)  # the mover's patches, stamped as they come
        mover = await open_client(other.url, "mover", arrived, True)
        players.append(mover)
        room = await open_table(host, "carcassonne", players=[mover])
        while not mover.view["legal"]:  # the host's turn: play it through its owner
            v = host.v
            await host.send({"t": "act", "room": room, "v": v, "intent": host.view["legal"][0]})
            # both hold the new view before the next look at it
            if not await until(past([host, mover], v), 30):
                raise TimeoutError("nothing came")
        v, intent = mover.v, mover.view["legal"][0]
        await asyncio.sleep(0.2 + (n % 5) * 0.13)  # kill at some point of a lease period
        owner.kill()
        t0 = time.perf_counter()
        key = (room, v + 1)

        def landed() -> float | None:
            """When the move's patch reached the mover."""
            return arrived.arrivals[key][0] if key in arrived.arrivals else None

        msg = {"t": "act", "room": room, "v": v, "intent": intent, "id": 1}
        if mode == "every50ms":
            del msg["id"]
            while landed() is None:
                await mover.send(msg)
                await asyncio.sleep(0.05)
                if time.perf_counter() - t0 > 30:
                    return False, float("nan")
            return True, (landed() or t0) - t0
        await mover.send(msg)
        while True:
            try:
                answer = await mover.expect(("ok", "error"), timeout=SILENT, ref=1)
            except TimeoutError:
                # No answer: it landed all the same (a patch), or it never will.
                at = landed()
                return (True, at - t0) if at is not None else (False, float("nan"))
            answered = time.perf_counter()
            if answer["t"] == "ok":
                if not await until(lambda: landed() is not None, 30):
                    raise TimeoutError("nothing came")
                return True, (landed() or t0) - t0
            if mode == "held" or answer["code"] != "unavailable":
                return False, answered - t0
            await mover.send(msg)  # resend: the same message, the same id
    finally:
        for p in players:
            await p.close()
        for server in servers:
            server.stop()
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


ROWS = Table(
    [
        ("lease s", "{0:g}"),
        ("answer within s", "{1}"),
        ("client", "{2}"),
        ("landed", "{3}"),
        ("kill → move applied: median s", "{4}"),
        ("min–max s", "{5}"),
    ],
    left=[2],
)


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
    print(ROWS.head())
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
            within = "—" if BEFORE else f"{args.answer_within:g}"
            landed = f"{len(times)} of {len(results)}{note}"
            print(ROWS.row((lease, within, mode, landed, median, spread)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
