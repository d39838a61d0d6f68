"""The component data of ``data.json`` (the components of README §1 and the tables of
R-9.2.5) as module constants. Tiles are numbered 0..53 in the order of the file; a tile's
walls are a bit mask of :data:`N`, :data:`E`, :data:`S`, :data:`W`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA: dict[str, Any] = json.loads((Path(__file__).parent / "data.json").read_text("utf-8"))

N, E, S, W = 1, 2, 4, 8
SIDES = (("N", N, 0, 1), ("E", E, 1, 0), ("S", S, 0, -1), ("W", W, -1, 0))
#: The side of the neighbour that faces a given side.
OPPOSITE = {N: S, E: W, S: N, W: E}
#: Bit -> cell offset of the neighbour across that side.
STEP = {bit: (dx, dy) for _, bit, dx, dy in SIDES}

TYPES: tuple[str, ...] = tuple(t["id"] for t in DATA["types"])
CURRENCIES: tuple[str, ...] = tuple(DATA["currencies"])
COIN_VALUES: tuple[int, ...] = tuple(DATA["coin_values"])
TILE_IDS: tuple[str, ...] = tuple(t["id"] for t in DATA["tiles"])
TILE_TYPE: tuple[int, ...] = tuple(TYPES.index(t["type"]) for t in DATA["tiles"])
TILE_COST: tuple[int, ...] = tuple(t["cost"] for t in DATA["tiles"])
TILE_WALLS: tuple[int, ...] = tuple(
    sum(bit for name, bit, _, _ in SIDES if name in t["walls"]) for t in DATA["tiles"]
)
TILE_INDEX: dict[str, int] = {tile_id: i for i, tile_id in enumerate(TILE_IDS)}
#: POINTS[round - 1][type] = points for 1st, 2nd, ... place.
POINTS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(p) for p in DATA["points"][str(r)]) for r in (1, 2, 3)
)
START_MONEY: int = DATA["start_money"]
TAKE_LIMIT: int = DATA["take_limit"]
DIRK_SETUP: int = DATA["dirk"]["setup"]
DIRK_AFTER_1: int = DATA["dirk"]["after_scoring_1"]
DIRK_DIVISOR_2: int = DATA["dirk"]["after_scoring_2_divisor"]
SLOTS = 4
DISPLAY_SIZE = 4
PILES = 5
#: Scoring cards inside the money deck (coins are positive ints).
SCORING_1, SCORING_2 = -1, -2
FOUNTAIN = -1


def coin(currency: int, value: int) -> int:
    """A coin as one int: currency index * 10 + value (1..39)."""
    return currency * 10 + value


def currency_of(c: int) -> int:
    return c // 10


def value_of(c: int) -> int:
    return c % 10


def all_coins(seats: int) -> list[int]:
    copies = DATA["coin_copies"]["2" if seats == 2 else "3+"]
    return [
        coin(cur, v) for cur in range(len(CURRENCIES)) for v in COIN_VALUES for _ in range(copies)
    ]
