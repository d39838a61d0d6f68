// The map drawn from the catalogue: every space and country once, spaces apart
// enough to click, each coat-of-arms circle clear of the spaces and of each other.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  HIT_R,
  LABEL_DY,
  LABEL_HALF,
  LABEL_HALF_H,
  layout,
  MARK_HALF,
  MIN_GAP,
  MIN_SCALE,
  polyPath,
  type Pt,
  readMap,
  SEAT_HIT_R,
  SEAT_R,
  SPACE_R,
  TOUCH_PX,
} from "./layout";

// The catalogue the server serves is map.json verbatim (server/games/kardinal/README.md).
const catalogue = JSON.parse(readFileSync(new URL("../../../../server/games/kardinal/map.json", import.meta.url), "utf8"));
const map = readMap(catalogue)!;
const geo = layout(map);
const dist = (a: Pt, b: Pt) => Math.hypot(a.x - b.x, a.y - b.y);

function inside(p: Pt, poly: Pt[]): boolean {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i],
      b = poly[j];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) hit = !hit;
  }
  return hit;
}

describe("reading the catalogue", () => {
  it("has the nine countries, 50 spaces, the roads and 15 alliances, each id once", () => {
    expect(map.countries.map((c) => c.id)).toEqual(catalogue.countries.map((c: { id: string }) => c.id));
    expect(map.countries).toHaveLength(9);
    expect(map.spaces).toHaveLength(50);
    expect(new Set(map.spaces.map((s) => s.id)).size).toBe(50);
    expect(map.roads).toHaveLength(catalogue.roads.length);
    expect(map.roads.some((r) => r.sea)).toBe(true);
    expect(map.alliances).toHaveLength(15);
    expect(map.cardTypes.map((c) => c.id).sort()).toEqual(
      ["bayern_burgund", "england_schwaben", "franken_aragon", "frankreich", "lothringen_italien"],
    );
    // Colours come from the catalogue's colour table.
    expect(map.countries.find((c) => c.id === "frankreich")!.colour).toBe(catalogue.colours.purple.hex);
  });

  it("gives nothing for a missing or foreign catalogue, and drops what points nowhere", () => {
    expect(readMap(null)).toBeNull();
    expect(readMap({ tiles: [] })).toBeNull();
    const odd = readMap({
      countries: [{ id: "a", colour: "red", cloister_spaces: ["a-1"] }],
      colours: { red: { hex: "#ff0000" } },
      cloister_spaces: [
        { id: "a-1", country: "a", x: 0, y: 0 },
        { id: "b-1", country: "b", x: 5, y: 5 },
      ],
      roads: [{ a: "a-1", b: "b-1" }],
    })!;
    expect(odd.spaces.map((s) => s.id)).toEqual(["a-1"]);
    expect(odd.roads).toEqual([]);
    expect(odd.countries[0].colour).toBe("#ff0000");
  });
});

