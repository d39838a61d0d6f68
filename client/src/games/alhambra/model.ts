// The Alhambra view and its legal intents as the board reads them: tiles from the
// catalogue, the grid of one alhambra, and which click stands for which listed
// intent. Nothing here builds an intent: every one returned comes from `legal`.

import type { View } from "../../store";

export type Obj = Record<string, unknown>;
export type Coin = { c: string; v: number };
export type Side = "N" | "E" | "S" | "W";

export const CURRENCIES = ["yellow", "orange", "blue", "green"];
export const TYPES = ["pavilion", "seraglio", "arcades", "chambers", "garden", "tower"];

export interface TileInfo {
  id: string;
  type: string;
  cost: number;
  walls: Side[];
}

/** A tile's type, price and walls: from the catalogue, or read from its id
 * ("pavilion_02_NEW") while the catalogue is still on its way. */
export function tileInfo(id: string, catalogue: unknown): TileInfo {
  const tiles = (catalogue as { tiles?: unknown } | null)?.tiles;
  if (Array.isArray(tiles)) {
    const hit = tiles.find((x) => (x as Obj)?.id === id) as Obj | undefined;
    if (hit && typeof hit.type === "string" && typeof hit.cost === "number") {
      return { id, type: hit.type, cost: hit.cost, walls: sides(String(hit.walls ?? "")) };
    }
  }
  const m = /^([a-z]+)_(\d+)_(\w+)$/.exec(id);
  if (!m) return { id, type: "?", cost: 0, walls: [] };
  return { id, type: m[1], cost: Number(m[2]), walls: sides(m[3]) };
}

function sides(s: string): Side[] {
  return s === "none" ? [] : ([...s].filter((c) => "NESW".includes(c)) as Side[]);
}

/** The colour word the catalogue gives a building type (blue, red, …). */
export function typeColour(type: string, catalogue: unknown): string | null {
  const types = (catalogue as { types?: unknown } | null)?.types;
  if (!Array.isArray(types)) return null;
  const hit = types.find((x) => (x as Obj)?.id === type) as Obj | undefined;
  return typeof hit?.colour === "string" ? hit.colour : null;
}

export interface Cell {
  x: number;
  y: number;
  tile: string;
}

export interface AlModel {
  you: number | null;
  seats: number;
  phase: string;
  turn: number;
  extra: boolean;
  round: number;
  market: (string | null)[];
  display: Coin[];
  hand: Coin[] | null;
  handCounts: number[];
  alhambras: Cell[][];
  reserves: string[][];
  walls: number[];
  bought: string[];
  leftovers: string[][];
  dirk: number[] | null;
  dirkScore: number | null;
  bag: number | null;
  deck: number | null;
  discard: number | null;
  scores: number[];
}

const num = (v: unknown, d = 0) => (typeof v === "number" ? v : d);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const strings = (v: unknown) => list(v).filter((x): x is string => typeof x === "string");
const coins = (v: unknown) =>
  list(v).filter((x): x is Coin => !!x && typeof x === "object" && typeof (x as Obj).c === "string" && typeof (x as Obj).v === "number");

export function readModel(view: View): AlModel {
  const alhambras = list(view.alhambras).map((city) =>
    list(city)
      .filter((p): p is [number, number, string] => Array.isArray(p) && typeof p[0] === "number" && typeof p[1] === "number" && typeof p[2] === "string")
      .map(([x, y, tile]) => ({ x, y, tile })),
  );
  const scores = list(view.scores).map((s) => num(s));
  const handCounts = list(view.hand_counts).map((s) => num(s));
  return {
    you: typeof view.you === "number" ? view.you : null,
    seats: Math.max(alhambras.length, scores.length, handCounts.length),
    phase: typeof view.phase === "string" ? view.phase : "",
    turn: num(view.turn, -1),
    extra: view.extra === true,
    round: num(view.round),
    market: list(view.market).map((m) => (typeof m === "string" ? m : null)),
    display: coins(view.display),
    hand: Array.isArray(view.hand) ? coins(view.hand) : null,
    handCounts,
    alhambras,
    reserves: list(view.reserves).map(strings),
    walls: list(view.walls).map((s) => num(s)),
    bought: strings(view.bought),
    leftovers: list(view.leftovers).map(strings),
    dirk: Array.isArray(view.dirk) ? view.dirk.map((n) => num(n)) : null,
    dirkScore: typeof view.dirk_score === "number" ? view.dirk_score : null,
    bag: typeof view.bag === "number" ? view.bag : null,
    deck: typeof view.deck === "number" ? view.deck : null,
    discard: typeof view.discard === "number" ? view.discard : null,
    scores,
  };
}

