// The board's reading of the Stone Age view and its mapping of clicks onto listed
// intents (model.ts), over views of real games (views.fixture.json, one per kind of
// decision, written by the Python engine) and a few made by hand.
import { describe, expect, it } from "vitest";
import type { View } from "../../store";
import {
  addable,
  building,
  card,
  chosenPayment,
  clickSpace,
  countsOf,
  dieChoices,
  heldOf,
  noneChosen,
  payChoices,
  type PayChoice,
  payName,
  payRule,
  placingBounds,
  placingIntent,
  type Placing,
  rulePayments,
  stepPay,
  stepPlacing,
  lastRoll,
  matchTools,
  type Obj,
  payments,
  payOf,
  placeCounts,
  plain,
  readModel,
  resolveOf,
  rollYield,
  spaceAction,
  spaces,
  toolChoice,
  toolValues,
} from "./model";
import fixture from "./views.fixture.json";

const CATALOGUE: unknown = fixture.catalogue;
const VIEWS = fixture.views as unknown as Record<string, View>;
const legalOf = (v: View) => (v.legal ?? []) as Obj[];

describe("reading the view", () => {
  it("takes the board, display, stacks and every seat's supply", () => {
    const v = VIEWS.place;
    const m = readModel(v);
    expect(m.phase).toBe("place");
    expect(m.you).toBe(v.you);
    expect(m.seats).toBe((v.players as unknown[]).length);
    expect(Object.keys(m.board)).toEqual(Object.keys(v.board as object));
    expect(m.board.forest).toHaveLength(m.seats);
    expect(m.display).toHaveLength(4);
    expect(m.stacks).toHaveLength(m.seats);
    expect(m.stacks[0].left).toBe(7);
    expect(m.players[0]).toMatchObject({ people: 5, food: 12, wood: 0, tools: [], oneUse: [], agriculture: 0 });
    expect(m.pending).toBeNull();
  });

  it("reads what is being decided: a roll, dice for everyone, a shortfall", () => {
    const g = readModel(VIEWS.gather).pending!;
    expect(g.kind).toBe("gather");
    expect(g.divisor).toBeGreaterThan(1);
    expect(g.dice.length).toBeGreaterThan(0);
    const d = readModel(VIEWS.dice).pending!;
    expect(d.order.length).toBeGreaterThan(0);
    expect(readModel(VIEWS.feed).pending!.shortfall).toBeGreaterThan(0);
  });

  it("assumes nothing for a spectator or a view not yet filled in", () => {
    const m = readModel({ game: "stone_age", you: null } as View);
    expect(m.you).toBeNull();
    expect(m.players).toEqual([]);
    expect(m.board).toEqual({});
    expect(m.pending).toBeNull();
    // A card hidden from this audience is only counted, never named.
    const p = readModel({ players: [{ cards: [], hidden_cards: 3 }] } as unknown as View).players[0];
    expect(p.cards).toEqual([]);
    expect(p.hiddenCards).toBe(3);
  });

  it("finds the latest roll in the log and what it gave", () => {
    const log = [
      { code: "roll", args: { seat: 0, space: "forest", good: "wood", dice: [1, 2] } },
      { code: "gain", args: { seat: 0, good: "wood", amount: 1, total: 3 } },
      { code: "roll", args: { seat: 1, space: "river", good: "gold", dice: [6, 6, 1] } },
    ];
    expect(lastRoll(log)).toEqual({ seat: 1, space: "river", good: "gold", dice: [6, 6, 1], amount: null });
    expect(lastRoll(log.slice(0, 2))?.amount).toBe(1);
    expect(lastRoll([])).toBeNull();
  });
});

