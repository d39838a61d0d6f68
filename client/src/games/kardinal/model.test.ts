// From a click (and the cards chosen in the hand) to one of the listed intents:
// what lights up, when the player must pick the cards, and that nothing is sent
// that `legal` does not hold, as the very object listed.
import { describe, expect, it } from "vitest";
import type { View } from "../../store";
import {
  canChoose,
  chosenCards,
  exchangeOf,
  highlighted,
  type Intent,
  paymentsAt,
  readIntents,
  readModel,
  recentPlacements,
  resolveClick,
  type Target,
} from "./model";

const FR = "frankreich",
  BB = "bayern_burgund",
  LI = "lothringen_italien";

const cloister = (space: string, cards: string[]): Intent => ({
  t: "place",
  cards,
  piece: "cloister",
  country: space.split("-")[0],
  space,
});
const cardinal = (country: string, cards: string[]): Intent => ({ t: "place", cards, piece: "cardinal", country, space: null });

// The shape the engine lists for a hand of Frankreich, Bayern/Burgund ×2 (as a
// Python game printed it): Frankreich paid by its card or by the green pair as a
// joker; Bayern and Burgund by one green card (a pair may not pay for its own colour).
const HAND = [BB, BB, FR];
const LEGAL: Intent[] = [
  cloister("frankreich-1", [FR]),
  cloister("frankreich-2", [FR]),
  cardinal("frankreich", [FR]),
  cloister("bayern-1", [BB]),
  cloister("burgund-2", [BB]),
  cloister("frankreich-1", [BB, BB]),
  cloister("frankreich-2", [BB, BB]),
  cardinal("frankreich", [BB, BB]),
  { t: "exchange", cards: [BB] },
  { t: "exchange", cards: [FR] },
];
const intents = readIntents(LEGAL);

describe("reading the legal intents", () => {
  it("sorts them by kind and keeps each as the listed object", () => {
    expect(intents.place).toHaveLength(8);
    intents.place.forEach((p, i) => expect(p.intent).toBe(LEGAL[i]));
    expect(intents.exchange.map((e) => e.intent)).toEqual([LEGAL[8], LEGAL[9]]);
    expect(intents.deck).toBeNull();

    const drawing = readIntents([
      { t: "draw", source: "deck", card: null },
      { t: "draw", source: "display", card: LI },
      { t: "end" },
    ]);
    expect(drawing.deck).toEqual({ t: "draw", source: "deck", card: null });
    expect(Object.keys(drawing.display)).toEqual([LI]);
    expect(drawing.end).toEqual({ t: "end" });
    expect(drawing.place).toEqual([]);
  });
});

describe("what lights up", () => {
  it("with no cards chosen: every space and country some intent places on", () => {
    expect([...highlighted(intents, [])].sort()).toEqual(
      ["country:frankreich", "space:bayern-1", "space:burgund-2", "space:frankreich-1", "space:frankreich-2"],
    );
  });

  it("with one card: the places that card pays for", () => {
    expect([...highlighted(intents, [FR])].sort()).toEqual(["country:frankreich", "space:frankreich-1", "space:frankreich-2"]);
    expect([...highlighted(intents, [BB])].sort()).toEqual(["space:bayern-1", "space:burgund-2"]);
  });

  it("with a pair: the places the joker pays for, not its own colour", () => {
    expect([...highlighted(intents, [BB, BB])].sort()).toEqual(
      ["country:frankreich", "space:frankreich-1", "space:frankreich-2"],
    );
    expect(highlighted(intents, [BB, FR]).size).toBe(0);
  });

  it("nothing when nothing is listed (another seat's turn, drawing)", () => {
    expect(highlighted(readIntents([]), []).size).toBe(0);
    expect(highlighted(readIntents([{ t: "draw", source: "deck", card: null }]), []).size).toBe(0);
  });
});

describe("a click on the map", () => {
  const fr1: Target = { space: "frankreich-1" };

  it("sends the only listed intent when a place has one way of paying", () => {
    expect(resolveClick(intents, { space: "bayern-1" }, [])).toEqual({ kind: "send", intent: LEGAL[3] });
  });

  it("asks for the cards when listed intents differ only in them", () => {
    const r = resolveClick(intents, fr1, []);
    expect(r.kind).toBe("choose");
    if (r.kind === "choose") expect(r.options.map((p) => p.intent)).toEqual([LEGAL[0], LEGAL[5]]);
    const seat = resolveClick(intents, { country: "frankreich" }, []);
    expect(seat.kind).toBe("choose");
  });

  it("with cards chosen, sends the intent paid with exactly those cards", () => {
    const one = resolveClick(intents, fr1, [FR]);
    expect(one.kind === "send" && one.intent).toBe(LEGAL[0]);
    const pair = resolveClick(intents, fr1, [BB, BB]);
    expect(pair.kind === "send" && pair.intent).toBe(LEGAL[5]);
    const seat = resolveClick(intents, { country: "frankreich" }, [BB, BB]);
    expect(seat.kind === "send" && seat.intent).toBe(LEGAL[7]);
  });

  it("sends nothing for a place not listed, or cards that do not pay for it", () => {
    expect(resolveClick(intents, { space: "frankreich-3" }, [])).toEqual({ kind: "none" });
    expect(resolveClick(intents, { country: "bayern" }, [BB])).toEqual({ kind: "none" });
    expect(resolveClick(intents, { space: "bayern-1" }, [FR])).toEqual({ kind: "none" });
    expect(resolveClick(intents, fr1, [BB])).toEqual({ kind: "none" });
  });

  it("never sends anything but a listed intent, whatever is clicked with whatever cards", () => {
    const targets: Target[] = [
      ...["frankreich-1", "frankreich-2", "frankreich-3", "bayern-1", "burgund-2", "italien-1"].map((space) => ({ space })),
      ...["frankreich", "bayern", "italien"].map((country) => ({ country })),
    ];
    const choices = [[], [0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]];
    for (const target of targets) {
      for (const chosen of choices) {
        const r = resolveClick(intents, target, chosenCards(HAND, chosen));
        if (r.kind === "send") expect(LEGAL).toContain(r.intent);
        if (r.kind === "choose") for (const p of r.options) expect(LEGAL).toContain(p.intent);
      }
    }
  });

  it("lists each way of paying once, even when the engine lists it twice", () => {
    const twice = readIntents([cloister("italien-1", [LI]), cloister("italien-1", [LI])]);
    expect(paymentsAt(twice, { space: "italien-1" })).toHaveLength(1);
    expect(resolveClick(twice, { space: "italien-1" }, []).kind).toBe("send");
  });
});

