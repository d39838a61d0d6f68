// How close the board is drawn for the follower step. The white squares of one tile
// stand 11 to 40 board units apart (a tile is 100); with the whole board in view a
// tile may be 40 px wide on a phone, and two squares a few pixels apart are one blur
// under a finger. So when the fitted board would put two squares closer than a
// finger's width, the step shows the squares close up instead (A shows all again).

export type Pt = [number, number];
/** An SVG view box: x, y, width, height (board units). */
export type Box = [number, number, number, number];

/** The side of a touch target in CSS pixels: the 24 px of WCAG 2.2's minimum with room
 * for an imprecise thumb (Apple and Google ask for 44 and 48 on their own controls). */
export const TOUCH_PX = 32;
/** Board units kept around the squares in a close-up: half a square and a little
 * more, so the outermost squares are whole and clear of the edge. */
const MARGIN = 12;

/** For each point, the distance to the nearest other one (Infinity when alone). */
export function nearest(points: readonly Pt[]): number[] {
  return points.map((p, i) => {
    let best = Infinity;
    points.forEach((q, j) => {
      if (j !== i) best = Math.min(best, Math.hypot(p[0] - q[0], p[1] - q[1]));
    });
    return best;
  });
}

/** The view box of the follower step's close-up, or null when the board as drawn
 * (`pxPerUnit`) already sets the squares a touch target apart. The close-up centres
 * the squares and draws them as large as needed for that, as long as all of them
 * still fit into the box of `size` pixels; never smaller than the board as drawn. */
export function closeUp(points: readonly Pt[], size: { w: number; h: number }, pxPerUnit: number): Box | null {
  if (points.length < 2) return null;
  const gap = Math.min(...nearest(points));
  const want = (TOUCH_PX + 2) / Math.max(gap, 1);
  if (pxPerUnit >= want) return null;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs) - MARGIN, Math.max(...xs) + MARGIN, Math.min(...ys) - MARGIN, Math.max(...ys) + MARGIN];
  const fit = Math.min(size.w / (x1 - x0), size.h / (y1 - y0));
  const ppu = Math.max(pxPerUnit, Math.min(want, fit));
  const w = size.w / ppu;
  const h = size.h / ppu;
  return [(x0 + x1) / 2 - w / 2, (y0 + y1) / 2 - h / 2, w, h];
}

/** The side of a square's touch target in pixels, given how far (in pixels) its
 * nearest neighbour is: a full TOUCH_PX, or less where the neighbour is nearer, so
 * that two targets never overlap and a tap always means one square. */
export function touchSide(nearestPx: number): number {
  return Math.min(TOUCH_PX, nearestPx);
}

/** The view box of "A", the whole board: `bounds` (board units: x, y, width, height)
 * fitted into `size` and centred, tiles at most 110 px. On a touch screen
 * (`minTilePx`: TOUCH_PX) a tile is never drawn smaller than a finger's width: a board
 * too large for that is shown around `focus` (the latest tile, where play goes on)
 * at that size, the rest a drag away. */
export function fitBox(
  bounds: Box,
  size: { w: number; h: number },
  unit: number,
  focus: Pt | null,
  minTilePx = 0,
): Box {
  const [bx, by, bw, bh] = bounds;
  const fit = Math.max(bw / size.w, bh / size.h, unit / 110);
  const scale = minTilePx > 0 ? Math.min(fit, unit / minTilePx) : fit;
  const w = size.w * scale;
  const h = size.h * scale;
  if (scale === fit || !focus) return [bx - (w - bw) / 2, by - (h - bh) / 2, w, h];
  // Around the focus, but no further past the board's edge than the fitted box would
  // go (the board's edge row of squares stays at the view's edge, not its middle).
  const cx = Math.min(Math.max(focus[0], bx + w / 2), bx + bw - w / 2);
  const cy = Math.min(Math.max(focus[1], by + h / 2), by + bh - h / 2);
  return [(w < bw ? cx : bx + bw / 2) - w / 2, (h < bh ? cy : by + bh / 2) - h / 2, w, h];
}