describe("the catalogue", () => {
  it("gives the spaces, divisors and dice rewards", () => {
    const s = spaces(CATALOGUE);
    expect(s.gather).toEqual(["hunting_grounds", "forest", "clay_pit", "quarry", "river"]);
    expect(s.village).toEqual(["tool_maker", "hut", "field"]);
    expect(s.divisors).toEqual([2, 3, 4, 5, 6]);
    expect(s.capacity).toBe(7);
    expect(s.diceRewards["6"]).toBe("agriculture");
    // Before it arrives the engine's own names stand in.
    expect(spaces(null)).toEqual(s);
  });

  it("knows every building tile, also from its id alone", () => {
    for (const b of fixture.catalogue.buildings) {
      const fromCat = building(b.id, CATALOGUE);
      expect(fromCat.kind).toBe(b.kind);
      // Read from the id the same tile comes out (the catalogue is only late, never different).
      expect(building(b.id, null)).toEqual(fromCat);
    }
    expect(building("BLD_WWB", CATALOGUE)).toMatchObject({ kind: "fixed", cost: { wood: 2, brick: 1 }, points: 10 });
    expect(building("BLD_4R2K", null)).toMatchObject({ kind: "kinds", resources: 4, kinds: 2 });
    expect(building("BLD_ANY_1_7", null)).toMatchObject({ kind: "any", min: 1, max: 7 });
  });

  it("knows every civilization card's top and bottom", () => {
    expect(fixture.catalogue.cards).toHaveLength(36);
    expect(card("C02", CATALOGUE)).toEqual({ id: "C02", top: { type: "roll", resource: "gold" }, bottom: { culture: "art" } });
    expect(card("C02", null)).toBeNull();
  });
});

describe("clicks to listed intents", () => {
  it("offers the listed numbers of people on a space, and sends a single one at once", () => {
    const legal = legalOf(VIEWS.place);
    const hunt = clickSpace(legal, "hunting_grounds");
    expect(hunt.send).toBeNull();
    expect(hunt.counts.map((c) => c.people)).toEqual(placeCounts(legal, "hunting_grounds").map((c) => c.people));
    expect(hunt.counts.length).toBeGreaterThan(1);
    for (const c of hunt.counts) expect(c.intent).toMatchObject({ t: "place", space: "hunting_grounds", people: c.people });
    // The hut takes exactly two: one listed placement, sent by the click.
    const hut = clickSpace(legal, "hut");
    expect(hut.send).toEqual({ t: "place", space: "hut", people: 2 });
    expect(hut.counts).toEqual([]);
    expect(spaceAction(legal, "hut", null, 0)).toBe("place");
  });

  it("counts come in order, each once, only for the space clicked", () => {
    const legal: Obj[] = [
      { t: "place", space: "forest", people: 3 },
      { t: "place", space: "forest", people: 1 },
      { t: "place", space: "river", people: 2 },
    ];
    expect(placeCounts(legal, "forest").map((c) => c.people)).toEqual([1, 3]);
    expect(clickSpace(legal, "quarry")).toEqual({ send: null, counts: [] });
    expect(spaceAction(legal, "quarry", null, 0)).toBeNull();
  });

  it("resolves the space clicked, only one of those listed", () => {
    const v = VIEWS.resolve;
    const legal = legalOf(v);
    const m = readModel(v);
    for (const space of Object.keys(m.board)) {
      const listed = resolveOf(legal, space);
      expect(clickSpace(legal, space).send).toBe(listed);
      expect(spaceAction(legal, space, null, m.you)).toBe(listed ? "resolve" : null);
      if (listed) expect(m.board[space][m.you!]).toBeGreaterThan(0);
    }
  });

  it("pays for the building or card being resolved with a listed payment, or leaves it", () => {
    for (const [kind, name] of [["building", "build"], ["card", "buy_card"]] as const) {
      const v = VIEWS[kind];
      const m = readModel(v);
      const legal = legalOf(v);
      const pays = payments(legal, name);
      expect(pays.length).toBeGreaterThan(0);
      expect(spaceAction(legal, m.pending!.space!, m.pending, m.you)).toBe("pay");
      // Another seat's decision is not clickable here.
      expect(spaceAction(legal, m.pending!.space!, m.pending, m.you! + 1)).toBeNull();
      expect(plain(legal, "decline")).toEqual({ t: "decline" });
      for (const p of pays) {
        const total = payOf(p).reduce((s, [, n]) => s + n, 0);
        expect(total).toBeGreaterThan(0);
      }
    }
  });

  it("adds tools by their values: either of two equal tools picks the one listed intent", () => {
    const v = VIEWS.gather_equal;
    const m = readModel(v);
    const me = m.players[m.you!];
    const legal = legalOf(v);
    expect(toolChoice(legal)).toEqual({ tools: true, oneUse: false });
    const one = matchTools(legal, me.tools, [2], me.oneUse, []);
    expect(one).not.toBeNull();
    expect(legal).toContain(one);
    expect(toolValues(one!, me.tools)).toEqual([me.tools[2].value]);
    expect(matchTools(legal, me.tools, [], me.oneUse, [])).toEqual({ t: "use_tools", tools: [], one_use: [] });
    expect(matchTools(legal, me.tools, [1, 2], me.oneUse, [])).toBe(matchTools(legal, me.tools, [0, 1], me.oneUse, []));
  });

  it("adds one-use tools, and refuses a used tool the list does not name", () => {
    const v = VIEWS.gather_one_use;
    const m = readModel(v);
    const me = m.players[m.you!];
    const legal = legalOf(v);
    const used = me.tools.findIndex((x) => x.used);
    const free = me.tools.findIndex((x) => !x.used);
    expect(toolChoice(legal)).toEqual({ tools: true, oneUse: true });
    expect(matchTools(legal, me.tools, [free], me.oneUse, [0])).toEqual({ t: "use_tools", tools: [free], one_use: [me.oneUse[0]] });
    expect(matchTools(legal, me.tools, [used], me.oneUse, [])).toBeNull();
  });

  it("computes the roll's yield with the chosen bonus", () => {
    expect(rollYield([5, 6], 0, 2)).toEqual({ total: 11, amount: 5 });
    expect(rollYield([5, 6], 1, 2)).toEqual({ total: 12, amount: 6 });
    expect(rollYield([3], 0, null)).toEqual({ total: 3, amount: 0 });
  });

  it("takes a die from dice for everyone by its face", () => {
    const v = VIEWS.dice;
    const legal = legalOf(v);
    const faces = dieChoices(legal);
    for (const f of readModel(v).pending!.dice) expect(faces.get(f)).toEqual({ t: "pick_die", face: f });
  });

  it("offers feeding payments and the penalty as listed", () => {
    const legal = legalOf(VIEWS.feed);
    const feeds = payments(legal, "feed");
    const short = readModel(VIEWS.feed).pending!.shortfall!;
    for (const p of feeds) expect(payOf(p).reduce((s, [, n]) => s + n, 0)).toBe(short);
    expect(plain(legal, "starve")).toEqual({ t: "starve" });
  });
});

