// Reading the Kardinal view and its legal intents, and turning a click (with the
// cards chosen in the hand) into one of those intents. The board never builds an
// intent: every one it sends is an element of `view.legal`, passed on as it is.

import type { View } from "../../store";

export type Intent = Record<string, unknown>;

export interface KardinalModel {
  you: number | null;
  /** Own hand, sorted card types; empty for spectators (the view holds no other hand). */
  hand: string[];
  hands: number[];
  display: string[];
  deck: number;
  discard: Record<string, number>;
  cloisters: Record<string, number>;
  cardinals: Record<string, number[]>;
  supply: { cloisters: number; cardinals: number }[];
  scores: number[];
  phase: string;
  turnCountry: string | null;
  ending: boolean;
}

const nums = (x: unknown): number[] => (Array.isArray(x) ? x.map((n) => (typeof n === "number" ? n : 0)) : []);
const strs = (x: unknown): string[] => (Array.isArray(x) ? x.filter((s): s is string => typeof s === "string") : []);
const rec = (x: unknown): Record<string, unknown> =>
  x !== null && typeof x === "object" && !Array.isArray(x) ? (x as Record<string, unknown>) : {};

export function readModel(view: View): KardinalModel {
  const v = view as Record<string, unknown>;
  const cardinals: Record<string, number[]> = {};
  for (const [k, x] of Object.entries(rec(v.cardinals))) cardinals[k] = nums(x);
  const cloisters: Record<string, number> = {};
  for (const [k, x] of Object.entries(rec(v.cloisters))) if (typeof x === "number") cloisters[k] = x;
  const discard: Record<string, number> = {};
  for (const [k, x] of Object.entries(rec(v.discard))) if (typeof x === "number") discard[k] = x;
  return {
    you: typeof view.you === "number" ? view.you : null,
    hand: strs(v.hand),
    hands: nums(v.hands),
    display: strs(v.display),
    deck: typeof v.deck === "number" ? v.deck : 0,
    discard,
    cloisters,
    cardinals,
    supply: (Array.isArray(v.supply) ? v.supply : []).map((s) => {
      const o = rec(s);
      return { cloisters: Number(o.cloisters ?? 0), cardinals: Number(o.cardinals ?? 0) };
    }),
    scores: nums(v.scores),
    phase: typeof v.phase === "string" ? v.phase : "",
    turnCountry: typeof v.turn_country === "string" ? v.turn_country : null,
    // "Last round" only while it is played: not once the game is over.
    ending: v.ending === true && !v.result,
  };
}

export interface Placement {
  intent: Intent;
  piece: "cloister" | "cardinal";
  country: string;
  space: string | null;
  cards: string[];
}

export interface Intents {
  place: Placement[];
  deck: Intent | null;
  /** Taking a face-up card, by card type. */
  display: Record<string, Intent>;
  exchange: { intent: Intent; cards: string[] }[];
  end: Intent | null;
  pass: Intent | null;
}

export function readIntents(legal: Intent[]): Intents {
  const out: Intents = { place: [], deck: null, display: {}, exchange: [], end: null, pass: null };
  for (const intent of legal) {
    const cards = strs(intent.cards);
    switch (intent.t) {
      case "place":
        if (intent.piece === "cloister" && typeof intent.space === "string") {
          out.place.push({ intent, piece: "cloister", space: intent.space, country: String(intent.country ?? ""), cards });
        } else if (intent.piece === "cardinal" && typeof intent.country === "string") {
          out.place.push({ intent, piece: "cardinal", space: null, country: intent.country, cards });
        }
        break;
      case "draw":
        if (intent.source === "deck") out.deck = intent;
        else if (intent.source === "display" && typeof intent.card === "string") out.display[intent.card] ??= intent;
        break;
      case "exchange":
        out.exchange.push({ intent, cards });
        break;
      case "end":
        out.end = intent;
        break;
      case "pass":
        out.pass = intent;
        break;
    }
  }
  return out;
}

