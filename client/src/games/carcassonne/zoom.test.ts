// The follower step's close-up (zoom.ts): on a phone, every tile type's squares end up
// a touch target apart, and a board already drawn large enough is left alone.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { geometry, tileIndex } from "./geometry";
import { closeUp, fitBox, nearest, type Pt, TOUCH_PX, touchSide } from "./zoom";

const reference = JSON.parse(readFileSync(new URL("../../../../server/games/carcassonne/tiles.json", import.meta.url), "utf8"));
const types = [...new Set(tileIndex(reference).values())];
/** The board's drawing area on a 360 px phone (frame and zoom row taken off). */
const PHONE = { w: 348, h: 520 };

describe("the follower step close up", () => {
  it("sets every tile type's squares a touch target apart on a 360 px phone, from a board of 40 px tiles", () => {
    const tight: string[] = [];
    for (const def of types) {
      // The tile at (3, -2) of a fitted board, its squares where the board draws them.
      const pts = Object.values(geometry(def).anchors).map(([x, y]) => [300 + x, 200 + y] as Pt);
      const unique = pts.filter((p, i) => pts.findIndex((q) => q[0] === p[0] && q[1] === p[1]) === i);
      if (unique.length < 2) continue;
      // No close-up: the board as drawn sets them apart already (a river's two banks).
      const box = closeUp(unique, PHONE, 0.4) ?? ([280, 180, PHONE.w / 0.4, PHONE.h / 0.4] as const);
      const ppu = PHONE.w / box[2];
      // Every square inside the view, and the nearest two a finger apart.
      for (const [x, y] of unique) {
        expect(x > box[0] && x < box[0] + box[2] && y > box[1] && y < box[1] + box[3], `${def.id} (${x}, ${y}) in view`).toBe(true);
      }
      const gap = Math.min(...nearest(unique)) * ppu;
      if (gap < TOUCH_PX) tight.push(`${def.id}: ${gap.toFixed(1)} px`);
    }
    expect(tight).toEqual([]);
  });

  it("leaves alone a board drawn large enough, and a single square", () => {
    const pts: Pt[] = [
      [10, 10],
      [40, 10],
    ];
    expect(closeUp(pts, PHONE, 34 / 30)).toBeNull();
    expect(closeUp(pts, PHONE, 0.5)).not.toBeNull();
    expect(closeUp([[10, 10]], PHONE, 0.1)).toBeNull();
  });

  it("never draws the board smaller than it was", () => {
    // Squares far apart on a small box (a portal's spots across the board).
    const pts: Pt[] = [
      [0, 0],
      [5000, 0],
      [5011, 0],
    ];
    const box = closeUp(pts, { w: 300, h: 300 }, 0.05)!;
    expect(300 / box[2]).toBeGreaterThanOrEqual(0.05);
  });

  it("gives a touch target of TOUCH_PX, less only where a neighbour is nearer", () => {
    expect(touchSide(Infinity)).toBe(TOUCH_PX);
    expect(touchSide(80)).toBe(TOUCH_PX);
    expect(touchSide(20)).toBe(20);
  });
});

describe("the whole board (A)", () => {
  // A board 45 tiles wide and 20 high (a late game's), in board units of 100 a tile.
  const late = [-2000, -1000, 4500, 2000] as const;
  const tilePx = (box: readonly number[]) => (PHONE.w / box[2]) * 100;

  it("fits all of it, centred, where the tiles stay a finger wide or no floor is asked", () => {
    const small = fitBox([-300, -300, 500, 400], PHONE, 100, [0, 0], TOUCH_PX);
    expect(tilePx(small)).toBeGreaterThanOrEqual(TOUCH_PX);
    expect(small[0] + small[2] / 2).toBeCloseTo(-50);
    // With a mouse: the late board whole, however small its tiles.
    const all = fitBox([...late], PHONE, 100, [0, 0]);
    expect(all[2]).toBeGreaterThanOrEqual(late[2]);
    expect(tilePx(all)).toBeLessThan(TOUCH_PX);
  });

  it("on a touch screen draws no tile narrower than a finger: a large board around the latest tile", () => {
    const box = fitBox([...late], PHONE, 100, [1250, 100], TOUCH_PX);
    expect(tilePx(box)).toBeCloseTo(TOUCH_PX);
    expect(box[0] + box[2] / 2).toBeCloseTo(1250);
    expect(box[1] + box[3] / 2).toBeCloseTo(100);
  });

  it("keeps a latest tile at the board's edge at the view's edge, not in its middle", () => {
    const box = fitBox([...late], PHONE, 100, [2450, -950], TOUCH_PX);
    expect(box[0] + box[2]).toBeCloseTo(late[0] + late[2]);
    expect(box[1]).toBeCloseTo(late[1]);
  });
});
