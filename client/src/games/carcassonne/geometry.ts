// Tile geometry from the catalogue's terms (tiles.json conventions): sides N E S W,
// half-edges Nw Ne En Es Se Sw Ws Wn, rotation r = r quarter turns clockwise.
// A tile is drawn in a 100×100 box in its reference orientation and then turned;
// the points where followers stand are computed here, once per tile type.

export type Side = "N" | "E" | "S" | "W";
export const SIDES: Side[] = ["N", "E", "S", "W"];
export const HALF_EDGES = ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"] as const;

export interface CityDef {
  id: string;
  edges: Side[];
  shield?: boolean;
  cathedral?: boolean;
  goods?: string;
  princess?: boolean;
}
export interface RoadDef {
  id: string;
  edges: Side[];
  terminus?: string;
  inn?: boolean;
  tunnel?: boolean;
}
export interface RiverDef {
  edges: Side[];
}
export interface FieldDef {
  id: string;
  half_edges: string[];
  cities?: string[];
}
export interface TileDef {
  id: string;
  count?: number;
  edges: Record<Side, string>;
  monastery?: boolean;
  cities: CityDef[];
  roads: RoadDef[];
  rivers?: RiverDef[];
  fields: FieldDef[];
  river_role?: string;
  volcano?: boolean;
  dragon?: boolean;
  magic_portal?: boolean;
}

export type Pt = [number, number];

/** Turn a point of the reference box by r quarter turns clockwise (y grows down). */
export function turn([x, y]: Pt, r: number): Pt {
  let p: Pt = [x, y];
  for (let i = 0; i < ((r % 4) + 4) % 4; i++) p = [100 - p[1], p[0]];
  return p;
}

export function sideIndex(s: Side): number {
  return SIDES.indexOf(s);
}

/** The side a reference side faces after r quarter turns. */
export function turnSide(s: Side, r: number): Side {
  return SIDES[(sideIndex(s) + r) % 4];
}

const MID: Record<Side, Pt> = { N: [50, 0], E: [100, 50], S: [50, 100], W: [0, 50] };

/** A point `depth` units inside the tile from a side's midpoint. */
function inward(s: Side, depth: number): Pt {
  const [x, y] = MID[s];
  return [x + ((50 - x) * depth) / 50, y + ((50 - y) * depth) / 50];
}

// City shapes, drawn with their first side north and then turned. Each has the
// fill outline, the wall (the inner border), and where a follower stands.
interface CityShape {
  sides: Side[];
  fill: string;
  wall: string;
  anchor: Pt;
  /** Where to stand instead when another segment of the tile has taken `anchor`. */
  alt: Pt;
  shield: Pt;
}
const CITY_SHAPES: CityShape[] = [
  { sides: ["N"], fill: "M0,0 L100,0 C78,38 22,38 0,0 Z", wall: "M100,0 C78,38 22,38 0,0", anchor: [50, 13], alt: [30, 10], shield: [72, 9] },
  {
    sides: ["N", "E"],
    fill: "M0,0 L100,0 L100,100 Q60,40 0,0 Z",
    wall: "M100,100 Q60,40 0,0",
    anchor: [74, 26],
    alt: [88, 12],
    shield: [88, 10],
  },
  {
    sides: ["E", "W"],
    fill: "M0,0 Q50,34 100,0 L100,100 Q50,66 0,100 Z",
    wall: "M0,0 Q50,34 100,0 M100,100 Q50,66 0,100",
    anchor: [50, 50],
    alt: [22, 50],
    shield: [24, 36],
  },
  {
    sides: ["N", "E", "W"],
    fill: "M0,0 L100,0 L100,100 Q50,52 0,100 Z",
    wall: "M100,100 Q50,52 0,100",
    anchor: [50, 36],
    alt: [75, 30],
    shield: [22, 20],
  },
  { sides: ["N", "E", "S", "W"], fill: "M0,0 H100 V100 H0 Z", wall: "", anchor: [50, 50], alt: [30, 30], shield: [24, 22] },
];

export interface CityPlacement {
  shape: CityShape;
  /** Extra quarter turns that bring the shape onto the segment's sides. */
  r: number;
}