/** Cards of one type are interchangeable: a payment is its sorted multiset. */
export function cardsKey(cards: string[]): string {
  return [...cards].sort().join("+");
}

/** What a click on the map aims at: a free space, or a country's cardinal seat. */
export type Target = { space: string } | { country: string };

export function targetKey(t: Target): string {
  return "space" in t ? `space:${t.space}` : `country:${t.country}`;
}

function placementKey(p: Placement): string {
  return p.piece === "cloister" ? `space:${p.space}` : `country:${p.country}`;
}

/** The listed placements at one target, one per distinct way of paying. */
export function paymentsAt(intents: Intents, target: Target): Placement[] {
  const key = targetKey(target);
  const seen = new Set<string>();
  return intents.place.filter((p) => {
    if (placementKey(p) !== key) return false;
    const k = cardsKey(p.cards);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The cards chosen in the hand (by position), as card types. */
export function chosenCards(hand: string[], chosen: number[]): string[] {
  return chosen.filter((i) => i >= 0 && i < hand.length).map((i) => hand[i]);
}

/** Targets to highlight: with no cards chosen every target some intent places on;
 * with cards chosen only those an intent paid with exactly these cards places on. */
export function highlighted(intents: Intents, cards: string[]): Set<string> {
  const want = cardsKey(cards);
  return new Set(intents.place.filter((p) => !cards.length || cardsKey(p.cards) === want).map(placementKey));
}

export type Resolution =
  | { kind: "send"; intent: Intent }
  /** Several listed intents differ only in their cards: the player picks them. */
  | { kind: "choose"; options: Placement[] }
  | { kind: "none" };

/** A click on a target, with the cards chosen so far. */
export function resolveClick(intents: Intents, target: Target, cards: string[]): Resolution {
  const options = paymentsAt(intents, target);
  if (!options.length) return { kind: "none" };
  if (cards.length) {
    const hit = options.find((p) => cardsKey(p.cards) === cardsKey(cards));
    return hit ? { kind: "send", intent: hit.intent } : { kind: "none" };
  }
  return options.length === 1 ? { kind: "send", intent: options[0].intent } : { kind: "choose", options };
}

/** Whether the hand card at `index` may still be added to the chosen ones: some
 * listed placement or exchange is paid with a multiset holding them all. */
export function canChoose(intents: Intents, hand: string[], chosen: number[], index: number): boolean {
  const want = chosenCards(hand, [...chosen, index]);
  const fits = (cards: string[]) => {
    const left = [...cards];
    return want.every((c) => {
      const i = left.indexOf(c);
      if (i < 0) return false;
      left.splice(i, 1);
      return true;
    });
  };
  return intents.place.some((p) => fits(p.cards)) || intents.exchange.some((e) => fits(e.cards));
}

/** The listed exchange of exactly the chosen cards, if there is one. */
export function exchangeOf(intents: Intents, cards: string[]): Intent | null {
  if (!cards.length) return null;
  const want = cardsKey(cards);
  return intents.exchange.find((e) => cardsKey(e.cards) === want)?.intent ?? null;
}

/** Where pieces went since the viewer last acted (for a spectator: in the latest
 * turn), read back from the public log, so that the others' moves show on the map. */
export function recentPlacements(log: unknown, you: number | null): { spaces: Set<string>; countries: Set<string> } {
  const out = { spaces: new Set<string>(), countries: new Set<string>() };
  const entries = Array.isArray(log) ? log : [];
  let who: number | null = null;
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = rec(entries[i]);
    const a = rec(e.args);
    if (typeof a.seat === "number") {
      if (you !== null && a.seat === you) break;
      if (you === null && who !== null && a.seat !== who) break;
      who = a.seat;
    }
    if (e.code !== "placed") continue;
    if (a.piece === "cloister" && typeof a.space === "string") out.spaces.add(a.space);
    if (a.piece === "cardinal" && typeof a.country === "string") out.countries.add(a.country);
  }
  return out;
}
