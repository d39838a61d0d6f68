// The Kingsburg view, its catalogue and its legal intents as the board reads them,
// and which click (with which dice chosen) stands for which listed intent. Nothing
// here builds an intent: every intent returned is an element of `legal` itself.

import type { View } from "../../store";

export type Obj = Record<string, unknown>;
export type Intent = Record<string, unknown>;
export type Amounts = Record<string, number>;

export const GOODS = ["gold", "wood", "stone"] as const;

/** The phases of a year in the order the view numbers them (`phase`, 1–8). The view
 * names only the current one (`phase_name`) and the catalogue none, so the order is
 * kept here, as server/games/kingsburg/data.py's PHASE_NAMES has it. */
export const PHASES = [
  "aid_from_the_king",
  "spring",
  "kings_reward",
  "summer",
  "kings_envoy",
  "autumn",
  "recruit_soldiers",
  "winter_battle",
] as const;

const num = (v: unknown, d = 0) => (typeof v === "number" ? v : d);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const nums = (v: unknown) => list(v).map((x) => num(x));
const bools = (v: unknown) => list(v).map((x) => x === true);
const strs = (v: unknown) => list(v).filter((x): x is string => typeof x === "string");
const seatOrNull = (v: unknown) => (typeof v === "number" && v >= 0 ? v : null);

/** The numbers of a map such as {gold: 1, any_goods: 2}; flags (peek_enemy) as 1. */
function amounts(v: unknown): Amounts {
  const out: Amounts = {};
  for (const [k, x] of Object.entries(obj(v))) {
    if (typeof x === "number") out[k] = x;
    else if (x === true) out[k] = 1;
  }
  return out;
}

// ---- the catalogue --------------------------------------------------------------

export interface AdvisorInfo {
  number: number;
  id: string;
  /** "exactly_one" or "one_or_none" (the Alchemist). */
  choose: string;
  options: { pay: Amounts; gain: Amounts }[];
}

export interface BuildingInfo {
  id: string;
  row: number;
  column: number;
  cost: Amounts;
  vp: number;
  combat: number;
  ability: string;
}

export interface Catalogue {
  advisors: AdvisorInfo[];
  buildings: BuildingInfo[];
  /** The 25 possible enemies (public knowledge; which five were drawn is not). */
  enemies: EnemyCard[];
  /** Year → [weakest, strongest] enemy of that year. */
  strength: Record<number, [number, number]>;
}

export interface EnemyCard {
  id: string;
  strength: number;
  type: string;
  reward: Amounts;
  penalty: Amounts;
}

function enemyCard(v: unknown): EnemyCard | null {
  const e = obj(v);
  if (typeof e.id !== "string") return null;
  return {
    id: e.id,
    strength: num(e.strength),
    type: typeof e.type === "string" ? e.type : "",
    reward: amounts(e.reward),
    penalty: amounts(e.penalty),
  };
}

/** The catalogue as served, or null while it is missing or not of this shape. */
export function readCatalogue(c: unknown): Catalogue | null {
  const cat = obj(c);
  if (!Array.isArray(cat.advisors) || !Array.isArray(cat.buildings)) return null;
  const advisors = cat.advisors
    .map((a) => {
      const x = obj(a);
      return {
        number: num(x.number),
        id: String(x.id ?? ""),
        choose: String(x.choose ?? "exactly_one"),
        options: list(x.options).map((o) => ({ pay: amounts(obj(o).pay), gain: amounts(obj(o).gain) })),
      };
    })
    .filter((a) => a.number > 0)
    .sort((a, b) => a.number - b.number);
  const buildings = cat.buildings
    .map((b) => {
      const x = obj(b);
      return {
        id: String(x.id ?? ""),
        row: num(x.row),
        column: num(x.column),
        cost: amounts(x.cost),
        vp: num(x.vp),
        combat: num(x.combat),
        ability: String(x.ability ?? ""),
      };
    })
    .filter((b) => b.id && b.row > 0 && b.column > 0);
  const strength: Record<number, [number, number]> = {};
  for (const [year, r] of Object.entries(obj(cat.strength_range_by_year))) {
    const [lo, hi] = nums(r);
    strength[Number(year)] = [lo, hi];
  }
  const enemies = list(cat.enemies).map(enemyCard).filter((e): e is EnemyCard => e !== null);
  return { advisors, buildings, enemies, strength };
}

/** The buildings as the sheet prints them: rows 1–5 top down, columns 1–4. */
export function sheetRows(cat: Catalogue): BuildingInfo[][] {
  const rows = new Map<number, BuildingInfo[]>();
  for (const b of cat.buildings) rows.set(b.row, [...(rows.get(b.row) ?? []), b]);
  return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r.sort((a, b) => a.column - b.column));
}

