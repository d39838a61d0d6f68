"""Figures made of samples: a percentile (as the load bots take it) and a least-squares
line."""

from __future__ import annotations

from collections.abc import Iterable

from bots.load import percentile as sorted_percentile


def percentile(values: Iterable[float], p: float) -> float | None:
    """The ``p`` percentile (0.99: p99) of the values, None of none."""
    return sorted_percentile(sorted(values), p)


def fit(points: list[tuple[float, float]]) -> tuple[float, float]:
    """The least-squares line through ``(x, y)`` points: (at x = 0, slope). Needs at
    least two different x."""
    n = len(points)
    mx = sum(x for x, _ in points) / n if n else 0.0
    my = sum(y for _, y in points) / n if n else 0.0
    sxx = sum((x - mx) ** 2 for x, _ in points)
    if sxx == 0:
        raise ValueError("a line needs points at two different x at least")
    slope = sum((x - mx) * (y - my) for x, y in points) / sxx
    return my - slope * mx, slope
