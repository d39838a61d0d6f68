// The expansions in the browser: pieces read from the view, the piece chosen to a
// listed intent, the King/Robber Baron holders and goods, a symbol for every catalogue
// flag, and the words of the options and the new log codes in both languages.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dictionaries, lang, logLine } from "../../i18n";
import type { OptionSpec } from "../../store";
import { optionWords } from "../../ui/options";
import { geometry, symbols, tileIndex } from "./geometry";
import {
  chosenPiece,
  dragonIntent,
  dragonSteps,
  fairyIntent,
  fairyTargets,
  legalChoices,
  legalPieces,
  meepleIntent,
  princessIntent,
  princessTargets,
  readIntents,
  readModel,
  scorePops,
  spotsFor,
  throughPortal,
} from "./model";
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
  it("shows a table's options in the words the server describes them with", () => {
    const described: OptionSpec[] = [
      { key: "fluss", kind: "bool", default: false, label: { en: "River", ja: "追加キット−川−" } },
      { key: "koenig", kind: "bool", default: false, label: { en: "King & Robber Baron", ja: "追加キット−王と斥候−" } },
      {
        key: "dragon_timing",
        kind: "choice",
        default: "before_scoring",
        label: { en: "The dragon walks", ja: "ドラゴンが動く時" },
        choices: [
          { value: "after_scoring", label: { en: "after the tile's scoring", ja: "得点計算の後" } },
          { value: "before_scoring", label: { en: "before the tile's scoring", ja: "得点計算の前" } },
        ],
      },
      { key: "map", kind: "text", default: "m", label: { en: "Map", ja: "地図" }, hidden: true },
    ];
    lang.set("en");
    expect(optionWords({ fluss: true, koenig: false, dragon_timing: "after_scoring", map: "x" }, described)).toEqual([
      { key: "fluss", text: "River" },
      { key: "dragon_timing", text: "The dragon walks: after the tile's scoring" },
    ]);
    expect(optionWords({ dragon_timing: "before_scoring" }, described)).toEqual([]); // the default
    lang.set("ja");
    expect(optionWords({ koenig: true, dragon_timing: "after_scoring" }, described).map((w) => w.text)).toEqual([
      "追加キット−王と斥候−",
      "ドラゴンが動く時：得点計算の後",
    ]);
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
      "Ada takes goods: 1 wine and 2 cloth.",
      "Ben's builder brings an extra tile.",
      "Ada scores 10 points for the King.",
      "Ben scores 6 points for the Robber Baron.",
      "Ada and Ben score 10 points for the most wine.",
      "Ada scores 8 points for a road with an inn.",
      "Ada scores 12 points for a city with a cathedral.",
      "Ada puts a large follower on a city.",
    ]);
    expect(ja[0]).toBe("Adaが王を獲得（5タイルの都市）。");
    expect(ja[2]).toBe("Adaが商品を獲得: ワイン×1、布×2。");
    expect(ja[4]).toBe("Adaが王で10点を獲得。");
    expect(ja[6]).toBe("Ada、Benがワインの最多で10点を獲得。");
  });
});

describe("Princess & Dragon: the figures and the walk from the view", () => {
  it("reads the dragon, the fairy, the walk and the tiles set aside", () => {
    const m = readModel({
      tiles: [],
      phase: "dragon",
      dragon: { x: 2, y: -1 },
      fairy: { x: 0, y: 0, feature: "c1" },
      dragon_walk: { steps_left: 4, visited: [{ x: 1, y: -1 }, { x: 2, y: -1 }] },
      set_aside: 2,
    });
    expect(m.dragon).toEqual({ x: 2, y: -1 });
    expect(m.fairy).toEqual({ x: 0, y: 0, feature: "c1" });
    expect(m.walk).toEqual({ stepsLeft: 4, visited: [{ x: 1, y: -1 }, { x: 2, y: -1 }] });
    expect(m.setAside).toBe(2);
    expect(m.phase).toBe("dragon");
  });
  it("tells off the board (null) from not in this game (undefined)", () => {
    const on = readModel({ tiles: [], dragon: null, fairy: null, dragon_walk: null, set_aside: 0 });
    expect(on.dragon).toBeNull();
    expect(on.fairy).toBeNull();
    expect(on.walk).toBeNull();
    expect(on.setAside).toBe(0);
    const off = readModel({ tiles: [] });
    expect(off.dragon).toBeUndefined();
    expect(off.fairy).toBeUndefined();
    expect(off.setAside).toBeNull();
    // fairy_on "tile": no feature key; "follower" beside nobody: feature null.
    expect(readModel({ tiles: [], fairy: { x: 1, y: 2 } }).fairy).toEqual({ x: 1, y: 2 });
    expect(readModel({ tiles: [], fairy: { x: 1, y: 2, feature: null } }).fairy).toEqual({ x: 1, y: 2, feature: null });
  });
});