describe("nothing outside legal", () => {
  /** Every subset of 0..n-1. */
  const subsets = (n: number): number[][] =>
    Array.from({ length: 1 << n }, (_, bits) => [...Array(n).keys()].filter((i) => bits & (1 << i)));

  it("every click on every real view gives an element of its own legal list, or nothing", () => {
    for (const [name, v] of Object.entries(VIEWS)) {
      const legal = legalOf(v);
      const m = readModel(v);
      const sent: Obj[] = [];
      for (const space of [...Object.keys(m.board), "nowhere"]) {
        const r = clickSpace(legal, space);
        if (r.send) sent.push(r.send);
        sent.push(...r.counts.map((c) => c.intent));
      }
      const me = m.you !== null ? m.players[m.you] : null;
      if (me) {
        for (const a of subsets(me.tools.length)) {
          for (const b of subsets(me.oneUse.length)) {
            const it = matchTools(legal, me.tools, a, me.oneUse, b);
            if (it) sent.push(it);
          }
        }
      }
      for (const p of ["build", "buy_card", "feed", "take_resources"] as const) sent.push(...payments(legal, p));
      sent.push(...dieChoices(legal).values());
      for (const p of ["decline", "starve"]) {
        const it = plain(legal, p);
        if (it) sent.push(it);
      }
      for (const it of sent) expect(legal.includes(it), `${name}: ${JSON.stringify(it)}`).toBe(true);
      // And every listed intent of the board's kinds can be reached by some click.
      const reachable = new Set(sent);
      for (const it of legal) expect(reachable.has(it), `${name}: unreachable ${JSON.stringify(it)}`).toBe(true);
    }
  });

  it("clicks place only listed placements, and pay listed payments or, where the list is a sample, ones by the rule", () => {
    for (const [name, v] of Object.entries(VIEWS)) {
      const legal = legalOf(v);
      const m = readModel(v);
      for (const space of Object.keys(m.board)) {
        let sel: Placing | null = null;
        for (let i = 0; i < 12; i++) {
          sel = stepPlacing(legal, sel, space, 1);
          const it = placingIntent(legal, sel);
          if (sel) expect(legal.includes(it!), `${name}: ${space} ×${sel.people}`).toBe(true);
        }
      }
      const pn = payName(m.pending);
      if (!pn || m.you === null) continue;
      const rule = payRule(m, CATALOGUE);
      for (const c of payChoices(legal, pn, rule, heldOf(m.players[m.you]))) {
        if (legal.includes(c.intent)) continue;
        // Built only for the payments the engine lists a sample of.
        expect(name).toBe("building");
        expect(rulePayments(rule!, heldOf(m.players[m.you]))).toContainEqual(c.counts);
      }
    }
  });

  it("gives nothing at all when nothing is listed (another seat's turn, a spectator)", () => {
    const v = { ...VIEWS.gather_equal, legal: [] } as View;
    const m = readModel(v);
    const me = m.players[m.pending!.seat];
    expect(matchTools([], me.tools, [], me.oneUse, [])).toBeNull();
    expect(clickSpace([], "forest")).toEqual({ send: null, counts: [] });
    expect(dieChoices([]).size).toBe(0);
    expect(plain([], "decline")).toBeNull();
  });
});

