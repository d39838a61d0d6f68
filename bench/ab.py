"""Two versions of the hall measured at the same time: what a change did, on a noisy
machine.

    python -m bench.ab --base main~3 --game carcassonne --game null
    python -m bench.ab --base main~3 --in-process --game kardinal --rounds 3
    python -m bench.ab --base HEAD --base-python /usr/bin/python3.11 --game null

On a shared machine the processor's speed moves by a fifth or more within minutes
(the floor of bench/README.md moved by a fifth in a quarter of an hour), more than
most single changes do. Runs one after the other compare the machine's moods as much
as the code. This checks out ``--base`` (a git worktree in a temporary directory,
removed afterwards) and runs the same benchmark from it and from this tree:
`bench.hub` side by side, so that both see the same machine (each hub with its own
Node clients at ``--rooms`` tables; two hubs share the cores, so each figure is
higher than one hub's alone, but the two are comparable), or with ``--in-process``
`bench.move_cost` one after the other, the first in turn (runs of a few seconds side
by side each keep to one core, and the two cores differ: the same code measured a
third apart). Each side's least figure over the rounds is the one compared: the
least disturbed.

``--base-python`` (and ``--python``, for this tree) runs a side on another interpreter
with the project's dependencies installed (a virtual environment's ``bin/python``):
with ``--base HEAD``, the same code on two builds of Python, such as one built with
profile-guided optimisation against this environment's.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
HUB_FIGURE = "hub µs/move"


class Compared(NamedTuple):
    """A game's runs from both trees, CPU µs a move, in the order they ran."""

    game: str
    base: list[float]
    this: list[float]

    @property
    def change(self) -> float:
        """This tree's least against the base's least, as a fraction."""
        return min(self.this) / min(self.base) - 1


def hub_figure(out: str) -> float:
    """The hub's CPU a move from `bench.hub`'s table (its memory row)."""
    names: list[str] = []
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] == "setup":
            names = cells
        elif names and cells[0].startswith("memory") and len(cells) == len(names):
            return float(cells[names.index(HUB_FIGURE)])
    raise ValueError(f"no memory row in bench.hub's output:\n{out[-2000:]}")


@contextlib.contextmanager
def checkout(ref: str) -> Iterator[Path]:
    """A worktree of ``ref`` that shares this tree's Node modules, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="bench-ab-") as tmp:
        tree = Path(tmp) / "base"
        made = subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(tree), ref],
            capture_output=True,
            text=True,
        )
        if made.returncode != 0:
            raise SystemExit(f"bench.ab: cannot check out {ref}: {made.stderr.strip()}")
        try:
            modules = ROOT / "client" / "node_modules"
            if modules.is_dir():
                (tree / "client" / "node_modules").symlink_to(modules)
            yield tree
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                check=False,
            )


def command(game: str, args: argparse.Namespace, json_path: Path, python: str) -> list[str]:
    if args.in_process:
        return [
            python,
            "-m",
            "bench.move_cost",
            "--memory",
            "--games",
            str(args.games),
            "--game",
            game,
            "--json",
            str(json_path),
        ]
    return [
        python,
        "-m",
        "bench.hub",
        "--generator",
        "node",
        "--rooms",
        str(args.rooms),
        "--duration",
        str(args.duration),
        "--setups",
        "memory",
        "--no-failover",
        "--game",
        game,
    ]


async def measure(
    side: str, tree: Path, game: str, args: argparse.Namespace, scratch: Path, python: str
) -> float:
    """One run of the benchmark from ``tree`` on ``python``: CPU µs a move."""
    json_path = scratch / f"{side}-{game}.json"
    # The tree's own code first on the path, whatever the environment has installed.
    env = {**os.environ, "PYTHONPATH": str(tree)}
    proc = await asyncio.create_subprocess_exec(
        *command(game, args, json_path, python),
        cwd=tree,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    out, err = await proc.communicate()
    if proc.returncode != 0:
        raise RuntimeError(f"{side}, {game}: exit {proc.returncode}\n{err.decode()[-2000:]}")
    if args.in_process:
        row = json.loads(json_path.read_text())["rows"][0]
        return float(row["total_cpu"])
    return hub_figure(out.decode())


async def run(args: argparse.Namespace) -> list[Compared]:
    results = [Compared(game, [], []) for game in args.game]
    with checkout(args.base) as base, tempfile.TemporaryDirectory() as scratch:
        total = args.rounds * len(results)
        done = 0
        for r in range(args.rounds):
            for c in results:
                done += 1
                print(
                    f"ab: {done} of {total}: {c.game}, round {r + 1}", file=sys.stderr, flush=True
                )
                runs = (
                    measure("base", base, c.game, args, Path(scratch), args.base_python),
                    measure("this", ROOT, c.game, args, Path(scratch), args.python),
                )
                if args.in_process:
                    # One after the other, the first in turn: two runs of a few seconds
                    # side by side each keep to a core, and the two cores of a shared
                    # machine differ (the same code measured a third apart).
                    first, second = runs if r % 2 == 0 else runs[::-1]
                    one, two = await first, await second
                    b, t = (one, two) if r % 2 == 0 else (two, one)
                else:
                    b, t = await asyncio.gather(*runs)
                c.base.append(b)
                c.this.append(t)
    return results


def table(results: list[Compared], args: argparse.Namespace) -> str:
    what = (
        f"bench.move_cost --memory --games {args.games}, in turn"
        if args.in_process
        else f"bench.hub, {args.rooms} tables each, two hubs side by side"
    )
    base = args.base if args.base_python == sys.executable else f"{args.base} on {args.base_python}"
    this = "" if args.python == sys.executable else f", this tree on {args.python}"
    lines = [
        f"CPU µs a move, {what}; the least of {args.rounds} round(s) each; base = {base}{this}",
        "",
        "| game | base | this tree | change | every run, base / this tree |",
        "|---|---:|---:|---:|---|",
    ]
    for c in results:
        every = "; ".join(f"{b:.0f} / {t:.0f}" for b, t in zip(c.base, c.this, strict=True))
        lines.append(
            f"| {c.game} | {min(c.base):.0f} | {min(c.this):.0f} | {c.change:+.1%} | {every} |"
        )
    if len(results) > 1:
        lines.append(f"\nmedian change {statistics.median(c.change for c in results):+.1%}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="This tree against a git ref, measured side by side (same machine state)"
    )
    parser.add_argument(
        "--base", required=True, help="the git ref to compare with (main~1, a hash)"
    )
    parser.add_argument("--game", action="append", help="repeatable; default carcassonne")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--rooms", type=int, default=125, help="tables of each hub")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of play a run")
    parser.add_argument("--in-process", action="store_true", help="bench.move_cost instead")
    parser.add_argument("--games", type=int, default=3, help="random games a run (--in-process)")
    parser.add_argument(
        "--base-python",
        default=sys.executable,
        help="the interpreter of the base's side (default: this one)",
    )
    parser.add_argument(
        "--python", default=sys.executable, help="the interpreter of this tree's side"
    )
    args = parser.parse_args(argv)
    args.game = args.game or ["carcassonne"]
    if args.rounds < 1 or args.rooms < 1 or args.games < 1:
        parser.error("--rounds, --rooms and --games must be at least 1")
    for python in {args.base_python, args.python}:
        if not os.access(python, os.X_OK):
            parser.error(f"{python}: no interpreter there")
    results = asyncio.run(run(args))
    print(table(results, args))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