describe("choosing cards in the hand", () => {
  it("offers a card only while some listed payment or exchange holds the chosen ones", () => {
    expect([0, 1, 2].every((i) => canChoose(intents, HAND, [], i))).toBe(true);
    expect(canChoose(intents, HAND, [0], 1)).toBe(true); // the green pair
    expect(canChoose(intents, HAND, [0], 2)).toBe(false); // green + Frankreich pays for nothing
    expect(canChoose(intents, HAND, [0, 1], 2)).toBe(false);
  });

  it("reads the chosen positions as card types, ignoring positions the hand no longer has", () => {
    expect(chosenCards(HAND, [2, 0])).toEqual([FR, BB]);
    expect(chosenCards([FR], [0, 2])).toEqual([FR]);
  });

  it("finds the listed exchange of exactly the chosen cards", () => {
    expect(exchangeOf(intents, [FR])).toBe(LEGAL[9]);
    expect(exchangeOf(intents, [])).toBeNull();
    expect(exchangeOf(intents, [BB, BB])).toBeNull();
    const three = readIntents([{ t: "exchange", cards: [BB, FR] }]);
    expect(exchangeOf(three, [FR, BB])).toEqual({ t: "exchange", cards: [BB, FR] });
    expect(canChoose(three, HAND, [2], 0)).toBe(true);
  });
});

describe("reading the view", () => {
  it("takes the own hand and the public counts", () => {
    const m = readModel({
      game: "kardinal",
      you: 1,
      hand: [BB, FR],
      hands: [3, 2, 3],
      display: [LI, FR],
      deck: 30,
      discard: { frankreich: 1 },
      cloisters: { "bayern-1": 1 },
      cardinals: { bayern: [0, 2, 0] },
      supply: [{ cloisters: 20, cardinals: 8 }, { cloisters: 19, cardinals: 6 }, { cloisters: 20, cardinals: 8 }],
      scores: [0, 4, 0],
      phase: "more",
      turn_country: "bayern",
      ending: false,
    } as unknown as View);
    expect(m.hand).toEqual([BB, FR]);
    expect(m.cloisters).toEqual({ "bayern-1": 1 });
    expect(m.cardinals.bayern).toEqual([0, 2, 0]);
    expect(m.supply[1]).toEqual({ cloisters: 19, cardinals: 6 });
    expect(m.turnCountry).toBe("bayern");
  });

  it("shows the last round only while it is played, not once the game is over", () => {
    const v = { game: "kardinal", you: null, hands: [0, 0, 0], ending: true, result: null } as unknown as View;
    expect(readModel(v).ending).toBe(true);
    expect(readModel({ ...v, result: { scores: [3, 2, 1], ranks: [1, 2, 3] } }).ending).toBe(false);
  });

  it("assumes nothing for a spectator: no hand, no seat", () => {
    const m = readModel({ game: "kardinal", you: null, hands: [3, 3, 3], deck: 30 } as unknown as View);
    expect(m.you).toBeNull();
    expect(m.hand).toEqual([]);
    expect(m.cloisters).toEqual({});
  });
});

describe("the latest moves on the map", () => {
  const placed = (seat: number, piece: string, country: string, space?: string) => ({
    code: "placed",
    args: { seat, cards: [FR], piece, country, ...(space ? { space } : {}) },
  });
  const LOG = [
    { code: "start", args: { seat: 0 } },
    placed(0, "cloister", "frankreich", "frankreich-1"),
    { code: "drew_card", args: { seat: 0, card: FR } },
    placed(1, "cloister", "bayern", "bayern-1"),
    placed(1, "cardinal", "bayern"),
    { code: "drew_hidden", args: { seat: 1 } },
    { code: "revealed", args: { card: LI } },
    placed(2, "cloister", "italien", "italien-2"),
    { code: "drew_hidden", args: { seat: 2 } },
  ];

  it("marks what the others placed since my last action", () => {
    const r = recentPlacements(LOG, 0);
    expect([...r.spaces].sort()).toEqual(["bayern-1", "italien-2"]);
    expect([...r.countries]).toEqual(["bayern"]);
    // Seat 1 last acted before seat 2's move: only that one is new to it.
    expect([...recentPlacements(LOG, 1).spaces]).toEqual(["italien-2"]);
  });

  it("shows a spectator the latest turn only, and nothing for an empty log", () => {
    const r = recentPlacements(LOG, null);
    expect([...r.spaces]).toEqual(["italien-2"]);
    expect(r.countries.size).toBe(0);
    expect(recentPlacements(undefined, 0).spaces.size).toBe(0);
  });
});