describe("Princess & Dragon: clicks to listed intents", () => {
  it("lights the dragon's steps and sends the listed step", () => {
    const legal = [
      { t: "dragon", x: 0, y: 1 },
      { t: "dragon", x: 1, y: 0 },
      { t: "dragon", x: -1, y: 0 },
    ];
    const intents = readIntents(legal);
    // Not mistaken for tile placements, though they have x and y.
    expect(intents.place).toEqual([]);
    expect(dragonSteps(intents).map((d) => [d.x, d.y])).toEqual([[0, 1], [1, 0], [-1, 0]]);
    expect(dragonIntent(intents, 1, 0)).toBe(legal[1]);
    expect(dragonIntent(intents, 0, -1)).toBeNull();
    for (const d of dragonSteps(intents)) expect(legal).toContain(dragonIntent(intents, d.x, d.y));
  });
  it("rings the princess's knights, with no piece to choose, and sends the listed removal", () => {
    const legal = [
      { t: "princess", x: 0, y: 0, feature: "c1" },
      { t: "princess", x: 1, y: 0, feature: "c2" },
    ];
    const intents = readIntents(legal);
    // Not mistaken for meeple intents, though they have a feature.
    expect(intents.meeple).toEqual([]);
    expect(legalChoices(intents)).toEqual([]);
    expect(intents.skip).toBeNull();
    expect(princessTargets(intents).map((p) => `${p.x},${p.y},${p.feature}`)).toEqual(["0,0,c1", "1,0,c2"]);
    expect(princessIntent(intents, 1, 0, "c2")).toBe(legal[1]);
    expect(princessIntent(intents, 1, 0, "c1")).toBeNull();
  });
  it("offers the fairy beside the pieces and sends the listed move (tile mode)", () => {
    const legal = [
      { t: "meeple", feature: "c1" },
      { t: "fairy", x: 0, y: 0 },
      { t: "fairy", x: 2, y: -1 },
      { t: "pass" },
    ];
    const intents = readIntents(legal);
    expect(intents.place).toEqual([]);
    expect(legalPieces(intents)).toEqual(["follower"]);
    expect(legalChoices(intents)).toEqual(["follower", "fairy"]);
    // The follower stays the default; the fairy once chosen.
    expect(chosenPiece(intents, null)).toBe("follower");
    expect(chosenPiece(intents, "fairy")).toBe("fairy");
    expect(spotsFor(intents, "fairy")).toEqual([]);
    const to = fairyTargets(intents);
    expect(to.tiles.map((f) => [f.x, f.y])).toEqual([[0, 0], [2, -1]]);
    expect(to.followers).toEqual([]);
    expect(fairyIntent(intents, 2, -1)).toBe(legal[2]);
    expect(fairyIntent(intents, 1, 1)).toBeNull();
    expect(intents.skip).toBe(legal[3]);
  });
  it("chooses the fairy by default when no piece may be deployed (a volcano)", () => {
    const intents = readIntents([{ t: "fairy", x: 0, y: 0 }, { t: "pass" }]);
    expect(legalChoices(intents)).toEqual(["fairy"]);
    expect(chosenPiece(intents, null)).toBe("fairy");
  });
  it("moves the fairy beside one follower (follower mode)", () => {
    const legal = [
      { t: "fairy", x: 0, y: 0, feature: "r1" },
      { t: "fairy", x: 0, y: 0, feature: "f2" },
      { t: "pass" },
    ];
    const intents = readIntents(legal);
    expect(intents.meeple).toEqual([]);
    const to = fairyTargets(intents);
    expect(to.tiles).toEqual([]);
    expect(to.followers.map((f) => f.feature)).toEqual(["r1", "f2"]);
    expect(fairyIntent(intents, 0, 0, "f2")).toBe(legal[1]);
    expect(fairyIntent(intents, 0, 0)).toBeNull();
  });
  it("shows portal targets on other tiles for the chosen piece only, and sends the exact intent", () => {
    const legal = [
      { t: "meeple", feature: "c1" },
      { t: "meeple", feature: "c1", piece: "large" },
      { t: "meeple", feature: "r1", x: 3, y: -1 },
      { t: "meeple", feature: "r1", piece: "large", x: 3, y: -1 },
      { t: "meeple", feature: "c1", x: 0, y: 0 },
      { t: "pass" },
    ];
    const intents = readIntents(legal);
    const last = { x: 1, y: 0 };
    const follower = spotsFor(intents, "follower");
    expect(follower.map((m) => [m.feature, m.x, m.y])).toEqual([["c1", null, null], ["r1", 3, -1], ["c1", 0, 0]]);
    expect(follower.filter((m) => throughPortal(m, last)).map((m) => `${m.x},${m.y}`)).toEqual(["3,-1", "0,0"]);
    expect(spotsFor(intents, "large").map((m) => m.intent)).toEqual([legal[1], legal[3]]);
    // A click on the far tile's spot sends that listed intent, x and y included.
    expect(meepleIntent(intents, "r1", "follower", 3, -1)).toBe(legal[2]);
    expect(meepleIntent(intents, "r1", "large", 3, -1)).toBe(legal[3]);
    expect(meepleIntent(intents, "c1", "follower", 0, 0)).toBe(legal[4]);
    expect(meepleIntent(intents, "r1", "follower", 0, 0)).toBeNull();
    // The spot on the placed tile itself is no portal target.
    expect(throughPortal(follower[0], last)).toBe(false);
    expect(throughPortal({ ...follower[1], x: 1, y: 0 }, last)).toBe(false);
  });
});

