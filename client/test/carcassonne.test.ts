import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cityPlacement, geometry, tileIndex, turn, type TileDef } from "../src/games/carcassonne/geometry";
import { readIntents, readModel } from "../src/games/carcassonne/model";

const reference = JSON.parse(
  readFileSync(new URL("../../server/games/carcassonne/tiles.json", import.meta.url), "utf8"),
);
const tiles = [...new Set(tileIndex(reference).values())];

describe("tile geometry over the whole catalogue", () => {
  it("reads every tile type", () => {
    expect(tiles.length).toBe(reference.tiles.length);
  });
  it("gives every city segment a shape", () => {
    for (const tile of tiles) for (const c of tile.cities) expect(cityPlacement(c.edges), `${tile.id} ${c.id}`).not.toBeNull();
  });
  it("gives every feature a follower spot inside the tile, apart from the others", () => {
    for (const tile of tiles) {
      const g = geometry(tile);
      const ids = [...tile.cities.map((c) => c.id), ...tile.roads.map((r) => r.id), ...tile.fields.map((f) => f.id)];
      if (tile.monastery) ids.push("monastery");
      const pts = ids.map((id) => {
        const p = g.anchors[id];
        expect(p, `${tile.id} ${id}`).toBeDefined();
        expect(p[0]).toBeGreaterThanOrEqual(0);
        expect(p[0]).toBeLessThanOrEqual(100);
        expect(p[1]).toBeGreaterThanOrEqual(0);
        expect(p[1]).toBeLessThanOrEqual(100);
        return [id, p] as const;
      });
      for (let i = 0; i < pts.length; i++) {
        for (let j = i + 1; j < pts.length; j++) {
          const d = Math.hypot(pts[i][1][0] - pts[j][1][0], pts[i][1][1] - pts[j][1][1]);
          // Enclosed fields (no half-edge) may share the centre with a crossing city; all else needs room for a square.
          const enclosed = (id: string) => tile.fields.some((f) => f.id === id && f.half_edges.length === 0);
          if (enclosed(pts[i][0]) || enclosed(pts[j][0])) continue;
          expect(d, `${tile.id}: ${pts[i][0]} vs ${pts[j][0]}`).toBeGreaterThanOrEqual(11);
        }
      }
    }
  });
  it("turns points clockwise", () => {
    expect(turn([50, 0], 1)).toEqual([100, 50]);
    expect(turn([50, 0], 2)).toEqual([50, 100]);
    expect(turn([10, 20], 4)).toEqual([10, 20]);
  });
});

describe("the engine's catalogue spelling", () => {
  it("reads `sides` lists and an `edges` list like the reference", () => {
    for (const ref of reference.tiles) {
      const engine = {
        id: ref.id,
        edges: ["N", "E", "S", "W"].map((s) => ref.edges[s]),
        monastery: Boolean(ref.monastery),
        // The expansions' flags ride along (server/games/carcassonne/tiles.py `_flags`).
        cities: ref.cities.map(({ edges, ...c }: { edges: string[] }) => ({ ...c, sides: edges })),
        roads: ref.roads.map(({ edges, ...r }: { edges: string[] }) => ({ ...r, sides: edges })),
        ...Object.fromEntries(["volcano", "dragon", "magic_portal"].filter((k) => ref[k]).map((k) => [k, ref[k]])),
        rivers: (ref.rivers ?? []).map((r: { edges: string[] }) => ({ sides: r.edges })),
        fields: ref.fields,
      };
      const a = tileIndex({ tiles: [engine] }).get(ref.id)!;
      const b = tileIndex({ tiles: [ref] }).get(ref.id)!;
      expect(a.edges).toEqual(b.edges);
      expect(a.cities.map((c) => c.edges)).toEqual(b.cities.map((c) => c.edges));
      expect(a.roads.map((r) => r.edges)).toEqual(b.roads.map((r) => r.edges));
      expect(geometry(a).anchors).toEqual(geometry(b).anchors);
      // A terminus the engine leaves out is inferred; crossings at least agree.
      const crossings = (t: TileDef) => t.roads.filter((r) => r.terminus === "crossing").length;
      expect(crossings(a)).toBe(crossings(b));
    }
  });
});

describe("reading the view", () => {
  it("reads tiles, followers and the drawn tile", () => {
    const m = readModel({
      board: [{ x: 0, y: 0, tile: "base.city1_road_straight", rot: 0, meeples: [{ seat: 1, feature: "c1" }] }],
      drawn: "base.road_curve",
      tiles_left: 70,
      followers: [7, 6],
    });
    expect(m.tiles).toHaveLength(1);
    expect(m.tiles[0].meeples[0]).toMatchObject({ seat: 1, feature: "c1" });
    expect(m.drawn).toBe("base.road_curve");
    expect(m.tilesLeft).toBe(70);
    expect(m.followers).toEqual([7, 6]);
  });
  it("reads the engine's view (server/games/carcassonne/README.md)", () => {
    const m = readModel({
      phase: "meeple",
      turn: 1,
      tiles: [
        { x: 0, y: 0, r: 0, tile: "river.source", meeples: [] },
        { x: 1, y: 0, r: 1, tile: "river.straight", meeples: [{ seat: 1, feature: "f2" }] },
      ],
      last: { x: 1, y: 0 },
      drawn: null,
      tiles_left: 81,
      removed: ["base.city4_shield"],
      meeples: [7, 6],
      scores: [0, 0],
      log: [],
    });
    expect(m.tiles.map((t) => [t.x, t.y, t.rot, t.tile])).toEqual([
      [0, 0, 0, "river.source"],
      [1, 0, 1, "river.straight"],
    ]);
    expect(m.tiles[1].meeples).toEqual([{ seat: 1, feature: "f2", kind: "follower" }]);
    expect(m.followers).toEqual([7, 6]);
    expect(m.last).toEqual({ x: 1, y: 0 });
    expect(m.drawn).toBeNull();
    expect(m.tilesLeft).toBe(81);
    expect(m.removed).toEqual(["base.city4_shield"]);
    expect(m.phase).toBe("meeple");
  });
  it("tells placements, follower spots and skipping apart", () => {
    const i = readIntents([
      { t: "place", x: 1, y: 0, r: 2 },
      { t: "meeple", feature: "f1" },
      { t: "pass" },
    ]);
    expect(i.place).toHaveLength(1);
    expect(i.place[0].rot).toBe(2);
    expect(i.meeple.map((m) => m.feature)).toEqual(["f1"]);
    expect(i.skip).toEqual({ t: "pass" });
    expect(i.other).toEqual([]);
  });
});

export type { TileDef };
