"""The tile data: counts of the rules, edges that agree with the features, the
precomputed rotation tables, and the catalogue the client draws from."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from server.games.carcassonne import tiles
from server.games.carcassonne.tiles import BY_ID, FITS, HALF_EDGES, SIDES, TYPES

REFERENCE = Path("/work/shared/reference/carcassonne/tiles.json")


def test_counts_of_the_rules() -> None:
    base = [t for t in TYPES if t.set == "base"]
    river = [t for t in TYPES if t.set == "river"]
    assert sum(t.count for t in base) == 72
    assert sum(t.start_copies for t in base) == 1
    assert BY_ID["base.city1_road_straight"].start_copies == 1
    assert sum(t.count for t in river) == 12
    roles = [t.river_role for t in river for _ in range(t.count)]
    assert roles.count("source") == 1 and roles.count("lake") == 1 and roles.count("course") == 10
    assert sum(t.count for t in base if t.raw["monastery"]) == 6
    assert sum(c["shield"] for t in base for c in t.raw["cities"] for _ in range(t.count)) == 10


@pytest.mark.parametrize("tile", TYPES, ids=lambda t: t.id)
def test_edges_agree_with_features(tile) -> None:
    raw = tile.raw
    for kind, key in (("city", "cities"), ("road", "roads"), ("river", "rivers")):
        listed = sorted(s for seg in raw[key] for s in seg["edges"])
        assert listed == sorted(s for s in SIDES if raw["edges"][s] == kind), kind
    halves = [h for f in raw["fields"] for h in f["half_edges"]]
    assert len(halves) == len(set(halves))
    expected = {
        HALF_EDGES[2 * i + k]
        for i, s in enumerate(SIDES)
        if raw["edges"][s] != "city"
        for k in (0, 1)
    }
    assert set(halves) == expected
    city_ids = {c["id"] for c in raw["cities"]}
    for f in raw["fields"]:
        assert set(f["cities"]) <= city_ids


@pytest.mark.skipif(not REFERENCE.exists(), reason="reference data not present")
def test_data_matches_the_reference() -> None:
    ref = {t["id"]: t for t in json.loads(REFERENCE.read_text())["tiles"]}
    for t in TYPES:
        r = ref[t.id]
        assert (t.count, t.raw["edges"], t.raw["monastery"]) == (
            r["count"],
            r["edges"],
            r["monastery"],
        )
        assert [(c["id"], c["edges"], c["shield"]) for c in t.raw["cities"]] == [
            (c["id"], c["edges"], c["shield"]) for c in r["cities"]
        ]
        assert [(x["id"], x["edges"]) for x in t.raw["roads"]] == [
            (x["id"], x["edges"]) for x in r["roads"]
        ]
        assert t.raw["fields"] == [
            {"id": f["id"], "half_edges": f["half_edges"], "cities": f["cities"]}
            for f in r["fields"]
        ]
    assert {i for i, r in ref.items() if r["expansion"] in ("base", "river")} == set(BY_ID)


@pytest.mark.parametrize("tile", TYPES, ids=lambda t: t.id)
def test_rotation_tables(tile) -> None:
    for r in range(4):
        rot = tile.rot[r]
        for s in range(4):
            assert rot.edges[(s + r) % 4] == tile.edges[s]
        for local, halves in enumerate(tile.seg_halves):
            for h in halves:
                assert rot.half_field[(h + 2 * r) % 8] == local
        for pattern in range(0, tiles.PATTERNS, 7):
            need = [(pattern // 5**s) % 5 for s in range(4)]
            ok = all(c in (0, rot.edges[s]) for s, c in enumerate(need))
            assert (r in FITS[tile.index][pattern]) == ok


def test_catalogue_is_plain_data_with_a_spot_per_segment(game) -> None:
    cat = game.catalogue()
    assert json.loads(json.dumps(cat)) == cat
    assert [t["id"] for t in cat["tiles"]] == [t.id for t in TYPES]
    for entry, tile in zip(cat["tiles"], TYPES, strict=True):
        spots = entry["spots"]
        assert list(spots) == list(tile.seg_ids)
        points = list(spots.values())
        for u, v in points:
            assert 0.0 <= u <= 1.0 and 0.0 <= v <= 1.0
        for i, p in enumerate(points):
            for q in points[i + 1 :]:
                assert (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 > 0.01, entry["id"]
        assert len(entry["edges"]) == 4
