// Kingsburg speaks Japanese and English: every log code the engine can emit, the
// intents' button labels, the view's words and the options; every advisor, building,
// enemy type and phase by name. Numbers, costs and help come from the catalogue.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { PHASES, readCatalogue } from "../src/games/kingsburg/model";
import { knowCatalogue, labels } from "../src/games/kingsburg/strings";
import { dictionaries, lang, logLine, type Lang } from "../src/i18n";
import { kingsburgCatalogue } from "./catalogues";

// The `_log(s, "…")` calls of server/games/kingsburg/game.py (a one-off grep), with the
// computed ones spelled out: f"battle_{result}" and "aid_goods_taken" / "reward_goods".
const CODES = [
  "start", "year", "aid_die", "aid_goods", "aid_goods_taken", "season", "neutral", "merchants_guild", "roll",
  "statue", "chapel", "turn_order", "influence", "pass", "help", "help_none", "build", "inn", "embassy",
  "town_hall", "kings_reward", "envoy_returned", "envoy", "envoy_none", "recruit", "enemy", "kings_die",
  "battle_win", "battle_draw", "battle_loss", "reward", "reward_goods", "fortress", "strongest", "penalty",
  "penalty_goods", "cathedral", "game_over",
];

// Entries taken from random games played by the Python engine (a one-off script); the
// rarer ones (cathedral, embassy, fortress, merchants_guild, reward_goods, a penalty with a
// destroyed building, help that costs) written after the engine's `_log` calls.
const SAMPLES = [
  { code: "aid_die", args: { seat: 0 } },
  { code: "aid_goods", args: { seats: [0, 1] } },
  { code: "aid_goods_taken", args: { seat: 1, wood: 1 } },
  { code: "battle_draw", args: { seat: 0, combat: 6 } },
  { code: "battle_loss", args: { seat: 0, combat: 6 } },
  { code: "battle_win", args: { seat: 0, combat: 5 } },
  { code: "build", args: { seat: 1, building: "palisade", envoy: false, wood: 2 } },
  { code: "build", args: { seat: 1, building: "chapel", envoy: true, gold: 3, stone: 1 } },
  { code: "cathedral", args: { seat: 0, vp: 3 } },
  { code: "chapel", args: { seat: 0, dice: [6, 5, 6] } },
  { code: "embassy", args: { seat: 1 } },
  { code: "enemy", args: { enemy: "y1_barbarians_2" } },
  { code: "envoy", args: { seat: 0 } },
  { code: "envoy_none", args: {} },
  { code: "envoy_returned", args: { seat: 0 } },
  { code: "fortress", args: { seat: 1 } },
  { code: "game_over", args: { scores: [4, 9] } },
  { code: "help", args: { seat: 1, advisor: 12, gold: 1, wood: 1, plus2: 1 } },
  { code: "help", args: { seat: 0, advisor: 6, wood: 1, stone: 1, paid: { gold: 1 } } },
  { code: "help", args: { seat: 0, advisor: 14, gold: 3, vp_paid: 1 } },
  { code: "help", args: { seat: 0, advisor: 10, soldiers: 2, peek: true } },
  { code: "help_none", args: { seat: 1, advisor: 6 } },
  { code: "influence", args: { seat: 1, advisor: 12, envoy: false } },
  { code: "inn", args: { seat: 1, plus2: 1 } },
  { code: "kings_die", args: { seat: 0, die: 4 } },
  { code: "kings_reward", args: { seats: [0, 1] } },
  { code: "merchants_guild", args: { seat: 0 } },
  { code: "neutral", args: { three: [6, 3, 6], two: [3, 2], advisors: [5, 15] } },
  { code: "pass", args: { seat: 1, forced: true } },
  { code: "pass", args: { seat: 0, forced: false } },
  { code: "penalty", args: { seat: 0, vp: 2, destroyed: [] } },
  { code: "penalty", args: { seat: 1, vp: 1, destroyed: ["crane"], gold: 2 } },
  { code: "penalty_goods", args: { seat: 0, wood: 1, stone: 1 } },
  { code: "recruit", args: { seat: 1, soldiers: 1, gold: 2 } },
  { code: "reward", args: { seat: 0, vp: 0, gold: 1 } },
  { code: "reward_goods", args: { seat: 0, stone: 1 } },
  { code: "roll", args: { seat: 0, dice: [5, 4, 4], white: 0 } },
  { code: "roll", args: { seat: 1, dice: [5, 4, 4, 2], white: 1 } },
  { code: "season", args: { season: "spring" } },
  { code: "start", args: { order: [1, 0] } },
  { code: "statue", args: { seat: 1, dice: [4, 1, 1] } },
  { code: "strongest", args: { seat: 1 } },
  { code: "town_hall", args: { seat: 1, pay: "plus2" } },
  { code: "turn_order", args: { order: [1, 0], totals: [13, 12] } },
  { code: "year", args: { year: 1 } },
];

