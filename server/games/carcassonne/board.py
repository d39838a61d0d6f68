"""The board: placed tiles, the open frontier, and features as a union-find.

Every claimable segment of a placed tile is a node ``tile_index * STRIDE + local``.
Nodes of one feature share a root; the root's :class:`Feature` carries what scoring
needs (open sides, tiles, shields, followers, bordering cities), merged on union.
``find`` never compresses paths: ``legal`` and ``view`` read the board, and a read must
not change the state (replaying a log has to rebuild it bit for bit). Union by size
keeps the trees shallow enough.
"""

from __future__ import annotations

import msgspec

from .tiles import FIELD, FITS, MONASTERY, POW5, STRIDE, TYPES, partner

# A board position as one int, so it can key a dict that round-trips through msgpack.
_OFF = 512
_W = 1024
LIMIT = 400  # no legal game reaches this far from the start tile
DELTA = (1, _W, -1, -_W)  # N, E, S, W
AROUND = tuple(dx * _W + dy for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def poskey(x: int, y: int) -> int:
    return (x + _OFF) * _W + (y + _OFF)


def keypos(key: int) -> tuple[int, int]:
    return key // _W - _OFF, key % _W - _OFF


class Placed(msgspec.Struct, array_like=True):
    x: int
    y: int
    r: int
    t: int  # index into TYPES


class Feature(msgspec.Struct, array_like=True):
    kind: int
    open: int  # sides of the feature facing an empty square (cities and roads)
    tiles: list[int]  # tile indices, a tile may repeat; size = distinct tiles
    shields: int
    meeples: list[int]  # nodes holding a follower
    cities: list[int]  # fields only: city nodes bordering one of its segments


class Board(msgspec.Struct):
    tiles: list[Placed] = msgspec.field(default_factory=list)
    pos: dict[int, int] = msgspec.field(default_factory=dict)  # poskey -> tile index
    frontier: dict[int, int] = msgspec.field(default_factory=dict)  # empty poskey -> pattern
    parent: list[int] = msgspec.field(default_factory=list)
    features: dict[int, Feature] = msgspec.field(default_factory=dict)  # root -> data
    meeples: dict[int, int] = msgspec.field(default_factory=dict)  # node -> seat
    # node -> piece (expansions.LARGE, ...) for the pieces that are not ordinary
    # followers; an ordinary follower has no entry, so the base game never fills it.
    pieces: dict[int, int] = msgspec.field(default_factory=dict)

    def find(self, node: int) -> int:
        parent = self.parent
        while parent[node] != node:
            node = parent[node]
        return node

    def feature(self, node: int) -> tuple[int, Feature]:
        root = self.find(node)
        return root, self.features[root]

    def _union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        fa, fb = self.features[ra], self.features[rb]
        if len(fa.tiles) < len(fb.tiles) or (len(fa.tiles) == len(fb.tiles) and rb < ra):
            ra, rb, fa, fb = rb, ra, fb, fa
        fa.open += fb.open
        fa.tiles += fb.tiles
        fa.shields += fb.shields
        fa.meeples += fb.meeples
        fa.cities += fb.cities
        self.parent[rb] = ra
        del self.features[rb]

    def fits(self, t: int, key: int) -> tuple[int, ...]:
        """Rotations of tile type ``t`` that match every neighbour of the empty ``key``."""
        pattern = self.frontier.get(key)
        return () if pattern is None else FITS[t][pattern]

    def placements(self, t: int) -> list[tuple[int, int]]:
        """Every (poskey, rotation) where ``t`` fits, from the frontier alone."""
        fits = FITS[t]
        return [(key, r) for key, pattern in self.frontier.items() for r in fits[pattern]]

    def placeable(self, t: int) -> bool:
        fits = FITS[t]
        return any(fits[p] for p in self.frontier.values())

    def place(self, t: int, x: int, y: int, r: int) -> int:
        """Put a tile down (the caller has checked it fits) and merge its features."""
        tiles, pos, frontier, features = self.tiles, self.pos, self.frontier, self.features
        i = len(tiles)
        tiles.append(Placed(x, y, r, t))
        key = poskey(x, y)
        pos[key] = i
        frontier.pop(key, None)
        tt = TYPES[t]
        rt = tt.rot[r]
        base = i * STRIDE
        self.parent.extend(range(base, base + STRIDE))
        for local, kind in enumerate(tt.kinds):
            features[base + local] = Feature(
                kind,
                0,
                [i],
                tt.shields[local],
                [],
                [base + c for c in tt.field_cities[local]] if kind == FIELD else [],
            )
        for s in range(4):
            nkey = key + DELTA[s]
            seg = rt.side_seg[s]
            j = pos.get(nkey)
            if j is None:
                if seg >= 0:
                    features[self.find(base + seg)].open += 1
                frontier[nkey] = frontier.get(nkey, 0) + rt.edges[s] * POW5[(s + 2) % 4]
                continue
            other = tiles[j]
            ort = TYPES[other.t].rot[other.r]
            obase = j * STRIDE
            if seg >= 0:
                oroot = self.find(obase + ort.side_seg[(s + 2) % 4])
                features[oroot].open -= 1
                self._union(base + seg, oroot)
            for h in (2 * s, 2 * s + 1):
                f = rt.half_field[h]
                if f >= 0:
                    self._union(base + f, obase + ort.half_field[partner(h)])
        return i

    def marked(self, root: int, marks: str) -> bool:
        """Whether a segment of the feature ``root`` carries a mark of its tile type
        (``marks`` names the TileType attribute: "inns" or "cathedrals")."""
        for i in set(self.features[root].tiles):
            for local in getattr(TYPES[self.tiles[i].t], marks):
                if self.find(i * STRIDE + local) == root:
                    return True
        return False

    def monastery_node(self, i: int) -> int:
        """The monastery node of tile ``i``, or -1."""
        tt = TYPES[self.tiles[i].t]
        if not tt.monastery:
            return -1
        return i * STRIDE + tt.kinds.index(MONASTERY)

    def block_count(self, i: int) -> int:
        """Tiles in the 3x3 block around tile ``i``, itself included."""
        p = self.tiles[i]
        key = poskey(p.x, p.y)
        pos = self.pos
        return 1 + sum(1 for d in AROUND if key + d in pos)

    def anchor(self, node: int) -> dict[str, int | str]:
        """Where a log entry points to: a tile's square and one segment id on it."""
        p = self.tiles[node // STRIDE]
        return {"x": p.x, "y": p.y, "feature": TYPES[p.t].seg_ids[node % STRIDE]}
