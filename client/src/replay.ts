// Stepping through a finished game (the server's `replay`): the view after move k is
// the view at move 0 with the first k patches applied, in order. Patches are applied
// copy-on-write (patch.ts), so every view computed is kept: a view shares every
// subtree its move did not touch with the one before, which makes the cache cheap
// and stepping back, or dragging the slider over moves already seen, instant.

import { applyPatch } from "./patch";
import { withHallPassword } from "./privacy";
import type { View } from "./store";

export class ReplayViews {
  /** The views computed so far, by move; holes are filled on demand. */
  private views: View[] = [];

  constructor(
    start: View,
    private readonly patches: readonly unknown[][],
  ) {
    this.views[0] = start;
  }

  /** How many moves the game took: the last view is `at(moves)`. */
  get moves(): number {
    return this.patches.length;
  }

  /** The view after `k` moves (k clamped to 0..moves). Throws PatchError when a
   * patch does not fit, which only a broken record can cause. */
  at(k: number): View {
    const n = clampMove(k, this.moves);
    let from = n;
    while (this.views[from] === undefined) from--;
    for (let i = from; i < n; i++) this.views[i + 1] = applyPatch(this.views[i], this.patches[i]) as View;
    return this.views[n];
  }

  /** How many views are held (for the tests). */
  get cached(): number {
    return this.views.filter((v) => v !== undefined).length;
  }
}

export type Step = "first" | "back" | "forward" | "last";

/** A move number inside 0..moves (a whole number; NaN counts as 0). */
export function clampMove(k: number, moves: number): number {
  return Math.max(0, Math.min(moves, Math.round(Number.isFinite(k) ? k : 0)));
}

/** The move a control leads to from move `k`. */
export function step(k: number, how: Step, moves: number): number {
  switch (how) {
    case "first":
      return 0;
    case "back":
      return clampMove(k - 1, moves);
    case "forward":
      return clampMove(k + 1, moves);
    case "last":
      return moves;
  }
}

/** The keys of the replay screen: ← → step, Home and End jump. */
export function keyStep(key: string): Step | null {
  return key === "ArrowLeft" ? "back" : key === "ArrowRight" ? "forward" : key === "Home" ? "first" : key === "End" ? "last" : null;
}

/** The replay's address: `#replay/<id>` (a hash, so a reload asks the server for `/`). */
export function replayHash(game: string): string {
  return `#replay/${encodeURIComponent(game)}`;
}

/** The archived game's id in a `#replay/<id>` hash, or null for any other hash. */
export function replayFromHash(hash: string): string | null {
  const m = /^#replay\/([^/?#]+)/.exec(hash);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

/** Where the game's record is downloaded as JSON (with the hall's password, at a hall
 * that asks for one). */
export function recordUrl(game: string, hallPassword: string | null = null): string {
  return withHallPassword(`/api/archive/${encodeURIComponent(game)}.json`, hallPassword);
}
