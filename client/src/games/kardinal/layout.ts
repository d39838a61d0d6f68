// The Kardinal & König map, read from the game's catalogue.json and laid out for
// SVG. Nothing about the board is written here: countries, colours, cloister spaces
// with their coordinates, roads and alliances all come from the catalogue, so a
// verified map file swapped in on the server is drawn without a client change.

export type Pt = { x: number; y: number };

export interface MapCountry {
  id: string;
  /** Fill colour from the catalogue's `colours` (a hex string). */
  colour: string;
  cardType: string;
  spaces: string[];
}

export interface MapSpace {
  id: string;
  country: string;
  label: string;
  x: number;
  y: number;
}

export interface MapData {
  countries: MapCountry[];
  spaces: MapSpace[];
  roads: { a: string; b: string; sea: boolean }[];
  alliances: { number: number; countries: [string, string] }[];
  cardTypes: { id: string; colour: string; countries: string[] }[];
}

const obj = (x: unknown): Record<string, unknown> =>
  x !== null && typeof x === "object" && !Array.isArray(x) ? (x as Record<string, unknown>) : {};
const arr = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const str = (x: unknown): string => (typeof x === "string" ? x : "");

/** The catalogue as the board needs it, or null while it has not arrived (or is
 * not a Kardinal map). Spaces of unknown countries and roads to unknown spaces are
 * dropped rather than drawn somewhere wrong. */
export function readMap(catalogue: unknown): MapData | null {
  const c = obj(catalogue);
  const hex = (name: unknown) => str(obj(obj(c.colours)[str(name)]).hex) || "#999999";
  const countries: MapCountry[] = arr(c.countries).map((x) => {
    const o = obj(x);
    return { id: str(o.id), colour: hex(o.colour), cardType: str(o.card_type), spaces: arr(o.cloister_spaces).map(str) };
  });
  const known = new Set(countries.map((k) => k.id));
  const spaces: MapSpace[] = arr(c.cloister_spaces)
    .map((x) => {
      const o = obj(x);
      return { id: str(o.id), country: str(o.country), label: str(o.label), x: Number(o.x), y: Number(o.y) };
    })
    .filter((s) => s.id && known.has(s.country) && Number.isFinite(s.x) && Number.isFinite(s.y));
  if (!countries.length || !spaces.length) return null;
  const ids = new Set(spaces.map((s) => s.id));
  const roads = arr(c.roads)
    .map((x) => {
      const o = obj(x);
      return { a: str(o.a), b: str(o.b), sea: o.kind === "sea" };
    })
    .filter((r) => ids.has(r.a) && ids.has(r.b));
  const alliances = arr(c.alliances)
    .map((x) => {
      const o = obj(x);
      const [a, b] = arr(o.countries).map(str);
      return { number: Number(o.number), countries: [a, b] as [string, string] };
    })
    .filter((a) => known.has(a.countries[0]) && known.has(a.countries[1]));
  const cardTypes = arr(c.card_types).map((x) => {
    const o = obj(x);
    return { id: str(o.id), colour: hex(o.colour), countries: arr(o.countries).map(str) };
  });
  return { countries, spaces, roads, alliances, cardTypes };
}

// Board units. The catalogue's coordinates span about 1000 × 1100; the map is
// squashed vertically so that it fits a landscape screen, and spaces closer than
// MIN_GAP are pushed apart so that every one stays clickable.
export const SPACE_R = 15;
export const SEAT_R = 30;
export const MIN_GAP = 58;
/** What a finger hits around a space (a transparent disc): half the least distance
 * between two spaces, so that neighbouring targets never overlap. */
export const HIT_R = MIN_GAP / 2;
/** Around a coat-of-arms circle. */
export const SEAT_HIT_R = SEAT_R + 4;
/** The least size of a touch target on screen, in CSS pixels. */
export const TOUCH_PX = 32;
/** The least scale (CSS pixels per board unit) the map is drawn at, so that each
 * space's target is TOUCH_PX wide with a little to spare: below it (a phone) the
 * map is drawn at this scale and scrolls in its frame. */
export const MIN_SCALE = (TOUCH_PX + 2) / (2 * HIT_R);
/** Half the side of an alliance's numbered square. */
export const MARK_HALF = 12;
const Y_SCALE = 0.8;
const MARGIN = 24;
/** Half the width a country's name takes above its circle (the longest, in Japanese). */
export const LABEL_HALF = 64;
/** Half the height of that name, and how far above the circle's centre it sits. */
export const LABEL_HALF_H = 12;
export const LABEL_DY = SEAT_R + 20;
/** How far land reaches around a space: further apart, the sea shows between. */
const LAND_R = 56;

export interface Layout {
  width: number;
  height: number;
  spaces: Record<string, Pt>;
  /** The coat-of-arms circle of each country, where its cardinals stand. */
  seats: Record<string, Pt>;
  /** The land of each country: polygons (cells around its spaces, seat and roads). */
  land: Record<string, Pt[][]>;
  /** Each alliance as the board draws it: a line from one coat of arms to the other
   * and its numbered square on that line, where it covers least. */
  alliances: LaidAlliance[];
}

