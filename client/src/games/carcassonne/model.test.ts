// The expansions in the browser: pieces read from the view, the piece chosen to a
// listed intent, the King/Robber Baron holders and goods, a symbol for every catalogue
// flag, and the words of the options and the new log codes in both languages.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dictionaries, lang, logLine } from "../../i18n";
import { optionWords } from "../../ui/options";
import { geometry, symbols, tileIndex } from "./geometry";
import { chosenPiece, legalPieces, meepleIntent, readIntents, readModel, spotsFor } from "./model";
import "./strings";

const reference = JSON.parse(readFileSync(new URL("../../../../server/games/carcassonne/tiles.json", import.meta.url), "utf8"));
const tiles = [...new Set(tileIndex(reference).values())];

describe("pieces on the board", () => {
  it("reads the piece of each placed meeple (none: an ordinary follower)", () => {
    const m = readModel({
      tiles: [
        {
          x: 0,
          y: 0,
          r: 0,
          tile: "base.city1_road_straight",
          meeples: [
            { seat: 0, feature: "c1" },
            { seat: 1, feature: "r1", piece: "large" },
            { seat: 2, feature: "f1", piece: "pig" },
            { seat: 3, feature: "r1", piece: "builder" },
          ],
        },
      ],
    });
    expect(m.tiles[0].meeples.map((p) => p.kind)).toEqual(["follower", "large", "pig", "builder"]);
  });
});

describe("choosing the piece", () => {
  const legal = [
    { t: "meeple", feature: "c1" },
    { t: "meeple", feature: "c1", piece: "large" },
    { t: "meeple", feature: "r1" },
    { t: "meeple", feature: "r1", piece: "large" },
    { t: "meeple", feature: "f1", piece: "pig" },
    { t: "meeple", feature: "r2", piece: "builder" },
    { t: "pass" },
  ];
  const intents = readIntents(legal);
  it("offers only the pieces that have a listed intent, the ordinary follower first", () => {
    expect(legalPieces(intents)).toEqual(["follower", "large", "builder", "pig"]);
    expect(legalPieces(readIntents([{ t: "meeple", feature: "c1" }, { t: "pass" }]))).toEqual(["follower"]);
    expect(legalPieces(readIntents([{ t: "meeple", feature: "c1", piece: "large" }]))).toEqual(["large"]);
  });
  it("defaults to the ordinary follower, and keeps a choice while it is listed", () => {
    expect(chosenPiece(intents, null)).toBe("follower");
    expect(chosenPiece(intents, "large")).toBe("large");
    expect(chosenPiece(readIntents([{ t: "meeple", feature: "c1", piece: "large" }]), "pig")).toBe("large");
    expect(chosenPiece(readIntents([{ t: "pass" }]), null)).toBeNull();
  });
  it("shows the spots of the chosen piece and sends the listed intent, verbatim", () => {
    expect(spotsFor(intents, "follower").map((m) => m.feature)).toEqual(["c1", "r1"]);
    expect(spotsFor(intents, "large").map((m) => m.feature)).toEqual(["c1", "r1"]);
    expect(spotsFor(intents, "pig").map((m) => m.feature)).toEqual(["f1"]);
    expect(meepleIntent(intents, "c1", "large")).toBe(legal[1]);
    expect(meepleIntent(intents, "c1", "follower")).toBe(legal[0]);
    expect(meepleIntent(intents, "r2", "builder")).toBe(legal[5]);
    expect(meepleIntent(intents, "f1", "follower")).toBeNull();
    // Every spot shown for every piece sends an element of the legal list.
    for (const p of legalPieces(intents)) {
      for (const s of spotsFor(intents, p)) expect(legal).toContain(meepleIntent(intents, s.feature, p));
    }
  });
});

describe("holders, goods and supplies from the view", () => {
  it("reads the King, the Robber Baron, large followers, goods, builders and pigs", () => {
    const m = readModel({
      tiles: [],
      meeples: [6, 7, 5],
      large: [1, 0, 1],
      king: { seat: 2, size: 5 },
      robber: null,
      goods: [
        { wine: 1, grain: 0, cloth: 2 },
        { wine: 0, grain: 3, cloth: 0 },
        { wine: 0, grain: 0, cloth: 0 },
      ],
      builders: [1, 0, 1],
      pigs: [1, 1, 0],
      extra: true,
    });
    expect(m.followers).toEqual([6, 7, 5]);
    expect(m.large).toEqual([1, 0, 1]);
    expect(m.king).toEqual({ seat: 2, size: 5 });
    expect(m.robber).toBeNull();
    expect(m.goods?.[0]).toEqual({ wine: 1, grain: 0, cloth: 2 });
    expect(m.builders).toEqual([1, 0, 1]);
    expect(m.pigs).toEqual([1, 1, 0]);
    expect(m.extra).toBe(true);
  });
  it("leaves out what an option that is off does not send", () => {
    const m = readModel({ tiles: [], meeples: [7, 7] });
    expect(m.large).toBeNull();
    expect(m.king).toBeUndefined();
    expect(m.robber).toBeUndefined();
    expect(m.goods).toBeNull();
    expect(m.builders).toBeNull();
    expect(m.pigs).toBeNull();
    expect(m.extra).toBe(false);
  });
});

