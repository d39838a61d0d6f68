"""bench.ab: this tree against a git ref, side by side. Its reading of `bench.hub`'s
table is checked on that table's form; the command runs for real, in-process, against
the commit this tree is on, and leaves no worktree behind."""

from __future__ import annotations

import subprocess

import pytest

from bench import ab
from tests.support.commands import ROOT, rows, run_module

HUB_OUTPUT = """\
| setup | rooms | connections | moves/s | deliveries/s | p50 ms | p99 ms | max ms | hub p99 ms | longest pause ms | of it working ms | hub CPU % | hub µs/move | of which kernel | hub RSS MB | redis CPU % | clients' CPU % | bytes/patch | errors |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
| memory, Node clients | 125 | 1000 | 250 | 2000 | 0.9 | 3.4 | 7.9 | ≤ 5 | 12.8 | 8.7 | 21 | 612 | 95 | 156 | 0 | 11 | 30 | 0 |
"""


def test_the_hub_figure_is_read_by_its_column_name() -> None:
    assert ab.hub_figure(HUB_OUTPUT) == 612.0


def test_a_hub_that_did_not_finish_is_an_error_not_a_figure() -> None:
    broken = HUB_OUTPUT.splitlines()[0] + "\n| memory | 125 | did not finish: OSError |\n"
    with pytest.raises(ValueError, match="no memory row"):
        ab.hub_figure(broken)


def test_the_change_compares_each_sides_least() -> None:
    c = ab.Compared("carcassonne", base=[300.0, 250.0], this=[240.0, 200.0])
    assert c.change == pytest.approx(200 / 250 - 1)


def _worktrees() -> list[str]:
    """The worktrees' paths (not their commits: a commit meanwhile is no leftover)."""
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "list", "--porcelain"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [line for line in listed.splitlines() if line.startswith("worktree ")]


async def test_the_command_measures_both_trees_and_removes_its_checkout() -> None:
    before = _worktrees()
    argv = [
        "--base",
        "HEAD",
        "--in-process",
        "--games",
        "1",
        "--rounds",
        "1",
        "--game",
        "kingsburg",
    ]
    code, out, err = await run_module("bench.ab", *argv, timeout=240)
    assert code == 0, err[-2000:]
    assert "1 of 1: kingsburg" in err  # progress, on stderr
    (row,) = rows(out, "game")
    assert row[0] == "kingsburg"
    assert float(row[1]) > 0 and float(row[2]) > 0
    assert _worktrees() == before


async def test_an_unknown_ref_fails_with_git_saying_why() -> None:
    code, _, err = await run_module("bench.ab", "--base", "no-such-ref-anywhere", "--in-process")
    assert code != 0
    assert "no-such-ref-anywhere" in err


def test_make_bench_runs_neither_the_comparison_nor_the_null_games_hub() -> None:
    """`make bench` runs each module of bench/ with no arguments: the comparison needs a
    ref, and the null game's hub serves until stopped."""
    from bench.__main__ import modules

    listed = modules()
    assert "bench.ab" not in listed and "bench.nullgame" not in listed
    assert {"bench.hub", "bench.split", "bench.floor", "bench.move_cost"} <= set(listed)


async def test_each_side_runs_on_the_interpreter_it_is_given(tmp_path) -> None:
    """``--base-python``: the base's side runs on that interpreter (here one that notes
    each start, then is this one), this tree's on this one; the table says which."""
    import sys

    noted = tmp_path / "started"
    python = tmp_path / "python"
    python.write_text(f'#!/bin/sh\necho "$@" >> "{noted}"\nexec "{sys.executable}" "$@"\n')
    python.chmod(0o755)
    argv = ["--base", "HEAD", "--base-python", str(python), "--in-process"]
    argv += ["--games", "1", "--rounds", "1", "--game", "kingsburg"]
    code, out, err = await run_module("bench.ab", *argv, timeout=240)
    assert code == 0, err[-2000:]
    assert noted.read_text().count("bench.move_cost") == 1  # the base's run, not this one's
    assert f"base = HEAD on {python}" in out


async def test_an_interpreter_that_is_not_there_is_refused() -> None:
    code, _, err = await run_module(
        "bench.ab", "--base", "HEAD", "--base-python", "/no/such/python", "--in-process"
    )
    assert code != 0
    assert "/no/such/python: no interpreter there" in err
