"""The soak and the fuzz benchmarks, run short: each starts its own server process on a
loopback port, as `python -m bench.soak` and `python -m bench.fuzz` do, and reports
what happened."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from bench.harness.frames import WEIGHTS

ROOT = Path(__file__).resolve().parent.parent

# Kinds of frame left out of the short fuzz run: none (non-UTF-8 strings and deep
# nesting, once a traceback and a dropped connection, are refused like the rest).
WITHOUT: tuple[str, ...] = ()


def run(module: str, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=True,
    )


def test_the_soak_prints_a_line_per_interval_and_plays_games_to_their_end(
    tmp_path: Path,
) -> None:
    out = tmp_path / "soak.json"
    done = run(
        "bench.soak",
        "--seconds",
        "10",
        "--interval",
        "2",
        "--tables",
        "3",
        "--think",
        "0.02",
        "--bot-delay",
        "0",
        "--games",
        "carcassonne,kardinal,kingsburg",
        "--json",
        str(out),
    )
    lines = done.stdout.splitlines()
    assert lines[0].startswith("soak: 3 tables of carcassonne, kardinal, kingsburg")
    # One table row every 2 s: when, RSS, open tables, connections, moves, p99, games, errors.
    rows = [line for line in lines if re.match(r"\| \d+ \| \d+\.\d \| \d+ \| \d+ \| \d+ \|", line)]
    assert len(rows) == 5
    assert any("MB per 10 minutes" in line for line in lines)
    # The longest the server's loop was held, each row, exactly or as a bucket's bound.
    assert "| longest pause ms | of it working ms |" in lines[1]
    assert any(line.startswith("the longest the server's event loop was held") for line in lines)
    pause = r"(\d+\.\d|≤ [\d.]+)"
    assert all(re.search(rf"\| {pause} \| {pause} \| \d+ \| \d+ \|$", row) for row in rows)

    r = json.loads(out.read_text())
    assert len(r["rows"]) == 5
    assert all(row["rss_mb"] > 0 and row["connections"] > 0 for row in r["rows"])
    assert sum(row["moves"] for row in r["rows"]) > 100
    # Tables were played to their end, their views checked, and the slots opened more.
    assert sum(r["games_finished"].values()) >= 1
    assert r["tables_opened"] > sum(r["games_finished"].values())
    assert r["views_checked"] >= 1 and r["views_mismatched"] == 0
    assert r["archived_games"] >= 1 and r["archived_mb"] > 0
    assert r["timed_moves"] > 0 and r["p99_ms"] is not None
    assert r["table_failures"] == {} and r["stuck_tables"] == 0
    assert r["server_tracebacks"] == 0
    assert all(0 <= row["longest_held_ms"][0] <= row["longest_pause_ms"][0] for row in r["rows"])
    assert r["slope_mb_per_10_min"] is not None and isinstance(r["exceeds"], bool)


def test_the_fuzz_counts_refusals_while_the_innocent_table_plays_on(tmp_path: Path) -> None:
    out = tmp_path / "fuzz.json"
    done = run(
        "bench.fuzz",
        "--frames",
        "2000",
        "--connections",
        "20",
        "--without",
        ",".join(WITHOUT),
        "--json",
        str(out),
    )
    assert "refusal code" in done.stdout and "innocent table:" in done.stdout
    assert "frames" in done.stderr  # the progress lines

    r = json.loads(out.read_text())
    assert r["frames_sent"] == 2000
    kinds = set(WEIGHTS) - set(WITHOUT) - {"huge"}  # a frame over 1 MiB is rare by design
    assert kinds <= set(r["frames_by_kind"])
    refusals, counted = r["refusals"], r["server_error_counts"]
    assert {"bad_message", "unknown_room", "too_large"} <= set(refusals)
    # Every refusal received was counted by the server (which also counts the innocent
    # table's few, and the answers to frames still in flight when a fuzzer closed).
    assert all(n <= counted.get(code, 0) for code, n in refusals.items())
    assert sum(refusals.values()) > 1000
    assert r["server_tracebacks"] == 0
    assert r["unintended_disconnects"] == 0
    innocent = r["innocent"]
    assert innocent["moves"] > 10 and innocent["p99_ms"] is not None
    assert innocent["views_checked"] == innocent["views_consistent"] == 3
    assert innocent["dropped"] == 0 and innocent["table_failures"] == {}
    assert r["server_rss_mb"]["start"] > 0 and r["server_rss_mb"]["end"] > 0
