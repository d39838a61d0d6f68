// The Stone Age view and its legal intents as the board reads them: the spaces and
// their people, the display and the stacks' tops, each seat's supply, what is being
// decided, and which click stands for which listed intent. Every intent returned is
// an element of `legal`, the same object, with one exception: a payment the engine
// does not list because it lists only a representative few (the building "1 to 7 of
// any", a large feeding shortfall; the game's README, "Intents") is built here from
// the payment's rule, in the listed intents' shape, as the engine accepts it.

import type { View } from "../../store";

export type Obj = Record<string, unknown>;

export const RESOURCES = ["wood", "brick", "stone", "gold"] as const;
export const GOODS = ["food", ...RESOURCES] as const;
export type Resource = (typeof RESOURCES)[number];

/** The spaces as the engine names them; the catalogue says the same, this is only
 * the fallback while it is on its way. */
const GATHER = ["hunting_grounds", "forest", "clay_pit", "quarry", "river"];
const VILLAGE = ["tool_maker", "hut", "field"];
const CARD_SLOTS = ["card_1", "card_2", "card_3", "card_4"];
const DIVISORS = [2, 3, 4, 5, 6];
const DICE_REWARDS: Record<string, string> = { 1: "wood", 2: "brick", 3: "stone", 4: "gold", 5: "tool", 6: "agriculture" };

export interface Tool {
  value: number;
  used: boolean;
}

export interface Supply {
  people: number;
  home: number;
  food: number;
  wood: number;
  brick: number;
  stone: number;
  gold: number;
  tools: Tool[];
  oneUse: number[];
  agriculture: number;
  score: number;
  buildings: string[];
  cards: string[];
  hiddenCards: number;
  anyTwo: number;
}

export interface Pending {
  kind: string;
  seat: number;
  space: string | null;
  good: string | null;
  divisor: number | null;
  dice: number[];
  order: number[];
  shortfall: number | null;
}

export interface Stack {
  top: string | null;
  left: number;
}

export interface SaModel {
  you: number | null;
  seats: number;
  phase: string;
  round: number;
  start: number;
  turn: number;
  /** People per seat on every space in play, in the engine's order. */
  board: Record<string, number[]>;
  display: (string | null)[];
  deck: number;
  stacks: Stack[];
  players: Supply[];
  pending: Pending | null;
  scores: number[];
}

const num = (v: unknown, d = 0) => (typeof v === "number" ? v : d);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const nums = (v: unknown) => list(v).filter((x): x is number => typeof x === "number");
const strings = (v: unknown) => list(v).filter((x): x is string => typeof x === "string");
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});

function readSupply(v: unknown): Supply {
  const p = obj(v);
  return {
    people: num(p.people),
    home: num(p.home),
    food: num(p.food),
    wood: num(p.wood),
    brick: num(p.brick),
    stone: num(p.stone),
    gold: num(p.gold),
    tools: list(p.tools).map((x) => ({ value: num(obj(x).value), used: obj(x).used === true })),
    oneUse: nums(p.one_use),
    agriculture: num(p.agriculture),
    score: num(p.score),
    buildings: strings(p.buildings),
    cards: strings(p.cards),
    hiddenCards: num(p.hidden_cards),
    anyTwo: num(p.any_two),
  };
}

function readPending(v: unknown): Pending | null {
  if (!v || typeof v !== "object") return null;
  const p = v as Obj;
  return {
    kind: typeof p.kind === "string" ? p.kind : "",
    seat: num(p.seat, -1),
    space: typeof p.space === "string" ? p.space : null,
    good: typeof p.good === "string" ? p.good : null,
    divisor: typeof p.divisor === "number" ? p.divisor : null,
    dice: nums(p.dice),
    order: nums(p.order),
    shortfall: typeof p.shortfall === "number" ? p.shortfall : null,
  };
}

