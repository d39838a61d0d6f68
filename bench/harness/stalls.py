"""The longest the hub's event loop was held over a window, from two readings of its
/metrics (server/stalls.py): a histogram of how late its probe woke, and the longest
ever. When the longest ever grew in the window, that is the window's own, exactly;
otherwise the window's is bounded by the top bucket that counted anything in it.
``kind="held"`` reads the same of the loop's own CPU time in each stall (the rest of
a stall is the hub waiting for a core, on a machine shared with other work)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

MAX = "spieltisch_loop_stall_seconds_max"
BUCKET = "spieltisch_loop_stall_seconds_bucket"


def longest(
    before: Mapping[str, float], after: Mapping[str, float], kind: str = "stall"
) -> tuple[float, bool] | None:
    """The window's longest stall in ms, and whether it is exact (else an upper bound);
    None when the hub reports no stalls (an older one)."""
    top = MAX.replace("stall", kind)
    bucket = BUCKET.replace("stall", kind)
    if top not in after:
        return None
    if after[top] > before.get(top, 0.0):
        return after[top] * 1000, True
    bound = 0.0
    below = 0.0  # cumulative counts: a bucket's own is its count less the one below
    below_before = 0.0
    for name, n in after.items():
        if not name.startswith(bucket + "{"):
            continue
        le = name[len(bucket) + len('{le="') : -2]
        own = (n - below) - (before.get(name, 0.0) - below_before)
        below, below_before = n, before.get(name, 0.0)
        if own > 0:
            bound = float(le)  # "+Inf" reads as inf
    return min(bound, after[top]) * 1000, False


def worst(cells: Sequence[tuple[float, bool] | None]) -> tuple[float, bool] | None:
    """The longest of several processes' windows."""
    known = [c for c in cells if c is not None]
    return max(known, key=lambda c: c[0]) if known else None


def cell(value: tuple[float, bool] | None) -> str:
    """A table's cell: ``12.3`` exactly, ``≤ 20`` or ``≤ 9.5`` a bound, ``-`` unknown."""
    if value is None:
        return "-"
    ms, exact = value
    if exact:
        return f"{ms:.1f}"
    return "≤ " + f"{ms:.1f}".removesuffix(".0")  # a bucket's bound, or the record