// ---- the view -------------------------------------------------------------------

export interface Group {
  advisor: number;
  /** null: neutral dice (two players) */
  seat: number | null;
  dice: number[];
  plus2: boolean;
  market: number;
  envoy: boolean;
}

export interface Seat {
  gold: number;
  wood: number;
  stone: number;
  plus2: number;
  soldiers: number;
  vp: number;
  buildings: string[];
  dice: number[];
  white: boolean[];
  used: boolean[];
  /** Which of `dice` is the King's aid die (spring), or null: it follows rules of its
   * own (it may act alone, a +2 token may not join it), unlike the Farms die. */
  aidDie: number | null;
  passed: boolean;
  peek: boolean;
}

export interface Choice {
  kind: string;
  n: number;
  advisor: number;
}

export interface Battle {
  year: number;
  enemy: string;
  die: number;
  combat: number[];
  outcome: string[];
}

export interface KbModel {
  you: number | null;
  year: number;
  phase: number;
  phaseName: string;
  step: string;
  order: number[];
  turn: number | null;
  buildsLeft: number;
  /** This year's enemy strength, [min, max], as the view gives it. */
  strength: [number, number] | null;
  envoy: number | null;
  aid: number | null;
  board: Group[];
  choices: (Choice | null)[];
  players: Seat[];
  battles: Battle[];
  /** The card of the year: only when the view carries it (fought, or peeked by you). */
  enemy: EnemyCard | null;
}

export function readModel(view: View): KbModel {
  const range = nums(view.enemy_strength);
  return {
    you: typeof view.you === "number" ? view.you : null,
    year: num(view.year, 1),
    phase: num(view.phase, 1),
    phaseName: typeof view.phase_name === "string" ? view.phase_name : "",
    step: typeof view.step === "string" ? view.step : "",
    order: nums(view.order),
    turn: seatOrNull(view.turn),
    buildsLeft: num(view.builds_left),
    strength: range.length === 2 ? [range[0], range[1]] : null,
    envoy: seatOrNull(view.envoy),
    aid: seatOrNull(view.aid),
    board: list(view.board).map((g) => {
      const x = obj(g);
      return {
        advisor: num(x.advisor),
        seat: seatOrNull(x.seat),
        dice: nums(x.dice),
        plus2: x.plus2 === true,
        market: num(x.market),
        envoy: x.envoy === true,
      };
    }),
    choices: list(view.choices).map((c) =>
      c && typeof c === "object" ? { kind: String(obj(c).kind ?? ""), n: num(obj(c).n), advisor: num(obj(c).advisor) } : null,
    ),
    players: list(view.players).map((p) => {
      const x = obj(p);
      return {
        gold: num(x.gold),
        wood: num(x.wood),
        stone: num(x.stone),
        plus2: num(x.plus2),
        soldiers: num(x.soldiers),
        vp: num(x.vp),
        buildings: strs(x.buildings),
        dice: nums(x.dice),
        white: bools(x.white),
        used: bools(x.used),
        aidDie: seatOrNull(x.aid_die),
        passed: x.passed === true,
        peek: x.peek === true,
      };
    }),
    battles: list(view.battles).map((b, i) => {
      const x = obj(b);
      return {
        year: num(x.year, i + 1),
        enemy: String(x.enemy ?? ""),
        die: num(x.die),
        combat: nums(x.combat),
        outcome: strs(x.outcome),
      };
    }),
    // Never guessed from the catalogue or the battles: drawn only when the server
    // sent it to this audience.
    enemy: enemyCard(view.enemy),
  };
}

/** The groups placed on one advisor this season, in the order they came. */
export function groupsOn(m: KbModel, advisor: number): Group[] {
  return m.board.filter((g) => g.advisor === advisor);
}

// ---- the legal intents ----------------------------------------------------------

export function listed(legal: Intent[], t: string): Intent[] {
  return legal.filter((i) => i.t === t);
}

/** Whether `intent` is one of the listed objects (the very object, not a copy). */
export function isListed(legal: Intent[], intent: Intent): boolean {
  return legal.includes(intent);
}

/** The dice a player may still place: indexes into `seat.dice`. */
export function freeDice(seat: Seat | undefined): number[] {
  if (!seat) return [];
  return seat.dice.map((_, i) => i).filter((i) => !seat.used[i]);
}

/** What die `i` is for the rules: "c" of the player's colour, "a" the King's aid die,
 * "w" another white die (the Farms'). */
export function dieKind(seat: Seat, i: number): "c" | "a" | "w" {
  if (i === seat.aidDie) return "a";
  return seat.white[i] ? "w" : "c";
}

