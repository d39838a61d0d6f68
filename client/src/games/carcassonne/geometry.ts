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
  /** Variants for crowded tiles (see `cityVariant`); the plain shapes have none. */
  variant?: string;
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
  // A shallower cap, when another city faces it across an enclosed field.
  { variant: "small", sides: ["N"], fill: "M0,0 L100,0 C80,27 20,27 0,0 Z", wall: "M100,0 C80,27 20,27 0,0", anchor: [50, 10], alt: [30, 8], shield: [72, 7] },
  // A smaller corner city, when another city shares the tile.
  {
    variant: "small",
    sides: ["N", "E"],
    fill: "M0,0 L100,0 L100,100 Q76,24 0,0 Z",
    wall: "M100,100 Q76,24 0,0",
    anchor: [80, 20],
    alt: [90, 10],
    shield: [90, 9],
  },
  // A band whose south wall is pulled up, leaving room for a field and a cap on S.
  {
    variant: "small",
    sides: ["E", "W"],
    fill: "M0,0 Q50,34 100,0 L100,100 Q50,20 0,100 Z",
    wall: "M0,0 Q50,34 100,0 M100,100 Q50,20 0,100",
    anchor: [50, 38],
    alt: [20, 42],
    shield: [24, 30],
  },
  // Two bands crossing (one passes over the other): narrow in the middle.
  {
    variant: "cross",
    sides: ["E", "W"],
    fill: "M0,0 C5,30 25,34 50,34 C75,34 95,30 100,0 L100,100 C95,70 75,66 50,66 C25,66 5,70 0,100 Z",
    wall: "M0,0 C5,30 25,34 50,34 C75,34 95,30 100,0 M100,100 C95,70 75,66 50,66 C25,66 5,70 0,100",
    anchor: [13, 50],
    alt: [87, 50],
    shield: [86, 50],
  },
];

export interface CityPlacement {
  shape: CityShape;
  /** Extra quarter turns that bring the shape onto the segment's sides. */
  r: number;
}