// One legal intent per tag from the same games.
const INTENTS: Record<string, unknown>[] = [
  { t: "build", building: "inn", envoy: false },
  { t: "build", building: "barracks", envoy: true },
  { t: "goods", gold: 0, wood: 0, stone: 1 },
  { t: "help", option: 0, gold: 0, wood: 0, stone: 2 },
  { t: "influence", advisor: 6, dice: [0], plus2: false, market: 0, envoy: false },
  { t: "pass" },
  { t: "recruit", soldiers: 1, gold: 0, wood: 0, stone: 2 },
  { t: "reroll_all" },
  { t: "reroll_one", die: 0 },
  { t: "town_hall", pay: "plus2" },
];

const VIEW = {
  you: 0,
  players: [{ dice: [6, 4, 2, 3] }, { dice: [1, 1, 1] }],
  choices: [{ kind: "help", n: 2, advisor: 12 }, null],
};


const names = (n: number) => ["Ada", "Ben", "Cleo"][n];
const LANGS: Lang[] = ["en", "ja"];
const unreadable = /\{\w+\}|\[object|undefined|NaN|_|null|true|false/;

const catalogue = kingsburgCatalogue();

// The table tells the strings the catalogue as it comes (GameUi.onCatalogue).
beforeAll(() => knowCatalogue(catalogue));
afterEach(() => lang.set("en"));

describe("kingsburg strings", () => {
  it("every log code has a Japanese and an English line", () => {
    for (const code of CODES) {
      for (const l of LANGS) expect(dictionaries[l][`log.kingsburg.${code}`], `${l} ${code}`).toBeTruthy();
    }
    expect(new Set(SAMPLES.map((s) => s.code))).toEqual(new Set(CODES));
  });

  it("renders each sample entry in both languages, with names and words, not raw data", () => {
    for (const e of SAMPLES) {
      lang.set("en");
      const en = logLine("kingsburg", e, names);
      lang.set("ja");
      const ja = logLine("kingsburg", e, names);
      for (const line of [en, ja]) expect(line, `${e.code}: ${line}`).not.toMatch(unreadable);
      expect(ja, e.code).not.toBe(en);
    }
    const line = (i: number) => logLine("kingsburg", SAMPLES[i], names);
    lang.set("en");
    expect(line(17)).toBe("The Duchess (12) helps Ben: 1 gold, 1 wood, 1 +2 token.");
    expect(line(18)).toBe("The Alchemist (6) helps Ada: 1 wood, 1 stone for 1 gold.");
    expect(line(43)).toBe("Turn order: Ben (12), Ada (13).");
    expect(line(37)).toBe("Ben rolls 5, 4, 4 (white: 2).");
    // "1 soldier", "2 soldiers"; "scores" for one player, "score" for several.
    const entry = (code: string, args: Record<string, unknown>) => logLine("kingsburg", { code, args }, names);
    expect(entry("recruit", { seat: 1, soldiers: 1, gold: 2 })).toBe("Ben recruits 1 soldier for 2 gold.");
    expect(entry("recruit", { seat: 1, soldiers: 3, gold: 1, wood: 1 })).toBe("Ben recruits 3 soldiers for 1 gold, 1 wood.");
    expect(entry("inn", { seat: 1, plus2: 1 })).toBe("Ben's Inn gives 1 +2 token.");
    expect(entry("inn", { seat: 1, plus2: 2 })).toBe("Ben's Inn gives 2 +2 tokens.");
    expect(entry("kings_reward", { seats: [0] })).toBe("The King's reward: Ada scores 1 victory point.");
    expect(entry("kings_reward", { seats: [0, 1] })).toBe("The King's reward: Ada and Ben score 1 victory point.");
    expect(entry("aid_goods", { seats: [1] })).toBe("Aid from the King: Ben takes a good of their choice.");
    expect(entry("town_hall", { seat: 1, pay: "plus2" })).toBe("Ben gives a +2 token to the Town Hall for 1 victory point.");
    expect(entry("help", { seat: 0, advisor: 10, soldiers: 1 })).toBe("The General (10) helps Ada: 1 soldier.");
    for (const e of SAMPLES) expect(logLine("kingsburg", e, names)).not.toMatch(/\(s\)/);
    lang.set("ja");
    expect(entry("recruit", { seat: 1, soldiers: 3, gold: 1, wood: 1 })).toBe("Benが金1、木材1を払って兵士3人を雇用しました。");
    expect(entry("inn", { seat: 1, plus2: 2 })).toBe("Benの宿屋で+2マーカー2個を獲得。");
    expect(entry("kings_reward", { seats: [0, 1] })).toBe("王よりの報償: Ada、Benが1勝利点を獲得。");
    expect(line(18)).toBe("錬金術師（6）がAdaを手助け: 木材1、石材1（金1を支払い）");
    expect(line(31)).toBe("Benの損害: 金2、1勝利点、クレーン");
    expect(line(38)).toBe("春が始まります。");
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

  it("says what a button does with the dice, the advisor and the goods", () => {
    lang.set("en");
    const influence = { t: "influence", advisor: 12, dice: [0, 2], plus2: true, market: 1, envoy: false };
    expect(labels.intent!(influence, VIEW, names)).toBe("Duchess (12) with 6 + 2 + +2 token + Market +1");
    expect(labels.intent!(INTENTS[3], VIEW, names)).toBe("2 stone, 1 +2 token");
    expect(labels.intent!(INTENTS[0], VIEW, names)).toBe("Inn (1 gold, 1 wood; 0 VP)");
    const alchemist = { ...VIEW, choices: [{ kind: "help", n: 0, advisor: 6 }] };
    expect(labels.intent!({ t: "help", option: 1, gold: 0, wood: 0, stone: 0 }, alchemist, names)).toBe(
      "Give 1 wood for 1 gold, 1 stone",
    );
    const penalty = { ...VIEW, choices: [{ kind: "penalty", n: 1, advisor: 0 }] };
    expect(labels.intent!(INTENTS[2], penalty, names)).toBe("Give up 1 stone");
    lang.set("ja");
    expect(labels.intent!(INTENTS[8], VIEW, names)).toBe("サイコロ1（出目6）を振り直す");
    expect(labels.intent!(INTENTS[6], VIEW, names)).toBe("兵士1人（石材2）");
  });

  it("names the view's keys and words", () => {
    expect(labels.perSeat!("choices")).toBe(true);
    expect(labels.perSeat!("log")).toBe(false);
    lang.set("ja");
    expect(labels.key!("builds_left")).toBe("残りの建築数");
    expect(labels.value!("phase_name", "kings_envoy", names)).toBe("5 王よりの伝令");
    expect(labels.value!("advisor", 17, names)).toBe("王女（17）");
    expect(labels.value!("buildings", "guard_tower", names)).toBe("監視塔");
    expect(labels.value!("id", "y3_demons_5", names)).toBe("デーモン（戦闘力 5）");
    lang.set("en");
    expect(labels.value!("envoy", 1, names)).toBe("Ben");
    expect(labels.value!("gold", 3, names)).toBeNull();
  });

  it("names every advisor, building, enemy type and phase in both languages, and nothing else", () => {
    const cat = readCatalogue(catalogue)!;
    expect(cat.advisors).toHaveLength(18);
    expect(cat.buildings).toHaveLength(20);
    const ids = {
      advisor: cat.advisors.map((a) => a.id),
      building: cat.buildings.map((b) => b.id),
      bld_help: cat.buildings.map((b) => b.id),
      enemy_type: [...new Set(cat.enemies.map((e) => e.type))],
      phase: [...PHASES],
    };
    for (const l of LANGS) {
      for (const [kind, names] of Object.entries(ids)) {
        for (const id of names) expect(dictionaries[l][`kb.${kind}.${id}`], `${l} kb.${kind}.${id}`).toBeTruthy();
        // The words speak of the catalogue's ids only: no name is kept of a piece it lacks.
        const named = Object.keys(dictionaries[l]).filter((k) => k.startsWith(`kb.${kind}.`));
        expect(new Set(named), `${l} kb.${kind}`).toEqual(new Set(names.map((id) => `kb.${kind}.${id}`)));
      }
    }
  });
});