describe("a symbol for every catalogue flag", () => {
  const inBox = (p: [number, number]) => p[0] >= 0 && p[0] <= 100 && p[1] >= 0 && p[1] <= 100;
  it("covers the 75 expansion tiles", () => {
    expect(tiles.filter((t) => /^(ic|tb|kr|pd)\./.test(t.id))).toHaveLength(75);
  });
  it("draws each flag once, inside the tile", () => {
    for (const t of tiles) {
      const syms = symbols(t);
      const want: string[] = [];
      for (const c of t.cities) {
        if (c.shield) want.push("shield");
        if (c.cathedral) want.push("cathedral");
        else if (c.princess) want.push("princess");
        else if (c.goods) want.push(c.goods);
      }
      for (const r of t.roads) if (r.inn) want.push("inn");
      for (const k of ["volcano", "dragon", "magic_portal"] as const) if (t[k]) want.push(k);
      expect(syms.map((s) => s.sym).sort(), t.id).toEqual(want.sort());
      for (const s of syms) expect(inBox(s.at), `${t.id} ${s.sym}`).toBe(true);
    }
  });
  it("keeps the symbols of a city or road off the follower spots", () => {
    for (const t of tiles) {
      const g = geometry(t);
      for (const s of symbols(t)) {
        if (s.sym === "shield") continue;
        for (const [id, p] of Object.entries(g.anchors)) {
          const d = Math.hypot(p[0] - s.at[0], p[1] - s.at[1]);
          expect(d, `${t.id} ${s.sym} vs ${id}`).toBeGreaterThanOrEqual(13);
        }
      }
    }
  });
  it("keeps the symbols of a tile apart from each other", () => {
    for (const t of tiles) {
      const syms = symbols(t);
      for (let i = 0; i < syms.length; i++) {
        for (let j = i + 1; j < syms.length; j++) {
          const d = Math.hypot(syms[i].at[0] - syms[j].at[0], syms[i].at[1] - syms[j].at[1]);
          expect(d, `${t.id} ${syms[i].sym} vs ${syms[j].sym}`).toBeGreaterThanOrEqual(14);
        }
      }
    }
  });
  it("draws crossings apart: a bridge, crossing cities, a tunnel", () => {
    const by = (id: string) => tiles.find((t) => t.id === id)!;
    expect(geometry(by("kr.crossing_cities")).upper).toBe("c2");
    expect(Object.keys(geometry(by("pd.city2_opposite_tunnel_dragon")).tunnels)).toEqual(["r1"]);
    const bridge = geometry(by("tb.road_bridge")).anchors;
    expect(Math.hypot(bridge.r1[0] - bridge.r2[0], bridge.r1[1] - bridge.r2[1])).toBeGreaterThan(11);
    // Two enclosed fields get two places.
    const cross = geometry(by("kr.crossing_cities")).anchors;
    expect(cross.f1).not.toEqual(cross.f2);
  });
});

describe("words in both languages", () => {
  it("names every expansion option in English and Japanese", () => {
    for (const k of ["erweiterung", "haendler", "koenig", "drache"]) {
      expect(dictionaries.en[`opt.${k}`], k).toBeTruthy();
      expect(dictionaries.ja[`opt.${k}`], k).toBeTruthy();
      expect(dictionaries.ja[`opt.${k}`]).not.toBe(dictionaries.en[`opt.${k}`]);
    }
  });
  it("shows a table's expansions in words, and other options as typed", () => {
    const defaults = { fluss: false, erweiterung: false, koenig: false, two_tile_city_points: 2 };
    lang.set("en");
    expect(optionWords({ fluss: true, erweiterung: true, koenig: false, two_tile_city_points: 4 }, defaults)).toEqual([
      { key: "fluss", text: "River" },
      { key: "erweiterung", text: "Inns & Cathedrals" },
      { key: "two_tile_city_points", text: "two_tile_city_points=4" },
    ]);
    lang.set("ja");
    expect(optionWords({ koenig: true }, defaults)[0].text).toBe(dictionaries.ja["opt.koenig"]);
    lang.set("en");
  });
  it("words the new log codes without falling back to the code", () => {
    const names = (n: number) => ["Ada", "Ben"][n];
    const entries = [
      { code: "king_taken", args: { seat: 0, size: 5 } },
      { code: "robber_taken", args: { seat: 1, size: 4 } },
      { code: "goods_taken", args: { seat: 0, wine: 1, grain: 0, cloth: 2 } },
      { code: "builder_turn", args: { seat: 1 } },
      { code: "score", args: { seats: [0], points: 10, kind: "king" } },
      { code: "score", args: { seats: [1], points: 6, kind: "robber" } },
      { code: "score", args: { seats: [0, 1], points: 10, kind: "goods", good: "wine" } },
      { code: "score", args: { seats: [0], points: 8, kind: "road", inn: true } },
      { code: "score", args: { seats: [0], points: 12, kind: "city", cathedral: true } },
      { code: "meeple_placed", args: { seat: 0, kind: "city", piece: "large" } },
    ];
    const en: string[] = [];
    const ja: string[] = [];
    for (const l of ["en", "ja"] as const) {
      lang.set(l);
      for (const e of entries) {
        const line = logLine("carcassonne", e, names);
        expect(line, `${l} ${e.code}`).not.toMatch(/[{}]|_taken|_turn/);
        (l === "en" ? en : ja).push(line);
      }
    }
    lang.set("en");
    expect(en).toEqual([
      "Ada takes the King (a city of 5 tiles).",
      "Ben takes the Robber Baron (a road of 4 tiles).",
      "Ada takes goods: wine ×1, cloth ×2.",
      "Ben's builder brings an extra tile.",
      "Ada score 10 for the King.",
      "Ben score 6 for the Robber Baron.",
      "Ada, Ben score 10 for the most wine.",
      "Ada score 8 for a road with an inn.",
      "Ada score 12 for a city with a cathedral.",
      "Ada puts a large follower on a city.",
    ]);
    expect(ja[0]).toBe("Adaが王を獲得（5タイルの都市）。");
    expect(ja[6]).toBe("Ada, Benがワインの最多で10点を獲得。");
  });
});