export interface LaidAlliance {
  number: number;
  countries: [string, string];
  a: Pt;
  b: Pt;
  mark: Pt;
}

const dist = (a: Pt, b: Pt) => Math.hypot(a.x - b.x, a.y - b.y);

function segDist(p: Pt, a: Pt, b: Pt): number {
  const dx = b.x - a.x,
    dy = b.y - a.y;
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len)) : 0;
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

/** Push apart spaces closer than MIN_GAP, a little at a time, each pair moving
 * symmetrically; deterministic, so every client draws the same board. */
function relax(points: Pt[]): void {
  for (let round = 0; round < 200; round++) {
    let moved = false;
    for (let i = 0; i < points.length; i++) {
      for (let j = i + 1; j < points.length; j++) {
        const p = points[i],
          q = points[j];
        let d = dist(p, q);
        if (d >= MIN_GAP) continue;
        moved = true;
        let ux = (q.x - p.x) / (d || 1),
          uy = (q.y - p.y) / (d || 1);
        if (d === 0) [ux, uy, d] = [1, 0, 0];
        const push = (MIN_GAP - d) / 2 + 0.01;
        p.x -= ux * push;
        p.y -= uy * push;
        q.x += ux * push;
        q.y += uy * push;
      }
    }
    if (!moved) break;
  }
}

/** Where a country's cardinals stand: near the middle of its spaces, clear of
 * every space, road and seat already placed, with room for its name above. */
function placeSeat(own: Pt[], all: Pt[], roads: [Pt, Pt][], seats: Pt[]): Pt {
  const mid = { x: own.reduce((s, p) => s + p.x, 0) / own.length, y: own.reduce((s, p) => s + p.y, 0) / own.length };
  let best = mid,
    bestScore = -Infinity;
  for (let dx = -150; dx <= 150; dx += 6) {
    for (let dy = -150; dy <= 150; dy += 6) {
      const p = { x: mid.x + dx, y: mid.y + dy };
      // Penalties only lower the score: stop as soon as it cannot win.
      let score = -dist(p, mid);
      if (score <= bestScore) continue;
      const label = { x: p.x, y: p.y - LABEL_DY };
      for (const s of seats) {
        if (dist(p, s) < 2 * SEAT_R + 40) score -= 10_000;
        // Two names side by side (the Japanese ones are long) must not run together.
        if (Math.abs(p.x - s.x) < 2 * LABEL_HALF + 8 && Math.abs(p.y - s.y) < 2 * LABEL_HALF_H + 4) score -= 5000;
      }
      for (let i = 0; i < all.length && score > bestScore; i++) {
        const s = all[i];
        // Apart far enough that the space's touch target stays clear of the circle's.
        if (dist(p, s) < HIT_R + SEAT_HIT_R + 2) score -= 10_000;
        // A space (with its ring when lit) under the name hides both.
        if (Math.abs(label.x - s.x) < LABEL_HALF + SPACE_R + 8 && Math.abs(label.y - s.y) < LABEL_HALF_H + SPACE_R + 8) {
          score -= 2000;
        }
      }
      for (let i = 0; i < roads.length && score > bestScore; i++) {
        if (segDist(p, roads[i][0], roads[i][1]) < SEAT_R + 4) score -= 300;
      }
      if (score > bestScore) [best, bestScore] = [p, score];
    }
  }
  return best;
}

/** Where on the line from `a` to `b` an alliance's square goes: the point of its
 * middle part farthest from the spaces, the coats of arms with their names and the
 * squares already placed (nearer the middle when that is as good). */
function placeMark(a: Pt, b: Pt, spaces: Pt[], seats: Pt[], marks: Pt[]): Pt {
  const corner = MARK_HALF * Math.SQRT2;
  let best = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
    bestScore = -Infinity;
  for (let t = 0.2; t <= 0.8001; t += 0.02) {
    const p = { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) };
    let room = Infinity;
    // (counting the ring a lit place gets)
    for (const s of spaces) room = Math.min(room, dist(p, s) - SPACE_R - 7 - corner);
    for (const s of seats) {
      room = Math.min(room, dist(p, s) - SEAT_R - 8 - corner);
      // the country's name above its circle
      const dx = Math.max(0, Math.abs(p.x - s.x) - LABEL_HALF),
        dy = Math.max(0, Math.abs(p.y - (s.y - LABEL_DY)) - LABEL_HALF_H);
      room = Math.min(room, Math.hypot(dx, dy) - corner);
    }
    for (const m of marks) room = Math.min(room, dist(p, m) - 2 * corner - 4);
    // Enough room is as good as more: then the middle wins.
    const score = Math.min(room, 12) - 20 * Math.abs(t - 0.5);
    if (score > bestScore) [best, bestScore] = [p, score];
  }
  return best;
}

