"""The load generators spread over several processes (`--procs`): `bots load` against
the real server on a free loopback port, `bench.hub` against the server it starts
itself. The merged report counts the tables of every process, the views stay
consistent, and the generator's own CPU is reported; one process keeps the report's
fields as they were."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import pytest

from bench import hub
from bench.harness.node import batch_policy
from bots.load import Config, Stats, merge_stats, run_load
from bots.report import exit_status, render
from bots.spread import Spread, WorkerFailed, generator_bound
from tests.support.commands import run_module

SEATS, SPECTATORS = 4, 2

# The report's fields before --procs existed: one process must still give all of them.
LOAD_FIELDS = {
    "url",
    "game",
    "rooms",
    "seats",
    "spectators",
    "think_s",
    "duration_s",
    "elapsed_s",
    "ramp_s",
    "connections",
    "tables",
    "moves",
    "latency_ms",
    "deliveries",
    "bytes",
    "errors",
    "consistency",
    "bots_cpu_pct",
    "server",
}
HUB_FIELDS = {
    "setup",
    "redis_cpu_pct",
    "rooms",
    "connections",
    "moves_per_s",
    "deliveries_per_s",
    "p50_ms",
    "p99_ms",
    "max_ms",
    "cpu_pct",
    "bench_cpu_pct",
    "rss_mb",
    "bytes_per_patch",
    "complete",
    "mean_ms",
    "errors",
}


def config(url: str, rooms: int, **kw: Any) -> Config:
    settings: dict[str, Any] = {
        "game": "carcassonne",
        "seats": SEATS,
        "spectators": SPECTATORS,
        "think": 0.05,
        "duration": 3.0,
        "grace": 5.0,
        "seed": 7,
    }
    return Config(url=url, rooms=rooms, **(settings | kw))


async def test_bots_spread_over_two_processes_merge_into_one_report(server: Any) -> None:
    # The server runs in this process, so the parent reads its CPU; the bots do not.
    r = await run_load(config(server.url, 4, server_pid=os.getpid()), procs=2, progress=None)
    per_table = SEATS + SPECTATORS
    c, mv, d, k = r["connections"], r["moves"], r["deliveries"], r["consistency"]

    # Tables 0 and 2 played in one process, 1 and 3 in the other, and both moved.
    procs = r["bots_procs"]
    assert [p["tables"] for p in procs] == [2, 2]
    assert all(p["moves"] > 0 for p in procs)
    assert sum(p["moves"] for p in procs) == mv["accepted"]

    assert c["planned"] == c["opened"] == c["held"] == 4 * per_table
    assert mv["sent"] == mv["accepted"] + mv["refused"] + mv["lost"] + mv["unanswered"]
    assert server.hall.metrics.intents_accepted == mv["server_versions"]
    assert d["gaps"] == d["bad"] == 0
    assert d["patches"] == d["expected"] == mv["server_versions"] * per_table
    # Percentiles over the merged samples: every accepted move of both processes.
    lat = r["latency_ms"]
    assert 0 < lat["samples"] <= mv["accepted"]
    assert lat["p50"] <= lat["p95"] <= lat["p99"] <= lat["max"]

    assert k["checked"] == k["matched"] == r["tables"]["started"] * per_table
    assert k["mismatched"] == k["unchecked"] == 0
    assert exit_status(r) == 0

    # The generator's CPU: each process's own, summed, beside the server's.
    assert all(p["cpu_pct"] > 0 for p in procs)
    assert r["bots_cpu_pct"] == pytest.approx(sum(p["cpu_pct"] for p in procs), abs=0.2)
    assert r["server"] is not None and r["server"]["cpu_pct"] > 0
    assert "summed over 2 processes" in render(r)


async def test_one_process_keeps_the_reports_fields(server: Any) -> None:
    r = await run_load(config(server.url, 2, duration=2.0), procs=1, progress=None)
    assert set(r) >= LOAD_FIELDS
    assert r["bots_procs"] == [
        {"tables": 2, "moves": r["moves"]["accepted"], "cpu_pct": r["bots_cpu_pct"]}
    ]
    cpu_line = next(line for line in render(r).splitlines() if line.startswith("bots' CPU"))
    assert cpu_line == f"bots' CPU    {r['bots_cpu_pct']:.0f} % of one core"


async def test_the_command_line_spreads_the_bots(server: Any, tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    argv = ["--url", server.url, "--rooms", "3", "--spectators", "1", "--think", "0.05"]
    argv += ["--duration", "2", "--procs", "2", "--json", str(out)]
    stdout = await command("bots", "load", *argv)
    report = json.loads(out.read_text())
    assert [p["tables"] for p in report["bots_procs"]] == [2, 1]
    assert report["connections"]["held"] == 3 * (4 + 1)
    assert report["consistency"]["matched"] == report["consistency"]["checked"] > 0
    assert report["bots_cpu_pct"] > 0
    assert stdout.decode().strip() == render(report)


async def test_the_hub_bench_spreads_its_clients_over_two_processes() -> None:
    row = await hub.measure(4, 2.0, 0.5, "carcassonne", "memory", procs=2)
    procs = row["client_procs"]
    assert [p["rooms"] for p in procs] == [2, 2]
    assert all(p["moves"] > 0 and p["cpu_pct"] > 0 for p in procs)
    assert row["bench_cpu_pct"] == pytest.approx(sum(p["cpu_pct"] for p in procs))
    assert row["cpu_pct"] > 0  # the hub's own, beside it
    assert set(row) >= HUB_FIELDS and row["errors"] == {}
    moves = sum(p["moves"] for p in procs)
    assert row["moves_per_s"] > 0 and 0 < row["complete"] <= moves
    assert row["p50_ms"] <= row["p99_ms"] <= row["max_ms"]
    assert f"| {row['bench_cpu_pct']:.0f} (" in hub.table([row], "carcassonne")
    # The hub's own share, read off its /metrics over the same window.
    assert row["us_per_move"] > 0
    assert 0 <= row["kernel_us_per_move"] <= row["us_per_move"]
    assert 0 < row["hub_p99_ms"] <= 1000


def test_the_hubs_p99_is_the_bound_of_the_bucket_that_holds_it() -> None:
    from server.metrics import LATENCY_BUCKETS

    n = len(LATENCY_BUCKETS) + 1
    assert hub.hub_p99([0] * n) != hub.hub_p99([0] * n)  # nan: nothing measured
    assert hub.hub_p99([100] * n) == LATENCY_BUCKETS[0] * 1000
    # 98 of 100 within the second bucket, the 99th in the fourth
    cumulative = [0, 98, 98, 99, *([100] * (n - 4))]
    assert hub.hub_p99(cumulative) == LATENCY_BUCKETS[3] * 1000


async def test_the_hub_bench_command_line_takes_procs() -> None:
    argv = ["--setups", "memory", "--rooms", "2", "--duration", "1", "--no-failover"]
    stdout = await command("bench.hub", *argv, "--procs", "2")
    lines = stdout.decode().splitlines()
    assert lines[0].endswith(", clients in 2 processes")
    cells = [c.strip() for c in lines[-1].split("|")[1:-1]]
    header = [c.strip() for c in lines[2].split("|")[1:-1]]
    assert cells[:3] == ["memory", "2", "16"]
    # The clients' CPU: the sum, then each process's share.
    total, shares = cells[header.index("clients' CPU %")].split(" ", 1)
    assert shares.startswith("(") and shares.count("+") == 1 and int(total) >= 0


async def test_the_hub_bench_in_one_process_keeps_its_columns() -> None:
    row = await hub.measure(2, 1.5, 0.5, "carcassonne", "memory")
    assert set(row) >= HUB_FIELDS
    assert [p["rooms"] for p in row["client_procs"]] == [2]
    assert row["bench_cpu_pct"] > 0 and row["complete"] > 0
    line = hub.table([row], "carcassonne").splitlines()[-1]
    assert f"| {row['bench_cpu_pct']:.0f} | {row['bytes_per_patch']:.0f} |" in line
    assert "processes" not in hub.table([], "carcassonne")


async def test_a_client_process_that_fails_is_reported() -> None:
    # No URL to open a room on: each worker raises at once.
    jobs = [hub.HubJob([], "carcassonne", 2, i, 2, 1.0, 0.5) for i in range(2)]
    with pytest.raises(WorkerFailed, match="IndexError"):
        async with Spread(hub.hub_worker, jobs) as spread:
            await spread.gather("ready", 30)
    assert not any(Path(f"/proc/{pid}").exists() for pid in spread.pids)


def test_the_generator_bound_warning() -> None:
    assert generator_bound([35.0], cores=2) is None
    assert generator_bound([40.0, 45.0], cores=2) is None
    one = generator_bound([85.0], cores=2)
    assert one is not None and "generator-bound" in one and "--procs" in one
    assert generator_bound([50.0, 90.0], cores=4) is not None
    assert generator_bound([60.0, 60.0, 60.0], cores=2) is not None  # no core left


def test_merged_counts_add_up() -> None:
    a, b = Stats(acts_sent=3, first_move=5.0, last_move=9.0, ramp=1.0), Stats(acts_sent=4)
    a.latencies, b.latencies = [0.1, 0.2], [0.3]
    b.errors["not_your_turn"] = 2
    b.first_move, b.last_move, b.ramp = 4.0, 8.0, 2.0
    m = merge_stats([a, b])
    assert (m.acts_sent, m.first_move, m.last_move, m.ramp) == (7, 4.0, 9.0, 2.0)
    assert sorted(m.latencies) == [0.1, 0.2, 0.3] and m.errors == {"not_your_turn": 2}


async def command(module: str, *argv: str) -> bytes:
    """``python -m module argv...`` from the project's root; its output, once it exited 0."""
    code, stdout, stderr = await run_module(module, *argv, timeout=20)
    assert code == 0, stderr[-2000:]
    return stdout.encode()


