// The Carcassonne view as the board reads it. The engine's view keys are mapped
// here in one place, so the drawing code does not care how the view spells them.

import type { View } from "../../store";

export interface Meeple {
  seat: number;
  feature: string;
  kind: string;
}
export interface Placed {
  x: number;
  y: number;
  tile: string;
  rot: number;
  meeples: Meeple[];
  /** The source object, for identity checks when redrawing. */
  src: unknown;
}
/** A King or Robber Baron card: who holds it and the size of the feature that won it. */
export interface Holder {
  seat: number;
  size: number;
}
export interface Goods {
  wine: number;
  grain: number;
  cloth: number;
}
export interface CarcModel {
  tiles: Placed[];
  drawn: string | null;
  tilesLeft: number | null;
  followers: (number | null)[];
  last: { x: number; y: number } | null;
  phase: string | null;
  /** Tile types that fitted nowhere and left the game. */
  removed: string[];
  /** Inns & Cathedrals: large followers left per seat (null: not in this game). */
  large: number[] | null;
  /** King & Robber Baron (undefined: not in this game; null: nobody holds it yet). */
  king: Holder | null | undefined;
  robber: Holder | null | undefined;
  /** Traders & Builders: goods tokens, builders and pigs left per seat, and whether
   * the builder's extra tile is being played. */
  goods: Goods[] | null;
  builders: number[] | null;
  pigs: number[] | null;
  extra: boolean;
  /** Princess & Dragon (undefined: not in this game; null: off the board). The fairy
   * names the follower it stands beside with `fairy_on: "follower"` (null: nobody). */
  dragon: Square | null | undefined;
  fairy: (Square & { feature?: string | null }) | null | undefined;
  /** The dragon's walk under way: steps left and the squares visited (start first). */
  walk: { stepsLeft: number; visited: Square[] } | null;
  /** Dragon tiles waiting for the first volcano (null: not in this game). */
  setAside: number | null;
}
export interface Square {
  x: number;
  y: number;
}

type Obj = Record<string, unknown>;

function pick(o: unknown, keys: string[]): unknown {
  if (!o || typeof o !== "object") return undefined;
  for (const k of keys) if ((o as Obj)[k] !== undefined) return (o as Obj)[k];
  return undefined;
}

function num(v: unknown): number | null {
  return typeof v === "number" ? v : null;
}

function asMeeples(v: unknown): Meeple[] {
  if (!Array.isArray(v)) return v && typeof v === "object" ? asMeeples([v]) : [];
  const out: Meeple[] = [];
  for (const m of v) {
    if (!m || typeof m !== "object") continue;
    const seat = num(pick(m, ["seat", "player", "owner"]));
    const feature = pick(m, ["feature", "segment", "spot", "on", "id"]);
    if (seat === null || typeof feature !== "string") continue;
    // `piece` is absent for an ordinary follower.
    out.push({ seat, feature, kind: String(pick(m, ["piece", "kind", "type"]) ?? "follower") });
  }
  return out;
}

function tileId(v: unknown): string | null {
  if (typeof v === "string") return v;
  const id = pick(v, ["tile", "id", "type", "kind"]);
  return typeof id === "string" ? id : null;
}