export function readModel(view: View): SaModel {
  const board: Record<string, number[]> = {};
  for (const [space, here] of Object.entries(obj(view.board))) board[space] = nums(here);
  const players = list(view.players).map(readSupply);
  const scores = nums(view.scores);
  return {
    you: typeof view.you === "number" ? view.you : null,
    seats: Math.max(players.length, scores.length),
    phase: typeof view.phase === "string" ? view.phase : "",
    round: num(view.round),
    start: num(view.start, -1),
    turn: num(view.turn, -1),
    board,
    display: list(view.display).map((c) => (typeof c === "string" ? c : null)),
    deck: num(view.deck),
    stacks: list(view.stacks).map((s) => ({ top: typeof obj(s).top === "string" ? (obj(s).top as string) : null, left: num(obj(s).left) })),
    players,
    pending: readPending(view.pending),
    scores,
  };
}

// ---- the catalogue ------------------------------------------------------------

export interface Spaces {
  gather: string[];
  village: string[];
  cards: string[];
  capacity: number;
  divisors: number[];
  diceRewards: Record<string, string>;
}

/** The spaces and numbers of the board from the catalogue (or the engine's own
 * names while it has not come). */
export function spaces(catalogue: unknown): Spaces {
  const c = obj(catalogue);
  const s = obj(c.spaces);
  const gather = strings(s.gather);
  const village = strings(s.village);
  const cards = strings(s.cards);
  const divisors = nums(c.divisors);
  const rewards = obj(c.dice_rewards);
  return {
    gather: gather.length ? gather : GATHER,
    village: village.length ? village : VILLAGE,
    cards: cards.length ? cards : CARD_SLOTS,
    capacity: num(s.resource_area_capacity, 7),
    divisors: divisors.length === GATHER.length ? divisors : DIVISORS,
    diceRewards: Object.keys(rewards).length
      ? Object.fromEntries(Object.entries(rewards).map(([k, v]) => [k, String(v)]))
      : DICE_REWARDS,
  };
}

export interface Building {
  id: string;
  kind: "fixed" | "kinds" | "any" | "?";
  cost: Partial<Record<Resource, number>>;
  points: number | null;
  resources: number | null;
  kinds: number | null;
  min: number | null;
  max: number | null;
}

const LETTER: Record<string, Resource> = { W: "wood", B: "brick", S: "stone", G: "gold" };
const VALUE: Record<Resource, number> = { wood: 3, brick: 4, stone: 5, gold: 6 };

/** A building tile from the catalogue, or read from its id until the catalogue comes. */
export function building(id: string, catalogue: unknown): Building {
  const hit = list(obj(catalogue).buildings).map(obj).find((b) => b.id === id);
  if (hit) {
    const kind = hit.kind === "fixed" || hit.kind === "kinds" || hit.kind === "any" ? hit.kind : "?";
    const cost: Partial<Record<Resource, number>> = {};
    for (const r of RESOURCES) if (num(obj(hit.cost)[r]) > 0) cost[r] = num(obj(hit.cost)[r]);
    return {
      id,
      kind,
      cost,
      points: typeof hit.points === "number" ? hit.points : null,
      resources: typeof hit.resources === "number" ? hit.resources : null,
      kinds: typeof hit.kinds === "number" ? hit.kinds : null,
      min: typeof hit.min === "number" ? hit.min : null,
      max: typeof hit.max === "number" ? hit.max : null,
    };
  }
  const none = { id, cost: {}, points: null, resources: null, kinds: null, min: null, max: null };
  const fixed = /^BLD_([WBSG]{3})$/.exec(id);
  if (fixed) {
    const cost: Partial<Record<Resource, number>> = {};
    let points = 0;
    for (const l of fixed[1]) {
      const r = LETTER[l];
      cost[r] = (cost[r] ?? 0) + 1;
      points += VALUE[r];
    }
    return { ...none, kind: "fixed", cost, points };
  }
  const kinds = /^BLD_(\d)R(\d)K$/.exec(id);
  if (kinds) return { ...none, kind: "kinds", resources: Number(kinds[1]), kinds: Number(kinds[2]) };
  const any = /^BLD_ANY_(\d)_(\d)$/.exec(id);
  if (any) return { ...none, kind: "any", min: Number(any[1]), max: Number(any[2]) };
  return { ...none, kind: "?" };
}

export interface Card {
  id: string;
  top: Obj;
  bottom: Obj;
}

/** A civilization card's top and bottom from the catalogue; null before it comes
 * (the board then shows the card's name from strings.ts). */
export function card(id: string, catalogue: unknown): Card | null {
  const hit = list(obj(catalogue).cards).map(obj).find((c) => c.id === id);
  return hit ? { id, top: obj(hit.top), bottom: obj(hit.bottom) } : null;
}

