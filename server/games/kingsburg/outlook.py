"""How good a Kingsburg position looks for a seat: the measure behind ``Game.value``.

Victory points are what wins, but most of a year's decisions pay off later: dice put
on an advisor bring its help at the end of the season, soldiers count only in the
winter's battle, goods become buildings. A measure of VP alone sees none of that, so a
one-step player could not tell a good placement from a bad one. The measure here is
in "goods" (a VP is worth three, about what a building's VP cost in goods):

- what the seat owns: VP, goods, +2 tokens, its buildings (beyond their VP, for what
  they do), soldiers not at all (they are gone after the winter; see below);
- the help still owed to the seat by advisors its dice stand on (the best option);
- this year's battle, not fought yet: the expected reward minus the expected penalty
  over the enemy cards this year may bring and the King's die, with the seat's
  soldiers and buildings. Only what every seat may know goes in: the year's possible
  cards, not the one drawn.
"""

from __future__ import annotations

from functools import cache, lru_cache

from server.games.kingsburg import rules
from server.games.kingsburg.data import ADVISORS, BUILDINGS, ENEMIES, enemies_of_year
from server.games.kingsburg.state import Player, State

VP = 3  # goods a victory point is worth
BUILDING = 2  # what a building does, beyond its VP
GOODS = ("gold", "wood", "stone")


def measure(state: State, seat: int) -> float:
    p = state.players[seat]
    total = standing(p)
    total += sum(_help(a) for a, s in _owed(state) if s == seat)
    if len(state.battles) < state.year and state.step != "over":
        total += _battle(
            state.year, p.soldiers, tuple(sorted(p.buildings)), (p.gold, p.wood, p.stone)
        )
    return total


def _owed(state: State) -> list[tuple[int, int]]:
    """(advisor, seat) of the help not given yet this season."""
    if state.step == "influence":
        return [(g.advisor, g.seat) for g in state.board if g.seat >= 0]
    if state.step == "help":
        return [(a, s) for a, s in state.help_queue]
    return []


@cache
def _help(advisor: int) -> float:
    best = 0.0
    for option in ADVISORS[advisor]["options"]:
        gain = option.get("gain", {})
        pay = option.get("pay", {})
        best = max(best, _worth(gain) - _worth(pay))
    return best


def _worth(goods: dict[str, object]) -> float:
    value = 0.0
    for key, n in goods.items():
        if isinstance(n, bool):
            continue  # peek_enemy: worth knowing, not points
        if key == "vp":
            value += VP * int(n)  # type: ignore[call-overload]
        elif key in ("gold", "wood", "stone", "any_goods", "plus2", "soldiers"):
            value += int(n)  # type: ignore[call-overload]
    return value


@lru_cache(maxsize=4096)
def _battle(year: int, soldiers: int, buildings: tuple[str, ...], goods: tuple[int, ...]) -> float:
    cards = enemies_of_year(year)
    total = 0.0
    for enemy in cards:
        card = ENEMIES[enemy]
        for die in range(1, 7):
            value = rules.combat_value(soldiers, buildings, die, card["type"])
            result = rules.outcome(value, card["strength"], buildings)
            if result == "win":
                total += _worth(card["reward"])
            elif result == "loss":
                total -= _loss(card["penalty"], buildings, goods)
    return total / (6 * len(cards))


def _loss(penalty: dict[str, int], buildings: tuple[str, ...], goods: tuple[int, ...]) -> float:
    """What a penalty takes from a seat holding ``goods`` and ``buildings``."""
    have = dict(zip(GOODS, goods, strict=True))
    lost = sum(min(int(penalty.get(g, 0)), have[g]) for g in GOODS)
    left = sum(goods) - lost
    lost += min(int(penalty.get("any_goods", 0)), left)
    owned = list(buildings)
    for _ in range(int(penalty.get("buildings", 0))):
        b = rules.building_to_destroy(owned)
        if b is None:
            break
        owned.remove(b)
        lost += VP * int(BUILDINGS[b]["vp"]) + BUILDING
    return lost + VP * int(penalty.get("vp", 0))


def standing(p: Player) -> float:
    """What the seat owns, without the year's prospects."""
    return VP * p.vp + p.goods_total() + p.plus2 + BUILDING * len(p.buildings)