/** What a group of dice is, for the rules: the faces and the kinds of the dice. Two
 * groups of one kind are the same move, and the server lists each kind once. */
function kindOf(seat: Seat, dice: number[]): string[] {
  return dice.map((i) => `${dieKind(seat, i)}${seat.dice[i]}`).sort();
}

const sameKind = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether `small` is contained in `big`, counting repeats (both sorted). */
function within(small: string[], big: string[]): boolean {
  const left = [...big];
  for (const x of small) {
    const k = left.indexOf(x);
    if (k < 0) return false;
    left.splice(k, 1);
  }
  return true;
}

/** The listed influences the chosen dice stand for: with no dice chosen all of
 * them, else those whose group is of the same kind as the chosen dice. */
export function influencesFor(legal: Intent[], seat: Seat | undefined, chosen: number[]): Intent[] {
  const all = listed(legal, "influence");
  if (!seat || chosen.length === 0) return all;
  const kind = kindOf(seat, chosen);
  return all.filter((i) => sameKind(kindOf(seat, nums(i.dice)), kind));
}

/** The advisors a click can influence now: lit on the board. */
export function litAdvisors(legal: Intent[], seat: Seat | undefined, chosen: number[]): Set<number> {
  return new Set(influencesFor(legal, seat, chosen).map((i) => num(i.advisor)));
}

/** Whether die `i` may be added to the chosen ones: some listed group still holds
 * all of them (so a choice never leads nowhere). */
export function canChooseDie(legal: Intent[], seat: Seat | undefined, chosen: number[], i: number): boolean {
  if (!seat || seat.used[i] || chosen.includes(i) || i < 0 || i >= seat.dice.length) return false;
  const kind = kindOf(seat, [...chosen, i]);
  return listed(legal, "influence").some((x) => within(kind, kindOf(seat, nums(x.dice))));
}

export type Resolution = { kind: "send"; intent: Intent } | { kind: "choose"; options: Intent[] } | { kind: "none" };

function resolve(options: Intent[]): Resolution {
  if (options.length === 1) return { kind: "send", intent: options[0] };
  if (options.length > 1) return { kind: "choose", options };
  return { kind: "none" };
}

/** A click on an advisor: the one listed influence it stands for, or the listed
 * choices (dice, token, Market, Envoy) to offer next to it. */
export function clickAdvisor(legal: Intent[], seat: Seat | undefined, chosen: number[], advisor: number): Resolution {
  return resolve(influencesFor(legal, seat, chosen).filter((i) => num(i.advisor) === advisor));
}

/** Buildings a listed `build` names. */
export function buildable(legal: Intent[]): Set<string> {
  return new Set(listed(legal, "build").map((i) => String(i.building)));
}

/** A click on a building of your sheet: its listed build, or the choice between
 * building it alone and declaring the Envoy's second building. */
export function clickBuilding(legal: Intent[], building: string): Resolution {
  return resolve(listed(legal, "build").filter((i) => i.building === building));
}

/** A click on one of your dice while the Statue may re-roll one. */
export function clickReroll(legal: Intent[], seat: Seat | undefined, die: number): Resolution {
  const ones = listed(legal, "reroll_one");
  const hit = ones.find((i) => num(i.die) === die);
  if (hit) return { kind: "send", intent: hit };
  // The server lists one die per kind (colour, aid, Farms) when all show the same
  // face: any die of that kind re-rolls the same way, so the listed one stands for it.
  if (!seat) return { kind: "none" };
  const same = ones.find((i) => dieKind(seat, num(i.die)) === dieKind(seat, die) && seat.dice[num(i.die)] === seat.dice[die]);
  return same ? { kind: "send", intent: same } : { kind: "none" };
}

/** The listed moves the board offers as buttons of its own (not on an advisor, a
 * die or a building): goods, help, re-roll all, Town Hall, recruits, pass. */
export function buttonIntents(legal: Intent[]): Intent[] {
  const onBoard = new Set(["influence", "build", "reroll_one"]);
  return legal.filter((i) => !onBoard.has(String(i.t)));
}

/** The Influence options for one advisor in a short form the chooser shows. */
export function influenceParts(intent: Intent, seat: Seat | undefined): { faces: { value: number; white: boolean; aid: boolean }[]; plus2: boolean; market: number; envoy: boolean } {
  return {
    faces: nums(intent.dice).map((i) => ({ value: seat?.dice[i] ?? 0, white: seat?.white[i] ?? false, aid: seat?.aidDie === i })),
    plus2: intent.plus2 === true,
    market: num(intent.market),
    envoy: intent.envoy === true,
  };
}

export function goodsOf(seat: Seat): Amounts {
  return { gold: seat.gold, wood: seat.wood, stone: seat.stone };
}