// ---- intents ---------------------------------------------------------------------

const of = (legal: Obj[], name: string) => legal.filter((it) => it.t === name);

export interface Count {
  people: number;
  intent: Obj;
}

/** The listed placements on `space`, one per number of people, fewest first. */
export function placeCounts(legal: Obj[], space: string): Count[] {
  const seen = new Set<number>();
  const out: Count[] = [];
  for (const it of of(legal, "place")) {
    if (it.space !== space || typeof it.people !== "number" || seen.has(it.people)) continue;
    seen.add(it.people);
    out.push({ people: it.people, intent: it });
  }
  return out.sort((a, b) => a.people - b.people);
}

/** The listed `resolve` of `space`, if any. */
export function resolveOf(legal: Obj[], space: string): Obj | null {
  return of(legal, "resolve").find((it) => it.space === space) ?? null;
}

/** What a click on a space does: send its one listed placement or resolve, or
 * offer the listed numbers of people when there are several. */
export function clickSpace(legal: Obj[], space: string): { send: Obj | null; counts: Count[] } {
  const r = resolveOf(legal, space);
  if (r) return { send: r, counts: [] };
  const counts = placeCounts(legal, space);
  if (counts.length === 1) return { send: counts[0].intent, counts: [] };
  return { send: null, counts };
}

/** Whether a click on `space` leads to a listed intent, and which kind. */
export function spaceAction(legal: Obj[], space: string, pending: Pending | null, you: number | null): "place" | "resolve" | "pay" | null {
  if (resolveOf(legal, space)) return "resolve";
  if (placeCounts(legal, space).length) return "place";
  if (pending && pending.seat === you && pending.space === space && (pending.kind === "building" || pending.kind === "card")) {
    if (payments(legal, pending.kind === "building" ? "build" : "buy_card").length) return "pay";
  }
  return null;
}

/** The listed payments of one kind (build, buy_card, feed, take_resources). */
export function payments(legal: Obj[], name: "build" | "buy_card" | "feed" | "take_resources"): Obj[] {
  return of(legal, name);
}

/** The resources a payment names, only those above zero, in board order. */
export function payOf(intent: Obj): [Resource, number][] {
  return RESOURCES.filter((r) => num(intent[r]) > 0).map((r) => [r, num(intent[r])]);
}

/** The one listed intent of name `t` without arguments (decline, starve). */
export function plain(legal: Obj[], name: string): Obj | null {
  return of(legal, name)[0] ?? null;
}

// ---- tools on a roll -------------------------------------------------------------

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const same = (a: number[], b: number[]) => a.length === b.length && sorted(a).every((x, i) => x === sorted(b)[i]);

/** The values of the permanent tools a use_tools intent names (by index into `tools`). */
export function toolValues(intent: Obj, tools: Tool[]): number[] {
  return nums(intent.tools).map((i) => tools[i]?.value ?? 0);
}

/** The listed use_tools whose tools have the same values as the chosen ones (the
 * engine lists one intent per set of values, so which of two equal tools was
 * clicked does not matter) and whose one-use tools are the chosen ones. */
export function matchTools(legal: Obj[], tools: Tool[], chosen: number[], oneUse: number[], chosenOneUse: number[]): Obj | null {
  const values = chosen.map((i) => tools[i]?.value ?? 0);
  const ones = chosenOneUse.map((i) => oneUse[i] ?? 0);
  return of(legal, "use_tools").find((it) => same(toolValues(it, tools), values) && same(nums(it.one_use), ones)) ?? null;
}

/** Whether any listed use_tools adds a tool at all (else there is nothing to choose). */
export function toolChoice(legal: Obj[]): { tools: boolean; oneUse: boolean } {
  const it = of(legal, "use_tools");
  return { tools: it.some((x) => nums(x.tools).length > 0), oneUse: it.some((x) => nums(x.one_use).length > 0) };
}

/** The dice total with `bonus` added, and what it yields at `divisor`. */
export function rollYield(dice: number[], bonus: number, divisor: number | null): { total: number; amount: number } {
  const total = dice.reduce((s, x) => s + x, 0) + bonus;
  return { total, amount: divisor ? Math.floor(total / divisor) : 0 };
}