// ---- the grid of one alhambra -------------------------------------------------

export interface Grid {
  minX: number;
  maxY: number;
  cols: number;
  rows: number;
}

/** The box around the fountain, the tiles and any cells a move may reach; north
 * (larger y) is up, so a cell's column is x - minX and its row maxY - y. */
export function gridLayout(cells: { x: number; y: number }[], extra: { x: number; y: number }[] = []): Grid {
  let minX = 0,
    maxX = 0,
    minY = 0,
    maxY = 0;
  for (const p of [...cells, ...extra]) {
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  return { minX, maxY, cols: maxX - minX + 1, rows: maxY - minY + 1 };
}

export function cellPos(g: Grid, x: number, y: number): { col: number; row: number } {
  return { col: x - g.minX, row: g.maxY - y };
}

// ---- intents ---------------------------------------------------------------------

const of = (legal: Obj[], name: string) => legal.filter((it) => it.t === name);
const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The display indices a take intent names. */
export function takeCoins(intent: Obj): number[] {
  return list(intent.coins).filter((i): i is number => typeof i === "number");
}

/** Display coins that some listed take includes (the others are not clickable). */
export function takeableCoins(legal: Obj[]): Set<number> {
  return new Set(of(legal, "take").flatMap(takeCoins));
}

/** A click on display coin `i` with `selected` already chosen: the listed take to
 * send when only one fits the choice, else the new choice and the listed take that
 * is exactly that choice (sent by a confirm button when several still fit). */
export function clickCoin(
  legal: Obj[],
  selected: number[],
  i: number,
): { send: Obj | null; selected: number[]; exact: Obj | null } {
  const takes = of(legal, "take");
  const fitting = (sel: number[]) => takes.filter((it) => sel.every((c) => takeCoins(it).includes(c)));
  let sel = selected.includes(i) ? selected.filter((c) => c !== i) : [...selected, i];
  let fit = fitting(sel);
  // A coin that goes with none of the chosen ones starts a new choice.
  if (fit.length === 0) {
    sel = [i];
    fit = fitting(sel);
  }
  if (sel.length === 0 || fit.length === 0) return { send: null, selected: [], exact: null };
  if (fit.length === 1) return { send: fit[0], selected: [], exact: null };
  return { send: null, selected: sel, exact: exactTake(legal, sel) };
}

/** The listed take of exactly the coins `selected`, if there is one. */
export function exactTake(legal: Obj[], selected: number[]): Obj | null {
  if (!selected.length) return null;
  return of(legal, "take").find((it) => sameSet(takeCoins(it), selected)) ?? null;
}

/** The listed purchases of one market slot (each a different payment). */
export function buysForSlot(legal: Obj[], slot: number): Obj[] {
  return of(legal, "buy").filter((it) => it.slot === slot);
}

export function buyValues(intent: Obj): number[] {
  return list(intent.values).filter((v): v is number => typeof v === "number");
}

/** Tiles the player may move now, each once, in the order listed: tiles bought
 * (or left over) to place, and reserve tiles to build or swap in. */
export function movableTiles(legal: Obj[]): { pending: string[]; reserve: string[] } {
  const pending = new Set<string>();
  const reserve = new Set<string>();
  for (const it of legal) {
    if (typeof it.tile !== "string") continue;
    if (it.t === "place" || it.t === "reserve" || it.t === "dirk") pending.add(it.tile);
    else if (it.t === "build" || it.t === "swap") reserve.add(it.tile);
  }
  return { pending: [...pending], reserve: [...reserve] };
}

/** The tile the board works with: the one chosen if it can still move, else the
 * first tile waiting to be placed (a reserve tile is only ever chosen by a click). */
export function activeTile(legal: Obj[], chosen: string | null): string | null {
  const { pending, reserve } = movableTiles(legal);
  if (chosen && (pending.includes(chosen) || reserve.includes(chosen))) return chosen;
  return pending[0] ?? null;
}

export interface Target {
  x: number;
  y: number;
  kind: "place" | "build" | "swap";
  intent: Obj;
}

/** The cells of your alhambra to highlight for `tile`: each listed place, build
 * or swap of that tile, one per cell. */
export function targets(legal: Obj[], tile: string | null): Target[] {
  if (!tile) return [];
  const out: Target[] = [];
  const seen = new Set<string>();
  for (const it of legal) {
    if (it.tile !== tile || typeof it.x !== "number" || typeof it.y !== "number") continue;
    if (it.t !== "place" && it.t !== "build" && it.t !== "swap") continue;
    const k = `${it.x},${it.y}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push({ x: it.x, y: it.y, kind: it.t, intent: it });
  }
  return out;
}

/** The listed unbuild of the tile on (x, y), if any. */
export function unbuildAt(legal: Obj[], x: number, y: number): Obj | null {
  return of(legal, "unbuild").find((it) => it.x === x && it.y === y) ?? null;
}

/** The listed intent of name `t` for `tile` (reserve, dirk), if any. */
export function tileIntent(legal: Obj[], t: string, tile: string | null): Obj | null {
  return tile ? (of(legal, t).find((it) => it.tile === tile) ?? null) : null;
}

export function plainIntent(legal: Obj[], t: string): Obj | null {
  return of(legal, t)[0] ?? null;
}

// ---- the players panel -----------------------------------------------------------

/** One line of the players panel, as Brettspielwelt's player list had it: the score,
 * the coins in hand (only their number: the coins of others are hidden), the tiles in
 * the reserve, then per building type the tiles placed in the alhambra (the counts
 * that the scorings rank) and the longest outer wall. */
export interface SeatLine {
  score: number;
  coins: number;
  reserve: number;
  /** Placed tiles per type, in the order of TYPES; reserve and bought tiles never score. */
  counts: number[];
  wall: number;
}

/** Tiles per type among `ids`, in the order of TYPES. */
export function countTypes(ids: string[], catalogue: unknown = null): number[] {
  const counts = TYPES.map(() => 0);
  for (const id of ids) {
    const i = TYPES.indexOf(tileInfo(id, catalogue).type);
    if (i >= 0) counts[i] += 1;
  }
  return counts;
}

export function seatLine(m: AlModel, seat: number, catalogue: unknown = null): SeatLine | null {
  if (seat < 0 || seat >= m.seats) return null;
  return {
    score: m.scores[seat] ?? 0,
    coins: m.handCounts[seat] ?? 0,
    reserve: (m.reserves[seat] ?? []).length,
    counts: countTypes((m.alhambras[seat] ?? []).map((c) => c.tile), catalogue),
    wall: m.walls[seat] ?? 0,
  };
}

// ---- the status line -----------------------------------------------------------

/** The words of the status line under the money: how far the game is (which
 * scoring is behind us) and what happens now, as i18n keys with their arguments.
 * `name` is the player on turn, named by the board. */
export function statusParts(m: AlModel, name: string): { key: string; args: Record<string, unknown> }[] {
  const stage = m.phase === "over" ? "al.status.over" : `al.status.round.${Math.max(0, Math.min(3, m.round))}`;
  const yours = m.you !== null && m.turn === m.you;
  let now: string | null = null;
  if (m.phase === "action") now = `al.status.${m.extra ? "extra" : "move"}.${yours ? "you" : "other"}`;
  else if (m.phase === "placement") now = `al.status.placing.${yours ? "you" : "other"}`;
  else if (m.phase === "leftover") now = "al.status.leftover";
  const parts = [{ key: stage, args: {} }];
  if (now) parts.push({ key: now, args: { name } });
  return parts;
}
