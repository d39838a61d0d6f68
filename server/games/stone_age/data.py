"""The fixed numbers of Stone Age and the component data of ``data.json``.

Resources are always handled as a list of four counts in the order of
:data:`RESOURCES`; food is kept apart because it is not a resource (it never pays
for a card or a building and never scores).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RESOURCES = ("wood", "brick", "stone", "gold")
#: A resource's worth: its point value and its dice divisor.
VALUE = (3, 4, 5, 6)

#: The gathering spaces and the good each yields: 0 = food, 1.. = RESOURCES[good - 1].
GATHER = ("hunting_grounds", "forest", "clay_pit", "quarry", "river")
GOODS = ("food", *RESOURCES)
DIVISOR = (2, 3, 4, 5, 6)
VILLAGE = ("tool_maker", "hut", "field")
CARD_SLOTS = ("card_1", "card_2", "card_3", "card_4")
RESOURCE_AREA_CAPACITY = 7

MAX_PEOPLE = 10
MAX_AGRICULTURE = 10
MAX_TOOLS = 3
MAX_TOOL_VALUE = 4
START_PEOPLE = 5
START_FOOD = 12
STACK_SIZE = 7
STACKS = 4
STARVING_PENALTY = 10
#: A safety bound so that every game ends (random bots may decline every purchase).
#: Real games last 15 to 30 rounds.
ROUND_LIMIT = 50

#: Dice for everyone: the face taken -> its reward.
DICE_REWARDS = {1: "wood", 2: "brick", 3: "stone", 4: "gold", 5: "tool", 6: "agriculture"}


def resource_areas_players_limit(seats: int) -> int:
    """How many different players may use one of forest, clay pit, quarry, river."""
    return {2: 1, 3: 2}.get(seats, 4)


def village_limit(seats: int) -> int:
    """How many of tool maker, hut and field may be occupied in one round."""
    return 2 if seats < 4 else 3


def building_spaces(seats: int) -> tuple[str, ...]:
    return tuple(f"building_{i + 1}" for i in range(seats))


def spaces(seats: int) -> tuple[str, ...]:
    return (*GATHER, *VILLAGE, *CARD_SLOTS, *building_spaces(seats))


def _load() -> dict[str, Any]:
    with (Path(__file__).parent / "data.json").open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


DATA = _load()
BUILDINGS: dict[str, dict[str, Any]] = {b["id"]: b for b in DATA["buildings"]}
CARDS: dict[str, dict[str, Any]] = {c["id"]: c for c in DATA["cards"]}


def all_building_tiles() -> list[str]:
    """One id per physical tile (an id repeats when several tiles are alike)."""
    return [b["id"] for b in DATA["buildings"] for _ in range(b["count"])]


def all_cards() -> list[str]:
    return [c["id"] for c in DATA["cards"]]


def fixed_cost(building: str) -> list[int] | None:
    b = BUILDINGS[building]
    if b["kind"] != "fixed":
        return None
    return [b["cost"].get(r, 0) for r in RESOURCES]


def payment_value(pay: list[int]) -> int:
    return sum(n * v for n, v in zip(pay, VALUE, strict=True))


def building_payment_problem(building: str, pay: list[int]) -> str | None:
    """Why ``pay`` does not buy ``building`` (None when it does); holdings aside."""
    b = BUILDINGS[building]
    total = sum(pay)
    kinds = sum(1 for n in pay if n > 0)
    if b["kind"] == "fixed":
        if pay != fixed_cost(building):
            return "This building costs exactly the resources printed on it."
    elif b["kind"] == "kinds":
        if total != b["resources"] or kinds != b["kinds"]:
            return (
                f"This building takes {b['resources']} resources of exactly "
                f"{b['kinds']} different kinds."
            )
    elif not b["min"] <= total <= b["max"]:
        return f"This building takes {b['min']} to {b['max']} resources of any kinds."
    return None


def building_points(building: str, pay: list[int]) -> int:
    b = BUILDINGS[building]
    return int(b["points"]) if b["kind"] == "fixed" else payment_value(pay)