/** The listed pick_die of each face. */
export function dieChoices(legal: Obj[]): Map<number, Obj> {
  const out = new Map<number, Obj>();
  for (const it of of(legal, "pick_die")) if (typeof it.face === "number" && !out.has(it.face)) out.set(it.face, it);
  return out;
}

// ---- the log ------------------------------------------------------------------

export interface Roll {
  seat: number;
  space: string;
  good: string;
  dice: number[];
  amount: number | null;
}

/** The latest roll of the log and what it gave, for the dice shown between decisions. */
export function lastRoll(log: unknown): Roll | null {
  const entries = list(log).map(obj);
  for (let i = entries.length - 1; i >= 0; i--) {
    if (entries[i].code !== "roll") continue;
    const a = obj(entries[i].args);
    const gain = entries.slice(i + 1).find((e) => e.code === "gain");
    return {
      seat: num(a.seat, -1),
      space: typeof a.space === "string" ? a.space : "",
      good: typeof a.good === "string" ? a.good : "",
      dice: nums(a.dice),
      amount: gain ? num(obj(gain.args).amount) : null,
    };
  }
  return null;
}

// ---- placing people by clicks --------------------------------------------------

/** A placement being put together, as the seed's pointer over a space with its
 * number of people (left click one more, right click one fewer). */
export interface Placing {
  space: string;
  people: number;
}

/** One click on `space` while placing: `dir` 1 adds a person, -1 takes one back.
 * The number only ever takes a listed value, from the least to the most; taking back
 * below the least lets go of the space (null). A click on another space starts
 * there with its least number (a right click there changes nothing). */
export function stepPlacing(legal: Obj[], sel: Placing | null, space: string, dir: 1 | -1): Placing | null {
  const counts = placeCounts(legal, space).map((c) => c.people);
  if (!counts.length) return sel;
  if (!sel || sel.space !== space) return dir > 0 ? { space, people: counts[0] } : sel;
  if (dir > 0) {
    const next = counts.find((n) => n > sel.people);
    return next === undefined ? sel : { space, people: next };
  }
  const prev = [...counts].reverse().find((n) => n < sel.people);
  return prev === undefined ? null : { space, people: prev };
}

/** The listed placement a selection stands for (what OK sends), or null. */
export function placingIntent(legal: Obj[], sel: Placing | null): Obj | null {
  if (!sel) return null;
  return placeCounts(legal, sel.space).find((c) => c.people === sel.people)?.intent ?? null;
}

/** Whether the +/- buttons beside a selection can change it. */
export function placingBounds(legal: Obj[], sel: Placing): { more: boolean; fewer: boolean } {
  const counts = placeCounts(legal, sel.space).map((c) => c.people);
  return { more: counts.some((n) => n > sel.people), fewer: counts.length > 0 };
}

// ---- paying by clicks ------------------------------------------------------------

/** Wood, brick, stone, gold, in RESOURCES order. */
export type Counts = number[];

/** What a payment must be: `exact` resources, or between `min` and `max` resources
 * in exactly `kinds` different kinds (any number of kinds when null). */
export interface PayRule {
  min: number;
  max: number;
  kinds: number | null;
  exact: Counts | null;
}

export type PayName = "build" | "buy_card" | "feed";

/** The payment intent the pending decision asks for, when it is one. */
export function payName(pending: Pending | null): PayName | null {
  if (pending?.kind === "building") return "build";
  if (pending?.kind === "card") return "buy_card";
  if (pending?.kind === "feed") return "feed";
  return null;
}

/** The rule of the payment being decided, from the view and the catalogue: the
 * building on top of the stack, the card slot's number, the feeding shortfall. */