function sameSet(a: Side[], b: Side[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** The shape for a city's sides (`variant` "small" or "cross" for crowded tiles);
 * `south`: the side the shape's reference south must face (a band beside a cap). */
export function cityPlacement(edges: Side[], variant?: string, south?: Side): CityPlacement | null {
  for (const v of variant ? [variant, undefined] : [undefined]) {
    for (const shape of CITY_SHAPES) {
      if (shape.variant !== v) continue;
      for (let r = 0; r < 4; r++) {
        if (south && v && turnSide("S", r) !== south) continue;
        if (sameSet(shape.sides.map((s) => turnSide(s, r)), edges)) return { shape, r };
      }
    }
  }
  return null;
}

const opposite = (a: Side, b: Side) => (sideIndex(a) + 2) % 4 === sideIndex(b);
const isBand = (c: CityDef) => c.edges.length === 2 && opposite(c.edges[0], c.edges[1]);

/** Which shape variant each city of a crowded tile takes, and for a band beside a
 * cap the side its narrow wall faces. */
function cityVariants(tile: TileDef): Map<string, { variant?: string; south?: Side }> {
  const out = new Map<string, { variant?: string; south?: Side }>();
  const bands = tile.cities.filter(isBand);
  if (bands.length >= 2) {
    for (const b of bands) out.set(b.id, { variant: "cross" });
    return out;
  }
  if (tile.cities.length < 2) return out;
  for (const c of tile.cities) {
    if (isBand(c)) {
      const cap = tile.cities.find((o) => o !== c && o.edges.length === 1 && !c.edges.includes(o.edges[0]));
      if (cap) out.set(c.id, { variant: "small", south: cap.edges[0] });
    } else if (c.edges.length === 1) {
      const facing = tile.cities.some((o) => o !== c && o.edges.some((s) => opposite(s, c.edges[0])));
      if (facing) out.set(c.id, { variant: "small" });
    } else if (c.edges.length === 2) {
      // A corner city beside another corner city or a cap on its far sides.
      const other = tile.cities.some((o) => o !== c && o.edges.length <= 2 && o.edges.every((s) => !c.edges.includes(s)));
      if (other) out.set(c.id, { variant: "small" });
    }
  }
  return out;
}

export interface RoadShape {
  d: string;
  anchor: Pt;
  end: Pt | null;
}

/** A road or river segment as a path in the reference box. `cityAt`: where a road
 * that ends at a city stops (the city's follower spot). */
export function roadShape(edges: Side[], tile: TileDef, terminus?: string, cityAt?: (s: Side) => Pt | null): RoadShape {
  if (edges.length >= 2) {
    const [a, b] = edges;
    const pa = MID[a];
    const pb = MID[b];
    if (opposite(a, b)) {
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
    const at = cityAt?.(s);
    if (at) end = at;
    else {
      const city = tile.cities.find((c) => !c.edges.includes(s)) ?? tile.cities[0];
      const place = city ? cityPlacement(city.edges) : null;
      if (place) end = turn(place.shape.anchor, place.r);
    }
  } else if (terminus === "other") {
    end = inward(s, 30);
  } else if (terminus === "house") {
    end = inward(s, 40);
  }
  const anchor = inward(s, 22);
  // A road into a city runs in towards the centre and bends to meet the city.
  if (terminus === "city") {
    const c = dist(end, [50, 50]) < 30 || cityAt === undefined ? [50, 50] : inward(s, 30);
    return { d: `M${p[0]},${p[1]} Q${c[0]},${c[1]} ${end[0]},${end[1]}`, anchor, end };
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

/** The points of an SVG path of M L H V Q C Z commands (curves sampled), one list
 * per subpath. */
export function flatten(d: string): Pt[][] {
  const out: Pt[][] = [];
  const tok = d.match(/[MLHVQCZ]|-?\d*\.?\d+/gi) ?? [];
  let i = 0;
  let cur: Pt = [0, 0];
  let start: Pt = [0, 0];
  let cmd = "";
  let line: Pt[] = [];
  const n = () => Number(tok[i++]);
  while (i < tok.length) {
    if (/^[A-Za-z]$/.test(tok[i])) cmd = tok[i++].toUpperCase();
    if (cmd === "M") {
      if (line.length) out.push(line);
      cur = start = [n(), n()];
      line = [cur];
      cmd = "L";
    } else if (cmd === "L") {
      cur = [n(), n()];
      line.push(cur);
    } else if (cmd === "H") {
      cur = [n(), cur[1]];
      line.push(cur);
    } else if (cmd === "V") {
      cur = [cur[0], n()];
      line.push(cur);
    } else if (cmd === "Q") {
      const c: Pt = [n(), n()];
      const e: Pt = [n(), n()];
      for (let k = 1; k <= 12; k++) {
        const t = k / 12;
        const u = 1 - t;
        line.push([u * u * cur[0] + 2 * u * t * c[0] + t * t * e[0], u * u * cur[1] + 2 * u * t * c[1] + t * t * e[1]]);
      }
      cur = e;
    } else if (cmd === "C") {
      const c1: Pt = [n(), n()];
      const c2: Pt = [n(), n()];
      const e: Pt = [n(), n()];
      for (let k = 1; k <= 12; k++) {
        const t = k / 12;
        const u = 1 - t;
        const w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
        line.push([
          w[0] * cur[0] + w[1] * c1[0] + w[2] * c2[0] + w[3] * e[0],
          w[0] * cur[1] + w[1] * c1[1] + w[2] * c2[1] + w[3] * e[1],
        ]);
      }
      cur = e;
    } else if (cmd === "Z") {
      line.push(start);
      cur = start;
      cmd = "";
    } else {
      i++;
    }
  }
  if (line.length) out.push(line);
  return out;
}

function inside(p: Pt, poly: Pt[]): boolean {
  let yes = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) yes = !yes;
  }
  return yes;
}

function distToLine(p: Pt, line: Pt[]): number {
  let best = Infinity;
  for (let i = 1; i < line.length; i++) {
    const [a, b] = [line[i - 1], line[i]];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = dx * dx + dy * dy;
    const t = len ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len)) : 0;
    best = Math.min(best, dist(p, [a[0] + t * dx, a[1] + t * dy]));
  }
  return best;
}

export interface TileGeometry {
  /** Follower spots per feature id ("monastery" for the monastery), reference box. */
  anchors: Record<string, Pt>;
  cities: { def: CityDef; place: CityPlacement | null }[];
  roads: { def: RoadDef; shape: RoadShape }[];
  rivers: { def: RiverDef; shape: RoadShape }[];
  /** Where the tile's own mark (volcano, dragon, portal) goes: a free place. */
  mark: Pt;
  /** Per road with an inn: where the inn and its lake stand, beside the road. */
  inns: Record<string, Pt>;
  /** The city that passes over another (two crossing cities), drawn as a bridge. */
  upper: string | null;
  /** Where a road with a tunnel enters and leaves the city. */
  tunnels: Record<string, [Pt, Pt]>;
  /** Where a road that ends in a house (two roads ending in the middle) has it. */
  house: Pt | null;
  /** Per city with a cathedral, goods or the princess: where that symbol goes. */
  badges: Record<string, Pt>;
  /** Per city with a shield: where it goes. */
  shields: Record<string, Pt>;
  /** Lines between fields that meet with nothing else between them. */
  hedges: [Pt, Pt][];
}

const cache = new WeakMap<TileDef, TileGeometry>();

/** The city of the tile a lone road end runs to: the one not on its side,
 * nearest to the road's side. */
function cityFor(tile: TileDef, s: Side): CityDef | undefined {
  const others = tile.cities.filter((c) => !c.edges.includes(s));
  return others.find((c) => c.edges.some((e) => opposite(e, s))) ?? others[0] ?? tile.cities[0];
}

export function geometry(tile: TileDef): TileGeometry {
  const hit = cache.get(tile);
  if (hit) return hit;
  const anchors: Record<string, Pt> = {};
  const variants = cityVariants(tile);
  const cities = tile.cities.map((def) => {
    const v = variants.get(def.id);
    const place = cityPlacement(def.edges, v?.variant, v?.south);
    if (place) {
      const main = turn(place.shape.anchor, place.r);
      // A monastery inside the city (or another segment) takes the middle.
      const crowded = Object.values(anchors).some((p) => dist(p, main) < 11) || (tile.monastery && dist(main, [50, 50]) < 22);
      anchors[def.id] = crowded ? turn(place.shape.alt, place.r) : main;
    }
    return { def, place };
  });
  const bands = cities.filter((c) => isBand(c.def));
  const upper = bands.length >= 2 ? bands[bands.length - 1].def.id : null;
  const toCity = tile.roads.filter((r) => r.terminus === "city" && r.edges.length === 1);
  const cityAt = (s: Side): Pt | null => {
    const c = cityFor(tile, s);
    const a = c ? anchors[c.id] : undefined;
    if (!c || !a) return null;
    // Several roads into one city each meet it on their own side, unless one runs
    // straight at it.
    const shared = toCity.filter((r) => cityFor(tile, r.edges[0]) === c).length > 1;
    if (!shared || c.edges.some((e) => opposite(e, s))) return a;
    const m = MID[s];
    return [a[0] + (m[0] - a[0]) * 0.36, a[1] + (m[1] - a[1]) * 0.36];
  };
  const tunnels: Record<string, [Pt, Pt]> = {};
  // Two caps of one tile share no anchor: caps sit at their own sides.
  const roads = tile.roads.map((def) => {
    const shape = roadShape(def.edges, tile, def.terminus, cityAt);
    if (def.tunnel && def.edges.length === 2) {
      // Under a city: the follower stands on the open stretch by the first side.
      shape.anchor = inward(def.edges[0], 8);
      tunnels[def.id] = [inward(def.edges[0], 17), inward(def.edges[1], 17)];
    }
    anchors[def.id] = shape.anchor;
    return { def, shape };
  });
  const house = tile.roads.some((r) => r.terminus === "house") ? ([50, 50] as Pt) : null;
  const rivers = (tile.rivers ?? []).map((def) => ({ def, shape: roadShape(def.edges, tile) }));
  if (tile.monastery) anchors.monastery = anchors.m = [50, 50];

  // The free places of the tile, for enclosed fields and marks: outside the cities,
  // off the roads and rivers, away from the monastery and the spots taken.
  const polysOf = new Map(
    cities.map(({ def, place }) => [
      def.id,
      place ? flatten(place.shape.fill).map((poly) => poly.map((q) => turn(q, place.r))) : [],
    ]),
  );
  const cityPolys = [...polysOf.values()].flat();
  const roadLines = [...roads, ...rivers].flatMap(({ shape }) => flatten(shape.d));
  const clear = (p: Pt): number => {
    if (cityPolys.some((poly) => inside(p, poly))) return -1;
    let d = Math.min(...cityPolys.map((poly) => distToLine(p, poly)), 100);
    for (const l of roadLines) d = Math.min(d, distToLine(p, l) - 6);
    if (house) d = Math.min(d, dist(p, house) - 10);
    if (tile.monastery && p[0] > 28 && p[0] < 72 && p[1] > 12 && p[1] < 68) return -1;
    return d;
  };
  const grid: Pt[] = [];
  for (let y = 8; y <= 92; y += 4) for (let x = 8; x <= 92; x += 4) grid.push([x, y]);
  const freest = (candidates: Pt[], weight: (p: Pt) => number): Pt | null => {
    let best: Pt | null = null;
    let score = -Infinity;
    for (const p of candidates) {
      const c = clear(p);
      if (c < 0) continue;
      const taken = Object.values(anchors);
      const s = Math.min(c * 1.5, taken.length ? Math.min(...taken.map((q) => dist(p, q))) : 100) + weight(p);
      if (s > score + 0.01) {
        best = p;
        score = s;
      }
    }
    return best;
  };

  for (const f of tile.fields) {
    const candidates = f.half_edges.map((h) => HALF_POINT[h]).filter(Boolean);
    if (candidates.length === 0) {
      // An enclosed field: a free place well inside the tile.
      anchors[f.id] = freest(
        grid.filter((p) => Math.min(p[0], p[1], 100 - p[0], 100 - p[1]) >= 14),
        () => 0,
      ) ?? [50, 50];
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
  // Hedges: where two fields meet on the tile's border with no road between them,
  // a line from that point to the nearest city spot (or the middle).
  const hedges: [Pt, Pt][] = [];
  const fieldOf = new Map<string, string>();
  for (const f of tile.fields) for (const h of f.half_edges) fieldOf.set(h, f.id);
  for (let i = 0; i < 8; i++) {
    const h = HALF_EDGES[i];
    const n = HALF_EDGES[(i + 1) % 8];
    const a = fieldOf.get(h);
    const b = fieldOf.get(n);
    if (!a || !b || a === b) continue;
    const side = h[0] as Side;
    let at: Pt;
    if (i % 2 === 0) {
      if (tile.edges[side] !== "field") continue; // a road or river divides them
      at = MID[side];
    } else {
      at = [i === 1 || i === 3 ? 100 : 0, i === 3 || i === 5 ? 100 : 0];
    }
    const cityPts = tile.cities.map((c) => anchors[c.id]).filter(Boolean);
    const to = cityPts.sort((p, q) => dist(at, p) - dist(at, q))[0] ?? ([50, 50] as Pt);
    hedges.push([at, to]);
  }
  // Inns beside their road, near its follower spot.
  const inns: Record<string, Pt> = {};
  for (const { def, shape } of roads) {
    if (!def.inn) continue;
    const near = grid.filter((p) => dist(p, shape.anchor) < 30 && dist(p, shape.anchor) > 12);
    inns[def.id] = freest(near, (p) => -0.6 * dist(p, shape.anchor)) ?? [shape.anchor[0] + 12, shape.anchor[1] + 12];
  }
  const taken = Object.values(inns);
  // The volcano is large and keeps off the edges (a road that ends in the field ends
  // at it); the small marks go to a free corner, or into a city when the fields are
  // too small.
  const margin = tile.volcano ? 20 : 13;
  const markAt = grid.filter((p) => taken.every((q) => dist(p, q) > 16) && Math.min(p[0], p[1], 100 - p[0], 100 - p[1]) >= margin);
  const stub = roads.find((r) => r.def.terminus === "other");
  let mark =
    tile.volcano && stub
      ? inward(stub.def.edges[0], 56)
      : tile.volcano && clear([50, 52]) >= 12 && Object.values(anchors).every((q) => dist(q, [50, 52]) > 16)
        ? ([50, 52] as Pt)
        : freest(markAt, (p) => (tile.volcano ? -0.3 * dist(p, [50, 50]) : 0));
  if (!mark || clear(mark) < 7) {
    const spots = [
      ...Object.values(anchors),
      ...cities.flatMap(({ def, place }) => (def.shield && place ? [turn(place.shape.shield, place.r)] : [])),
      ...Object.values(inns),
    ];
    const lines = roadLines;
    let best = -Infinity;
    for (const p of markAt) {
      const sc = Math.min(
        ...spots.map((q) => dist(p, q)),
        ...lines.map((l) => distToLine(p, l) - 6),
        ...cityPolys.map((poly) => distToLine(p, poly) + 2),
      );
      if (sc > best) [best, mark] = [sc, p];
    }
  }
  mark = mark ?? [80, 80];
  // Shields and symbols inside their own city, clear of the follower spots.
  const shields: Record<string, Pt> = {};
  const badges: Record<string, Pt> = {};
  for (const { def, place } of cities) {
    if (!place) continue;
    const polys = polysOf.get(def.id) ?? [];
    const others = def.id === upper ? [] : cities.filter((c) => c.def !== def).flatMap((c) => polysOf.get(c.def.id) ?? []);
    const own = (p: Pt) => polys.some((poly) => inside(p, poly));
    const room = (p: Pt) => Math.min(...polys.map((poly) => distToLine(p, poly)));
    const pick = (w: (p: Pt) => number): Pt | null => {
      let best: Pt | null = null;
      let score = -Infinity;
      for (const p of grid) {
        if (!own(p) || others.some((poly) => inside(p, poly))) continue;
        const spots = [...Object.values(anchors), ...Object.values(shields), ...Object.values(badges)];
        const s = Math.min(room(p) * 1.6, ...spots.map((q) => dist(p, q))) + w(p);
        if (s > score) {
          best = p;
          score = s;
        }
      }
      return best;
    };
    if (def.shield) shields[def.id] = turn(place.shape.shield, place.r);
    if (def.cathedral || def.goods || def.princess) {
      badges[def.id] = pick((p) => -0.15 * dist(p, anchors[def.id] ?? [50, 50])) ?? turn(place.shape.shield, place.r);
    }
  }
  const g = { anchors, cities, roads, rivers, mark, inns, upper, tunnels, house, badges, shields, hedges };
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
      const endSides = roadsRaw.map(sidesOf).filter((x) => x.length === 1).map((x) => x[0]);
      const middle = ends === 2 && cities.length >= 2 && opposite(endSides[0], endSides[1]) && !cities.some(isBand);
      terminus = raw.monastery
        ? "monastery"
        : ends >= 3
          ? "crossing"
          : middle
            ? "house"
            : cities.some((c) => !c.edges.includes(e[0]))
              ? "city"
              : "other";
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

export type SymbolKind = "shield" | "cathedral" | "princess" | "wine" | "grain" | "cloth" | "inn" | "volcano" | "dragon" | "magic_portal";

/** Every symbol a tile type shows, from its catalogue flags, with where it goes
 * (reference box): shields, cathedral, princess and goods in their city, inns
 * beside their road, the volcano, dragon and magic portal marks of the tile. */
export function symbols(tile: TileDef): { sym: SymbolKind; at: Pt; feature: string | null }[] {
  const g = geometry(tile);
  const out: { sym: SymbolKind; at: Pt; feature: string | null }[] = [];
  for (const [id, at] of Object.entries(g.shields)) out.push({ sym: "shield", at, feature: id });
  for (const c of tile.cities) {
    const at = g.badges[c.id];
    if (!at) continue;
    if (c.cathedral) out.push({ sym: "cathedral", at, feature: c.id });
    else if (c.princess) out.push({ sym: "princess", at, feature: c.id });
    else if (c.goods === "wine" || c.goods === "grain" || c.goods === "cloth") out.push({ sym: c.goods, at, feature: c.id });
  }
  for (const [id, at] of Object.entries(g.inns)) out.push({ sym: "inn", at, feature: id });
  for (const k of ["volcano", "dragon", "magic_portal"] as const) if (tile[k]) out.push({ sym: k, at: g.mark, feature: null });
  return out;
}
