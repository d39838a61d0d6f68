"""What the hub's parts cost before any game: a server on the same stack as the hub
(uvicorn, websockets' sans-I/O protocol, the same event loop, the hub's direct
writes) that plays no game, under the same load as `bench.split`.

    python -m bench.floor [--spectators 0 4 12] [--rounds 1] [--rooms 250]
                          [--duration 15] [--interval 0.5] [--bytes 85]
                          [--asgi | --server node] [--clients-preempt]

Its server (``python -m bench.floor serve --port P``) is a bare ASGI application, no
Starlette: each connection at ``/floor/<table>`` joins that table, and every message
one sends is a move: the server frames one message of ``--bytes`` bytes (85 by
default, the mean compact Carcassonne patch of `bench.hub`) once, writes it to every
connection of the table that is ready for it, as the hub's fan-out does
(server/wire.py), and answers the mover with a one-byte `ok`, as the hub answers a
move with an id. No decoding, no table actor, no rules, no views, no diffs. The
load is `bench.hub`'s Node clients' (bench/peers/floor_load.mjs): R tables of 4 seats
and S spectators, a move a table every T seconds, staggered.

A line through server µs per move against connections per table splits the cost, as
in `bench.split`, into what a move costs once and what each connection adds. Set
beside `bench.split`'s line for a game, the difference is what the hall's own code
costs; set beside issue 21's target of 100 µs at 8 connections, it says how much of
the target the stack takes before the hall does anything. ``--asgi`` writes through
ASGI's `send` instead of straight to the sockets (as the hub did before server/wire.py);
``--server node`` runs the same tables on Node and its `ws` library
(bench/peers/floor_server.mjs), for the cost of a move on another runtime with the
same system calls. The Node clients run at the scheduler's batch policy, as
`bench.hub`'s do (``--clients-preempt``: at the normal one).
It prints tables; it never fails on a time. Traffic goes to 127.0.0.1 only, and every
run stops by itself.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from bench import hub, split
from bench.harness.clients import open_files_for_clients
from bench.harness.figures import fit
from bench.harness.node import PEERS, node_load
from bench.harness.printing import Table, errors
from bench.harness.servers import Process, free_port
from bots import runner
from bots.procfs import Meter
from server import wire
from server.__main__ import LOOPS

SERVE_TIMEOUT = 30.0  # seconds for the server to listen
DEFAULT_BYTES = 85  # a move's frame: the mean compact Carcassonne patch of bench.hub


class FloorApp:
    """The bare ASGI application: tables of connections, and a move is a frame to all."""

    def __init__(self, size: int = DEFAULT_BYTES, direct: bool = True) -> None:
        self.pad = bytes(max(0, size - 4))  # after the 4 bytes of the move's number
        self.direct = direct
        self.tables: dict[str, list[tuple[Any, wire.Socket | None]]] = {}
        self.moves: dict[str, int] = {}
        self.ok = wire.frame(b"k")

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        if scope["type"] != "websocket" or not scope["path"].startswith("/floor/"):
            await send({"type": "http.response.start", "status": 404, "headers": []})
            await send({"type": "http.response.body", "body": b""})
            return
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        table = scope["path"].removeprefix("/floor/")
        owner = getattr(send, "__self__", None)  # uvicorn's protocol, as in wire.Exposed
        sock = wire.Socket(owner) if self.direct and hasattr(owner, "transport") else None
        member = (send, sock)
        members = self.tables.setdefault(table, [])
        members.append(member)
        try:
            while True:
                message = await receive()
                if message["type"] == "websocket.disconnect":
                    break
                if message.get("bytes") is not None:
                    await self.move(table, member)
        finally:
            members.remove(member)

    async def move(self, table: str, mover: tuple[Any, wire.Socket | None]) -> None:
        n = self.moves.get(table, 0) + 1
        self.moves[table] = n
        payload = n.to_bytes(4, "big") + self.pad
        data = wire.frame(payload)  # once for the whole table, as a patch for an audience
        for send, sock in list(self.tables[table]):
            if sock is not None and sock.ready():
                sock.write(data)
            else:
                await send({"type": "websocket.send", "bytes": payload})
        send, sock = mover
        if sock is not None and sock.ready():
            sock.write(self.ok)
        else:
            await send({"type": "websocket.send", "bytes": b"k"})


def serve(port: int, size: int, direct: bool, loop: str) -> None:
    import uvicorn

    config = uvicorn.Config(
        FloorApp(size, direct),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws_ping_interval=20.0,  # as the hub (server/__main__.py)
        ws_ping_timeout=20.0,
        lifespan="on",
        loop=loop,
    )
    uvicorn.Server(config).run()


class FloorServer(Process):
    """``python -m bench.floor serve`` in a process of its own, for one run (or, with
    ``node``, bench/peers/floor_server.mjs: the same tables on Node and `ws`)."""

    def __init__(self, size: int, direct: bool, loop: str, node: bool = False) -> None:
        port = free_port()
        if node:
            cmd = ["node", str(PEERS / "floor_server.mjs"), "--port", str(port)]
            cmd += ["--bytes", str(size)]
        else:
            cmd = [sys.executable, "-m", "bench.floor", "serve", "--port", str(port)]
            cmd += ["--bytes", str(size), "--loop", loop] + ([] if direct else ["--asgi"])
        super().__init__(cmd, port, timeout=SERVE_TIMEOUT, name="the floor server")


async def run_one(args: argparse.Namespace, spectators: int) -> dict[str, Any]:
    """One run: a fresh server, the Node clients, the server's CPU over their window."""
    with FloorServer(args.bytes, not args.asgi, args.loop, args.server == "node") as server:
        argv = ["--port", str(server.port), "--rooms", str(args.rooms)]
        argv += ["--spectators", str(spectators), "--interval", str(int(args.interval * 1000))]
        argv += ["--seconds", str(args.duration)]
        meter = Meter(server.pid)
        timeout = args.duration + 60 + args.rooms * 0.1
        figures = await node_load(
            "floor_load.mjs", argv, timeout, meter.begin, meter.end, args.clients_preempt
        )
    moves = max(1, figures["moves"])
    return {
        "per_table": hub.SEATS + spectators,
        "moves_per_s": figures["moves"] / figures["seconds"],
        "us_per_move": 1e6 * meter.cpu / moves,
        "kernel_us_per_move": 1e6 * meter.system / moves,
        "p99_ms": figures["p99_ms"] or float("nan"),
        "generator_cpu_pct": figures["generator_cpu_pct"],
        "errors": figures["errors"],
    }


