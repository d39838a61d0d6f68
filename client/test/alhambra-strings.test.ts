// Alhambra speaks Japanese and English: every log code the engine can emit, the
// intents' button labels, the view's words and the options.
import { afterEach, describe, expect, it } from "vitest";
import { readModel, statusParts } from "../src/games/alhambra/model";
import { labels } from "../src/games/alhambra/strings";
import { t } from "../src/i18n";
import { dictionaries, lang, logLine, type Lang } from "../src/i18n";

// The `Entry("…")` calls of server/games/alhambra/game.py (listed by a one-off grep).
const CODES = [
  "build", "buy", "dirk_draw", "game_end", "game_over", "gift", "leftover", "pass", "place", "reserve",
  "reshuffle", "scoring", "start_money", "start_player", "swap", "take", "unbuild",
];

// Entries taken from random games played by the Python engine (a one-off script), plus
// the variants of a few codes.
const SAMPLES = [
  { code: "build", args: { seat: 1, tile: "chambers_07_NE", x: 1, y: 0 } },
  { code: "buy", args: { seat: 1, tile: "chambers_07_NE", slot: 2, coins: [{ c: "blue", v: 9 }], exact: false } },
  { code: "buy", args: { seat: 0, tile: "garden_10_none", slot: 3, coins: [{ c: "green", v: 6 }, { c: "green", v: 4 }], exact: true } },
  { code: "dirk_draw", args: { n: 6, round: 0 } },
  { code: "dirk_draw", args: { n: 4, round: 2 } },
  { code: "game_end", args: {} },
  { code: "game_over", args: { scores: [92, 79] } },
  { code: "gift", args: { seat: 0, tile: "arcades_06_SW" } },
  { code: "leftover", args: { tile: "garden_10_none", slot: 0, seat: 0 } },
  { code: "leftover", args: { tile: "tower_13_ESW", slot: 1, seat: null } },
  { code: "pass", args: { seat: 1 } },
  { code: "place", args: { seat: 0, tile: "chambers_06_ES", x: 1, y: 0 } },
  { code: "reserve", args: { seat: 1, tile: "chambers_07_NE" } },
  { code: "reshuffle", args: { n: 55 } },
  { code: "scoring", args: { round: 1, points: [11, 4], buildings: [[0, 0, 0, 0, 2, 6], [0, 0, 0, 0, 0, 0]], walls: [3, 4], dirk: 11 } },
  { code: "start_money", args: { seat: 0, coins: [{ c: "yellow", v: 5 }, { c: "green", v: 2 }, { c: "orange", v: 8 }] } },
  { code: "start_player", args: { seat: 1 } },
  { code: "swap", args: { seat: 0, tile: "tower_11_none", old: "chambers_06_ES", x: 1, y: 0 } },
  { code: "take", args: { seat: 0, coins: [{ c: "orange", v: 2 }, { c: "green", v: 2 }] } },
  { code: "unbuild", args: { seat: 1, tile: "chambers_07_NE", x: 1, y: 0 } },
];

// Every intent tag (from the same games; `done` and `pass` from the README).
const INTENTS: Record<string, unknown>[] = [
  { t: "build", tile: "chambers_07_NE", x: 0, y: 1 },
  { t: "buy", slot: 2, values: [9] },
  { t: "dirk", tile: "chambers_07_NE" },
  { t: "place", tile: "chambers_07_NE", x: 0, y: 1 },
  { t: "reserve", tile: "chambers_07_NE" },
  { t: "swap", tile: "tower_11_none", x: 1, y: 0 },
  { t: "take", coins: [1] },
  { t: "unbuild", x: 1, y: 0 },
  { t: "done" },
  { t: "pass" },
];

const VIEW = {
  you: 0,
  market: ["pavilion_02_NEW", "seraglio_05_S", "chambers_07_NE", null],
  display: [{ c: "blue", v: 3 }, { c: "green", v: 2 }, { c: "yellow", v: 8 }],
  alhambras: [[[1, 0, "chambers_06_ES"]], []],
};