describe("the layout", () => {
  it("places every space exactly once, inside the board", () => {
    expect(Object.keys(geo.spaces).sort()).toEqual(map.spaces.map((s) => s.id).sort());
    for (const p of Object.values(geo.spaces)) {
      expect(p.x).toBeGreaterThanOrEqual(SPACE_R);
      expect(p.y).toBeGreaterThanOrEqual(SPACE_R);
      expect(p.x).toBeLessThanOrEqual(geo.width - SPACE_R);
      expect(p.y).toBeLessThanOrEqual(geo.height - SPACE_R);
    }
  });

  it("keeps spaces apart enough to click each one", () => {
    const pts = Object.values(geo.spaces);
    for (let i = 0; i < pts.length; i++) {
      for (let j = i + 1; j < pts.length; j++) expect(dist(pts[i], pts[j])).toBeGreaterThan(MIN_GAP - 0.5);
    }
  });

  it("keeps the map's shape: spaces move only a little from the catalogue's places", () => {
    // Relative to the first space, after the vertical squash, within 40 units.
    const first = map.spaces[0];
    for (const s of map.spaces) {
      const dx = geo.spaces[s.id].x - geo.spaces[first.id].x - (s.x - first.x);
      const dy = geo.spaces[s.id].y - geo.spaces[first.id].y - (s.y - first.y) * 0.8;
      expect(Math.hypot(dx, dy)).toBeLessThan(40);
    }
  });

  it("gives every country one coat-of-arms circle, clear of spaces and of the others", () => {
    expect(Object.keys(geo.seats).sort()).toEqual(map.countries.map((c) => c.id).sort());
    const seats = Object.values(geo.seats);
    for (const seat of seats) {
      for (const p of Object.values(geo.spaces)) expect(dist(seat, p)).toBeGreaterThan(SPACE_R + SEAT_R);
      for (const other of seats) if (other !== seat) expect(dist(seat, other)).toBeGreaterThan(2 * SEAT_R + 20);
      expect(seat.y - LABEL_DY - LABEL_HALF_H).toBeGreaterThanOrEqual(0); // room for the name above
      // The name above the circle covers no space.
      for (const p of Object.values(geo.spaces)) {
        const clear = Math.abs(p.x - seat.x) >= LABEL_HALF + SPACE_R || Math.abs(p.y - (seat.y - LABEL_DY)) >= LABEL_HALF_H + SPACE_R;
        expect(clear).toBe(true);
      }
    }
  });

  it("draws each country's land under its spaces and its seat, and no space in foreign land", () => {
    for (const c of map.countries) {
      const land = geo.land[c.id];
      expect(land.length).toBeGreaterThan(0);
      expect(polyPath(land)).toMatch(/^M[\d. ]+L/);
      expect(land.some((poly) => inside(geo.seats[c.id], poly))).toBe(true);
      for (const s of map.spaces) {
        const inOwn = land.some((poly) => inside(geo.spaces[s.id], poly));
        expect(inOwn).toBe(s.country === c.id);
      }
    }
  });

  it("gives every place a touch target of TOUCH_PX or more at the least scale, none over another", () => {
    expect(2 * HIT_R * MIN_SCALE).toBeGreaterThanOrEqual(TOUCH_PX);
    expect(2 * SEAT_HIT_R * MIN_SCALE).toBeGreaterThanOrEqual(TOUCH_PX);
    const spaces = Object.values(geo.spaces);
    for (let i = 0; i < spaces.length; i++) {
      for (let j = i + 1; j < spaces.length; j++) expect(dist(spaces[i], spaces[j])).toBeGreaterThanOrEqual(2 * HIT_R - 0.5);
    }
    for (const seat of Object.values(geo.seats)) {
      for (const p of spaces) expect(dist(seat, p)).toBeGreaterThanOrEqual(HIT_R + SEAT_HIT_R);
    }
  });

  it("keeps the countries' names apart from each other", () => {
    const seats = Object.values(geo.seats);
    for (let i = 0; i < seats.length; i++) {
      for (let j = i + 1; j < seats.length; j++) {
        const apart = Math.abs(seats[i].x - seats[j].x) >= 2 * LABEL_HALF || Math.abs(seats[i].y - seats[j].y) >= 2 * LABEL_HALF_H;
        expect(apart).toBe(true);
      }
    }
  });

  it("draws each alliance as a line between the two coats of arms with its numbered square on it", () => {
    expect(geo.alliances.map((a) => a.number)).toEqual(map.alliances.map((a) => a.number));
    for (const al of geo.alliances) {
      expect(al.a).toEqual(geo.seats[al.countries[0]]);
      expect(al.b).toEqual(geo.seats[al.countries[1]]);
      // The square lies on the line, between the two circles.
      const len = dist(al.a, al.b);
      expect(dist(al.a, al.mark) + dist(al.mark, al.b)).toBeCloseTo(len, 0);
      expect(dist(al.a, al.mark)).toBeGreaterThan(SEAT_R);
      expect(dist(al.b, al.mark)).toBeGreaterThan(SEAT_R);
      // It covers no space's circle and no other square.
      for (const p of Object.values(geo.spaces)) expect(dist(al.mark, p)).toBeGreaterThan(SPACE_R + MARK_HALF);
      for (const other of geo.alliances) {
        if (other !== al) expect(dist(al.mark, other.mark)).toBeGreaterThan(2 * MARK_HALF);
      }
    }
  });

  it("is the same every time (every client draws the same board)", () => {
    expect(layout(readMap(catalogue)!)).toEqual(geo);
  });
});