describe("placing people by clicks (the seed's pointer: left +1, right -1, then OK)", () => {
  const legal = legalOf(VIEWS.place);

  it("starts at the least number, adds up to the most, takes back down to letting go", () => {
    let sel: Placing | null = stepPlacing(legal, null, "forest", 1);
    expect(sel).toEqual({ space: "forest", people: 1 });
    for (let i = 0; i < 10; i++) sel = stepPlacing(legal, sel, "forest", 1);
    const most = Math.max(...placeCounts(legal, "forest").map((c) => c.people));
    expect(sel).toEqual({ space: "forest", people: most });
    expect(placingBounds(legal, sel!)).toEqual({ more: false, fewer: true });
    sel = stepPlacing(legal, sel, "forest", -1);
    expect(sel).toEqual({ space: "forest", people: most - 1 });
    expect(placingBounds(legal, sel!).more).toBe(true);
    for (let i = 2; i < most; i++) sel = stepPlacing(legal, sel, "forest", -1);
    expect(sel).toEqual({ space: "forest", people: 1 });
    expect(stepPlacing(legal, sel, "forest", -1)).toBeNull();
  });

  it("a right click elsewhere changes nothing, a left click elsewhere starts there", () => {
    const sel = { space: "forest", people: 3 };
    expect(stepPlacing(legal, sel, "river", -1)).toBe(sel);
    expect(stepPlacing(legal, null, "river", -1)).toBeNull();
    expect(stepPlacing(legal, sel, "river", 1)).toEqual({ space: "river", people: 1 });
    // A space without a listed placement is not taken up.
    expect(stepPlacing(legal, sel, "nowhere", 1)).toBe(sel);
  });

  it("steps over numbers the list leaves out, and OK sends only a listed placement", () => {
    const gappy: Obj[] = [
      { t: "place", space: "hut", people: 2 },
      { t: "place", space: "forest", people: 3 },
      { t: "place", space: "forest", people: 1 },
    ];
    let sel = stepPlacing(gappy, null, "forest", 1);
    expect(sel).toEqual({ space: "forest", people: 1 });
    sel = stepPlacing(gappy, sel, "forest", 1);
    expect(sel).toEqual({ space: "forest", people: 3 });
    expect(placingIntent(gappy, sel)).toBe(gappy[1]);
    expect(placingIntent(gappy, { space: "forest", people: 2 })).toBeNull();
    expect(placingIntent(gappy, null)).toBeNull();
    // The hut's one number (two people) is where a click starts.
    expect(stepPlacing(gappy, null, "hut", 1)).toEqual({ space: "hut", people: 2 });
  });

  it("reaches every listed placement with clicks, and OK sends that very intent", () => {
    const places = legal.filter((it) => it.t === "place");
    expect(places.length).toBeGreaterThan(10);
    for (const it of places) {
      let sel: Placing | null = null;
      for (let i = 0; i < 12 && sel?.people !== it.people; i++) sel = stepPlacing(legal, sel, String(it.space), 1);
      expect(placingIntent(legal, sel), JSON.stringify(it)).toBe(it);
    }
  });

  it("offers nothing to a seat without listed placements", () => {
    expect(stepPlacing([], null, "forest", 1)).toBeNull();
  });
});

