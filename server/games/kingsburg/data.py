"""The components of Kingsburg (``data.json``) and the fixed numbers of the rules.

Goods are always handled in the order of :data:`GOODS`. Rule numbers (R2.4, ...) are
the rules in this package's README.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

GOODS = ("gold", "wood", "stone")
YEARS = 5
ADVISOR_COUNT = 18
COLORED_DICE = 3
#: The productive seasons and their phase numbers (R2.4).
SEASON_PHASE = {"spring": 2, "summer": 4, "autumn": 6}
PHASE_NAMES = (
    "",
    "aid_from_the_king",
    "spring",
    "kings_reward",
    "summer",
    "kings_envoy",
    "autumn",
    "recruit_soldiers",
    "winter_battle",
)
#: Advisors whose help gives soldiers (the Stable adds one, R5.2.7).
STABLE_ADVISORS = frozenset({5, 10, 18})
CHAPEL_LIMIT = 7


def _load() -> dict[str, Any]:
    with (Path(__file__).parent / "data.json").open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


DATA = _load()
ADVISORS: dict[int, dict[str, Any]] = {a["number"]: a for a in DATA["advisors"]}
BUILDINGS: dict[str, dict[str, Any]] = {b["id"]: b for b in DATA["buildings"]}
BUILDING_IDS: tuple[str, ...] = tuple(b["id"] for b in DATA["buildings"])
ENEMIES: dict[str, dict[str, Any]] = {c["id"]: c for c in DATA["enemies"]}
#: (row, column) -> building id; rows 1..5, columns 1..4.
SHEET: dict[tuple[int, int], str] = {(b["row"], b["column"]): b["id"] for b in DATA["buildings"]}


def enemies_of_year(year: int) -> list[str]:
    return [c["id"] for c in DATA["enemies"] if c["year"] == year]


def strength_range(year: int) -> list[int]:
    lo, hi = DATA["strength_range_by_year"][str(year)]
    return [int(lo), int(hi)]


def left_neighbour(building: str) -> str | None:
    b = BUILDINGS[building]
    return SHEET.get((b["row"], b["column"] - 1))