export function readModel(view: View): CarcModel {
  const rawBoard = pick(view, ["board", "tiles", "placed", "grid"]);
  let entries: [string | null, unknown][] = [];
  if (Array.isArray(rawBoard)) entries = rawBoard.map((e) => [null, e]);
  else if (rawBoard && typeof rawBoard === "object") entries = Object.entries(rawBoard as Obj);
  const tiles: Placed[] = [];
  for (const [key, e] of entries) {
    let x = num(pick(e, ["x"]));
    let y = num(pick(e, ["y"]));
    if ((x === null || y === null) && Array.isArray(pick(e, ["pos", "at", "xy"]))) {
      const p = pick(e, ["pos", "at", "xy"]) as number[];
      [x, y] = [p[0], p[1]];
    }
    if ((x === null || y === null) && key) {
      const m = /^(-?\d+)[,: ](-?\d+)$/.exec(key);
      if (m) [x, y] = [Number(m[1]), Number(m[2])];
    }
    const tile = tileId(e);
    if (x === null || y === null || tile === null) continue;
    tiles.push({
      x,
      y,
      tile,
      rot: num(pick(e, ["rot", "rotation", "r"])) ?? 0,
      meeples: asMeeples(pick(e, ["meeples", "followers", "meeple", "pieces"])),
      src: e,
    });
  }
  // Followers may also be listed apart from the tiles.
  const loose = pick(view, ["meeples", "followers_on_board", "pieces"]);
  if (Array.isArray(loose)) {
    const at = new Map(tiles.map((t) => [`${t.x},${t.y}`, t]));
    for (const m of loose) {
      const x = num(pick(m, ["x"]));
      const y = num(pick(m, ["y"]));
      const t = x !== null && y !== null ? at.get(`${x},${y}`) : undefined;
      if (t) t.meeples = [...t.meeples, ...asMeeples([m])];
    }
  }
  const drawnRaw = pick(view, ["drawn", "current_tile", "tile", "hand", "next_tile"]);
  const lastRaw = pick(view, ["last", "last_placed", "placed_at", "pending"]);
  let last: CarcModel["last"] = null;
  if (lastRaw && typeof lastRaw === "object") {
    const lx = num(pick(lastRaw, ["x"]));
    const ly = num(pick(lastRaw, ["y"]));
    if (lx !== null && ly !== null) last = { x: lx, y: ly };
    else if (Array.isArray(lastRaw) && typeof lastRaw[0] === "number") last = { x: lastRaw[0], y: lastRaw[1] as number };
  }
  let followersRaw = pick(view, ["followers", "meeples_left", "supply", "followers_left"]);
  // The engine names the supply per seat `meeples` (a list of numbers).
  if (followersRaw === undefined && Array.isArray(view.meeples) && view.meeples.every((n) => typeof n === "number")) {
    followersRaw = view.meeples;
  }
  let followers: (number | null)[] = [];
  if (Array.isArray(followersRaw)) {
    followers = followersRaw.map((f) =>
      typeof f === "number" ? f : num(pick(f, ["follower", "followers", "normal", "meeples"])),
    );
  }
  const left = pick(view, ["tiles_left", "remaining", "pile", "deck", "left"]);
  return {
    tiles,
    drawn: tileId(drawnRaw),
    tilesLeft: typeof left === "number" ? left : Array.isArray(left) ? left.length : null,
    followers,
    last,
    phase: (pick(view, ["phase", "step", "stage"]) as string | undefined) ?? null,
    removed: Array.isArray(view.removed) ? (view.removed as unknown[]).map(tileId).filter((x): x is string => x !== null) : [],
    large: numbers(view.large),
    king: holder(view, "king"),
    robber: holder(view, "robber"),
    goods: Array.isArray(view.goods)
      ? (view.goods as unknown[]).map((g) => ({
          wine: num(pick(g, ["wine"])) ?? 0,
          grain: num(pick(g, ["grain"])) ?? 0,
          cloth: num(pick(g, ["cloth"])) ?? 0,
        }))
      : null,
    builders: numbers(view.builders),
    pigs: numbers(view.pigs),
    extra: view.extra === true,
    dragon: "dragon" in view ? square(view.dragon) : undefined,
    fairy: "fairy" in view ? fairySquare(view.fairy) : undefined,
    walk: walkOf(view.dragon_walk),
    setAside: num(view.set_aside),
  };
}

function square(v: unknown): Square | null {
  const x = num(pick(v, ["x"]));
  const y = num(pick(v, ["y"]));
  return x === null || y === null ? null : { x, y };
}

function fairySquare(v: unknown): (Square & { feature?: string | null }) | null {
  const sq = square(v);
  if (!sq) return null;
  const f = pick(v, ["feature"]);
  return f === undefined ? sq : { ...sq, feature: typeof f === "string" ? f : null };
}

