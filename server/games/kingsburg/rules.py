"""Pure calculations of the Kingsburg rules, free of the state machine, so each can be
tested against the rules' examples on its own. Rule numbers (R4.4, ...) are the rules
in this package's README.md."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from server.games.kingsburg.data import (
    ADVISOR_COUNT,
    BUILDINGS,
    ENEMIES,
    GOODS,
    left_neighbour,
)


def neutral_blocks(three: Sequence[int], two: Sequence[int]) -> list[int]:
    """R11.1: the advisors the neutral dice of a two-player game block."""
    first = sum(three)
    second = sum(two)
    if second != first:
        return sorted({first, second})
    return sorted({first, *two})


def turn_order(previous: Sequence[int], totals: Sequence[int]) -> list[int]:
    """R4.4: lowest total first; ties keep the previous order (a stable sort)."""
    return sorted(previous, key=lambda seat: totals[seat])


def build_cost(building: str, owned: Iterable[str]) -> list[int]:
    """The goods (in GOODS order) ``building`` costs a player owning ``owned``:
    the Crane takes 1 gold off buildings in columns 3 and 4 (R5.3.2)."""
    b = BUILDINGS[building]
    cost = [int(b["cost"][g]) for g in GOODS]
    if b["column"] >= 3 and "crane" in owned:
        cost[0] = max(0, cost[0] - 1)
    return cost


def may_build(building: str, owned: Sequence[str]) -> bool:
    """R5.3.2 (a) and (b): not owned yet, and the building to its left is owned."""
    if building in owned:
        return False
    left = left_neighbour(building)
    return left is None or left in owned


def targets(pips: int, plus2: bool, may_market: bool) -> list[tuple[int, int]]:
    """(advisor, market) pairs a group of ``pips`` reaches (R5.1.3.4)."""
    base = pips + (2 if plus2 else 0)
    shifts = (0, -1, 1) if may_market else (0,)
    return [(base + m, m) for m in shifts if 1 <= base + m <= ADVISOR_COUNT]


def group_refusal(
    colored: bool, aid: bool, plus2: bool, aid_die: str, plus2_aid_die: str
) -> str | None:
    """R5.1.3.1 and R5.1.3.2: why a group may not influence (an error code), or None.
    ``colored``: it holds a die of the player's colour; ``aid``: it holds the King's
    aid die; ``plus2``: a "+2" token goes with it; the rest are the table's options
    of those names."""
    if not colored and not (aid and aid_die == "like_colored"):
        return "no_colored_die"
    if plus2 and aid and (plus2_aid_die == "never" or not colored):
        return "plus2_aid_die"
    return None


def reachable(
    dice: Sequence[int],
    white: Sequence[bool],
    plus2_tokens: int = 0,
    market: bool = False,
) -> set[int]:
    """Every advisor some single group of these dice reaches: a non-empty subset with
    a colored die, at most one "+2" token, the Market's +1/-1 if owned."""
    found: set[int] = set()
    n = len(dice)
    for mask in range(1, 1 << n):
        chosen = [i for i in range(n) if mask >> i & 1]
        if all(white[i] for i in chosen):
            continue
        pips = sum(dice[i] for i in chosen)
        for token in (False, True) if plus2_tokens > 0 else (False,):
            found.update(a for a, _ in targets(pips, token, market))
    return found


def combat_value(soldiers: int, buildings: Iterable[str], die: int, enemy_type: str) -> int:
    """R10.3: soldiers + the King's die + the buildings' defence (type bonuses included)."""
    value = soldiers + die
    for b in buildings:
        data = BUILDINGS[b]
        value += int(data["combat"]) + int(data["combat_vs"].get(enemy_type, 0))
    return value


def outcome(value: int, strength: int, buildings: Iterable[str]) -> str:
    """R10.4: "win", "draw" or "loss"; the Stone Wall turns a draw into a win."""
    if value > strength:
        return "win"
    if value == strength:
        return "win" if "stone_wall" in buildings else "draw"
    return "loss"


def battle(
    soldiers: Sequence[int], buildings: Sequence[Sequence[str]], die: int, enemy: str
) -> tuple[list[int], list[str], list[bool]]:
    """Combat values, outcomes and who scores the strongest bonus (R10.6) per seat."""
    card = ENEMIES[enemy]
    values = [
        combat_value(s, b, die, card["type"]) for s, b in zip(soldiers, buildings, strict=True)
    ]
    results = [outcome(v, card["strength"], b) for v, b in zip(values, buildings, strict=True)]
    best = max(values)
    strongest = [v == best and r == "win" for v, r in zip(values, results, strict=True)]
    return values, results, strongest


def building_to_destroy(buildings: Sequence[str]) -> str | None:
    """R10.7.2: the building in the right-most column owned, the top-most row first."""
    if not buildings:
        return None
    return min(buildings, key=lambda b: (-BUILDINGS[b]["column"], BUILDINGS[b]["row"]))


def tiebreak_key(vp: int, goods: int, buildings: int) -> tuple[int, int, int]:
    """R12.2-3: VP, then goods, then buildings."""
    return (vp, goods, buildings)


def splits(total: int, limit: Sequence[int] | None = None) -> list[list[int]]:
    """Every way to make ``total`` goods of the three kinds (at most ``limit`` each)."""
    caps = list(limit) if limit is not None else [total] * 3
    out = []
    for g in range(min(total, caps[0]) + 1):
        for w in range(min(total - g, caps[1]) + 1):
            s = total - g - w
            if s <= caps[2]:
                out.append([g, w, s])
    return out
