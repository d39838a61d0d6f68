// Stone Age speaks Japanese and English: every log code the engine can emit, the
// intents' button labels, the view's words and the options.
import { afterEach, describe, expect, it } from "vitest";
import { labels } from "../src/games/stone_age/strings";
import { dictionaries, lang, logLine, type Lang } from "../src/i18n";

// The `_log(s, "…")` calls of server/games/stone_age/game.py (listed by a one-off grep).
const CODES = [
  "agriculture_now", "build", "buy_card", "decline", "dice_for_everyone", "die", "extra_card", "feed",
  "feed_resources", "gain", "game_end", "people_now", "place", "refill", "resolve", "roll", "round", "starve",
  "take_resources", "tools", "tools_now",
];

// One entry per code, taken from random games played by the Python engine (a one-off script).
const SAMPLES = [
  { code: "agriculture_now", args: { seat: 0, agriculture: 2 } },
  { code: "build", args: { seat: 1, building: "BLD_ANY_1_7", pay: { wood: 1 }, points: 3 } },
  { code: "build", args: { seat: 0, building: "BLD_WWB", pay: { wood: 2, brick: 1 }, points: 10 } },
  { code: "buy_card", args: { seat: 0, card: "C03", slot: 1, pay: { brick: 1 } } },
  { code: "decline", args: { seat: 1, space: "card_2" } },
  { code: "dice_for_everyone", args: { seat: 1, dice: [2, 4] } },
  { code: "die", args: { seat: 1, face: 2, reward: "brick" } },
  { code: "die", args: { seat: 1, face: 6, reward: "" } },
  { code: "extra_card", args: { seat: 0 } },
  { code: "feed", args: { seat: 1, food: 6 } },
  { code: "feed", args: { seat: 1, food: 2, short: 3 } },
  { code: "feed_resources", args: { seat: 1, pay: { brick: 4, stone: 3 } } },
  { code: "gain", args: { seat: 1, good: "brick", amount: 1, total: 7 } },
  { code: "game_end", args: { reason: "cards", scores: [127, 234] } },
  { code: "people_now", args: { seat: 1, people: 6 } },
  { code: "place", args: { seat: 1, space: "hut", people: 2 } },
  { code: "refill", args: { cards: 1, deck: 31 } },
  { code: "resolve", args: { seat: 1, space: "tool_maker" } },
  { code: "roll", args: { seat: 1, space: "clay_pit", good: "brick", dice: [6, 3] } },
  { code: "roll", args: { seat: 1, space: "C02", good: "gold", dice: [1, 5] } },
  { code: "round", args: { round: 1, start: 1 } },
  { code: "starve", args: { seat: 1, points: 10 } },
  { code: "take_resources", args: { seat: 1, gain: { wood: 1, stone: 1 } } },
  { code: "tools", args: { seat: 1, tools: [1], one_use: [3] } },
  { code: "tools_now", args: { seat: 1, tools: [1] } },
];

// One legal intent per tag, from the same games.
const INTENTS: Record<string, unknown>[] = [
  { t: "build", wood: 1, brick: 0, stone: 0, gold: 0 },
  { t: "buy_card", wood: 0, brick: 0, stone: 1, gold: 0 },
  { t: "decline" },
  { t: "feed", wood: 2, brick: 4, stone: 1, gold: 0 },
  { t: "pick_die", face: 2 },
  { t: "place", space: "hunting_grounds", people: 1 },
  { t: "resolve", space: "clay_pit" },
  { t: "starve" },
  { t: "take_resources", wood: 2, brick: 0, stone: 0, gold: 0 },
  { t: "use_tools", tools: [], one_use: [] },
];


