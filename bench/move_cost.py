"""What one move costs the server, in-process: random 4-seat games of every real game
played through the room's own code path, and the microseconds per move of each part.

    python -m bench.move_cost [--games 3] [--seats 4] [--game NAME ...] [--memory]
                              [--json FILE]

No network, no event loop: each move goes as in the room actor (`Room._play`): the
intent arrives in its wire form and is converted, the game checks and applies it, the
log entry is encoded, the ledger builds every audience's view and patch
(`Ledger.changes`), commits them to a stub broker that does nothing, and keeps them
(`Ledger.accept`). The moves are random: a seat on turn, one of the intents its view's
``legal`` offers (so the benchmark calls ``legal`` no more than the server does). The
cyclic collector is off meanwhile, as in the hub.

Each game is played twice with the same seeds, so the same moves, each time with the
games' memos emptied first (server/games/parts.py: the second time round they would
know every position):
- instrumented first, the parts timed one by one in CPU time: `apply` (converting the
  intent, the game's checks and change, the log entry), `rollback` (the copy of the
  state the ledger keeps every KEEP_EVERY moves, to undo a move whose commit fails),
  `legal` (the game's ``legal`` for the seats on turn, and its wire form), `views` (the
  rest of building the views), `diffs`, `patch` and `snapshot` (encoding the messages:
  a shared hall keeps every audience's snapshot every few versions) and `rest` (commit,
  accept, the loop), `compact` (each audience's patch in compact form, as the hub
  makes it for clients that ask, and every browser does: in one process along with the
  diffs, the parts the audiences share made compact once; in a shared hall from each
  published patch) and `fan-out` (each
  audience's compact patch framed once and sent on a real socket per connection: one
  per seat, ``--spectators`` for the watchers, as server/wire.py writes them). The timers cost a little themselves (some 15-25 µs a
  move), so the parts add up to more than the total;
- then plainly, each whole move timed (`total CPU`, from `time.process_time`; `total
  wall`, from `time.perf_counter`: when it is well above the CPU time, the machine was
  busy with other work), and the median CPU time of the moves in the `first third` and
  in the `last third` of each game: a move should cost as much late in a game, with a
  long log and a full board, as early on (the median, because the last move of a game
  also scores it whole).

By default the hall is shared (as on Redis: snapshots kept every `VIEW_EVERY` moves);
``--memory`` measures a one-process hall instead (no snapshots, patches published in
process). `patch B` is the mean encoded patch message per audience and move, `compact
B` the same in compact form.
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import statistics
import sys
import time
from collections.abc import Callable, Coroutine, Generator, Iterator
from contextlib import contextmanager
from typing import Any

import msgspec

import server.games.base as base
import server.room.ledger as ledger_module
from protocol import compact
from protocol.messages import Patch, Snapshot
from server import collector, games, wire
from server.games import parts
from server.room.ledger import Ledger
from server.room.record import LogAct

GAMES = ["carcassonne", "stone_age", "alhambra", "kingsburg", "kardinal"]
PARTS = [
    "apply",
    "rollback",
    "legal",
    "views",
    "diffs",
    "patch",
    "snapshot",
    "rest",
    "compact",
    "fan-out",
]
# Timed inside Ledger.changes and Ledger.accept.
INNER = ["rollback", "legal", "views", "diffs", "patch", "snapshot", "compact"]
_encode = msgspec.msgpack.Encoder().encode


class StubBroker:
    """Takes everything and keeps nothing, at once (no coroutine ever suspends)."""

    durable = False

    def __init__(self, shared: bool) -> None:
        self.shared = shared

    async def commit(self, *args: Any, **kwargs: Any) -> int:
        return 0

    async def append(self, *args: Any, **kwargs: Any) -> int:
        return 0

    async def publish(self, *args: Any, **kwargs: Any) -> None:
        return None

    async def put(self, *args: Any, **kwargs: Any) -> None:
        return None


def run(coro: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine that never suspends, without an event loop."""
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value
    coro.close()
    raise RuntimeError("the stub broker suspended")


