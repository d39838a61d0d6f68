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
export interface CarcModel {
  tiles: Placed[];
  drawn: string | null;
  tilesLeft: number | null;
  followers: (number | null)[];
  last: { x: number; y: number } | null;
  phase: string | null;
  /** Tile types that fitted nowhere and left the game. */
  removed: string[];
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
    out.push({ seat, feature, kind: String(pick(m, ["kind", "type", "piece"]) ?? "follower") });
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
  };
}

// Intents, told apart by their shape rather than their names.
export interface Intents {
  place: { intent: Obj; x: number; y: number; rot: number }[];
  meeple: { intent: Obj; feature: string; x: number | null; y: number | null; kind: string | null }[];
  skip: Obj | null;
  other: Obj[];
}

const SKIP_NAMES = ["skip", "pass", "no_meeple", "done", "end_turn", "finish"];

export function readIntents(legal: Obj[]): Intents {
  const out: Intents = { place: [], meeple: [], skip: null, other: [] };
  for (const it of legal) {
    const x = num(it.x);
    const y = num(it.y);
    const rot = num(pick(it, ["rot", "rotation", "r"]));
    const feature = pick(it, ["feature", "segment", "spot", "target", "on"]);
    const name = String(it.t ?? "");
    if (typeof feature === "string") {
      const kind = pick(it, ["kind", "piece", "follower"]);
      out.meeple.push({ intent: it, feature, x, y, kind: typeof kind === "string" ? kind : null });
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