function walkOf(v: unknown): CarcModel["walk"] {
  if (!v || typeof v !== "object") return null;
  const visited = pick(v, ["visited"]);
  return {
    stepsLeft: num(pick(v, ["steps_left"])) ?? 0,
    visited: Array.isArray(visited) ? visited.map(square).filter((q): q is Square => q !== null) : [],
  };
}

function numbers(v: unknown): number[] | null {
  return Array.isArray(v) ? v.map((n) => (typeof n === "number" ? n : 0)) : null;
}

function holder(view: View, key: string): Holder | null | undefined {
  if (!(key in view)) return undefined;
  const h = view[key];
  const seat = num(pick(h, ["seat"]));
  return seat === null ? null : { seat, size: num(pick(h, ["size"])) ?? 0 };
}

// Intents, told apart by their shape rather than their names.
export interface Intents {
  place: { intent: Obj; x: number; y: number; rot: number }[];
  /** `piece`: "follower" (the intent names none), "large", "builder" or "pig". */
  meeple: { intent: Obj; feature: string; x: number | null; y: number | null; piece: string }[];
  /** Princess & Dragon: a step of the dragon, a knight the princess sends home, a
   * move of the fairy (`feature`: the follower it goes beside, in follower mode). */
  dragon: { intent: Obj; x: number; y: number }[];
  princess: { intent: Obj; x: number; y: number; feature: string }[];
  fairy: { intent: Obj; x: number; y: number; feature: string | null }[];
  skip: Obj | null;
  other: Obj[];
}

const SKIP_NAMES = ["skip", "pass", "no_meeple", "done", "end_turn", "finish"];

export function readIntents(legal: Obj[]): Intents {
  const out: Intents = { place: [], meeple: [], dragon: [], princess: [], fairy: [], skip: null, other: [] };
  for (const it of legal) {
    const x = num(it.x);
    const y = num(it.y);
    const rot = num(pick(it, ["rot", "rotation", "r"]));
    const feature = pick(it, ["feature", "segment", "spot", "target", "on"]);
    const name = String(it.t ?? "");
    // The figures of Princess & Dragon by name first: they have squares and features too.
    if (name === "dragon" && x !== null && y !== null) {
      out.dragon.push({ intent: it, x, y });
    } else if (name === "princess" && x !== null && y !== null && typeof feature === "string") {
      out.princess.push({ intent: it, x, y, feature });
    } else if (name === "fairy" && x !== null && y !== null) {
      out.fairy.push({ intent: it, x, y, feature: typeof feature === "string" ? feature : null });
    } else if (typeof feature === "string") {
      const piece = pick(it, ["piece", "kind"]);
      out.meeple.push({ intent: it, feature, x, y, piece: typeof piece === "string" ? piece : "follower" });
    } else if (x !== null && y !== null) {
      out.place.push({ intent: it, x, y, rot: rot ?? 0 });
    } else if (SKIP_NAMES.includes(name) && out.skip === null) {
      out.skip = it;
    } else {
      out.other.push(it);
    }
  }
  return out;
}

/** The pieces order of the selector: an ordinary follower first. */
export const PIECE_ORDER = ["follower", "large", "builder", "pig"];

/** The pieces that have at least one listed intent this turn, in selector order
 * (unknown pieces after the known ones). */
export function legalPieces(intents: Intents): string[] {
  const have = [...new Set(intents.meeple.map((m) => m.piece))];
  const rank = (p: string) => (PIECE_ORDER.includes(p) ? PIECE_ORDER.indexOf(p) : PIECE_ORDER.length);
  return have.sort((a, b) => rank(a) - rank(b));
}

/** The selector's choices: the pieces, then "fairy" when moving the fairy is listed. */
export function legalChoices(intents: Intents): string[] {
  const pieces = legalPieces(intents);
  return intents.fairy.length ? [...pieces, "fairy"] : pieces;
}

/** The choice the selector shows as chosen: the one chosen when it still has a
 * listed intent, else the ordinary follower, else the first that has one (the fairy
 * last: it is chosen by default only when no piece may be deployed). */
export function chosenPiece(intents: Intents, chosen: string | null): string | null {
  const pieces = legalChoices(intents);
  if (chosen && pieces.includes(chosen)) return chosen;
  return pieces.includes("follower") ? "follower" : (pieces[0] ?? null);
}