const names = (n: number) => ["Ada", "Ben", "Cleo"][n];
const LANGS: Lang[] = ["en", "ja"];
const unreadable = /\{\w+\}|\[object|undefined|NaN|_\d|null/;

afterEach(() => lang.set("en"));

describe("alhambra strings", () => {
  it("every log code has a Japanese and an English line", () => {
    for (const code of CODES) {
      for (const l of LANGS) expect(dictionaries[l][`log.alhambra.${code}`], `${l} ${code}`).toBeTruthy();
    }
    expect(new Set(SAMPLES.map((s) => s.code))).toEqual(new Set(CODES));
  });

  it("renders each sample entry in both languages, with names and words, not raw data", () => {
    for (const e of SAMPLES) {
      lang.set("en");
      const en = logLine("alhambra", e, names);
      lang.set("ja");
      const ja = logLine("alhambra", e, names);
      for (const line of [en, ja]) expect(line, `${e.code}: ${line}`).not.toMatch(unreadable);
      expect(ja, e.code).not.toBe(en);
    }
    lang.set("en");
    expect(logLine("alhambra", SAMPLES[18], names)).toBe("Ada takes 2 coins (orange 2, green 2).");
    expect(logLine("alhambra", SAMPLES[9], names)).toContain("nobody");
    expect(logLine("alhambra", SAMPLES[14], names)).toBe(
      "Scoring 1: Ada scores 11 points (wall 3), Ben scores 4 points (wall 4) and Dirk scores 11 points.",
    );
    // No board coordinates in the log: where in the Alhambra is on the board.
    expect(logLine("alhambra", SAMPLES[11], names)).toBe("Ada places Chambers 6 (walls E, S) in their Alhambra.");
    expect(logLine("alhambra", SAMPLES[0], names)).toBe("Ben builds Chambers 7 (walls N, E) from the reserve into their Alhambra.");
    expect(logLine("alhambra", SAMPLES[2], names)).toBe(
      "Ada buys Garden 10 (no walls) from the green slot with 2 coins (green 6, green 4), the exact price, and may take another action.",
    );
    expect(logLine("alhambra", { code: "dirk_draw", args: { n: 1, round: 1 } }, names)).toBe(
      "Dirk takes 1 tile from the bag after scoring 1.",
    );
    for (const e of SAMPLES) {
      for (const l of LANGS) {
        lang.set(l);
        expect(logLine("alhambra", e, names), `${l} ${e.code}`).not.toMatch(/\(-?\d+, -?\d+\)/);
      }
    }
    lang.set("ja");
    expect(logLine("alhambra", SAMPLES[7], names)).toContain("アーケード6（城壁: 南、西）");
    expect(logLine("alhambra", SAMPLES[11], names)).toBe("Adaが住居6（城壁: 東、南）をアルハンブラに配置。");
    expect(logLine("alhambra", SAMPLES[14], names)).toBe("第1回得点計算: Ada 11点（城壁3）、Ben 4点（城壁4）、Dirk 11点");
  });

  it("labels every intent and its group in both languages", () => {
    for (const l of LANGS) {
      lang.set(l);
      for (const intent of INTENTS) {
        const label = labels.intent!(intent, VIEW, names);
        expect(label, JSON.stringify(intent)).toBeTruthy();
        expect(label!, JSON.stringify(intent)).not.toMatch(/\{|"|\[object|undefined|_|\?/);
        expect(labels.group!(String(intent.t)), String(intent.t)).toBeTruthy();
      }
    }
  });

  it("says which coins and tiles a button means", () => {
    lang.set("en");
    expect(labels.intent!({ t: "take", coins: [0, 1] }, VIEW, names)).toBe("Take 2 coins (blue 3, green 2)");
    expect(labels.intent!({ t: "buy", slot: 2, values: [5, 3] }, VIEW, names)).toBe(
      "Chambers 7 (walls N, E) for 2 coins (blue 5, blue 3)",
    );
    expect(labels.intent!({ t: "unbuild", x: 1, y: 0 }, VIEW, names)).toBe(
      "Chambers 6 (walls E, S) at (1, 0) → reserve",
    );
    lang.set("ja");
    expect(labels.intent!({ t: "take", coins: [2] }, VIEW, names)).toBe("黄色8を取る");
  });

  it("names the view's keys and words", () => {
    expect(labels.perSeat!("reserves")).toBe(true);
    expect(labels.perSeat!("log")).toBe(false);
    lang.set("ja");
    expect(labels.key!("reserves")).toBe("リザーブ");
    expect(labels.value!("market", "garden_10_none", names)).toBe("庭園10（城壁なし）");
    expect(labels.compact!("hand", [{ c: "green", v: 4 }, { c: "orange", v: 1 }], names)).toBe("緑4、オレンジ1");
    lang.set("en");
    expect(labels.value!("turn", 1, names)).toBe("Ben");
    expect(labels.compact!("alhambras", [2, -1, "tower_13_ESW"], names)).toBe("(2, -1) Tower 13 (walls E, S, W)");
    expect(labels.value!("bag", 40, names)).toBeNull();
  });
});

describe("the status line under the money", () => {
  const status = (view: Record<string, unknown>, name = "Ben") =>
    statusParts(readModel({ you: 0, turn: 0, round: 0, phase: "action", scores: [0, 0], ...view }), name)
      .map((p) => t(p.key, p.args))
      .join(t("al.status.sep"));

  it("says which scoring is done and whose move it is, as a player would", () => {
    lang.set("en");
    expect(status({ round: 1 })).toBe("1st scoring done · your move");
    expect(status({ round: 0, turn: 1 })).toBe("Before the 1st scoring · Ben to move");
    expect(status({ round: 2, turn: 1, phase: "placement" })).toBe("2nd scoring done · Ben places the tiles bought");
    expect(status({ round: 1, extra: true })).toBe("1st scoring done · your extra action (exact payment)");
    expect(status({ round: 3, phase: "over" })).toBe("Game over after the final scoring");
    lang.set("ja");
    expect(status({ round: 1 })).toBe("第1回得点計算済み・あなたの手番");
    expect(status({ round: 0, turn: 1 })).toBe("第1回得点計算の前・Benの手番");
    expect(status({ round: 2, phase: "placement" })).toBe("第2回得点計算済み・購入したタイルを配置してください");
  });

  it("has every wording in both languages, none of them the engine's bare words", () => {
    const views = [
      ...[0, 1, 2].flatMap((round) =>
        ["action", "placement", "leftover"].flatMap((phase) =>
          [0, 1].flatMap((turn) => [false, true].map((extra) => ({ round, phase, turn, extra }))),
        ),
      ),
      { round: 3, phase: "over" },
    ];
    for (const l of LANGS) {
      lang.set(l);
      for (const v of views) {
        for (const p of statusParts(readModel({ you: 0, scores: [0, 0], ...v }), "Ben")) {
          expect(dictionaries[l][p.key], `${l} ${p.key}`).toBeTruthy();
        }
        const line = status(v);
        expect(line, JSON.stringify(v)).not.toMatch(/Scorings done|of 3|· action$|\{|al\./);
      }
    }
  });
});

describe("Dirk's points on the board", () => {
  // The view's dirk_score adds up what Dirk would have scored in each scoring so far
  // (server/games/alhambra/game.py); it is no forecast of a scoring made now.
  it("are named as the sum of the scorings so far, not counted", () => {
    lang.set("en");
    expect(t("al.ui.dirk_points", { n: 167 })).toBe("167 points from the scorings so far (not counted)");
    lang.set("ja");
    expect(t("al.ui.dirk_points", { n: 167 })).toBe("これまでの得点計算で167点相当（順位には数えません）");
  });
});