async def test_the_hub_bench_drives_a_real_game_from_node() -> None:
    """`--generator node`: the Node clients (bench/peers/hall_load.mjs) play the hall's
    own game with random legal intents, every move reaching all eight of a table."""
    row = await hub.measure(3, 2.0, 0.25, "kingsburg", "memory", generator="node")
    assert set(row) >= HUB_FIELDS and row["errors"] == {}
    assert row["setup"] == "memory, Node clients" and row["connections"] == 24
    assert row["moves_per_s"] > 4 and row["complete"] > 0
    assert row["p50_ms"] <= row["p99_ms"] <= row["max_ms"]
    assert row["us_per_move"] > 0 and row["bench_cpu_pct"] > 0
    assert 0 < row["bytes_per_patch"] < 1000  # compact patches
    # Sent with ids, as the browser app sends them: each move is answered with an `ok`
    # (those of moves sent just before the window opened may be counted too).
    assert row["oks"] >= row["moves_per_s"] * 2.0 * 0.5


async def test_the_hub_bench_from_node_takes_any_number_of_spectators() -> None:
    """`--spectators N`: every move reaches the table's 4 players and N watchers."""
    for spectators in (0, 6):
        row = await hub.measure(
            2, 1.5, 0.25, "kingsburg", "memory", generator="node", spectators=spectators
        )
        assert row["errors"] == {} and row["connections"] == 2 * (4 + spectators)
        assert row["complete"] > 0  # moves that reached every one of them


@pytest.mark.skipif(not hasattr(os, "SCHED_BATCH"), reason="the batch policy is Linux's")
async def test_the_node_clients_run_at_the_batch_policy_unless_told() -> None:
    """`batch_policy` is what the Node clients start with (`--clients-preempt`: not):
    the process it runs in is at SCHED_BATCH, and what that process starts too."""
    for preexec, policy in ((batch_policy, os.SCHED_BATCH), (None, os.SCHED_OTHER)):
        proc = await asyncio.create_subprocess_exec(
            "sh",
            "-c",
            "sleep 5 & echo $!; wait",
            stdout=asyncio.subprocess.PIPE,
            preexec_fn=preexec,
        )
        assert proc.stdout is not None
        child = int(await proc.stdout.readline())
        try:
            assert os.sched_getscheduler(proc.pid) == policy
            assert os.sched_getscheduler(child) == policy  # inherited, as Node's threads
        finally:
            os.kill(child, 15)
            await proc.wait()