/** A convex polygon cut by the half-plane of points nearer to `site` than to `other`. */
function clip(poly: Pt[], site: Pt, other: Pt): Pt[] {
  const nx = other.x - site.x,
    ny = other.y - site.y;
  const c = (other.x * other.x + other.y * other.y - site.x * site.x - site.y * site.y) / 2;
  const side = (p: Pt) => p.x * nx + p.y * ny - c; // < 0: on the site's side
  const out: Pt[] = [];
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i],
      q = poly[(i + 1) % poly.length];
    const sp = side(p),
      sq = side(q);
    if (sp <= 0) out.push(p);
    if ((sp < 0 && sq > 0) || (sp > 0 && sq < 0)) {
      const t = sp / (sp - sq);
      out.push({ x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) });
    }
  }
  return out;
}

/** Land as the Voronoi cells of the spaces, seats and road midpoints, each cut to
 * a disc: neighbouring countries meet on a border, far ones are parted by sea. */
function landCells(sites: { p: Pt; country: string }[]): Record<string, Pt[][]> {
  const land: Record<string, Pt[][]> = {};
  for (const site of sites) {
    let poly: Pt[] = [];
    for (let k = 0; k < 20; k++) {
      const a = (k / 20) * 2 * Math.PI;
      poly.push({ x: site.p.x + LAND_R * Math.cos(a), y: site.p.y + LAND_R * Math.sin(a) });
    }
    for (const other of sites) {
      if (other === site || dist(other.p, site.p) > 2 * LAND_R) continue;
      poly = clip(poly, site.p, other.p);
    }
    if (poly.length >= 3) (land[site.country] ??= []).push(poly);
  }
  return land;
}

export function layout(map: MapData): Layout {
  const pts = map.spaces.map((s) => ({ x: s.x, y: s.y * Y_SCALE }));
  relax(pts);
  const at: Record<string, Pt> = {};
  map.spaces.forEach((s, i) => (at[s.id] = pts[i]));
  const roads: [Pt, Pt][] = map.roads.map((r) => [at[r.a], at[r.b]]);

  const seats: Record<string, Pt> = {};
  for (const c of map.countries) {
    const own = map.spaces.filter((s) => s.country === c.id).map((s) => at[s.id]);
    if (own.length) seats[c.id] = placeSeat(own, pts, roads, Object.values(seats));
  }

  const sites: { p: Pt; country: string }[] = map.spaces.map((s) => ({ p: at[s.id], country: s.country }));
  for (const [id, p] of Object.entries(seats)) sites.push({ p, country: id });
  const countryOf = new Map(map.spaces.map((s) => [s.id, s.country]));
  for (const r of map.roads) {
    const c = countryOf.get(r.a);
    if (!r.sea && c === countryOf.get(r.b)) {
      sites.push({ p: { x: (at[r.a].x + at[r.b].x) / 2, y: (at[r.a].y + at[r.b].y) / 2 }, country: c! });
    }
  }
  const land = landCells(sites);

  const marks: Pt[] = [];
  const seatList = Object.values(seats);
  const laid: LaidAlliance[] = [];
  for (const al of map.alliances) {
    const a = seats[al.countries[0]],
      b = seats[al.countries[1]];
    if (!a || !b) continue;
    const mark = placeMark(a, b, pts, seatList, marks);
    marks.push(mark);
    laid.push({ number: al.number, countries: al.countries, a, b, mark });
  }

  // Shift everything so that the land starts at the margin.
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  const all = [...Object.values(land).flat(2), ...Object.values(seats).map((p) => ({ x: p.x, y: p.y - LABEL_DY - LABEL_HALF_H - 4 }))];
  for (const p of all) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  const ox = MARGIN - minX,
    oy = MARGIN - minY;
  const move = (p: Pt): Pt => ({ x: Math.round((p.x + ox) * 10) / 10, y: Math.round((p.y + oy) * 10) / 10 });
  const spaces: Record<string, Pt> = {};
  for (const [id, p] of Object.entries(at)) spaces[id] = move(p);
  const seatsOut: Record<string, Pt> = {};
  for (const [id, p] of Object.entries(seats)) seatsOut[id] = move(p);
  const landOut: Record<string, Pt[][]> = {};
  for (const [id, polys] of Object.entries(land)) landOut[id] = polys.map((poly) => poly.map(move));
  return {
    width: Math.ceil(maxX - minX + 2 * MARGIN),
    height: Math.ceil(maxY - minY + 2 * MARGIN),
    spaces,
    seats: seatsOut,
    land: landOut,
    alliances: laid.map((al) => ({ ...al, a: move(al.a), b: move(al.b), mark: move(al.mark) })),
  };
}

/** An SVG path for polygons. */
export function polyPath(polys: Pt[][]): string {
  return polys.map((poly) => "M" + poly.map((p) => `${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join("L") + "Z").join("");
}
