"""The package's data file against the counts of the rules and the reference data."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from server.games.kingsburg.data import (
    ADVISORS,
    BUILDINGS,
    DATA,
    ENEMIES,
    SHEET,
    enemies_of_year,
    strength_range,
)

REFERENCE = Path("/work/shared/reference/kingsburg/components.json")


def test_eighteen_advisors_numbered_one_to_eighteen() -> None:
    assert sorted(ADVISORS) == list(range(1, 19))
    assert {n for n, a in ADVISORS.items() if a["gives_soldiers"]} == {5, 10, 18}
    assert {n for n, a in ADVISORS.items() if a["choose"] == "one_or_none"} == {6}
    peeks = {
        n for n, a in ADVISORS.items() if any(o["gain"].get("peek_enemy") for o in a["options"])
    }
    assert peeks == {10, 17}


def test_province_sheet_is_five_rows_of_four() -> None:
    assert len(BUILDINGS) == 20
    assert set(SHEET) == {(r, c) for r in range(1, 6) for c in range(1, 5)}
    assert [SHEET[(r, 1)] for r in range(1, 6)] == [
        "statue",
        "inn",
        "guard_tower",
        "palisade",
        "barricade",
    ]


def test_twenty_five_enemies_five_a_year_within_the_year_range() -> None:
    assert len(ENEMIES) == 25
    assert Counter(c["year"] for c in ENEMIES.values()) == {y: 5 for y in range(1, 6)}
    for year in range(1, 6):
        lo, hi = strength_range(year)
        assert all(lo <= ENEMIES[c]["strength"] <= hi for c in enemies_of_year(year))
        assert {ENEMIES[c]["strength"] for c in enemies_of_year(year)} >= {lo, hi}
    assert all(c["type"] in DATA["enemy_types"] for c in ENEMIES.values())


@pytest.mark.skipif(not REFERENCE.exists(), reason="reference data not present")
def test_data_agrees_with_the_reference() -> None:
    ref = json.loads(REFERENCE.read_text(encoding="utf-8"))
    for b in ref["province_sheet"]["buildings"]:
        mine = BUILDINGS[b["id"]]
        assert (mine["row"], mine["column"], mine["vp"]) == (b["row"], b["column"], b["vp"])
        assert mine["cost"] == b["cost"]
        assert mine["combat"] == b["combat"].get("base", 0)
        assert mine["combat_vs"] == b["combat"].get("vs", {})
    for a in ref["advisors"]:
        assert ADVISORS[a["number"]]["options"] == a["options"]
    for c in ref["enemies"]["cards"]:
        mine = ENEMIES[c["id"]]
        assert (mine["strength"], mine["type"], mine["reward"], mine["penalty"]) == (
            c["strength"],
            c["type"],
            c["reward"],
            c["penalty"],
        )
