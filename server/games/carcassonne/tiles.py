"""The tile catalogue: the data file read once, every rotation precomputed.

Sides are numbered N=0, E=1, S=2, W=3; half-edges Nw=0 .. Wn=7 clockwise (tiles.json
conventions). A tile's segments get local indices in a fixed order: cities, roads,
fields, then the monastery. Rivers are drawn but never claimed, so they get no index.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SIDES = ("N", "E", "S", "W")
HALF_EDGES = ("Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn")
EDGE_CODE = {"city": 1, "road": 2, "field": 3, "river": 4}

CITY, ROAD, FIELD, MONASTERY = 0, 1, 2, 3
KIND_NAMES = ("city", "road", "field", "monastery")

# Board offsets of the neighbour across each side (x east, y north).
DX = (0, 1, 0, -1)
DY = (1, 0, -1, 0)


def partner(h: int) -> int:
    """The half-edge of the neighbouring tile that touches half-edge ``h``."""
    return ((h + 4) % 8) ^ 1


class TileType:
    """One tile type in its reference orientation, with derived lookup tables."""

    def __init__(self, index: int, raw: dict[str, Any]) -> None:
        self.index = index
        self.raw = raw
        self.id: str = raw["id"]
        self.set: str = raw["set"]
        self.count: int = raw["count"]
        self.river_role: str | None = raw.get("river_role")
        self.start_copies: int = raw.get("start_copies", 0)
        self.edges = tuple(EDGE_CODE[raw["edges"][s]] for s in SIDES)
        seg_ids: list[str] = []
        kinds: list[int] = []
        shields: list[int] = []
        seg_sides: list[tuple[int, ...]] = []
        seg_halves: list[tuple[int, ...]] = []
        field_cities: list[tuple[int, ...]] = []
        city_local = {c["id"]: i for i, c in enumerate(raw["cities"])}
        for c in raw["cities"]:
            seg_ids.append(c["id"])
            kinds.append(CITY)
            shields.append(1 if c["shield"] else 0)
            seg_sides.append(tuple(SIDES.index(s) for s in c["edges"]))
            seg_halves.append(())
            field_cities.append(())
        for r in raw["roads"]:
            seg_ids.append(r["id"])
            kinds.append(ROAD)
            shields.append(0)
            seg_sides.append(tuple(SIDES.index(s) for s in r["edges"]))
            seg_halves.append(())
            field_cities.append(())
        for f in raw["fields"]:
            seg_ids.append(f["id"])
            kinds.append(FIELD)
            shields.append(0)
            seg_sides.append(())
            seg_halves.append(tuple(HALF_EDGES.index(h) for h in f["half_edges"]))
            field_cities.append(tuple(city_local[c] for c in f["cities"]))
        if raw["monastery"]:
            seg_ids.append("m")
            kinds.append(MONASTERY)
            shields.append(0)
            seg_sides.append(())
            seg_halves.append(())
            field_cities.append(())
        # The expansions' marks, per local segment index (README §14, §16).
        self.inns = tuple(i for i, r in enumerate(raw["roads"], len(raw["cities"])) if r.get("inn"))
        self.cathedrals = tuple(i for i, c in enumerate(raw["cities"]) if c.get("cathedral"))
        # Princess & Dragon (README §18): the local city segments with a princess, and
        # the tile's marks.
        self.princess = tuple(i for i, c in enumerate(raw["cities"]) if c.get("princess"))
        self.volcano = bool(raw.get("volcano"))
        self.dragon = bool(raw.get("dragon"))
        self.magic_portal = bool(raw.get("magic_portal"))
        self.goods = tuple(
            (i, str(c["goods"])) for i, c in enumerate(raw["cities"]) if c.get("goods")
        )
        self.seg_ids = tuple(seg_ids)
        self.local = {sid: i for i, sid in enumerate(seg_ids)}
        self.kinds = tuple(kinds)
        self.shields = tuple(shields)
        self.seg_sides = tuple(seg_sides)
        self.seg_halves = tuple(seg_halves)
        self.field_cities = tuple(field_cities)
        self.monastery = MONASTERY in kinds
        self.river_sides = tuple(
            sorted(SIDES.index(s) for riv in raw["rivers"] for s in riv["edges"])
        )
        self.rot = tuple(Rotated(self, r) for r in range(4))


class Rotated:
    """A tile type turned by ``r`` quarter turns clockwise: what lies on each side
    and half-edge, as local segment indices (-1 = none)."""

    def __init__(self, tile: TileType, r: int) -> None:
        edges = [0, 0, 0, 0]
        for s in range(4):
            edges[(s + r) % 4] = tile.edges[s]
        self.edges = tuple(edges)
        side_seg = [-1, -1, -1, -1]
        half_field = [-1] * 8
        for i, kind in enumerate(tile.kinds):
            if kind in (CITY, ROAD):
                for s in tile.seg_sides[i]:
                    side_seg[(s + r) % 4] = i
            elif kind == FIELD:
                for h in tile.seg_halves[i]:
                    half_field[(h + 2 * r) % 8] = i
        self.side_seg = tuple(side_seg)
        self.half_field = tuple(half_field)
        self.river_sides = tuple(sorted((s + r) % 4 for s in tile.river_sides))


def _load() -> list[TileType]:
    raw = json.loads((Path(__file__).parent / "tiles.json").read_text(encoding="utf-8"))
    return [TileType(i, t) for i, t in enumerate(raw["tiles"])]


TYPES: list[TileType] = _load()
BY_ID: dict[str, TileType] = {t.id: t for t in TYPES}
STRIDE = max(len(t.seg_ids) for t in TYPES)

START = BY_ID["base.city1_road_straight"]
SOURCE = BY_ID["river.source"]
LAKE = BY_ID["river.lake"]

# A frontier cell's pattern: per side 0 (no neighbour) or the edge code the neighbour
# shows there, as base-5 digits (N lowest). FITS[t][pattern] = rotations of tile type t
# that agree with every neighbour, so listing placements needs no edge comparisons.
PATTERNS = 5**4
POW5 = (1, 5, 25, 125)


def _fits(tile: TileType) -> list[tuple[int, ...]]:
    table: list[tuple[int, ...]] = []
    for pattern in range(PATTERNS):
        need = [(pattern // POW5[s]) % 5 for s in range(4)]
        table.append(
            tuple(
                r
                for r in range(4)
                if all(c == 0 or c == tile.rot[r].edges[s] for s, c in enumerate(need))
            )
        )
    return table


FITS: list[list[tuple[int, ...]]] = [_fits(t) for t in TYPES]


def _spot(points: list[tuple[float, float]], pull: float) -> tuple[float, float]:
    """The mean of border points pulled towards the tile centre by ``pull``."""
    u = sum(p[0] for p in points) / len(points)
    v = sum(p[1] for p in points) / len(points)
    return (0.5 + (u - 0.5) * pull, 0.5 + (v - 0.5) * pull)


# Drawing coordinates: u to the east, v to the south (SVG), the tile is the unit square.
_SIDE_MID = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))
_HALF_MID = (
    (0.25, 0.0),
    (0.75, 0.0),
    (1.0, 0.25),
    (1.0, 0.75),
    (0.75, 1.0),
    (0.25, 1.0),
    (0.0, 0.75),
    (0.0, 0.25),
)


_GRID = tuple((u / 10, v / 10) for u in range(1, 10) for v in range(1, 10))


def meeple_spots(tile: TileType) -> dict[str, list[float]]:
    """A suggested point per claimable segment (reference orientation), far enough
    from the others to click. Cities and roads first: fields take what is left."""
    chosen: dict[str, tuple[float, float]] = {}
    # Keep clear of the river: its bend, or the spring / lake in the middle of the tile.
    for n, riv in enumerate(tile.raw["rivers"]):
        pts = [_SIDE_MID[SIDES.index(s)] for s in riv["edges"]]
        chosen[f"~river{n}"] = _spot(pts, 0.7) if len(pts) > 1 else (0.5, 0.5)

    def free(p: tuple[float, float]) -> bool:
        return all((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 >= 0.2**2 for q in chosen.values())

    order = sorted(range(len(tile.kinds)), key=lambda i: (tile.kinds[i] != MONASTERY, i))
    for i in order:
        kind = tile.kinds[i]
        candidates: list[tuple[float, float]] = []
        if kind == MONASTERY:
            candidates += [(0.5, 0.5), (0.5, 0.3)]
        elif kind in (CITY, ROAD):
            sides = tile.seg_sides[i]
            pts = [_SIDE_MID[s] for s in sides]
            if len(sides) == 1:
                candidates.append(_spot(pts, 0.7 if kind == CITY else 0.5))
            else:
                candidates.append(_spot(pts, 0.7))
            candidates += [_spot([_SIDE_MID[s]], 0.5) for s in sides]
        else:
            halves = tile.seg_halves[i]
            if halves:
                candidates.append(_spot([_HALF_MID[h] for h in halves], 0.9))
                candidates += [_spot([_HALF_MID[h]], 0.75) for h in halves]
                candidates += [_spot([_HALF_MID[h]], 0.55) for h in halves]
            candidates.append((0.5, 0.5))
        # Crowded expansion tiles (enclosed fields, four caps): the free point of a
        # grid nearest to the preferred one, so that every segment stays clickable.
        u0, v0 = candidates[0]
        candidates += sorted(_GRID, key=lambda q: (q[0] - u0) ** 2 + (q[1] - v0) ** 2)
        pick = next((p for p in candidates if free(p)), candidates[0])
        chosen[tile.seg_ids[i]] = pick
    return {sid: [round(chosen[sid][0], 3), round(chosen[sid][1], 3)] for sid in tile.seg_ids}


def _flags(raw: dict[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    """The expansions' marks a segment or tile carries (only those it has): inn,
    tunnel; cathedral, princess, goods (wine, grain or cloth); volcano, dragon,
    magic portal."""
    return {k: raw[k] for k in names if raw.get(k)}


def catalogue() -> dict[str, Any]:
    tiles = []
    for t in TYPES:
        raw = t.raw
        entry: dict[str, Any] = {
            "id": t.id,
            "set": t.set,
            "count": t.count,
            "edges": [raw["edges"][s] for s in SIDES],
            "monastery": bool(raw["monastery"]),
            "cities": [
                {
                    "id": c["id"],
                    "sides": list(c["edges"]),
                    "shield": bool(c["shield"]),
                    **_flags(c, ("cathedral", "princess", "goods")),
                }
                for c in raw["cities"]
            ],
            "roads": [
                {"id": r["id"], "sides": list(r["edges"]), **_flags(r, ("inn", "tunnel"))}
                for r in raw["roads"]
            ],
            "rivers": [{"sides": list(r["edges"])} for r in raw["rivers"]],
            "fields": [
                {"id": f["id"], "half_edges": list(f["half_edges"]), "cities": list(f["cities"])}
                for f in raw["fields"]
            ],
            "spots": meeple_spots(t),
        }
        entry.update(_flags(raw, ("volcano", "dragon", "magic_portal")))
        if t.river_role is not None:
            entry["river_role"] = t.river_role
        if t.start_copies:
            entry["start_copies"] = t.start_copies
        tiles.append(entry)
    return {
        "sides": list(SIDES),
        "half_edges": list(HALF_EDGES),
        "rotation": "r quarter turns clockwise: side s goes to (s + r) mod 4, half-edge h to (h + 2r) mod 8",
        "board": "x grows to the east, y to the north; the north neighbour of (x, y) is (x, y + 1)",
        "spots": "u to the east, v to the south, in the unit square of the unrotated tile",
        "monastery_spot_id": "m",
        "tiles": tiles,
    }