/** The follower spots to show for the chosen piece: its listed intents. */
export function spotsFor(intents: Intents, piece: string | null): Intents["meeple"] {
  return intents.meeple.filter((m) => m.piece === piece);
}

/** The intent a click on the spot of `feature` sends with `piece` chosen: the listed
 * one, verbatim, or null when that piece may not go there. */
export function meepleIntent(intents: Intents, feature: string, piece: string | null, x?: number, y?: number): Obj | null {
  const mine = intents.meeple.filter((m) => m.feature === feature && m.piece === piece);
  // A square named: the intent for that very tile (a magic portal's), else the one for
  // the tile just placed, which names no square.
  const hit =
    x === undefined
      ? (mine.find((m) => m.x === null) ?? mine[0])
      : (mine.find((m) => m.x === x && m.y === y) ?? mine.find((m) => m.x === null));
  return hit ? hit.intent : null;
}

/** Whether a meeple intent goes through a magic portal onto another tile than the one
 * just placed (`last`). */
export function throughPortal(m: Intents["meeple"][number], last: Square | null): boolean {
  return m.x !== null && m.y !== null && !(last && m.x === last.x && m.y === last.y);
}

/** The squares the dragon may step onto now (lit on the board), with their intents. */
export function dragonSteps(intents: Intents): Intents["dragon"] {
  return intents.dragon;
}

/** The intent a click on square (x, y) sends during the dragon's walk: the listed step,
 * verbatim, or null. */
export function dragonIntent(intents: Intents, x: number, y: number): Obj | null {
  return intents.dragon.find((d) => d.x === x && d.y === y)?.intent ?? null;
}

/** The knights the princess may send home (ringed on the board). */
export function princessTargets(intents: Intents): Intents["princess"] {
  return intents.princess;
}

/** The intent a click on the knight at (x, y, feature) sends: the listed one, or null. */
export function princessIntent(intents: Intents, x: number, y: number, feature: string): Obj | null {
  return intents.princess.find((p) => p.x === x && p.y === y && p.feature === feature)?.intent ?? null;
}

/** Where the fairy may go: whole tiles (`fairy_on: "tile"`), or followers (with a
 * feature, `fairy_on: "follower"`). */
export function fairyTargets(intents: Intents): { tiles: Intents["fairy"]; followers: Intents["fairy"] } {
  return {
    tiles: intents.fairy.filter((f) => f.feature === null),
    followers: intents.fairy.filter((f) => f.feature !== null),
  };
}

/** The intent a click sends when the fairy is chosen: on a tile (feature undefined or
 * null) or beside the follower on `feature`; the listed one, verbatim, or null. */
export function fairyIntent(intents: Intents, x: number, y: number, feature?: string | null): Obj | null {
  const want = feature ?? null;
  return intents.fairy.find((f) => f.x === x && f.y === y && f.feature === want)?.intent ?? null;
}

/** A score bubble on the board: what a feature paid, where it lies. */
export interface ScorePop {
  x: number;
  y: number;
  feature?: string;
  points?: number;
  seats?: number[];
  final?: boolean;
}

/** The bubbles of the latest turn: the log's `score` entries since the last tile was
 * placed that say where. Not the final scoring's (the result lists it; its bubbles, one per
 * feature, would cover the finished board), and none of a feature that paid nothing
 * (an unfinished road with an inn): a bubble says what someone gained. */
export function scorePops(log: readonly { code: string; args?: Record<string, unknown> }[], over: boolean): ScorePop[] {
  if (over) return [];
  let from = log.length;
  while (from > 0 && log[from - 1].code !== "tile_placed") from--;
  return log
    .slice(Math.max(0, from - 1))
    .filter((e) => e.code === "score" && typeof e.args?.x === "number" && typeof e.args?.y === "number")
    .map((e) => e.args as unknown as ScorePop)
    .filter((p) => !p.final && (p.points ?? 0) > 0 && (p.seats?.length ?? 0) > 0);
}
