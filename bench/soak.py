"""A soak: tables opening, played to their end and closing, for minutes on end against
one server process, watching whether its memory grows.

    python -m bench.soak [--minutes 1] [--tables 20] [--level random] [--json FILE]

It starts its own `python -m server --data :memory:` on a loopback port and keeps
``--tables`` tables going over real websockets, as a club's evening would: at each, a
host opens a table of one of the five games (in turn), maybe one more person sits, the
host seats one to three AI players (``--level``, `random` by default: its choice costs
the hub nothing, so the soak measures the hub and not the AI) and starts; one or two
spectators watch (some from the start, some come later, some drop out and come back
with the version they hold); the people play legal moves after a short think and chat
now and then. At the end of the game everyone leaves and closes their
connection, and the slot opens the next table; the empty table closes on the server
after its grace. People come back under their session tokens (a club has members),
so the hall's sessions do not grow with every table.

Every minute it prints one line: the server's resident memory (VmRSS), open tables
and connections (from /metrics), moves in that minute (the server's count, AI moves
included), the p99 of the people's moves (from sending `act` to the sender's own
patch) and the longest the server's event loop was held in that minute (its probe's
lateness, server/stalls.py: exact where it set the server's record, else `≤` the bound
of its histogram's bucket), the pauses of the cycle collector's passes among them, and
the most of one such stall that was the server's own CPU time (`of it working`: the
rest is waiting for a core, on a machine shared with other work). At the end: the
least-squares slope of RSS over the minutes after the warm-up, in MB per 10 minutes,
and whether it exceeds 1 MB per 10 minutes; the same slope with the finished games'
records taken out (the hall keeps every finished game in memory for good, by design),
the longest stall, and the tracebacks in the server's output. It never fails on a time
or a figure. Traffic goes to 127.0.0.1 only, and the run stops by
itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import sys
import time
import urllib.request
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from typing import Any, TextIO

from bench.harness import stalls
from bench.harness.figures import fit, percentile
from bench.harness.peer import Moves, Peer, Refused
from bench.harness.printing import write_json
from bench.harness.servers import HallServer
from bench.harness.tables import open_table
from bots.load import first_difference
from protocol.patch import equal
from server import archive

GAMES = ["carcassonne", "stone_age", "alhambra", "kingsburg", "kardinal"]
LEAK_MB_PER_10_MIN = 1.0  # the line: a steeper slope after warm-up is a leak to find
STUCK = 120.0  # seconds without a move before a table is given up
RATE = 15.0  # frames a second per connection, under the hall's 20 (server/limits.py)
CHAT = ["gg", "nice one", "hmm", "your turn", "wow", "oops", "good luck!", "well played"]


@dataclass
class Config:
    seconds: float = 60.0
    tables: int = 20
    level: str = "random"
    think: float = 0.3  # mean seconds a person thinks before a move (0.5x to 1.5x)
    bot_delay: float = 0.2  # the server's pause before an AI move (its default is 0.8)
    interval: float = 60.0  # seconds between report lines
    warmup: int = 5  # report lines left out of the slope
    games: list[str] = field(default_factory=lambda: list(GAMES))
    seed: int = 1


@dataclass
class Person:
    """A member of the club: a name, and the session token the hall gave them."""

    name: str
    token: str | None = None


@dataclass
class Totals:
    tables_opened: int = 0
    games_finished: Counter[str] = field(default_factory=Counter)
    game_moves: Counter[str] = field(default_factory=Counter)
    game_seconds: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    finished_at: list[float] = field(default_factory=list)
    stuck: int = 0
    failures: Counter[str] = field(default_factory=Counter)
    checked: int = 0
    mismatched: int = 0
    mismatches: list[dict[str, Any]] = field(default_factory=list)
    resumed: int = 0
    chats: int = 0
    archived: dict[str, int] = field(default_factory=dict)  # archived game id -> bytes kept
    archived_at: list[tuple[float, int]] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)


class Soak:
    def __init__(self, cfg: Config, out: TextIO = sys.stdout) -> None:
        self.cfg = cfg
        self.out = out
        self.rng = random.Random(cfg.seed)
        self.stop = asyncio.Event()
        self.moves = Moves()
        self.totals = Totals()
        self.members = cfg.tables * 4 + 8  # at most two players and two spectators a table
        self.people: list[Person] = [Person(f"Member {i + 1}") for i in range(self.members)]
        self.rng.shuffle(self.people)
        self.turn = 0  # the next table's game, in turn
        self.seats: dict[str, tuple[int, int]] = {}
        self.peers: set[Peer] = set()
        self.rows: list[dict[str, Any]] = []
        self.server: HallServer | None = None

    # --- the run --------------------------------------------------------------------

    async def run(self) -> dict[str, Any]:
        cfg = self.cfg
        with HallServer(extra=["--bot-delay", str(cfg.bot_delay)], log=True) as server:
            self.server = server
            with urllib.request.urlopen(server.http + "/api/games", timeout=10) as r:
                listed = json.load(r)
            self.seats = {g["name"]: (g["min_seats"], g["max_seats"]) for g in listed}
            missing = [g for g in cfg.games if g not in self.seats]
            if missing:
                raise SystemExit(f"bench.soak: the hall has no game {', '.join(missing)}")
            return await self._run(server)

    async def _run(self, server: HallServer) -> dict[str, Any]:
        cfg = self.cfg
        lines = max(1, math.ceil(cfg.seconds / cfg.interval - 1e-9))
        self.print(
            f"soak: {cfg.tables} tables of {', '.join(cfg.games)} (AI level {cfg.level}, "
            f"bot delay {cfg.bot_delay:g} s, people think {cfg.think:g} s), "
            f"{lines} x {cfg.interval:g} s, server pid {server.pid} at {server.url}, "
            f"{os.cpu_count()} cores"
        )
        # A line a minute by default; shorter lines (a test's) are named by their end.
        first = "minute" if cfg.interval == 60 else "at s"
        self.print(
            f"| {first} | RSS MB | open tables | connections | moves | p99 ms | "
            "longest pause ms | of it working ms | games ended | errors |"
        )
        self.print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        rss0 = server.rss_mb()
        t0 = time.perf_counter()
        lobby = await Peer.open(server.url, "Lobby", rate=RATE)
        await lobby.ask({"t": "rooms"}, "room_list")
        slots = [asyncio.create_task(self.slot(n)) for n in range(cfg.tables)]
        before = await server.ametrics()
        last = t0
        try:
            for n in range(1, lines + 1):
                await asyncio.sleep(max(0.0, t0 + n * cfg.interval - time.perf_counter()))
                now = time.perf_counter()
                metrics = await server.ametrics()
                self.rows.append(self.row(n, now - t0, server, metrics, before, last, lobby))
                before, last = metrics, now
        finally:
            self.stop.set()
            for task in slots:
                task.cancel()
            await asyncio.gather(*slots, return_exceptions=True)
            await lobby.close()
        return self.report(rss0, server)

    def row(
        self,
        n: int,
        elapsed: float,
        server: HallServer,
        metrics: dict[str, float],
        before: dict[str, float],
        last: float,
        lobby: Peer,
    ) -> dict[str, Any]:
        by_status = {
            s: int(metrics.get(f'spieltisch_rooms{{status="{s}"}}', 0))
            for s in ("waiting", "playing", "finished")
        }
        accepted = "spieltisch_intents_accepted_total"
        lat = self.moves.since(last)
        p99 = percentile(lat, 0.99)
        errors = self.errors_so_far()
        listed = lobby.last.get("room_list", {})
        pause = stalls.longest(before, metrics)
        held = stalls.longest(before, metrics, "held")
        row: dict[str, Any] = {
            "minute": n,
            "elapsed_s": round(elapsed, 1),
            "rss_mb": round(server.rss_mb(), 1),
            "open_tables": sum(by_status.values()),
            "tables_by_status": by_status,
            "lobby_rows": listed.get("total") or len(listed.get("rooms", ())),
            "connections": int(metrics.get("spieltisch_connections", 0)),
            "moves": int(metrics.get(accepted, 0) - before.get(accepted, 0)),
            "timed_moves": len(lat),
            "p99_ms": None if p99 is None else round(p99 * 1000, 1),
            "longest_pause_ms": pause,
            "longest_held_ms": held,
            "games_ended": sum(1 for at in self.totals.finished_at if at >= last),
            "errors": errors - (self.rows[-1]["errors_total"] if self.rows else 0),
            "errors_total": errors,
            "archived_mb": round(sum(self.totals.archived.values()) / 1e6, 3),
            "server_cpu_s": round(server.cpu_s(), 1),
        }
        p99_text = "-" if row["p99_ms"] is None else f"{row['p99_ms']:.1f}"
        label = str(n) if self.cfg.interval == 60 else f"{elapsed:.0f}"
        self.print(
            f"| {label} | {row['rss_mb']:.1f} | {row['open_tables']} | {row['connections']} | "
            f"{row['moves']} | {p99_text} | {stalls.cell(pause)} | {stalls.cell(held)} | "
            f"{row['games_ended']} | {row['errors']} |"
        )
        return row

    def errors_so_far(self) -> int:
        """Refusals the people got: those of closed connections, and the open ones'."""
        live = sum(sum(p.errors.values()) for p in self.peers)
        return sum(self.totals.errors.values()) + live

    def print(self, line: str) -> None:
        print(line, file=self.out, flush=True)

    # --- one slot: tables one after another -----------------------------------------

    async def slot(self, n: int) -> None:
        rng = random.Random(self.cfg.seed * 1000 + n)
        # Spread the first tables over a few seconds, as people arrive.
        await asyncio.sleep(rng.random() * min(5.0, self.cfg.interval / 4))
        while not self.stop.is_set():
            people: list[Person] = []
            peers: list[Peer] = []
            try:
                await self.table(rng, people, peers)
            except asyncio.CancelledError:
                raise
            except Refused as e:
                self.totals.failures[e.code] += 1
                await asyncio.sleep(1)
            except Exception as e:  # counted and reported; the slot goes on with a new table
                self.totals.failures[type(e).__name__] += 1
                await asyncio.sleep(1)
            finally:
                for p in peers:
                    self.totals.errors.update(p.errors)
                    self.peers.discard(p)
                await asyncio.gather(*(p.close() for p in peers))
                self.people.extend(people)

    async def connect(self, person: Person, peers: list[Peer]) -> Peer:
        peer = await Peer.open(
            self.server_url, person.name, person.token, rate=RATE, moves=self.moves
        )
        person.token = peer.token
        peers.append(peer)
        self.peers.add(peer)
        return peer

    @property
    def server_url(self) -> str:
        assert self.server is not None
        return self.server.url

    async def table(self, rng: random.Random, people: list[Person], peers: list[Peer]) -> None:
        cfg = self.cfg
        game = cfg.games[self.turn % len(cfg.games)]
        self.turn += 1
        low, high = self.seats[game]
        humans = rng.choice([1, 2])
        total = rng.randint(max(low, humans + 1), max(low, humans + 1, min(high, 4)))
        for _ in range(humans + rng.choice([1, 2])):
            people.append(self.people.pop())
        players = [await self.connect(person, peers) for person in people[:humans]]
        host = players[0]
        # Half the spectators are there from the start, the others come during the game.
        early = [person for person in people[humans:] if rng.random() < 0.5]
        late = [person for person in people[humans:] if all(person is not e for e in early)]
        spectators = [(person, await self.connect(person, peers)) for person in early]
        bots = [cfg.level] * (total - humans)
        room = await open_table(host, game, players[1:], bots, [s for _, s in spectators])
        self.totals.tables_opened += 1
        started = time.perf_counter()
        tasks = [asyncio.create_task(self.play(p, rng)) for p in players]
        tasks += [asyncio.create_task(self.watch_late(pn, room, rng, peers)) for pn in late]
        tasks += [
            asyncio.create_task(self.drop_and_return(pn, s, rng, peers)) for pn, s in spectators
        ]
        try:
            over = await self.until_over(host)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        if not over:
            return  # the soak is over
        self.totals.games_finished[game] += 1
        self.totals.game_moves[game] += host.v
        self.totals.game_seconds[game] += time.perf_counter() - started
        self.totals.finished_at.append(time.perf_counter())
        await asyncio.sleep(0.3)  # the last patch on its way to the others
        following = [p for p in peers if not p.closed and p.room == room and p.view is not None]
        if following:
            await self.check(rng.choice(following))
        await self.archived(host)
        for p in peers:
            with contextlib.suppress(Exception):
                await p.send({"t": "leave", "room": room})

    async def until_over(self, host: Peer) -> bool:
        """Until the game has a result (True), or the soak ends (False). A table where
        nothing moves for STUCK seconds is given up (and counted)."""
        seen, since = host.v, time.perf_counter()
        while not self.stop.is_set():
            view = host.view
            if view is not None and view.get("result") is not None:
                return True
            if host.v != seen:
                seen, since = host.v, time.perf_counter()
            elif time.perf_counter() - since > STUCK:
                self.totals.stuck += 1
                raise TimeoutError("no move for two minutes")
            with contextlib.suppress(TimeoutError):
                await host.until(host.moved_past(seen), 1.0)
        return False

    async def play(self, p: Peer, rng: random.Random) -> None:
        """A person: plays, and now and then says something."""

        async def chat() -> None:
            if rng.random() < 0.02:
                self.totals.chats += 1
                await p.send({"t": "chat", "room": p.room, "text": rng.choice(CHAT)})

        await p.play(rng, self.cfg.think, chat)

    async def watch_late(
        self, person: Person, room: str, rng: random.Random, peers: list[Peer]
    ) -> None:
        """A spectator who comes in during the game: gets a snapshot and follows."""
        await asyncio.sleep(rng.uniform(1, 30))
        s = await self.connect(person, peers)
        s.room = room
        await s.ask({"t": "enter", "room": room}, "snapshot", room=room)

    async def drop_and_return(
        self, person: Person, s: Peer, rng: random.Random, peers: list[Peer]
    ) -> None:
        """Some spectators lose their connection for a moment and come back with the
        version they hold, as a browser does: the patches they missed, or a snapshot."""
        if rng.random() > 0.3:
            return
        await asyncio.sleep(rng.uniform(2, 40))
        v, view, room = s.v, s.view, s.room
        await s.close()
        await asyncio.sleep(rng.uniform(0.5, 5))
        back = await self.connect(person, peers)
        back.room, back.v, back.view = room, v, view
        await back.send({"t": "enter", "room": room, "v": v})
        self.totals.resumed += 1

    async def check(self, p: Peer) -> None:
        """One connection's patched view against a fresh snapshot of the table."""
        with contextlib.suppress(Exception):
            snap = await p.ask({"t": "resync", "room": p.room}, "snapshot", room=p.room, timeout=10)
            self.totals.checked += 1
            v, view = p.replaced
            if v != snap["v"] or not equal(view, snap["view"]):
                self.totals.mismatched += 1
                if len(self.totals.mismatches) < 5:
                    self.totals.mismatches.append(
                        {
                            "room": p.room,
                            "patched_v": v,
                            "snapshot_v": snap["v"],
                            "where": None if view is None else first_difference(view, snap["view"]),
                        }
                    )

    async def archived(self, host: Peer) -> None:
        """The finished game's record as the hall keeps it (MessagePack, with its
        summary): the memory the archive takes by design, to tell apart from a leak."""
        for _ in range(5):
            with contextlib.suppress(Exception):
                answer = await host.ask(
                    {"t": "history", "mine": True, "limit": 3}, "history", timeout=10
                )
                new = [g["id"] for g in answer["games"] if g["id"] not in self.totals.archived]
                for game_id in new:
                    self.totals.archived[game_id] = await asyncio.to_thread(
                        self.record_bytes, game_id
                    )
                    self.totals.archived_at.append(
                        (time.perf_counter(), self.totals.archived[game_id])
                    )
                if new:
                    return
            await asyncio.sleep(0.5)

    def record_bytes(self, game_id: str) -> int:
        assert self.server is not None
        with urllib.request.urlopen(
            f"{self.server.http}/api/archive/{game_id}.json", timeout=10
        ) as r:
            record = archive.from_json(r.read())
        summary, data = archive.encode(record)
        return len(summary) + len(data)

    # --- the end --------------------------------------------------------------------

    def report(self, rss0: float, server: HallServer) -> dict[str, Any]:
        cfg, t = self.cfg, self.totals
        rows = self.rows
        warm = min(cfg.warmup, len(rows) // 2)
        after = rows[warm:]
        slope = fit_slope([(r["elapsed_s"] / 60, r["rss_mb"]) for r in after])
        net = fit_slope([(r["elapsed_s"] / 60, r["rss_mb"] - r["archived_mb"]) for r in after])
        lat = [lat for _, lat in self.moves.samples]
        p99 = percentile(lat, 0.99)
        tracebacks = server.tracebacks()
        result = {
            "config": asdict(cfg),
            "server_pid": server.pid,
            "cores": os.cpu_count(),
            "rss_start_mb": round(rss0, 1),
            "rows": rows,
            "warmup_lines": warm,
            "slope_mb_per_10_min": None if slope is None else round(slope * 10, 3),
            "slope_without_archive_mb_per_10_min": None if net is None else round(net * 10, 3),
            "leak_line_mb_per_10_min": LEAK_MB_PER_10_MIN,
            "exceeds": None if slope is None else slope * 10 > LEAK_MB_PER_10_MIN,
            "tables_opened": t.tables_opened,
            "games_finished": dict(t.games_finished),
            "moves_per_game": {g: round(t.game_moves[g] / n) for g, n in t.games_finished.items()},
            "seconds_per_game": {
                g: round(t.game_seconds[g] / n) for g, n in t.games_finished.items()
            },
            "archived_games": len(t.archived),
            "archived_mb": round(sum(t.archived.values()) / 1e6, 3),
            "timed_moves": len(lat),
            "p99_ms": None if p99 is None else round(p99 * 1000, 1),
            "refused_moves": dict(self.moves.refused),
            "errors": dict(
                t.errors + Counter({c: n for p in self.peers for c, n in p.errors.items()})
            ),
            "stalls": self.moves.stalls,
            "longest_pause_ms": stalls.worst([r["longest_pause_ms"] for r in rows]),
            "longest_held_ms": stalls.worst([r["longest_held_ms"] for r in rows]),
            "stuck_tables": t.stuck,
            "table_failures": dict(t.failures),
            "views_checked": t.checked,
            "views_mismatched": t.mismatched,
            "mismatches": t.mismatches,
            "spectators_resumed": t.resumed,
            "chat_lines": t.chats,
            "people": self.members,
            "server_tracebacks": tracebacks,
            "traceback_errors": dict(server.traceback_errors()),
            "first_traceback": server.first_traceback() if tracebacks else "",
        }
        self.summary(result)
        return result

    def summary(self, r: dict[str, Any]) -> None:
        games = ", ".join(
            f"{g} {n} ({r['moves_per_game'][g]} moves, {r['seconds_per_game'][g]} s each)"
            for g, n in sorted(r["games_finished"].items())
        )
        self.print("")
        self.print(
            f"tables opened {r['tables_opened']}; games played to the end: "
            f"{sum(r['games_finished'].values())}: {games or 'none'}"
        )
        self.print(
            f"people's moves timed {r['timed_moves']}, p99 {r['p99_ms']} ms; stalls {r['stalls']}, "
            f"tables stuck {r['stuck_tables']}, failures {r['table_failures'] or 'none'}; "
            f"errors received {r['errors'] or 'none'}"
        )
        self.print(
            "the longest the server's event loop was held: "
            f"{stalls.cell(r['longest_pause_ms'])} ms; the most of one stall that was its own "
            f"work: {stalls.cell(r['longest_held_ms'])} ms"
        )
        self.print(
            f"views checked against a snapshot {r['views_checked']}, mismatched {r['views_mismatched']}; "
            f"spectators who dropped and came back {r['spectators_resumed']}"
        )
        self.print(
            f"finished games kept by the hall: {r['archived_games']}, {r['archived_mb']:.2f} MB of records"
        )
        errors = ", ".join(f"{e} {n}" for e, n in r["traceback_errors"].items())
        errors = f" ({errors})" if errors else ""
        self.print(f"tracebacks in the server's output: {r['server_tracebacks']}{errors}")
        if r["first_traceback"]:
            self.print("the first one ends:\n" + r["first_traceback"])
        rows = r["rows"]
        if r["slope_mb_per_10_min"] is None:
            self.print(
                f"RSS {r['rss_start_mb']:.1f} -> {rows[-1]['rss_mb'] if rows else float('nan'):.1f} MB; "
                "too short for a slope (it needs two lines after the warm-up: three lines at least)"
            )
            return
        verdict = "EXCEEDS" if r["exceeds"] else "does not exceed"
        span = (rows[-1]["elapsed_s"] - rows[r["warmup_lines"]]["elapsed_s"]) / 60
        if span < 10:
            self.print(f"(the slope spans only {span:.1f} minutes: a trend, not a verdict)")
        self.print(
            f"RSS {r['rss_start_mb']:.1f} -> {rows[-1]['rss_mb']:.1f} MB; slope after the first "
            f"{r['warmup_lines']} lines: {r['slope_mb_per_10_min']:+.2f} MB per 10 minutes "
            f"({r['slope_without_archive_mb_per_10_min']:+.2f} without the finished games' records), "
            f"which {verdict} {LEAK_MB_PER_10_MIN:g} MB per 10 minutes"
        )


def fit_slope(points: list[tuple[float, float]]) -> float | None:
    """Least-squares slope of y over x; None with fewer than two different x."""
    try:
        return fit(points)[1]
    except ValueError:
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.soak", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--minutes", type=float, default=1.0, help="how long (default 1)")
    parser.add_argument(
        "--seconds", type=float, default=None, help="how long, instead of --minutes"
    )
    parser.add_argument("--tables", type=int, default=20, help="tables at once (default 20)")
    parser.add_argument(
        "--level",
        default="random",
        choices=["random", "greedy", "strong"],
        help="the AI players' level (default random: the soak measures the hub, not the AI)",
    )
    parser.add_argument(
        "--think", type=float, default=Config.think, help="mean seconds a person thinks"
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=Config.bot_delay,
        help="the server's pause before an AI move",
    )
    parser.add_argument(
        "--interval", type=float, default=60.0, help="seconds between report lines (default 60)"
    )
    parser.add_argument(
        "--warmup", type=int, default=5, help="report lines left out of the slope (default 5)"
    )
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games, in turn")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    seconds = args.seconds if args.seconds is not None else args.minutes * 60
    if seconds <= 0 or args.tables < 1 or args.interval <= 0:
        parser.error("--minutes/--seconds, --tables and --interval must be positive")
    cfg = Config(
        seconds=seconds,
        tables=args.tables,
        level=args.level,
        think=args.think,
        bot_delay=args.bot_delay,
        interval=min(args.interval, seconds),
        warmup=args.warmup,
        games=[g for g in args.games.split(",") if g],
        seed=args.seed,
    )
    result = asyncio.run(Soak(cfg).run())
    if args.json:
        write_json(args.json, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
