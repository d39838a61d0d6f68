"""The three scorings of Kardinal & König as pure functions (README §10 to §12)."""

from __future__ import annotations

from collections.abc import Sequence


def cloister_points(counts: Sequence[int]) -> list[int]:
    """One country's cloisters, a count per seat -> points per seat.

    The leaders (ties allowed) score every cloister in the country; each lower rank scores
    the count of the rank directly above it; seats without a cloister score nothing."""
    ranks = sorted({c for c in counts if c > 0}, reverse=True)
    total = sum(counts)
    points = []
    for c in counts:
        if c == 0:
            points.append(0)
        else:
            i = ranks.index(c)
            points.append(total if i == 0 else ranks[i - 1])
    return points


def alliance_points(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """One alliance: cardinals per seat in its two countries -> points per seat.

    A seat that leads (ties allowed) in both countries scores every cardinal in both."""
    top_a, top_b = max(a), max(b)
    if top_a == 0 or top_b == 0:
        return [0] * len(a)
    total = sum(a) + sum(b)
    return [total if x == top_a and y == top_b else 0 for x, y in zip(a, b, strict=True)]


def groups(owner: Sequence[int], neighbours: Sequence[Sequence[int]], seat: int) -> list[list[int]]:
    """The connected groups of ``seat``'s cloisters (spaces joined by roads, all his own)."""
    seen: set[int] = set()
    found = []
    for start, who in enumerate(owner):
        if who != seat or start in seen:
            continue
        seen.add(start)
        group, todo = [], [start]
        while todo:
            here = todo.pop()
            group.append(here)
            for there in neighbours[here]:
                if owner[there] == seat and there not in seen:
                    seen.add(there)
                    todo.append(there)
        found.append(sorted(group))
    return found


def longest_path(group: Sequence[int], neighbours: Sequence[Sequence[int]]) -> int:
    """The number of spaces on the longest simple path inside ``group``.

    Exhaustive search: a player has at most 20 cloisters and the road graph is sparse."""
    members = set(group)
    best = 0

    def walk(here: int, visited: set[int]) -> int:
        longest = len(visited)
        for there in neighbours[here]:
            if there in members and there not in visited:
                visited.add(there)
                longest = max(longest, walk(there, visited))
                visited.remove(there)
                if longest == len(members):
                    break
        return longest

    for start in group:
        best = max(best, walk(start, {start}))
        if best == len(members):
            break
    return best


def chains(
    owner: Sequence[int], neighbours: Sequence[Sequence[int]], seat: int, mode: str
) -> list[int]:
    """The lengths of ``seat``'s scoring chains (4 or more cloisters; 1 point each)."""
    out = []
    for group in groups(owner, neighbours, seat):
        if len(group) < 4:
            continue
        size = len(group) if mode == "component" else longest_path(group, neighbours)
        if size >= 4:
            out.append(size)
    return out
