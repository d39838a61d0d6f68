"""Final scoring and the tie-breaks (README §9 and §10)."""

from __future__ import annotations

from typing import Any

from server.games.stone_age.data import CARDS
from server.games.stone_age.state import Player

FIGURES = ("farmer", "tool_maker", "hut_builder", "shaman")


def culture_points(cards: list[str]) -> int:
    """Sets of different symbols, each scoring its size squared."""
    counts: dict[str, int] = {}
    for card in cards:
        symbol = CARDS[card]["bottom"].get("culture")
        if symbol is not None:
            counts[symbol] = counts.get(symbol, 0) + 1
    points = 0
    while counts:
        points += len(counts) ** 2
        counts = {s: n - 1 for s, n in counts.items() if n > 1}
    return points


def figures(cards: list[str]) -> dict[str, int]:
    out = dict.fromkeys(FIGURES, 0)
    for card in cards:
        bottom = CARDS[card]["bottom"]
        if "figure" in bottom:
            out[bottom["figure"]] += bottom["count"]
    return out


def tool_total(player: Player) -> int:
    return sum(player.tools)


def breakdown(player: Player) -> dict[str, Any]:
    """The parts of one player's final score, in the order the rules list them."""
    cards = player.cards + player.extra
    fig = figures(cards)
    measure = {
        "farmer": player.agriculture,
        "tool_maker": tool_total(player),
        "hut_builder": len(player.buildings),
        "shaman": player.people,
    }
    multipliers = {f: fig[f] * measure[f] for f in FIGURES}
    # An any-time C04 never taken is worth its two resources (1 point each).
    resources = sum(player.res) + 2 * player.any_two
    culture = culture_points(cards)
    total = player.score + resources + culture + sum(multipliers.values())
    return {
        "running": player.score,
        "resources": resources,
        "culture": culture,
        "multipliers": multipliers,
        "total": total,
    }


def tiebreak_key(player: Player, total: int, mode: str) -> tuple[int, ...]:
    if mode == "sum":
        return (total, player.agriculture + tool_total(player) + player.people)
    return (total, player.agriculture, tool_total(player), player.people)