class Clock:
    """CPU seconds spent per part."""

    def __init__(self) -> None:
        self.parts = dict.fromkeys(PARTS, 0.0)

    def timed(self, part: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        parts = self.parts
        now = time.process_time

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            t = now()
            try:
                return fn(*args, **kwargs)
            finally:
                parts[part] += now() - t

        return wrapper


@contextmanager
def instrumented(clock: Clock) -> Iterator[None]:
    """Time the ledger's views (``legal`` apart), diffs, encodes and kept copies."""
    saved = (ledger_module.audience_views, ledger_module._encode)
    saved_legal = base.legal_view
    saved_keep = Ledger._keep
    saved_sharing = ledger_module._sharing
    # The ledger's functions timed whole, by the part they count in.
    timed = {
        "diff": "diffs",
        "diff_shared": "diffs",
        "diff_own": "diffs",
        "compact_patch": "compact",
        "compact_ops": "compact",
        "compact_flat": "compact",
    }
    saved_timed = {name: getattr(ledger_module, name) for name in timed}
    encode = ledger_module._encode
    parts = clock.parts
    now = time.process_time

    def timed_views(*args: Any, **kwargs: Any) -> Any:
        # The views' own time, less what `legal` took inside (counted there).
        before = parts["legal"]
        t = now()
        try:
            return saved[0](*args, **kwargs)
        finally:
            parts["views"] += now() - t - (parts["legal"] - before)

    def timed_encode(obj: Any) -> bytes:
        t = now()
        try:
            return encode(obj)
        finally:
            if type(obj) is Snapshot:
                parts["snapshot"] += now() - t
            elif type(obj) is Patch:
                parts["patch"] += now() - t

    ledger_module.audience_views = timed_views  # type: ignore[assignment]
    ledger_module._encode = timed_encode  # type: ignore[assignment]
    for name, part in timed.items():
        setattr(ledger_module, name, clock.timed(part, saved_timed[name]))
    base.legal_view = clock.timed("legal", saved_legal)  # type: ignore[assignment]
    Ledger._keep = clock.timed("rollback", saved_keep)  # type: ignore[method-assign]
    ledger_module._sharing = clock.timed("snapshot", saved_sharing)
    try:
        yield
    finally:
        ledger_module.audience_views, ledger_module._encode = saved
        for name, function in saved_timed.items():
            setattr(ledger_module, name, function)
        base.legal_view = saved_legal  # type: ignore[assignment]
        Ledger._keep = saved_keep  # type: ignore[method-assign]
        ledger_module._sharing = saved_sharing


class Sockets:
    """Connected pairs of real sockets, ``watchers`` for the spectators and one for each
    seat: the hub's ends are written to as the hub writes to its clients (one frame per
    audience, then a send on each of its sockets); the other ends are read after each
    move, outside the timing (that is the clients' work)."""

    def __init__(self, seats: int, watchers: int) -> None:
        self.ends: dict[int | None, list[tuple[socket.socket, socket.socket]]] = {
            a: [socket.socketpair() for _ in range(watchers if a is None else 1)]
            for a in [*range(seats), None]
        }
        for pairs in self.ends.values():
            for ours, theirs in pairs:
                ours.setblocking(False)
                theirs.setblocking(False)

    def send(self, audience: int | None, patch: bytes) -> None:
        data = wire.frame(patch)
        for ours, _ in self.ends[audience]:
            ours.send(data)

    def drain(self) -> None:
        for pairs in self.ends.values():
            for _, theirs in pairs:
                while True:
                    try:
                        if not theirs.recv(1 << 16):
                            break
                    except BlockingIOError:
                        break

    def close(self) -> None:
        for pairs in self.ends.values():
            for ours, theirs in pairs:
                ours.close()
                theirs.close()


def play(
    name: str, seats: int, seed: int, shared: bool, clock: Clock | None, watchers: int = 4
) -> dict[str, Any]:
    """One random game, move by move as the room actor plays it. With a clock, the
    parts are timed into it; without, each whole move is."""
    return play_together(name, seats, [seed], shared, clock, watchers)[0]


def play_together(
    name: str, seats: int, seeds: list[int], shared: bool, clock: Clock | None, watchers: int = 4
) -> list[dict[str, Any]]:
    """Random games played at once, a move of each in turn, as a hub's tables take
    turns: between two moves of a table, the others' moves have gone through the
    processor's caches. One game's figures per seed."""
    tables = [_moves(name, seats, seed, shared, clock, watchers) for seed in seeds]
    results: dict[int, dict[str, Any]] = {}
    while len(results) < len(tables):
        for i, table in enumerate(tables):
            if i in results:
                continue
            try:
                next(table)
            except StopIteration as done:
                results[i] = done.value
    return [results[i] for i in range(len(tables))]


def _moves(
    name: str, seats: int, seed: int, shared: bool, clock: Clock | None, watchers: int
) -> Generator[None, None, dict[str, Any]]:
    """`play`, a move at a time: the game's figures are the generator's value."""
    game = games.get(name)
    sockets = Sockets(seats, watchers)
    ledger = Ledger(f"{seed:08x}", game, StubBroker(shared), "bench")  # type: ignore[arg-type]
    audiences: list[int | None] = [*range(seats), None]
    parts = clock.parts if clock is not None else dict.fromkeys(PARTS, 0.0)
    kept = dict(parts)
    ledger.begin(game.setup(seats, game.Options(), seed), 0, audiences)
    parts.update(kept)  # the first views are not a move's
    pick = random.Random(seed)
    cpu = wall = 0.0
    per_move: list[float] = []  # each move's CPU time, in order
    moves = 0
    seat_bytes = spectator_bytes = seat_compact = spectator_compact = 0
    clock_cpu, clock_wall = time.process_time, time.perf_counter
    while game.result(ledger.state) is None:
        movers = [a for a in sorted(game.active(ledger.state)) if ledger.views[a]["legal"]]
        seat = pick.choice(movers)
        wire = pick.choice(ledger.views[seat]["legal"])
        inner = sum(parts[p] for p in INNER)
        w0, c0 = clock_wall(), clock_cpu()
        # --- as Room._on_act and Room._play --------------------------------------
        intent = base.read_intent(game, wire)
        if seat not in game.active(ledger.state):
            raise AssertionError("not on turn")
        state = game.apply(ledger.state, seat, intent)
        entry = _encode(LogAct(seat=seat, intent=msgspec.to_builtins(intent)))
        c1 = clock_cpu()
        # Every connection asks for compact patches, as the browser app does: in one
        # process the ledger makes them along with the diffs.
        changes = ledger.changes(state, compact=True)
        run(ledger.commit(entry, changes))
        run(ledger.accept(state, changes, entry))
        c2 = clock_cpu()
        # --- as Fanout's deliverer and Connection.send_frame -------------------------
        # In a shared hall each process makes them from the published patch, once per
        # audience (Frame.cp); then each is framed and written to its sockets.
        packed = [c.compact or compact.compact_message(c.patch) for c in changes]
        c25 = clock_cpu()
        for c, data in zip(changes, packed, strict=True):
            sockets.send(c.audience, data)
        # --------------------------------------------------------------------------
        c3 = clock_cpu()
        cpu += c3 - c0
        per_move.append(c3 - c0)
        wall += clock_wall() - w0
        moves += 1
        sockets.drain()
        if clock is not None:
            parts["apply"] += c1 - c0
            parts["rest"] += (c2 - c1) - (sum(parts[p] for p in INNER) - inner)
            parts["compact"] += c25 - c2
            parts["fan-out"] += c3 - c25
        for c, data in zip(changes, packed, strict=True):
            if c.audience is None:
                spectator_bytes += len(c.patch)
                spectator_compact += len(data)
            else:
                seat_bytes += len(c.patch)
                seat_compact += len(data)
        yield
    sockets.close()
    return {
        "moves": moves,
        "cpu": cpu,
        "per_move": per_move,
        "wall": wall,
        "seat_bytes": seat_bytes / (moves * seats),
        "spectator_bytes": spectator_bytes / moves,
        "seat_compact": seat_compact / (moves * seats),
        "spectator_compact": spectator_compact / moves,
    }


def cold() -> None:
    """Forget what the games worked out for positions met before (their memos, and the
    intents' wire forms): the same games played again would find them all."""
    parts.forget()
    base._INTENTS.clear()


def measure(
    name: str, seats: int, seeds: list[int], shared: bool, watchers: int = 4, together: int = 1
) -> dict[str, Any]:
    """Per move: µs of each part (instrumented runs) and in all (plain runs);
    ``together`` games at a time."""
    clock = Clock()
    groups = [seeds[i : i + together] for i in range(0, len(seeds), together)]
    # The cyclic collector off, as in the hub: its passes, over every object the
    # games' caches hold, would be counted in the moves they interrupt (with 100
    # games in a row, a third of the mean).
    with collector.passes_off(freeze=True):
        cold()
        with instrumented(clock):  # first, so that the plain runs find the code warm
            for group in groups:
                play_together(name, seats, group, shared, clock, watchers)
        cold()  # but not the answers of the same games
        plain = [r for g in groups for r in play_together(name, seats, g, shared, None, watchers)]
    moves = sum(p["moves"] for p in plain)
    us = {part: 1e6 * clock.parts[part] / moves for part in PARTS}
    return {
        "game": name,
        "seats": seats,
        "games": len(seeds),
        "together": together,
        "moves": moves,
        "us": us,
        "parts_sum": sum(us.values()),
        "total_cpu": 1e6 * sum(p["cpu"] for p in plain) / moves,
        # Whether a move costs more as the game grows (a longer log, a fuller board).
        # Medians: the last move scores the whole board once, which is not a move's cost.
        "early_cpu": 1e6 * statistics.median(t for p in plain for t in third(p["per_move"], 0)),
        "late_cpu": 1e6 * statistics.median(t for p in plain for t in third(p["per_move"], 2)),
        "total_wall": 1e6 * sum(p["wall"] for p in plain) / moves,
        "seat_bytes": statistics.fmean(p["seat_bytes"] for p in plain),
        "spectator_bytes": statistics.fmean(p["spectator_bytes"] for p in plain),
        "seat_compact": statistics.fmean(p["seat_compact"] for p in plain),
        "spectator_compact": statistics.fmean(p["spectator_compact"] for p in plain),
    }


def third(values: list[float], i: int) -> list[float]:
    """The ``i``-th third of ``values`` (0: the first), never empty."""
    n = len(values)
    return values[i * n // 3 : max((i + 1) * n // 3, i * n // 3 + 1)]


def table(rows: list[dict[str, Any]]) -> str:
    head = (
        "| game | moves | apply | rollback | legal | views | diffs | patch | snapshot | rest "
        "| compact | fan-out | parts | total CPU | total wall | first third | last third "
        "| patch B seat "
        "| patch B spectators | compact B seat | compact B spectators |"
    )
    out = [head, "|---" + "|---:" * (head.count("|") - 2) + "|"]
    for r in rows:
        us = r["us"]
        cells = [f"{us[p]:.0f}" for p in PARTS]
        out.append(
            f"| {r['game']} | {r['moves']} | {' | '.join(cells)} | {r['parts_sum']:.0f} "
            f"| {r['total_cpu']:.0f} | {r['total_wall']:.0f} | {r['early_cpu']:.0f} "
            f"| {r['late_cpu']:.0f} | {r['seat_bytes']:.0f} "
            f"| {r['spectator_bytes']:.0f} | {r['seat_compact']:.0f} "
            f"| {r['spectator_compact']:.0f} |"
        )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="random games per game")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--memory", action="store_true", help="a one-process hall")
    parser.add_argument(
        "--spectators", type=int, default=4, help="spectators' sockets written to (default 4)"
    )
    parser.add_argument(
        "--together",
        type=int,
        default=1,
        help="games played at once, a move of each in turn, as a hub's tables take turns "
        "(default 1: one game after the other; --games 250 --together 250 is a hub's "
        "250 tables)",
    )
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    if args.games < 1 or args.together < 1:
        parser.error("--games and --together must be at least 1")
    names = args.game or GAMES
    unknown = [n for n in names if n not in games.names()]
    if unknown:
        print(f"no game {unknown[0]!r}; games: {', '.join(games.names())}", file=sys.stderr)
        return 2
    shared = not args.memory
    rows = []
    for name in names:
        seeds = list(range(1, args.games + 1))
        rows.append(measure(name, args.seats, seeds, shared, args.spectators, args.together))
    hall = "a shared hall (stub broker)" if shared else "a one-process hall"
    print(
        f"µs per move, {args.games} random {args.seats}-seat games of each game, "
        f"{args.seats + 1} audiences ({args.seats} seats and {args.spectators} spectators' "
        f"sockets), {hall}"
        + (
            f", {args.together} games at a time, a move of each in turn"
            if args.together > 1
            else ""
        )
        + "\n"
    )
    print(table(rows))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"shared": shared, "rows": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