function sameSet(a: Side[], b: Side[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

export function cityPlacement(edges: Side[]): CityPlacement | null {
  for (const shape of CITY_SHAPES) {
    for (let r = 0; r < 4; r++) {
      if (sameSet(shape.sides.map((s) => turnSide(s, r)), edges)) return { shape, r };
    }
  }
  return null;
}

export interface RoadShape {
  d: string;
  anchor: Pt;
  end: Pt | null;
}

/** A road or river segment as a path in the reference box. */
export function roadShape(edges: Side[], tile: TileDef, terminus?: string): RoadShape {
  if (edges.length >= 2) {
    const [a, b] = edges;
    const pa = MID[a];
    const pb = MID[b];
    const opposite = (sideIndex(a) + 2) % 4 === sideIndex(b);
    if (opposite) {
      // Off-centre anchor so two crossing straights (a bridge) keep two spots.
      const t = 0.32;
      return {
        d: `M${pa[0]},${pa[1]} L${pb[0]},${pb[1]}`,
        anchor: [pa[0] + (pb[0] - pa[0]) * t, pa[1] + (pb[1] - pa[1]) * t],
        end: null,
      };
    }
    // Curves bend around the tile corner between the two sides.
    const ca = inward(a, 50);
    const mid: Pt = [0.25 * pa[0] + 0.5 * ca[0] + 0.25 * pb[0], 0.25 * pa[1] + 0.5 * ca[1] + 0.25 * pb[1]];
    return { d: `M${pa[0]},${pa[1]} Q${ca[0]},${ca[1]} ${pb[0]},${pb[1]}`, anchor: mid, end: null };
  }
  const s = edges[0];
  const p = MID[s];
  let end: Pt = [50, 50];
  if (terminus === "city") {
    const city = tile.cities.find((c) => !c.edges.includes(s)) ?? tile.cities[0];
    const place = city ? cityPlacement(city.edges) : null;
    if (place) end = turn(place.shape.anchor, place.r);
  } else if (terminus === "other") {
    end = inward(s, 30);
  }
  const anchor = inward(s, 22);
  // A road into a city runs in towards the centre and bends to meet the city.
  if (terminus === "city") {
    return { d: `M${p[0]},${p[1]} Q50,50 ${end[0]},${end[1]}`, anchor, end };
  }
  return { d: `M${p[0]},${p[1]} L${end[0]},${end[1]}`, anchor, end };
}

// Where a follower on a field may stand: just inside each half-edge.
const HALF_POINT: Record<string, Pt> = {
  Nw: [25, 11],
  Ne: [75, 11],
  En: [89, 25],
  Es: [89, 75],
  Se: [75, 89],
  Sw: [25, 89],
  Ws: [11, 75],
  Wn: [11, 25],
};

function dist(a: Pt, b: Pt): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

export interface TileGeometry {
  /** Follower spots per feature id ("monastery" for the monastery), reference box. */
  anchors: Record<string, Pt>;
  cities: { def: CityDef; place: CityPlacement | null }[];
  roads: { def: RoadDef; shape: RoadShape }[];
  rivers: { def: RiverDef; shape: RoadShape }[];
}

const cache = new WeakMap<TileDef, TileGeometry>();

export function geometry(tile: TileDef): TileGeometry {
  const hit = cache.get(tile);
  if (hit) return hit;
  const anchors: Record<string, Pt> = {};
  const cities = tile.cities.map((def) => {
    const place = cityPlacement(def.edges);
    if (place) {
      const main = turn(place.shape.anchor, place.r);
      const crowded = Object.values(anchors).some((p) => dist(p, main) < 11);
      anchors[def.id] = crowded ? turn(place.shape.alt, place.r) : main;
    }
    return { def, place };
  });
  // Two caps of one tile share no anchor: caps sit at their own sides.
  const roads = tile.roads.map((def) => {
    const shape = roadShape(def.edges, tile, def.terminus);
    anchors[def.id] = shape.anchor;
    return { def, shape };
  });
  const rivers = (tile.rivers ?? []).map((def) => ({ def, shape: roadShape(def.edges, tile) }));
  if (tile.monastery) anchors.monastery = anchors.m = [50, 50];
  for (const f of tile.fields) {
    const candidates = f.half_edges.map((h) => HALF_POINT[h]).filter(Boolean);
    if (candidates.length === 0) {
      anchors[f.id] = [50, 50];
      continue;
    }
    const taken = Object.values(anchors);
    let best = candidates[0];
    let bestScore = -1;
    for (const c of candidates) {
      const score = taken.length ? Math.min(...taken.map((p) => dist(p, c))) : 100;
      if (score > bestScore + 0.01) {
        best = c;
        bestScore = score;
      }
    }
    anchors[f.id] = best;
  }
  const g = { anchors, cities, roads, rivers };
  cache.set(tile, g);
  return g;
}

type Raw = Record<string, unknown>;

function sidesOf(x: Raw): Side[] {
  const v = (x.edges ?? x.sides ?? []) as unknown[];
  return v.filter((s): s is Side => typeof s === "string" && (SIDES as string[]).includes(s));
}

/** One catalogue entry in the terms this module draws from. Accepts the reference
 * spelling (`edges` maps, `terminus`) and the engine's (`sides` lists, `edges` as a
 * list in N E S W order); a missing road terminus is inferred from the tile. */
export function normaliseTile(raw: Raw, fallbackId: string): TileDef {
  const edgesRaw = raw.edges;
  const edges = (
    Array.isArray(edgesRaw) ? Object.fromEntries(SIDES.map((s, i) => [s, String(edgesRaw[i])])) : (edgesRaw ?? {})
  ) as Record<Side, string>;
  const cities: CityDef[] = ((raw.cities ?? []) as Raw[]).map((c) => ({ ...(c as object), id: String(c.id), edges: sidesOf(c) }));
  const roadsRaw = (raw.roads ?? []) as Raw[];
  const ends = roadsRaw.filter((r) => sidesOf(r).length === 1).length;
  const roads: RoadDef[] = roadsRaw.map((r) => {
    const e = sidesOf(r);
    let terminus = r.terminus as string | undefined;
    if (terminus === undefined && e.length === 1) {
      terminus = raw.monastery ? "monastery" : ends >= 3 ? "crossing" : cities.some((c) => !c.edges.includes(e[0])) ? "city" : "other";
    }
    return { ...(r as object), id: String(r.id), edges: e, terminus };
  });
  const rivers: RiverDef[] = ((raw.rivers ?? []) as Raw[]).map((r) => ({ edges: sidesOf(r) }));
  const fields: FieldDef[] = ((raw.fields ?? []) as Raw[]).map((f) => ({
    id: String(f.id),
    half_edges: (f.half_edges ?? []) as string[],
    cities: (f.cities ?? []) as string[],
  }));
  return {
    ...(raw as object),
    id: typeof raw.id === "string" ? raw.id : fallbackId,
    edges,
    monastery: Boolean(raw.monastery),
    cities,
    roads,
    rivers,
    fields,
  } as TileDef;
}

/** The catalogue's tiles by id, whatever the container (list or map). */
export function tileIndex(catalogue: unknown): Map<string, TileDef> {
  const out = new Map<string, TileDef>();
  if (!catalogue || typeof catalogue !== "object") return out;
  const c = catalogue as Record<string, unknown>;
  const tiles = (c.tiles ?? c.tile_types ?? c) as unknown;
  if (Array.isArray(tiles)) {
    // By id, and by position in the list (a view may name tile types by index).
    (tiles as Raw[]).forEach((raw, i) => {
      if (!raw || typeof raw !== "object" || !("edges" in raw)) return;
      const t = normaliseTile(raw, String(i));
      out.set(t.id, t);
      out.set(String(i), t);
    });
  } else if (tiles && typeof tiles === "object") {
    for (const [id, raw] of Object.entries(tiles as Record<string, Raw>)) {
      if (raw && typeof raw === "object" && "edges" in raw) out.set(id, normaliseTile(raw, id));
    }
  }
  return out;
}

/** Segment ids in the engine's local order: cities, roads, fields, then the monastery. */
export function segmentIds(tile: TileDef): string[] {
  return [
    ...tile.cities.map((c) => c.id),
    ...tile.roads.map((r) => r.id),
    ...tile.fields.map((f) => f.id),
    ...(tile.monastery ? ["m"] : []),
  ];
}

/** A feature named by id or by local index, as an id. */
export function featureId(tile: TileDef | undefined, f: string | number): string {
  if (typeof f === "string") return f;
  return tile ? (segmentIds(tile)[f] ?? String(f)) : String(f);
}