const names = (n: number) => ["Ada", "Ben", "Cleo", "Dai"][n];
const LANGS: Lang[] = ["en", "ja"];
const unreadable = /\{\w+\}|\[object|undefined|NaN|BLD_|_/;

afterEach(() => lang.set("en"));

describe("stone_age strings", () => {
  it("every log code has a Japanese and an English line", () => {
    for (const code of CODES) {
      for (const l of LANGS) expect(dictionaries[l][`log.stone_age.${code}`], `${l} ${code}`).toBeTruthy();
    }
    expect(new Set(SAMPLES.map((s) => s.code))).toEqual(new Set(CODES));
  });

  it("renders each sample entry in both languages, with names and words, not raw data", () => {
    for (const e of SAMPLES) {
      lang.set("en");
      const en = logLine("stone_age", e, names);
      lang.set("ja");
      const ja = logLine("stone_age", e, names);
      for (const line of [en, ja]) expect(line, `${e.code}: ${line}`).not.toMatch(unreadable);
      expect(ja, e.code).not.toBe(en);
      if ("seat" in e.args) expect(en).toContain(names(e.args.seat as number));
    }
    lang.set("en");
    expect(logLine("stone_age", SAMPLES[1], names)).toContain("1 wood");
    expect(logLine("stone_age", SAMPLES[2], names)).toContain("wood+wood+brick");
    // Card descriptions, not ids ("C03"); "1 card" / "2 cards"; sentences.
    expect(logLine("stone_age", SAMPLES[3], names)).toBe(
      "Ada buys the civilization card “5 food · medicine” from slot 1 with 1 brick.",
    );
    expect(logLine("stone_age", SAMPLES[19], names)).toBe("Ben rolls for gold with a civilization card: 1, 5 (= 6).");
    expect(logLine("stone_age", SAMPLES[18], names)).toBe("Ben rolls for brick at the clay pit: 6, 3 (= 9).");
    expect(logLine("stone_age", SAMPLES[16], names)).toBe("The display gets 1 new civilization card; 31 cards remain in the deck.");
    expect(logLine("stone_age", { code: "refill", args: { cards: 3, deck: 1 } }, names)).toBe(
      "The display gets 3 new civilization cards; 1 card remains in the deck.",
    );
    expect(logLine("stone_age", SAMPLES[2], names)).toContain("and scores 10 points.");
    expect(logLine("stone_age", { code: "people_now", args: { seat: 0, people: 1 } }, names)).toBe("Ada now has 1 person.");
    expect(logLine("stone_age", SAMPLES[5], names)).toBe("Ben rolls the dice for everyone: 2, 4 (= 6).");
    expect(logLine("stone_age", SAMPLES[6], names)).toBe("Ben takes the die showing 2 and gets brick.");
    expect(logLine("stone_age", SAMPLES[10], names)).toBe("Ben feeds the people with 2 food but is 3 food short.");
    for (const e of SAMPLES) {
      for (const l of LANGS) {
        lang.set(l);
        expect(logLine("stone_age", e, names), `${l} ${e.code}`).not.toMatch(/\bC\d\d\b|\(s\)/);
      }
    }
    lang.set("ja");
    expect(logLine("stone_age", SAMPLES[3], names)).toBe("Adaがレンガ1個を払って1番目の文明カード「食料5個・医療」を獲得。");
    expect(logLine("stone_age", SAMPLES[16], names)).toBe("文明カードを1枚補充しました。山札の残りは31枚です。");
    expect(logLine("stone_age", SAMPLES[14], names)).toBe("Benの人間コマが6個になりました。");
    expect(logLine("stone_age", SAMPLES[15], names)).toContain("家");
    expect(logLine("stone_age", SAMPLES[15], names)).toContain("人間コマ2個");
  });

  it("labels every intent and its group in both languages", () => {
    const view = { you: 0, players: [{ tools: [{ value: 2, used: false }] }] };
    for (const l of LANGS) {
      lang.set(l);
      for (const intent of INTENTS) {
        const label = labels.intent!(intent, view, names);
        expect(label, JSON.stringify(intent)).toBeTruthy();
        expect(label!, JSON.stringify(intent)).not.toMatch(/\{|"|\[object|undefined|_/);
        expect(labels.group!(String(intent.t)), String(intent.t)).toBeTruthy();
      }
    }
  });

  it("says what a tool choice yields", () => {
    const view = {
      you: 1,
      players: [{ tools: [] }, { tools: [{ value: 2, used: false }, { value: 1, used: true }] }],
      pending: { kind: "gather", seat: 1, space: "forest", good: "wood", divisor: 3, dice: [4, 3] },
    };
    lang.set("en");
    expect(labels.intent!({ t: "use_tools", tools: [0], one_use: [3] }, view, names)).toBe(
      "+5 (2 + one-use 3): 12 → 4 wood",
    );
    expect(labels.intent!({ t: "use_tools", tools: [], one_use: [] }, view, names)).toBe("No tools: 7 → 2 wood");
    lang.set("ja");
    expect(labels.intent!({ t: "build", wood: 2, brick: 1, stone: 0, gold: 0 }, view, names)).toBe(
      "木材2個、レンガ1個を払う",
    );
  });

  it("names the view's keys and words", () => {
    expect(labels.perSeat!("players")).toBe(true);
    expect(labels.perSeat!("log")).toBe(false);
    lang.set("ja");
    expect(labels.key!("hunting_grounds")).toBe("狩場");
    expect(labels.key!("agriculture")).toBe("農耕地");
    expect(labels.value!("phase", "place", names)).toContain("人間コマの配置");
    expect(labels.value!("turn", 2, names)).toBe("Cleo");
    expect(labels.value!("display", "C04", names)).toContain("好きな資源2個");
    lang.set("en");
    expect(labels.key!("card_3")).toContain("costs 3");
    expect(labels.value!("top", "BLD_5R2K", names)).toBe("a building (5 resources of 2 kinds)");
    expect(labels.value!("score", 12, names)).toBeNull();
    expect(labels.compact!("tools", [{ value: 2, used: false }, { value: 1, used: true }], names)).toBe("2, 1 (used)");
  });
});