RUNS = Table(
    [
        ("round", "{round}"),
        ("connections a table", "{per_table}"),
        ("moves/s", "{moves_per_s:.0f}"),
        ("server µs/move", "{us_per_move:.0f}"),
        ("of which kernel", "{kernel_us_per_move:.0f}"),
        ("p99 ms", "{p99_ms:.1f}"),
        ("generator CPU %", "{generator_cpu_pct:.0f}"),
        ("errors", lambda r: errors(r["errors"])),
    ]
)
LINE = Table(
    [
        ("server CPU", "{0}"),
        ("once a move µs", "{1:.0f}"),
        ("per connection µs", "{2:.1f}"),
        ("at 8 connections µs", "{3:.0f}"),
    ],
    left=[0],
)


def summary(rows: list[dict[str, Any]]) -> str:
    once, each = fit([(r["per_table"], r["us_per_move"]) for r in rows])
    k_once, k_each = fit([(r["per_table"], r["kernel_us_per_move"]) for r in rows])
    at8 = once + split.TARGET_CONNECTIONS * each
    k_at8 = k_once + split.TARGET_CONNECTIONS * k_each
    return "\n".join(
        [
            LINE([("all", once, each, at8), ("of which kernel", k_once, k_each, k_at8)]),
            "",
            f"Issue 21's target, {split.TARGET_US:.0f} µs a move at "
            f"{split.TARGET_CONNECTIONS} connections: a server that plays no game takes "
            f"{100 * at8 / split.TARGET_US:.0f} % of it, the kernel's part alone "
            f"{100 * k_at8 / split.TARGET_US:.0f} %.",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    split.add_line_arguments(parser)
    parser.add_argument("--bytes", type=int, default=DEFAULT_BYTES, help="bytes of a move's frame")
    parser.add_argument("--asgi", action="store_true", help="write through ASGI's send")
    parser.add_argument("--loop", choices=LOOPS, default="auto")
    parser.add_argument(
        "--server",
        choices=["python", "node"],
        default="python",
        help="node: the same tables on Node and its `ws` library (bench/peers/floor_server.mjs)",
    )
    sub = parser.add_subparsers(dest="command")
    serving = sub.add_parser("serve", help="run the floor server alone")
    serving.add_argument("--port", type=int, required=True)
    serving.add_argument("--bytes", type=int, default=DEFAULT_BYTES)
    serving.add_argument("--asgi", action="store_true")
    serving.add_argument("--loop", choices=LOOPS, default="auto")
    args = parser.parse_args(argv)
    if args.command == "serve":
        serve(args.port, args.bytes, not args.asgi, args.loop)
        return 0
    split.check_line_arguments(parser, args)
    if args.bytes < 4:
        parser.error("--bytes must be at least 4 (a move's number)")
    open_files_for_clients()
    rows: list[dict[str, Any]] = []
    total = len(args.spectators) * args.rounds
    for round_ in range(1, args.rounds + 1):
        for spectators in args.spectators:
            print(
                f"floor: run {len(rows) + 1} of {total}: {hub.SEATS} seats + {spectators} "
                f"spectators, round {round_}",
                file=sys.stderr,
                flush=True,
            )
            row = runner.run(run_one(args, spectators))
            row["round"] = round_
            rows.append(row)
    if args.server == "node":
        writes = "by a Node server (ws)"
    elif args.asgi:
        writes = "through ASGI's send"
    else:
        writes = "straight to the sockets, as the hub"
    print(
        f"server CPU a move against connections a table, no game: {args.rooms} tables, a "
        f"move a table every {args.interval:g} s, {args.duration:g} s a run, frames of "
        f"{args.bytes} B written {writes}, the Node clients\n"
    )
    print(RUNS(rows) + "\n")
    print(summary(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
