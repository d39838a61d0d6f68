"""The arena: AI levels play each other, with no server in between.

``a`` takes one seat and ``b`` every other, the seat of ``a`` rotating from game to
game and each game dealt from its own seed, so that neither the first seat nor a lucky
deal decides the comparison. A game counts 1 for ``a`` when it finishes first, shared
when several seats tie for first (a tie of two is a half).
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

import msgspec

from server import games
from server.ai import LEVELS, SearchPolicy, policy
from server.room.options import make_options

MAX_MOVES = 5_000  # a game longer than this is a bug, not a long game


class GameRecord(msgspec.Struct):
    seed: int
    seat_a: int
    scores: list[int]
    ranks: list[int]
    share_a: float  # 1 win, 1/k a k-way tie for first, 0 a loss
    moves: int
    decisions: dict[str, int]  # per level
    seconds: dict[str, float]  # thinking time per level
    iterations: int  # the strong players' search iterations, summed


class LevelStats(msgspec.Struct):
    decisions: int
    ms_per_decision: float


class Report(msgspec.Struct):
    game: str
    seats: int
    a: str
    b: str
    games: int
    budget: float
    iterations: int | None  # per strong decision, when fixed instead of the budget
    options: dict[str, Any]
    wins_a: float
    win_rate_a: float
    interval_95: tuple[float, float]
    mean_score_a: float
    mean_score_b: float
    levels: dict[str, LevelStats]
    strong_iterations_per_decision: float
    records: list[GameRecord]


class Match(msgspec.Struct, frozen=True):
    game: str
    seats: int
    a: str
    b: str
    budget: float
    options: dict[str, Any]
    iterations: int | None = None
    rollout: int | None = None  # the strong player's search settings, for tuning
    exploration: float | None = None


def play_one(match: Match, index: int) -> GameRecord:
    """Game number ``index`` of a match: ``a`` sits at seat ``index % seats``."""
    game = games.get(match.game)
    seed = 1_000_003 * (index + 1)
    seat_a = index % match.seats
    levels = [match.a if s == seat_a else match.b for s in range(match.seats)]
    players = []
    for s, level in enumerate(levels):
        player = policy(level, seed + s, match.budget)
        if isinstance(player, SearchPolicy):
            if match.iterations is not None:
                player.iterations = match.iterations
            if match.rollout is not None:
                player.rollout = match.rollout
            if match.exploration is not None:
                player.exploration = match.exploration
        players.append(player)
    state = game.setup(match.seats, make_options(game, dict(match.options)), seed)
    decisions = {level: 0 for level in levels}
    seconds = {level: 0.0 for level in levels}
    iterations = 0
    moves = 0
    while game.result(state) is None:
        active = sorted(game.active(state))
        if not active or moves >= MAX_MOVES:
            raise RuntimeError(f"{match.game} seed {seed}: stuck after {moves} moves")
        seat = active[0]
        t0 = time.perf_counter()
        intent = players[seat].choose(game, state, seat)
        seconds[levels[seat]] += time.perf_counter() - t0
        decisions[levels[seat]] += 1
        player = players[seat]
        if isinstance(player, SearchPolicy):
            iterations += player.last_iterations
        if intent is None:
            raise RuntimeError(f"{match.game} seed {seed}: seat {seat} has no move")
        state = game.apply(state, seat, intent)
        moves += 1
    result = game.result(state)
    assert result is not None
    firsts = [s for s, r in enumerate(result.ranks) if r == 1]
    return GameRecord(
        seed=seed,
        seat_a=seat_a,
        scores=list(result.scores),
        ranks=list(result.ranks),
        share_a=1.0 / len(firsts) if seat_a in firsts else 0.0,
        moves=moves,
        decisions=decisions,
        seconds=seconds,
        iterations=iterations,
    )


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (ties counted as fractions)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # At a rate of 0 or 1 the bound on that side is exact; rounding must not move it.
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return (lo, hi)


def run(match: Match, count: int, jobs: int = 1, progress: TextIO | None = None) -> Report:
    if match.a not in LEVELS or match.b not in LEVELS:
        raise ValueError(f"levels are {', '.join(LEVELS)}")
    records: list[GameRecord] = []

    def done(record: GameRecord) -> None:
        records.append(record)
        if progress is not None:
            wins = sum(r.share_a for r in records)
            progress.write(
                f"\r  {len(records)}/{count} games, {match.a} {wins:g} : "
                f"{len(records) - wins:g} {match.b}   "
            )
            progress.flush()

    _each(match, count, jobs, done)
    if progress is not None:
        progress.write("\n")
    records.sort(key=lambda r: r.seed)
    return _report(match, records)


def _each(match: Match, count: int, jobs: int, done: Callable[[GameRecord], None]) -> None:
    if jobs <= 1:
        for i in range(count):
            done(play_one(match, i))
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_one, match, i) for i in range(count)]
        for future in futures:
            done(future.result())


def _report(match: Match, records: list[GameRecord]) -> Report:
    n = len(records)
    wins = sum(r.share_a for r in records)
    score_a = [r.scores[r.seat_a] for r in records]
    score_b = [s for r in records for i, s in enumerate(r.scores) if i != r.seat_a]
    levels: dict[str, LevelStats] = {}
    for level in {match.a, match.b}:
        count = sum(r.decisions.get(level, 0) for r in records)
        secs = sum(r.seconds.get(level, 0.0) for r in records)
        levels[level] = LevelStats(count, 1000 * secs / count if count else 0.0)
    strong = sum(r.decisions.get("strong", 0) for r in records)
    return Report(
        game=match.game,
        seats=match.seats,
        a=match.a,
        b=match.b,
        games=n,
        budget=match.budget,
        iterations=match.iterations,
        options=dict(match.options),
        wins_a=wins,
        win_rate_a=wins / n if n else 0.0,
        interval_95=wilson(wins, n),
        mean_score_a=sum(score_a) / len(score_a) if score_a else 0.0,
        mean_score_b=sum(score_b) / len(score_b) if score_b else 0.0,
        levels=levels,
        strong_iterations_per_decision=(
            sum(r.iterations for r in records) / strong if strong else 0.0
        ),
        records=records,
    )


def render(report: Report) -> str:
    lo, hi = report.interval_95
    effort = (
        f"{report.iterations} iterations"
        if report.iterations is not None
        else f"budget {report.budget:g} s"
    )
    lines = [
        f"{report.game}, {report.seats} seats: {report.a} (one seat) against {report.b}, "
        f"{report.games} games, {effort} a strong decision",
        f"  {report.a} won {report.wins_a:g} of {report.games}: "
        f"{100 * report.win_rate_a:.0f}% (95% interval {100 * lo:.0f}-{100 * hi:.0f}%)",
        f"  mean score: {report.a} {report.mean_score_a:.1f}, {report.b} {report.mean_score_b:.1f}",
    ]
    for level, stats in sorted(report.levels.items()):
        lines.append(f"  {level}: {stats.decisions} decisions, {stats.ms_per_decision:.1f} ms each")
    if report.strong_iterations_per_decision:
        lines.append(
            f"  strong: {report.strong_iterations_per_decision:.0f} search iterations per decision"
        )
    return "\n".join(lines)


def main_arena(args: Any) -> int:
    game = games.get(args.game)
    seats = args.seats or game.min_seats
    if not game.min_seats <= seats <= game.max_seats:
        print(
            f"python -m bots arena: {args.game} takes {game.min_seats} to {game.max_seats} seats",
            file=sys.stderr,
        )
        return 2
    match = Match(
        game=args.game,
        seats=seats,
        a=args.a,
        b=args.b,
        budget=args.budget,
        options=args.options,
        iterations=args.iterations,
        rollout=args.rollout,
        exploration=args.exploration,
    )
    report = run(match, args.games, args.jobs, None if args.quiet else sys.stderr)
    print(render(report))
    if args.json is not None:
        args.json.write_bytes(msgspec.json.format(msgspec.json.encode(report)) + b"\n")
    return 0
