"""The hub under malformed frames, as a figure: many connections send bad frames of
every kind while an innocent table plays a real game beside them.

    python -m bench.fuzz [--frames 100000] [--connections 150] [--json FILE]

It starts its own `python -m server --data :memory:` on a loopback port (its output
kept, to count tracebacks) and opens ``--connections`` fuzzing connections, each paced
under the hall's rate limit (``--rate`` frames a second; the hall allows 20, in bursts
of 40), so that what the server answers is about the frames and not about the pace.
Some never say hello, some do, some watch the innocent table, some open a table of
their own with an AI player and start it, so that broken moves reach a real game.
Together they send ``--frames`` frames made by bench/harness/frames.py: random bytes
and text, MessagePack of random values, every client message of the protocol with
fields of the right and the wrong types, well-typed nonsense (seats, rooms, intents),
truncated MessagePack, strings that are not UTF-8, nesting thousands of levels deep,
JSON text frames, chat lines over the limit, frames over the 64 KiB frame limit, and a
few over the websocket server's 1 MiB, on which the connection is closed by design.

Meanwhile two players and a spectator play a real game at the innocent table (a new
one when a game ends), and their moves are timed from sending `act` to the sender's
own patch. At the end it prints the frames sent, the refusals by error code (as the
fuzzers received them, and as the server counted them), the tracebacks in the
server's output, the fuzzing connections the server closed without meaning to, the
innocent moves and their p99, whether the innocent views still equal a fresh
snapshot, and the server's RSS at the start and the end. It never fails on a time or
a figure. Traffic goes to 127.0.0.1 only, and the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import sys
import time
from collections import Counter, deque
from dataclasses import asdict, dataclass
from typing import Any, TextIO

import msgspec

from bench.harness.figures import percentile
from bench.harness.frames import GAMES, WEIGHTS, FrameMaker
from bench.harness.peer import Moves, Peer, Refused
from bench.harness.printing import write_json
from bench.harness.servers import HallServer
from bench.harness.tables import open_table
from protocol.patch import equal
from server import games

SOCKET_TOO_BIG = 1009  # the close code for a websocket message over the server's 1 MiB
PROGRESS_EVERY = 5.0  # seconds between progress lines
RECENT = 4  # frames kept per connection, to show what came before a close
TRIES = 20  # frames of each kind sent one at a time when looking for what closes


@dataclass
class Config:
    frames: int = 100_000
    connections: int = 150
    rate: float = 15.0  # frames a second per fuzzing connection
    game: str = "carcassonne"  # the innocent table's game
    think: float = 0.1  # mean seconds an innocent player thinks before a move
    seed: int = 1
    without: tuple[str, ...] = ()  # kinds of frame left out


def sample_intents(rng: random.Random) -> list[dict[str, Any]]:
    """Moves of every game as their `legal` lists them, from a few random steps of
    each: the fuzzers break them (a field left out, of the wrong type, out of range)."""
    found: list[dict[str, Any]] = []
    for name in GAMES:
        game = games.get(name)
        state = game.setup(game.min_seats + 1 if name != "kardinal" else 3, game.Options(), 7)
        for _ in range(20):
            if game.result(state) is not None:
                break
            seat = next((s for s in sorted(game.active(state)) if game.legal(state, s)), None)
            if seat is None:
                break
            legal = game.legal(state, seat)
            found.extend(msgspec.to_builtins(i) for i in rng.sample(legal, min(3, len(legal))))
            state = game.apply(state, seat, rng.choice(legal))
    return found


class Fuzz:
    def __init__(self, cfg: Config, progress: TextIO | None = sys.stderr) -> None:
        self.cfg = cfg
        self.progress = progress
        self.rng = random.Random(cfg.seed)
        self.left = cfg.frames  # frames still to send, shared by every fuzzer
        self.sent: Counter[str] = Counter()  # by kind
        self.refusals: Counter[str] = Counter()
        self.answers: Counter[str] = Counter()  # everything else the fuzzers received
        self.closed_as_documented = 0
        self.unintended: Counter[str] = Counter()  # close code -> count
        self.examples: list[dict[str, Any]] = []
        self.reconnects = 0
        self.closing: dict[str, list[int]] = {}  # kind -> [connections closed, frames tried]
        self.setup_failures: Counter[str] = Counter()
        self.targets: list[str] = []  # table ids the frames may name: the innocent one first
        self.intents = sample_intents(self.rng)
        self.moves = Moves()
        self.innocent_games = 0
        self.innocent_peers: list[Peer] = []
        self.innocent_dropped = 0
        self.innocent_failures: Counter[str] = Counter()  # tables it could not open or play
        self.stop = asyncio.Event()
        self.server: HallServer | None = None
        self.live: set[Peer] = set()  # fuzzing connections open now
        self.t0 = 0.0

    # --- the run --------------------------------------------------------------------

    async def run(self) -> dict[str, Any]:
        with HallServer(extra=["--bot-delay", "0.2"], log=True) as server:
            self.server = server
            return await self._run(server)

    async def _run(self, server: HallServer) -> dict[str, Any]:
        cfg = self.cfg
        self.say(
            f"fuzz: {cfg.frames} frames from {cfg.connections} connections at {cfg.rate:g} "
            f"frames/s each, an innocent {cfg.game} table beside them; server pid "
            f"{server.pid} at {server.url}"
        )
        rss0 = server.rss_mb()
        cpu0 = server.cpu_s()
        innocent = asyncio.create_task(self.innocent())
        while not self.targets:  # the innocent table is open before the garbage starts
            if innocent.done():
                innocent.result()  # raises what kept it from opening
            await asyncio.sleep(0.05)
        self.t0 = time.perf_counter()
        fuzzers = [asyncio.create_task(self.fuzzer(n)) for n in range(cfg.connections)]
        reporter = asyncio.create_task(self.report_progress())
        try:
            await asyncio.gather(*fuzzers)
            elapsed = time.perf_counter() - self.t0
        finally:
            for task in fuzzers:
                task.cancel()
            await asyncio.gather(*fuzzers, return_exceptions=True)
            reporter.cancel()
            self.stop.set()
            await asyncio.gather(innocent, reporter, return_exceptions=True)
        if self.unintended:
            await self.which_kinds_close()
        consistent = await self.check_innocent()
        self.innocent_dropped = sum(1 for p in self.innocent_peers if p.closed)
        metrics = await server.ametrics()
        rss1 = server.rss_mb()
        cpu = server.cpu_s() - cpu0
        await asyncio.gather(*(p.close() for p in self.innocent_peers))
        server.stop()
        return self.report(elapsed, rss0, rss1, cpu, metrics, consistent, server)

    def say(self, line: str) -> None:
        if self.progress is not None:
            print(line, file=self.progress, flush=True)

    async def report_progress(self) -> None:
        assert self.server is not None
        while True:
            await asyncio.sleep(PROGRESS_EVERY)
            elapsed = time.perf_counter() - self.t0
            sent = sum(self.sent.values())
            p99 = percentile([lat for _, lat in self.moves.samples], 0.99)
            self.say(
                f"  {elapsed:5.1f} s: frames {sent}/{self.cfg.frames} ({sent / elapsed:.0f}/s), "
                f"refusals {sum(self.refusals.values()) + self.live_refusals()}, "
                f"unintended disconnects {sum(self.unintended.values())}, innocent moves "
                f"{len(self.moves.samples)} (p99 {p99 * 1000 if p99 else 0:.0f} ms), "
                f"server RSS {self.server.rss_mb():.0f} MB"
            )

    def live_refusals(self) -> int:
        return sum(sum(p.errors.values()) for p in self.live)

    # --- the innocent table ---------------------------------------------------------

    async def innocent(self) -> None:
        """Two players and a spectator play whole games, one after another, on the
        same connections, for as long as the fuzzers send."""
        assert self.server is not None
        url, rng = self.server.url, random.Random(self.cfg.seed + 1)
        a = await Peer.open(url, "Innocent A", moves=self.moves)
        b = await Peer.open(url, "Innocent B", moves=self.moves)
        w = await Peer.open(url, "Innocent watcher")
        self.innocent_peers = [a, b, w]
        while not self.stop.is_set():
            try:
                await self.innocent_game(a, b, w, rng)
            except (Refused, TimeoutError, ConnectionError) as e:
                # Counted and shown: a table that could not be opened or played is a
                # finding, and the players try again with a new one.
                self.innocent_failures[getattr(e, "code", type(e).__name__)] += 1
                await asyncio.sleep(0.5)

    async def innocent_game(self, a: Peer, b: Peer, w: Peer, rng: random.Random) -> None:
        room = await open_table(a, self.cfg.game, players=[b], watchers=[w])
        self.targets[:1] = [room]
        players = [asyncio.create_task(p.play(rng, self.cfg.think)) for p in (a, b)]
        try:
            while not self.stop.is_set() and not a.game_over():
                with contextlib.suppress(TimeoutError):
                    await a.until(a.game_over, 0.5)
        finally:
            for task in players:
                task.cancel()
            await asyncio.gather(*players, return_exceptions=True)
        if a.view and a.view.get("result"):
            self.innocent_games += 1
            await asyncio.sleep(0.2)
            for p in (a, b, w):
                await p.send({"t": "leave", "room": room})

    async def check_innocent(self) -> tuple[int, int]:
        """(views equal to a fresh snapshot, views checked) at the innocent table."""
        equal_views = checked = 0
        for p in self.innocent_peers:
            with contextlib.suppress(Exception):
                snap = await p.ask(
                    {"t": "resync", "room": p.room}, "snapshot", room=p.room, timeout=10
                )
                checked += 1
                v, view = p.replaced
                equal_views += v == snap["v"] and equal(view, snap["view"])
        return equal_views, checked

    # --- the fuzzers ----------------------------------------------------------------

    async def fuzzer(self, n: int) -> None:
        rng = random.Random(self.cfg.seed * 7919 + n)
        roll = rng.random()
        mode = (
            "raw" if roll < 0.3 else "hello" if roll < 0.7 else "watcher" if roll < 0.8 else "table"
        )
        await asyncio.sleep(rng.random())  # not all at once
        me: dict[str, str] = {}
        while self.left > 0:
            peer = await self.connect(mode, rng, me)
            if peer is None:
                return
            maker = FrameMaker(rng, rooms=list(self.targets), intents=self.intents)
            for kind in self.cfg.without:
                maker.weights.pop(kind, None)
            if peer.room:
                maker.rooms.append(peer.room)
            # The last frames sent, to show with a close (we learn of it a frame or more
            # late, so which one caused it is found by `which_kinds_close`).
            recent: deque[tuple[str, bytes]] = deque(maxlen=RECENT)
            try:
                while self.left > 0 and not peer.closed:
                    self.left -= 1
                    maker.rooms[:1] = self.targets[:1]  # the innocent table of the moment
                    if peer.view and peer.view.get("legal") and rng.random() < 0.5:
                        maker.intents = peer.view["legal"]
                    made = maker.make()
                    data = made.data.encode() if isinstance(made.data, str) else made.data
                    recent.append((made.kind, data[:160]))
                    try:
                        await peer.send_raw(made.data)
                    except Exception:
                        self.left += 1  # not sent: closed under us, judged below
                        break
                    self.sent[made.kind] += 1
                    if made.closes:  # the server closes the connection: wait for it
                        with contextlib.suppress(TimeoutError, ConnectionError):
                            await peer.until(lambda: False, 10)
                if not peer.closed:  # the answers to the last frames (or a late close)
                    with contextlib.suppress(TimeoutError, ConnectionError):
                        await peer.until(lambda: False, 1.5)
                await self.judge_close(peer, recent)
            finally:
                self.tally(peer)
                await peer.close()
            if self.left > 0:
                self.reconnects += 1

    async def connect(self, mode: str, rng: random.Random, me: dict[str, str]) -> Peer | None:
        """A fuzzing connection in its mode. One that comes back after a close comes
        back as the same person (``me`` keeps its token and table): to its own table,
        or to watch, rather than opening a table per connection."""
        assert self.server is not None
        url = self.server.url
        for _ in range(5):
            peer: Peer | None = None
            try:
                if mode == "raw":
                    peer = await Peer.open(url, None, rate=self.cfg.rate)
                else:
                    name = f"fuzz {rng.randrange(10**6)}"
                    peer = await Peer.open(url, name, me.get("token"), rate=self.cfg.rate)
                    me["token"] = peer.token or ""
                    if mode == "watcher" and self.targets:
                        await peer.ask({"t": "enter", "room": self.targets[0]}, "room")
                    elif mode == "table":
                        await self.own_table(peer, rng, me)
                self.live.add(peer)
                return peer
            except (Refused, TimeoutError, ConnectionError, OSError) as e:
                self.setup_failures[getattr(e, "code", type(e).__name__)] += 1
                if peer is not None:
                    await peer.close()
                me.pop("room", None)  # its table may have closed: open another
                await asyncio.sleep(0.5)
        return None

    async def own_table(self, peer: Peer, rng: random.Random, me: dict[str, str]) -> None:
        """A table of the fuzzer's own, with an AI player, started: broken moves then
        reach a real game, and the fuzzer sees `legal` to break."""
        room = me.get("room")
        if room:  # back after a close: to its seat
            peer.room = room
            await peer.ask({"t": "enter", "room": room}, "snapshot", room=room)
            return
        game = rng.choice(GAMES)
        bots = ["random"] * (2 if game == "kardinal" else 1)
        me["room"] = await open_table(peer, game, bots=bots)

    async def judge_close(self, peer: Peer, recent: deque[tuple[str, bytes]]) -> None:
        """Was the connection closed, and did the server mean to? It closes on a
        websocket message over 1 MiB (1009); anything else is a finding."""
        if not peer.closed:
            return
        code = peer.close_code
        if code == SOCKET_TOO_BIG and any(kind == "huge" for kind, _ in recent):
            self.closed_as_documented += 1
            return
        self.unintended["1006 (no close frame)" if code is None else str(code)] += 1
        if len(self.examples) < 8:
            self.examples.append(
                {
                    "close_code": code,
                    "failure": peer.failure,
                    "last_frames": [{"kind": k, "head": repr(d)} for k, d in recent],
                }
            )

    async def which_kinds_close(self) -> None:
        """Which kinds of frame close a connection: each sent alone on a connection of
        its own (said hello or not, in turn), then a `ping`; a connection closed before
        the `pong` counts. Frames over 1 MiB close by design and are left out."""
        assert self.server is not None
        rng = random.Random(self.cfg.seed + 2)
        for kind in WEIGHTS:
            if kind == "huge" or kind in self.cfg.without:
                continue
            maker = FrameMaker(rng, rooms=self.targets[:1], intents=self.intents, weights={kind: 1})
            closed = 0
            for i in range(TRIES):
                peer = await Peer.open(self.server.url, "probe" if i % 2 else None, rate=100)
                try:
                    await peer.send_raw(maker.make().data)
                    await peer.ask({"t": "ping"}, "pong", timeout=5)
                except Exception:
                    # A slow answer on a busy machine is not a close: only a closed
                    # connection counts.
                    closed += peer.closed
                finally:
                    await peer.close()
            self.closing[kind] = [closed, TRIES]

    def tally(self, peer: Peer) -> None:
        self.live.discard(peer)
        self.refusals.update(peer.errors)
        for t, n in peer.received.items():
            if t != "error":
                self.answers[t] += n

    # --- the end --------------------------------------------------------------------

    def report(
        self,
        elapsed: float,
        rss0: float,
        rss1: float,
        cpu: float,
        metrics: dict[str, float],
        consistent: tuple[int, int],
        server: HallServer,
    ) -> dict[str, Any]:
        prefix = 'spieltisch_errors_total{code="'
        counted = {
            k[len(prefix) : -2]: int(v) for k, v in metrics.items() if k.startswith(prefix) and v
        }
        innocent_errors: Counter[str] = Counter()
        for p in self.innocent_peers:
            innocent_errors.update(p.errors)
        lat = [lat for _, lat in self.moves.samples]
        tracebacks = server.tracebacks()
        sent = sum(self.sent.values())
        return {
            "config": asdict(self.cfg),
            "elapsed_s": round(elapsed, 1),
            "frames_sent": sent,
            "frames_per_s": round(sent / elapsed) if elapsed else None,
            "frames_by_kind": dict(self.sent.most_common()),
            "refusals": dict(self.refusals.most_common()),
            "server_error_counts": counted,
            "other_answers": dict(self.answers.most_common()),
            "server_tracebacks": tracebacks,
            "traceback_errors": dict(server.traceback_errors()),
            "first_traceback": server.first_traceback() if tracebacks else "",
            "closed_as_documented": self.closed_as_documented,
            "unintended_disconnects": sum(self.unintended.values()),
            "unintended_by_close_code": dict(self.unintended),
            "unintended_examples": self.examples,
            "closes_by_kind": self.closing,
            "reconnects": self.reconnects,
            "setup_failures": dict(self.setup_failures),
            "innocent": {
                "moves": len(lat),
                "games_finished": self.innocent_games,
                "p50_ms": _ms(percentile(lat, 0.5)),
                "p99_ms": _ms(percentile(lat, 0.99)),
                "max_ms": _ms(max(lat) if lat else None),
                "refused_moves": dict(self.moves.refused),
                "errors": dict(innocent_errors),
                "stalls": self.moves.stalls,
                "views_consistent": consistent[0],
                "views_checked": consistent[1],
                "dropped": self.innocent_dropped,
                "table_failures": dict(self.innocent_failures),
            },
            "server_rss_mb": {"start": round(rss0, 1), "end": round(rss1, 1)},
            "server_cpu_pct": round(100 * cpu / elapsed, 1) if elapsed else None,
            "cores": os.cpu_count(),
        }


def _ms(x: float | None) -> float | None:
    return None if x is None else round(x * 1000, 1)


def render(r: dict[str, Any]) -> str:
    cfg = r["config"]
    out = [
        f"fuzz: {r['frames_sent']} frames from {cfg['connections']} connections in "
        f"{r['elapsed_s']} s ({r['frames_per_s']}/s; each connection at most {cfg['rate']:g}/s, "
        f"the hall allows 20), {r['cores']} cores",
        "",
        "| frames of kind | sent |",
        "|---|---:|",
        *(f"| {k} | {n} |" for k, n in r["frames_by_kind"].items()),
        "",
        "| refusal code | received by the fuzzers | counted by the server |",
        "|---|---:|---:|",
    ]
    codes = sorted(
        set(r["refusals"]) | set(r["server_error_counts"]), key=lambda c: -r["refusals"].get(c, 0)
    )
    out += [
        f"| {c} | {r['refusals'].get(c, 0)} | {r['server_error_counts'].get(c, 0)} |" for c in codes
    ]
    out.append(
        f"| all | {sum(r['refusals'].values())} | {sum(r['server_error_counts'].values())} |"
    )
    out.append("")
    answers = ", ".join(f"{t} {n}" for t, n in r["other_answers"].items()) or "none"
    out.append(f"other answers to the fuzzers: {answers}")
    errors = ", ".join(f"{e} {n}" for e, n in r["traceback_errors"].items())
    errors = f" ({errors})" if errors else ""
    out.append(f"tracebacks in the server's output: {r['server_tracebacks']}{errors}")
    if r["first_traceback"]:
        out.append("the first one ends:\n" + r["first_traceback"])
    out.append(
        f"fuzzing connections closed by the server: {r['closed_as_documented']} as documented "
        f"(1009, a message over 1 MiB), {r['unintended_disconnects']} not meant "
        f"{r['unintended_by_close_code'] or ''}"
    )
    if r["closes_by_kind"]:
        closing = [f"{k} {c} of {n}" for k, (c, n) in r["closes_by_kind"].items() if c]
        out.append(
            f"  each kind sent alone {TRIES} times, these closed the connection: "
            + (", ".join(closing) or "none")
        )
    i = r["innocent"]
    out.append(
        f"innocent table: {i['moves']} moves ({i['games_finished']} games played to the end), "
        f"p50 {i['p50_ms']} ms, p99 {i['p99_ms']} ms, max {i['max_ms']} ms; refused moves "
        f"{i['refused_moves'] or 'none'}; views equal to a fresh snapshot {i['views_consistent']} "
        f"of {i['views_checked']}; dropped connections {i['dropped']}; tables it could not "
        f"open or play {i['table_failures'] or 'none'}"
    )
    rss = r["server_rss_mb"]
    out.append(
        f"server: RSS {rss['start']} MB at the start, {rss['end']} MB at the end; CPU "
        f"{r['server_cpu_pct']} % of one core"
    )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.fuzz", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "--frames", type=int, default=Config.frames, help="bad frames to send (default 100000)"
    )
    parser.add_argument(
        "--connections",
        type=int,
        default=Config.connections,
        help="fuzzing connections (default 150)",
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=Config.rate,
        help="frames a second per connection (default 15; the hall allows 20)",
    )
    parser.add_argument("--game", default=Config.game, help="the innocent table's game")
    parser.add_argument("--seed", type=int, default=Config.seed)
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    parser.add_argument(
        "--without", default="", help="kinds of frame to leave out, comma-separated"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    if args.frames < 1 or args.connections < 1 or args.rate <= 0:
        parser.error("--frames, --connections and --rate must be positive")
    without = tuple(k for k in args.without.split(",") if k)
    unknown = [k for k in without if k not in WEIGHTS]
    if unknown:
        parser.error(f"no kind of frame {', '.join(unknown)}; kinds: {', '.join(WEIGHTS)}")
    cfg = Config(
        frames=args.frames,
        connections=args.connections,
        rate=args.rate,
        game=args.game,
        seed=args.seed,
        without=without,
    )
    result = asyncio.run(Fuzz(cfg, progress=None if args.quiet else sys.stderr).run())
    print(render(result), flush=True)
    if args.json:
        write_json(args.json, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