export function payRule(m: SaModel, catalogue: unknown): PayRule | null {
  const p = m.pending;
  if (!p) return null;
  if (p.kind === "feed") return p.shortfall ? { min: p.shortfall, max: p.shortfall, kinds: null, exact: null } : null;
  const slot = /^(card|building)_(\d+)$/.exec(p.space ?? "");
  if (!slot) return null;
  const n = Number(slot[2]);
  if (p.kind === "card" && slot[1] === "card") return { min: n, max: n, kinds: null, exact: null };
  if (p.kind !== "building" || slot[1] !== "building") return null;
  const top = m.stacks[n - 1]?.top;
  if (!top) return null;
  const b = building(top, catalogue);
  if (b.kind === "fixed") {
    const exact = RESOURCES.map((r) => b.cost[r] ?? 0);
    const total = exact.reduce((s, x) => s + x, 0);
    return { min: total, max: total, kinds: null, exact };
  }
  if (b.kind === "kinds" && b.resources !== null && b.kinds !== null) return { min: b.resources, max: b.resources, kinds: b.kinds, exact: null };
  if (b.kind === "any" && b.min !== null && b.max !== null) return { min: b.min, max: b.max, kinds: null, exact: null };
  return null;
}

/** The counts a payment intent names. */
export const countsOf = (intent: Obj): Counts => RESOURCES.map((r) => num(intent[r]));

const sameCounts = (a: Counts, b: Counts) => a.every((x, i) => x === b[i]);

/** Every payment by `rule` out of `held`, fewest resources first. */
export function rulePayments(rule: PayRule, held: Counts): Counts[] {
  if (rule.exact) return rule.exact.every((x, i) => x <= (held[i] ?? 0)) ? [rule.exact] : [];
  const out: Counts[] = [];
  const walk = (i: number, left: number, acc: Counts) => {
    if (i === RESOURCES.length) {
      const total = acc.reduce((s, x) => s + x, 0);
      const kinds = acc.filter((x) => x > 0).length;
      if (total >= rule.min && (rule.kinds === null || kinds === rule.kinds)) out.push(acc);
      return;
    }
    for (let n = 0; n <= Math.min(left, held[i] ?? 0); n++) walk(i + 1, left - n, [...acc, n]);
  };
  walk(0, rule.max, []);
  return out.sort((a, b) => a.reduce((s, x) => s + x, 0) - b.reduce((s, x) => s + x, 0));
}

/** A payment the clicks can reach: its counts and the intent OK sends. */
export interface PayChoice {
  counts: Counts;
  intent: Obj;
}

/** The payments of one kind the clicks can make: each listed one (the same object);
 * and, since the engine lists only a representative few where there are many, each
 * other payment `rule` allows out of `held`, as an intent of the listed shape. With
 * nothing listed there is nothing to pay (the player cannot afford it, or it is not
 * his decision). */
export function payChoices(legal: Obj[], name: PayName, rule: PayRule | null, held: Counts): PayChoice[] {
  const listed = payments(legal, name).map((intent) => ({ counts: countsOf(intent), intent }));
  if (!rule || !listed.length) return listed;
  const more = rulePayments(rule, held)
    .filter((c) => !listed.some((l) => sameCounts(l.counts, c)))
    .map((c) => ({ counts: c, intent: { t: name, ...Object.fromEntries(RESOURCES.map((r, i) => [r, c[i]])) } as Obj }));
  return [...listed, ...more];
}

/** Which resources may be chosen next: those that keep the choice part of some
 * payment (so every payment is reached one resource at a time, in any order). */
export function addable(choices: PayChoice[], sel: Counts): boolean[] {
  return RESOURCES.map((_, r) => choices.some((c) => c.counts.every((n, i) => (i === r ? sel[i] + 1 : sel[i]) <= n)));
}

/** The payment the chosen resources make up exactly (what OK sends), or null. */
export function chosenPayment(choices: PayChoice[], sel: Counts): PayChoice | null {
  return choices.find((c) => sameCounts(c.counts, sel)) ?? null;
}

/** One more (`dir` 1) or one fewer (-1) of resource `r`, within what may be chosen. */
export function stepPay(choices: PayChoice[], sel: Counts, r: number, dir: 1 | -1): Counts {
  if (dir < 0) return sel[r] > 0 ? sel.map((x, i) => (i === r ? x - 1 : x)) : sel;
  return addable(choices, sel)[r] ? sel.map((x, i) => (i === r ? x + 1 : x)) : sel;
}

/** The seed's window: leaving it (X) is offered only while nothing is chosen. */
export const noneChosen = (sel: Counts) => sel.every((x) => x === 0);

/** What the player holds, in RESOURCES order. */
export const heldOf = (p: Supply | null): Counts => RESOURCES.map((r) => (p ? p[r] : 0));
