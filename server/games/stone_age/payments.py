"""Which payments to offer in ``legal`` when the combinations are many.

``apply`` accepts every valid payment; these functions only choose what a client is
shown as complete intents: every payment when there are few, otherwise a
representative subset (the cheapest and the dearest mixes, and each kind first).
"""

from __future__ import annotations

from functools import cache
from itertools import product

from server.games.stone_age.data import BUILDINGS, fixed_cost

LIST_ALL_UP_TO = 36


@cache
def compositions(total: int, parts: int = 4) -> tuple[tuple[int, ...], ...]:
    """Every way to write ``total`` as ``parts`` counts >= 0, in lexicographic order."""
    if parts == 1:
        return ((total,),)
    return tuple(
        (first, *rest)
        for first in range(total, -1, -1)
        for rest in compositions(total - first, parts - 1)
    )


def _greedy(held: list[int], total: int, order: list[int]) -> list[int] | None:
    pay = [0, 0, 0, 0]
    left = total
    for kind in order:
        take = min(held[kind], left)
        pay[kind] = take
        left -= take
    return pay if left == 0 else None


def representative(held: list[int], total: int) -> list[list[int]]:
    """A few ways to pay ``total`` resources: cheapest first, dearest first, and
    each kind used as much as possible before the cheapest others."""
    orders = [[0, 1, 2, 3], [3, 2, 1, 0]]
    orders += [[k] + [o for o in range(4) if o != k] for k in range(4)]
    out: list[list[int]] = []
    for order in orders:
        pay = _greedy(held, total, order)
        if pay is not None and pay not in out:
            out.append(pay)
    return out


def any_payments(held: list[int], total: int) -> list[list[int]]:
    """Ways to pay exactly ``total`` resources of any kinds from ``held``."""
    if sum(held) < total:
        return []
    found = [
        list(c) for c in compositions(total) if all(n <= h for n, h in zip(c, held, strict=True))
    ]
    if len(found) <= LIST_ALL_UP_TO:
        return found
    return representative(held, total)


def building_payments(building: str, held: list[int]) -> list[list[int]]:
    b = BUILDINGS[building]
    if b["kind"] == "fixed":
        cost = fixed_cost(building)
        assert cost is not None
        return [cost] if all(c <= h for c, h in zip(cost, held, strict=True)) else []
    if b["kind"] == "kinds":
        return [
            list(c)
            for c in compositions(b["resources"])
            if sum(1 for n in c if n > 0) == b["kinds"]
            and all(n <= h for n, h in zip(c, held, strict=True))
        ]
    out: list[list[int]] = []
    for total in range(b["min"], min(b["max"], sum(held)) + 1):
        for pay in representative(held, total)[:2]:
            if pay not in out:
                out.append(pay)
    return out


def tool_choices(
    tools: list[int], used: list[bool], one_use: list[int]
) -> list[tuple[list[int], list[int]]]:
    """Distinct tool combinations: tools of equal value are interchangeable, so one
    canonical set of indexes per multiset of values."""
    by_value: dict[int, list[int]] = {}
    for i, (v, u) in enumerate(zip(tools, used, strict=True)):
        if not u:
            by_value.setdefault(v, []).append(i)
    perm_groups = sorted(by_value.items(), reverse=True)
    once: dict[int, int] = {}
    for v in one_use:
        once[v] = once.get(v, 0) + 1
    once_groups = sorted(once.items(), reverse=True)
    out: list[tuple[list[int], list[int]]] = []
    perm_ranges = [range(len(idx) + 1) for _, idx in perm_groups]
    once_ranges = [range(n + 1) for _, n in once_groups]
    for perm_take in product(*perm_ranges):
        chosen = sorted(
            i for (_, idx), k in zip(perm_groups, perm_take, strict=True) for i in idx[:k]
        )
        for once_take in product(*once_ranges):
            values = [v for (v, _), k in zip(once_groups, once_take, strict=True) for _ in range(k)]
            out.append((chosen, values))
    return out
