"""The package's data file against the counts of README §1."""

from __future__ import annotations

import json
from collections import Counter

import msgspec

from server.games import get
from server.games.stone_age.data import (
    BUILDINGS,
    CARDS,
    VALUE,
    all_building_tiles,
    all_cards,
    fixed_cost,
    payment_value,
)
from server.games.stone_age.state import Options


def test_twenty_eight_buildings_of_three_kinds() -> None:
    tiles = all_building_tiles()
    assert len(tiles) == 28
    kinds = Counter(BUILDINGS[t]["kind"] for t in tiles)
    assert kinds == {"fixed": 17, "kinds": 8, "any": 3}


def test_fixed_buildings_score_the_value_of_their_cost() -> None:
    fixed = [b for b in BUILDINGS if BUILDINGS[b]["kind"] == "fixed"]
    for b in fixed:
        cost = fixed_cost(b)
        assert cost is not None and sum(cost) == 3
        assert payment_value(cost) == BUILDINGS[b]["points"]
        assert 10 <= BUILDINGS[b]["points"] <= 16


def test_n_resources_k_kinds_buildings_cover_every_pair() -> None:
    pairs = {(b["resources"], b["kinds"]) for b in BUILDINGS.values() if b["kind"] == "kinds"}
    assert pairs == {(n, k) for n in (4, 5) for k in (1, 2, 3, 4)}


def test_thirty_six_cards_sixteen_culture_twenty_figures() -> None:
    cards = all_cards()
    assert len(cards) == len(set(cards)) == 36
    symbols = Counter(
        CARDS[c]["bottom"]["culture"] for c in cards if "culture" in CARDS[c]["bottom"]
    )
    assert len(symbols) == 8 and set(symbols.values()) == {2}
    figures = Counter(CARDS[c]["bottom"]["figure"] for c in cards if "figure" in CARDS[c]["bottom"])
    assert figures == {"farmer": 5, "tool_maker": 5, "hut_builder": 5, "shaman": 5}
    shown = Counter()
    for c in cards:
        bottom = CARDS[c]["bottom"]
        if "figure" in bottom:
            shown[bottom["figure"]] += bottom["count"]
    assert shown == {"farmer": 7, "tool_maker": 8, "hut_builder": 9, "shaman": 7}


def test_card_top_effects_as_counted_in_the_rules() -> None:
    tops = Counter(CARDS[c]["top"]["type"] for c in all_cards())
    assert tops == {
        "food": 7,
        "resources": 5,
        "roll": 3,
        "points": 3,
        "agriculture": 2,
        "tool": 1,
        "one_use_tool": 3,
        "extra_card": 1,
        "any_two": 1,
        "dice": 10,
    }
    food = sorted(
        CARDS[c]["top"]["amount"] for c in all_cards() if CARDS[c]["top"]["type"] == "food"
    )
    assert food == [1, 2, 3, 3, 4, 5, 7]
    one_use = sorted(
        CARDS[c]["top"]["value"] for c in all_cards() if CARDS[c]["top"]["type"] == "one_use_tool"
    )
    assert one_use == [2, 3, 4]
    rolls = sorted(
        CARDS[c]["top"]["resource"] for c in all_cards() if CARDS[c]["top"]["type"] == "roll"
    )
    assert rolls == ["gold", "stone", "wood"]


def test_resource_values() -> None:
    assert VALUE == (3, 4, 5, 6)


def test_catalogue_is_plain_json_with_every_component() -> None:
    g = get("stone_age")
    cat = g.catalogue()
    assert cat is not None
    assert json.loads(json.dumps(cat)) == cat
    assert sum(b["count"] for b in cat["buildings"]) == 28 and len(cat["cards"]) == 36
    assert g.name == "stone_age" and (g.min_seats, g.max_seats) == (2, 4)
    # Options come from plain maps, as the hall's `option` messages send them.
    assert msgspec.convert({"tiebreak": "sum"}, Options).tiebreak == "sum"
    for bad in ({"tiebreak": "coin"}, {"fluss": True}):
        try:
            msgspec.convert(bad, Options)
        except msgspec.ValidationError:
            continue
        raise AssertionError(f"{bad} was accepted")
