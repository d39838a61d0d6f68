"""An independent, naive model of the board, built from the view and the catalogue only,
checked against the engine on random games: the same features, the same completed ones,
the same points for completed features, and the same end scoring (incomplete features and farms, both farm rules)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.games.carcassonne import Meeple, Options, Pass
from server.games.carcassonne.tiles import STRIDE, TYPES
from server.games.rng import Rng

SIDES = "NESW"
HALVES = ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"]
STEP = {0: (0, 1), 1: (1, 0), 2: (0, -1), 3: (-1, 0)}


class Model:
    """Segments as (tile index, segment id); features by a plain flood fill."""

    def __init__(self, view: dict[str, Any], catalogue: dict[str, Any]) -> None:
        tiles = {t["id"]: t for t in catalogue["tiles"]}
        self.tiles = view["tiles"]
        self.at = {(t["x"], t["y"]): i for i, t in enumerate(self.tiles)}
        self.kind: dict[tuple[int, str], str] = {}
        self.sides: dict[tuple[int, str], set[int]] = {}
        self.halves: dict[tuple[int, str], set[int]] = {}
        self.shield: dict[tuple[int, str], bool] = {}
        self.borders: dict[tuple[int, str], list[tuple[int, str]]] = {}
        for i, placed in enumerate(self.tiles):
            data, r = tiles[placed["tile"]], placed["r"]
            for c in data["cities"]:
                node = (i, c["id"])
                self.kind[node] = "city"
                self.sides[node] = {(SIDES.index(s) + r) % 4 for s in c["sides"]}
                self.shield[node] = c["shield"]
            for rd in data["roads"]:
                node = (i, rd["id"])
                self.kind[node] = "road"
                self.sides[node] = {(SIDES.index(s) + r) % 4 for s in rd["sides"]}
            for f in data["fields"]:
                node = (i, f["id"])
                self.kind[node] = "field"
                self.halves[node] = {(HALVES.index(h) + 2 * r) % 8 for h in f["half_edges"]}
                self.borders[node] = [(i, c) for c in f["cities"]]
            if data["monastery"]:
                self.kind[(i, "m")] = "monastery"
        self.on_tile: dict[int, list[tuple[int, str]]] = {}
        for node in self.kind:
            self.on_tile.setdefault(node[0], []).append(node)
        self.group = self._flood()

    def neighbour(self, i: int, side: int) -> int | None:
        dx, dy = STEP[side]
        return self.at.get((self.tiles[i]["x"] + dx, self.tiles[i]["y"] + dy))

    def _links(self, node: tuple[int, str]) -> list[tuple[int, str]]:
        i, _ = node
        out = []
        for side in self.sides.get(node, ()):
            j = self.neighbour(i, side)
            if j is not None:
                out += [
                    n
                    for n in self.on_tile[j]
                    if (side + 2) % 4 in self.sides.get(n, ()) and self.kind[n] == self.kind[node]
                ]
        for h in self.halves.get(node, ()):
            j = self.neighbour(i, h // 2)
            if j is not None:
                touching = ((h // 2 + 2) % 4) * 2 + (1 - h % 2)
                out += [n for n in self.on_tile[j] if touching in self.halves.get(n, ())]
        return out

    def _flood(self) -> dict[tuple[int, str], int]:
        group: dict[tuple[int, str], int] = {}
        for start in self.kind:
            if start in group:
                continue
            label = len(group)
            todo = [start]
            group[start] = label
            while todo:
                for n in self._links(todo.pop()):
                    if n not in group:
                        group[n] = label
                        todo.append(n)
        return group

    def members(self, label: int) -> list[tuple[int, str]]:
        return [n for n, g in self.group.items() if g == label]

    def complete(self, label: int) -> bool:
        nodes = self.members(label)
        if self.kind[nodes[0]] == "monastery":
            return self.block(nodes[0][0]) == 9
        return all(
            self.neighbour(i, s) is not None for i, sid in nodes for s in self.sides[(i, sid)]
        )

    def block(self, i: int) -> int:
        x, y = self.tiles[i]["x"], self.tiles[i]["y"]
        return sum((x + dx, y + dy) in self.at for dx in (-1, 0, 1) for dy in (-1, 0, 1))

    def meeples(self) -> dict[tuple[int, str], int]:
        return {
            (i, m["feature"]): m["seat"] for i, t in enumerate(self.tiles) for m in t["meeples"]
        }

    def final_points(self, seats: int, old: bool) -> list[int]:
        points = [0] * seats
        on: dict[int, list[int]] = {}
        for node, seat in self.meeples().items():
            on.setdefault(self.group[node], []).append(seat)

        def owners(label: int) -> list[int]:
            counts = [on[label].count(s) for s in range(seats)]
            return [s for s in range(seats) if counts[s] == max(counts)]

        farms: dict[int, set[int]] = {}
        for label in on:
            nodes = self.members(label)
            kind = self.kind[nodes[0]]
            assert not (kind != "field" and self.complete(label)), "a scored feature kept meeples"
            if kind == "field":
                cities = {
                    self.group[c]
                    for n in nodes
                    for c in self.borders[n]
                    if self.complete(self.group[c])
                }
                farms[label] = cities
                continue
            if kind == "monastery":
                value = self.block(nodes[0][0])
            else:
                value = len({i for i, _ in nodes})
                if kind == "city":
                    value += sum(self.shield[n] for n in nodes)
            for s in owners(label):
                points[s] += value
        if not old:
            paid: list[set[int]] = [set() for _ in range(seats)]
            for label, cities in farms.items():
                for s in owners(label):
                    paid[s] |= cities
            return [p + 3 * len(c) for p, c in zip(points, paid, strict=True)]
        for city in set().union(*farms.values()) if farms else set():
            counts = [0] * seats
            for label, cities in farms.items():
                if city in cities:
                    for s in on[label]:
                        counts[s] += 1
            for s in range(seats):
                if counts[s] == max(counts):
                    points[s] += 4
        return points


def completion_points(
    model: Model, seats: int, claim: tuple[int, str, int] | None, two: int
) -> list[int]:
    """What the turn of the latest tile scores once its meeple step is done."""
    meeples = model.meeples()
    if claim is not None:
        meeples[(claim[0], claim[1])] = claim[2]
    last = len(model.tiles) - 1
    x, y = model.tiles[last]["x"], model.tiles[last]["y"]
    labels = {
        model.group[n] for n in model.group if n[0] == last and model.kind[n] in ("city", "road")
    }
    labels |= {
        model.group[(i, "m")]
        for (tx, ty), i in model.at.items()
        if abs(tx - x) <= 1 and abs(ty - y) <= 1 and (i, "m") in model.kind
    }
    points = [0] * seats
    for label in labels:
        on = [seat for n, seat in meeples.items() if model.group[n] == label]
        if not on or not model.complete(label):
            continue
        nodes = model.members(label)
        kind = model.kind[nodes[0]]
        n = len({i for i, _ in nodes})
        if kind == "monastery":
            value = 9
        elif kind == "road":
            value = n
        else:
            value = 2 if n == 2 and two == 2 else 2 * (n + sum(model.shield[m] for m in nodes))
        counts = [on.count(seat) for seat in range(seats)]
        for seat in range(seats):
            if counts[seat] == max(counts):
                points[seat] += value
    return points


def check_features(game: Any, state: Any) -> None:
    model = Model(game.view(state, None), game.catalogue())
    board = state.board
    engine: dict[int, set[tuple[int, str]]] = {}
    for i, placed in enumerate(board.tiles):
        for local, sid in enumerate(TYPES[placed.t].seg_ids):
            engine.setdefault(board.find(i * STRIDE + local), set()).add((i, sid))
    naive: dict[int, set[tuple[int, str]]] = {}
    for node, label in model.group.items():
        naive.setdefault(label, set()).add(node)
    assert sorted(map(sorted, engine.values())) == sorted(map(sorted, naive.values()))
    for root, nodes in engine.items():
        feature = board.features[root]
        label = model.group[next(iter(nodes))]
        if model.kind[next(iter(nodes))] in ("city", "road"):
            assert (feature.open == 0) == model.complete(label)


# 15 random games (2-5 seats, river and farmer rules drawn): some 2 s each.
@settings(deadline=None, max_examples=15, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.integers(min_value=2, max_value=5),
    fluss=st.booleans(),
    old=st.booleans(),
    two=st.sampled_from([2, 4]),
    seed=st.integers(min_value=0, max_value=2**63 - 1),
)
def test_engine_agrees_with_a_naive_model(game, seats, fluss, old, two, seed) -> None:
    state = game.setup(seats, Options(fluss=fluss, old=old, two_tile_city_points=two), seed)
    rng = Rng.from_seed(seed)
    step = 0
    while game.result(state) is None:
        seat = state.turn
        intent = rng.choice(game.legal(state, seat))
        if isinstance(intent, (Meeple, Pass)):
            model = Model(game.view(state, None), game.catalogue())
            last = len(model.tiles) - 1
            claim = (last, intent.feature, seat) if isinstance(intent, Meeple) else None
            expected = completion_points(model, seats, claim, two)
            before = list(state.scores)
        state = game.apply(state, seat, intent)
        if isinstance(intent, (Meeple, Pass)):
            gained = [a - b for a, b in zip(state.scores, before, strict=True)]
            if game.result(state) is None:
                assert gained == expected
            else:  # the last turn: final scoring comes on top
                assert all(g >= e for g, e in zip(gained, expected, strict=True))
        step += 1
        if step % 37 == 0:
            check_features(game, state)
    check_features(game, state)
    final = [0] * seats
    started = False
    for e in state.log:
        started = started or e.code == "final_scoring"
        if started and e.code == "score":
            for s in e.args["seats"]:
                final[s] += e.args["points"]
    model = Model(game.view(state, None), game.catalogue())
    assert final == model.final_points(seats, old)