describe("Princess & Dragon in words", () => {
  it("words every new log code and the fairy's score in both languages", () => {
    const names = (n: number) => ["Ada", "Ben"][n];
    const entries = [
      { code: "dragon_placed", args: { seat: 0, x: 2, y: 1 } },
      { code: "dragon_moved", args: { seat: 1, x: 3, y: 1 } },
      { code: "eaten", args: { seat: 0, x: 3, y: 1, feature: "f1", piece: "large" } },
      { code: "princess", args: { seat: 1, victim: 0, x: 0, y: 0, feature: "c1" } },
      { code: "fairy_moved", args: { seat: 0, x: 1, y: 1 } },
      { code: "score", args: { seats: [0], points: 3, kind: "fairy", x: 1, y: 1 } },
      { code: "set_aside", args: { tile: "pd.city1_dragon" } },
      { code: "reshuffled", args: { count: 3 } },
      { code: "piece_returned", args: { seat: 1, x: 0, y: 0, feature: "r1", piece: "builder" } },
    ];
    const out: Record<string, string[]> = { en: [], ja: [] };
    for (const l of ["en", "ja"] as const) {
      lang.set(l);
      for (const e of entries) {
        const line = logLine("carcassonne", e, names);
        expect(line, `${l} ${e.code}`).not.toMatch(/[{}]|_placed|_moved|_aside|reshuffled|_returned|\(seat/);
        out[l].push(line);
      }
    }
    lang.set("en");
    expect(out.en).toEqual([
      "Ada places a volcano; the dragon flies there.",
      "Ben moves the dragon.",
      "The dragon eats Ada's large follower.",
      "Ben's princess sends Ada's knight home.",
      "Ada moves the fairy.",
      "Ada scores 3 points for the fairy.",
      "A dragon tile is set aside until a volcano brings the dragon.",
      "The dragon is here: 3 tiles set aside are shuffled back into the pile.",
      "Ben's builder goes home: no follower of theirs is left beside it.",
    ]);
    expect(out.ja[2]).toBe("ドラゴンがAdaの大きな部下を食べました。");
    expect(out.ja[3]).toBe("Benの王女がAdaの騎士を手元に戻しました。");
    // No board coordinates in lines meant for players, in either language.
    for (const line of [...out.en, ...out.ja]) expect(line).not.toMatch(/\(-?\d+, -?\d+\)/);
  });
  it("has words for the options, hints and refusals in both languages", () => {
    const keys = [
      "carc.piece.fairy",
      "carc.set_aside",
      "carc.dragon_steps",
      "carc.dragon_hint",
      "carc.dragon_wait",
      "carc.princess_hint",
      "carc.fairy_hint",
      "carc.portal_hint",
      ...["volcano_tile", "portal_target", "feature_completed", "princess_required", "princess_target", "bad_fairy_move", "no_dragon_step"].map(
        (c) => `err.${c}`,
      ),
    ];
    for (const k of keys) {
      expect(dictionaries.en[k], k).toBeTruthy();
      expect(dictionaries.ja[k], k).toBeTruthy();
      expect(dictionaries.ja[k], k).not.toBe(dictionaries.en[k]);
    }
    expect(Object.keys(dictionaries.ja).sort()).toEqual(Object.keys(dictionaries.en).sort());
  });
});

describe("score bubbles", () => {
  const placed = { code: "tile_placed", args: { x: 1, y: 0 } };
  const score = (args: Record<string, unknown>) => ({ code: "score", args: { x: 1, y: 0, feature: "c1", seats: [0], ...args } });

  it("shows what the latest turn scored, not an earlier turn's", () => {
    const log = [placed, score({ points: 4 }), placed, score({ points: 3, kind: "road" })];
    expect(scorePops(log, false).map((p) => p.points)).toEqual([3]);
  });

  it("shows no bubble of 0 points, nor one that pays nobody", () => {
    const log = [placed, score({ points: 0, inn: true }), score({ points: 5, seats: [] }), score({ points: 2 })];
    expect(scorePops(log, false).map((p) => p.points)).toEqual([2]);
  });

  it("shows none of the final scoring, and none once the game is over", () => {
    const log = [placed, score({ points: 4 }), { code: "final_scoring" }, score({ points: 3, final: true }), score({ points: 0, final: true })];
    expect(scorePops(log, false).map((p) => p.points)).toEqual([4]);
    expect(scorePops(log, true)).toEqual([]);
  });
});