describe("paying by clicks (the seed's window: resources one at a time, OK, X)", () => {
  const total = (c: number[]) => c.reduce((s, x) => s + x, 0);

  /** Every choice the clicks can make from nothing (adding only what is addable). */
  function reachable(choices: PayChoice[]): number[][] {
    const seen = new Map<string, number[]>();
    const todo: number[][] = [[0, 0, 0, 0]];
    while (todo.length) {
      const sel = todo.pop()!;
      if (seen.has(sel.join())) continue;
      seen.set(sel.join(), sel);
      addable(choices, sel).forEach((ok, r) => ok && todo.push(stepPay(choices, sel, r, 1)));
    }
    return [...seen.values()];
  }

  it("knows each decision's rule: the building's cost, the card's slot, the shortfall", () => {
    const b = readModel(VIEWS.building);
    expect(b.stacks[1].top).toBe("BLD_ANY_1_7");
    expect(payName(b.pending)).toBe("build");
    expect(payRule(b, CATALOGUE)).toEqual({ min: 1, max: 7, kinds: null, exact: null });
    expect(payRule(readModel(VIEWS.card), CATALOGUE)).toEqual({ min: 4, max: 4, kinds: null, exact: null });
    expect(payRule(readModel(VIEWS.feed), CATALOGUE)).toEqual({ min: 1, max: 1, kinds: null, exact: null });
    expect(payRule(readModel(VIEWS.building_decline_only), CATALOGUE)).toEqual({ min: 3, max: 3, kinds: null, exact: [0, 1, 2, 0] });
    expect(payName(readModel(VIEWS.gather).pending)).toBeNull();
    expect(payRule(readModel(VIEWS.gather), CATALOGUE)).toBeNull();
  });

  it("the building of 1 to 7 of any: every payment of what is held, the listed ones as listed", () => {
    const v = VIEWS.building;
    const m = readModel(v);
    const legal = legalOf(v);
    const held = heldOf(m.players[m.you!]);
    expect(held).toEqual([4, 0, 0, 3]);
    const choices = payChoices(legal, "build", payRule(m, CATALOGUE), held);
    // 5 x 4 ways to take wood and gold, less taking nothing; the engine lists 13 of them.
    expect(choices).toHaveLength(19);
    const listed = legal.filter((it) => it.t === "build");
    expect(listed.length).toBeLessThan(19);
    for (const it of listed) expect(choices.some((c) => c.intent === it)).toBe(true);
    for (const c of choices) {
      expect(total(c.counts)).toBeGreaterThanOrEqual(1);
      expect(c.counts.every((n, i) => n <= held[i])).toBe(true);
      expect(c.intent).toEqual({ t: "build", wood: c.counts[0], brick: c.counts[1], stone: c.counts[2], gold: c.counts[3] });
    }
    // Brick and stone are never offered; wood and gold are.
    expect(addable(choices, [0, 0, 0, 0])).toEqual([true, false, false, true]);
    expect(addable(choices, [4, 0, 0, 3])).toEqual([false, false, false, false]);
    // Two wood and a gold (not listed) can be paid.
    const mix = chosenPayment(choices, [2, 0, 0, 1]);
    expect(mix?.intent).toEqual({ t: "build", wood: 2, brick: 0, stone: 0, gold: 1 });
    expect(listed).not.toContainEqual(mix!.intent);
  });

  it("every payment is reached one resource at a time, in any order, and OK only then", () => {
    for (const name of ["building", "card", "feed"] as const) {
      const v = VIEWS[name];
      const m = readModel(v);
      const pn = payName(m.pending)!;
      const choices = payChoices(legalOf(v), pn, payRule(m, CATALOGUE), heldOf(m.players[m.you!]));
      expect(choices.length).toBeGreaterThan(0);
      for (const c of choices) {
        // Each resource in turn, from gold back to wood (the order does not matter).
        let sel = [0, 0, 0, 0];
        for (let r = 3; r >= 0; r--)
          for (let k = 0; k < c.counts[r]; k++) {
            expect(chosenPayment(choices, sel) === c).toBe(false);
            expect(addable(choices, sel)[r]).toBe(true);
            sel = stepPay(choices, sel, r, 1);
          }
        expect(chosenPayment(choices, sel)).toBe(c);
      }
      // Whatever the clicks put together, OK sends one of the choices or nothing.
      for (const sel of reachable(choices)) {
        const hit = chosenPayment(choices, sel);
        if (hit) expect(choices).toContain(hit);
        else expect(choices.some((c) => c.counts.every((n, i) => sel[i] <= n))).toBe(true);
      }
    }
  });

  it("adds nothing to a list that is complete (cards, fixed and kinds buildings, small shortfalls)", () => {
    for (const name of ["card", "feed"] as const) {
      const v = VIEWS[name];
      const m = readModel(v);
      const choices = payChoices(legalOf(v), payName(m.pending)!, payRule(m, CATALOGUE), heldOf(m.players[m.you!]));
      expect(choices.map((c) => c.intent)).toEqual(legalOf(v).filter((it) => it.t === payName(m.pending)));
    }
    // A building of 4 resources of 2 kinds, held 3 wood 1 brick 2 gold: as the engine lists it.
    const rule = { min: 4, max: 4, kinds: 2, exact: null };
    expect(rulePayments(rule, [3, 1, 0, 2]).map((c) => c.join("")).sort()).toEqual(["2002", "3001", "3100"]);
    // A fixed cost: exactly it, if held.
    expect(rulePayments({ min: 3, max: 3, kinds: null, exact: [2, 1, 0, 0] }, [2, 1, 0, 0])).toEqual([[2, 1, 0, 0]]);
    expect(rulePayments({ min: 3, max: 3, kinds: null, exact: [2, 1, 0, 0] }, [1, 5, 5, 5])).toEqual([]);
  });

  it("a large shortfall: every way to pay it out of what is held", () => {
    const legal: Obj[] = [
      { t: "feed", wood: 5, brick: 0, stone: 0, gold: 0 },
      { t: "feed", wood: 0, brick: 2, stone: 2, gold: 1 },
      { t: "starve" },
    ];
    const choices = payChoices(legal, "feed", { min: 5, max: 5, kinds: null, exact: null }, [5, 5, 5, 5]);
    // Five resources of four kinds: C(8, 3) = 56 ways, the two listed among them.
    expect(choices).toHaveLength(56);
    expect(choices[0].intent).toBe(legal[0]);
    expect(choices.every((c) => total(c.counts) === 5)).toBe(true);
  });

  it("takes a chosen resource back, and X (leave it, starve) only while nothing is chosen", () => {
    const v = VIEWS.feed;
    const m = readModel(v);
    const choices = payChoices(legalOf(v), "feed", payRule(m, CATALOGUE), heldOf(m.players[m.you!]));
    let sel = [0, 0, 0, 0];
    expect(noneChosen(sel)).toBe(true);
    expect(chosenPayment(choices, sel)).toBeNull();
    sel = stepPay(choices, sel, 1, 1);
    expect(noneChosen(sel)).toBe(false);
    expect(chosenPayment(choices, sel)!.intent).toBe(legalOf(v)[1]);
    // Enough chosen: nothing more may be added.
    expect(addable(choices, sel)).toEqual([false, false, false, false]);
    expect(stepPay(choices, sel, 0, 1)).toEqual(sel);
    sel = stepPay(choices, sel, 1, -1);
    expect(noneChosen(sel)).toBe(true);
    expect(stepPay(choices, sel, 1, -1)).toEqual(sel);
  });

  it("offers nothing when the player cannot pay (only leaving it is listed) or it is not his", () => {
    for (const name of ["card_decline_only", "building_decline_only"] as const) {
      const v = VIEWS[name];
      const m = readModel(v);
      const choices = payChoices(legalOf(v), payName(m.pending)!, payRule(m, CATALOGUE), heldOf(m.players[m.you!]));
      expect(choices).toEqual([]);
      expect(addable(choices, [0, 0, 0, 0])).toEqual([false, false, false, false]);
    }
    expect(payChoices([], "build", { min: 1, max: 7, kinds: null, exact: null }, [4, 0, 0, 3])).toEqual([]);
    expect(countsOf({ t: "feed", wood: 1, gold: 2 })).toEqual([1, 0, 0, 2]);
  });
});
