"""data.json against the counts of the rules (R-1.1 to R-1.5, R-9.2.5, R-12.1)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from server.games.alhambra.data import (
    CURRENCIES,
    POINTS,
    TILE_COST,
    TILE_IDS,
    TILE_TYPE,
    TILE_WALLS,
    TYPES,
    all_coins,
    currency_of,
    value_of,
)
from server.games.alhambra.game import Alhambra

REFERENCE = Path("/work/shared/reference/alhambra/components.json")


def test_54_tiles_in_six_types_with_the_printed_counts_and_prices() -> None:
    assert len(TILE_IDS) == 54 == len(set(TILE_IDS))
    counts = Counter(TYPES[t] for t in TILE_TYPE)
    assert counts == {
        "pavilion": 7,
        "seraglio": 7,
        "arcades": 9,
        "chambers": 9,
        "garden": 11,
        "tower": 11,
    }
    ranges = {"pavilion": (2, 8), "seraglio": (3, 9), "arcades": (4, 10)}
    ranges |= {"chambers": (5, 11), "garden": (6, 12), "tower": (7, 13)}
    for ty, (lo, hi) in ranges.items():
        costs = [TILE_COST[i] for i in range(54) if TYPES[TILE_TYPE[i]] == ty]
        assert min(costs) == lo and max(costs) == hi


def test_wall_distribution_and_self_describing_ids() -> None:
    by_walls = Counter(bin(w).count("1") for w in TILE_WALLS)
    assert by_walls == {0: 10, 1: 16, 2: 20, 3: 8}
    for i, tile_id in enumerate(TILE_IDS):
        ty, cost, sides = tile_id.split("_")
        assert ty == TYPES[TILE_TYPE[i]] and int(cost) == TILE_COST[i]
        expected = "".join(
            s for s, bit in zip("NESW", (1, 2, 4, 8), strict=True) if TILE_WALLS[i] & bit
        )
        assert sides == (expected or "none")


def test_tiles_agree_with_the_reference_components() -> None:
    if not REFERENCE.exists():
        return
    ref = json.loads(REFERENCE.read_text("utf-8"))
    for i, t in enumerate(ref["building_tiles"]):
        assert t["id"] == TILE_IDS[i] and t["cost"] == TILE_COST[i]
        assert t["type"] == TYPES[TILE_TYPE[i]]
        walls = sum(bit for s, bit in zip("NESW", (1, 2, 4, 8), strict=True) if t["walls"][s])
        assert walls == TILE_WALLS[i]


def test_coins_108_or_72_in_four_currencies() -> None:
    for seats, n, total in ((2, 72, 360), (3, 108, 540), (6, 108, 540)):
        coins = all_coins(seats)
        assert len(coins) == n and sum(value_of(c) for c in coins) == total
        per = Counter(currency_of(c) for c in coins)
        assert sorted(per) == [0, 1, 2, 3] and set(per.values()) == {n // 4}
    assert CURRENCIES == ("yellow", "orange", "blue", "green")


def test_scoring_tables() -> None:
    assert POINTS[0] == ((1,), (2,), (3,), (4,), (5,), (6,))
    assert POINTS[1][5] == (13, 6) and POINTS[1][0] == (8, 1)
    assert POINTS[2][4] == (20, 12, 5) and POINTS[2][1] == (17, 9, 2)


def test_catalogue_is_plain_and_complete() -> None:
    cat = Alhambra().catalogue()
    assert len(cat["tiles"]) == 54 and cat["slots"] == list(CURRENCIES)
    assert json.loads(json.dumps(cat)) == cat
