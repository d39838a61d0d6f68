// Kardinal & König speaks Japanese and English: every log code the engine can emit,
// the intents' button labels, the view's words and the options.
import { afterEach, describe, expect, it } from "vitest";
import { labels } from "../src/games/kardinal/strings";
import { dictionaries, lang, logLine, type Lang } from "../src/i18n";

// The `LogEntry("…")` calls of server/games/kardinal/game.py (listed by a one-off grep).
const CODES = [
  "drew_card", "drew_hidden", "end_triggered", "exchanged", "final_scoring", "game_over", "interim_scoring",
  "passed", "placed", "reshuffled", "revealed", "scored_alliance", "scored_chains", "scored_cloisters", "start",
  "took_display",
];

// Entries taken from random games played by the Python engine (a one-off script), plus
// a cardinal, a joker pair and a pass.
const SAMPLES = [
  { code: "drew_card", args: { seat: 0, card: "lothringen_italien" } },
  { code: "drew_hidden", args: { seat: 2 } },
  { code: "end_triggered", args: { last_seat: 0 } },
  { code: "exchanged", args: { seat: 2, cards: ["bayern_burgund"] } },
  { code: "final_scoring", args: {} },
  { code: "game_over", args: { scores: [47, 50, 46] } },
  { code: "interim_scoring", args: {} },
  { code: "passed", args: { seat: 1 } },
  { code: "placed", args: { seat: 1, cards: ["england_schwaben"], piece: "cloister", country: "schwaben", space: "schwaben-1" } },
  { code: "placed", args: { seat: 0, cards: ["frankreich", "frankreich"], piece: "cardinal", country: "bayern" } },
  { code: "reshuffled", args: { cards: 34 } },
  { code: "revealed", args: { card: "bayern_burgund" } },
  { code: "scored_alliance", args: { number: 4, countries: ["frankreich", "lothringen"], points: [0, 4, 0] } },
  { code: "scored_chains", args: { seat: 0, chains: [4, 5], points: 9 } },
  { code: "scored_cloisters", args: { phase: "interim", country: "frankreich", cloisters: [3, 1, 3], points: [7, 3, 7] } },
  { code: "start", args: { seat: 1 } },
  { code: "took_display", args: { seat: 1, card: "frankreich" } },
];

// Every intent shape (from the same games and the README).
const INTENTS: Record<string, unknown>[] = [
  { t: "draw", source: "deck", card: null },
  { t: "draw", source: "display", card: "franken_aragon" },
  { t: "end" },
  { t: "exchange", cards: ["bayern_burgund"] },
  { t: "place", cards: ["bayern_burgund"], piece: "cloister", country: "bayern", space: "bayern-1" },
  { t: "place", cards: ["england_schwaben", "england_schwaben"], piece: "cardinal", country: "italien", space: null },
  { t: "pass" },
];


const names = (n: number) => ["Ada", "Ben", "Cleo"][n];
const LANGS: Lang[] = ["en", "ja"];
const unreadable = /\{\w+\}|\[object|undefined|NaN|_|null|-\d/;

afterEach(() => lang.set("en"));

describe("kardinal strings", () => {
  it("every log code has a Japanese and an English line", () => {
    for (const code of CODES) {
      for (const l of LANGS) expect(dictionaries[l][`log.kardinal.${code}`], `${l} ${code}`).toBeTruthy();
    }
    expect(new Set(SAMPLES.map((s) => s.code))).toEqual(new Set(CODES));
  });

  it("renders each sample entry in both languages, with names and words, not raw data", () => {
    for (const e of SAMPLES) {
      lang.set("en");
      const en = logLine("kardinal", e, names);
      lang.set("ja");
      const ja = logLine("kardinal", e, names);
      for (const line of [en, ja]) expect(line, `${e.code}: ${line}`).not.toMatch(unreadable);
      expect(ja, e.code).not.toBe(en);
    }
    lang.set("en");
    expect(logLine("kardinal", SAMPLES[8], names)).toBe(
      "Ben has played an 'England / Swabia' card and built a cloister in Swabia.",
    );
    expect(logLine("kardinal", SAMPLES[14], names)).toBe(
      "Cloisters in France: Ada scores 7 points (3 cloisters), Ben scores 3 points (1 cloister) and Cleo scores 7 points (3 cloisters).",
    );
    expect(logLine("kardinal", SAMPLES[16], names)).toBe("Ben has taken a 'France' card from the face-up cards.");
    // Sentences: a capital letter first, "scores" for one player, "1 point" / "2 points".
    expect(logLine("kardinal", SAMPLES[11], names)).toBe("A 'Bavaria / Burgundy' card is turned face up.");
    expect(logLine("kardinal", SAMPLES[3], names)).toBe("Cleo has exchanged a 'Bavaria / Burgundy' card.");
    expect(logLine("kardinal", SAMPLES[12], names)).toBe("Alliance 4 (France – Lorraine): Ben scores 4 points.");
    expect(logLine("kardinal", SAMPLES[13], names)).toBe("Ada scores 9 points for chains of cloisters (4 + 5).");
    expect(logLine("kardinal", { code: "scored_alliance", args: { number: 1, countries: ["england", "frankreich"], points: [1, 0, 0] } }, names)).toBe(
      "Alliance 1 (England – France): Ada scores 1 point.",
    );
    expect(logLine("kardinal", { code: "scored_alliance", args: { number: 2, countries: ["aragon", "italien"], points: [0, 0, 0] } }, names)).toBe(
      "Alliance 2 (Aragon – Italy): nobody scores.",
    );
    lang.set("ja");
    expect(logLine("kardinal", SAMPLES[11], names)).toBe("「バイエルン／ブルゴーニュ」のカードが表向きになりました。");
    expect(logLine("kardinal", SAMPLES[13], names)).toBe("Adaが修道院の連続（4 + 5）で9点を獲得。");
    expect(logLine("kardinal", SAMPLES[14], names)).toBe(
      "フランスの修道院: Ada 7点（修道院3）、Ben 3点（修道院1）、Cleo 7点（修道院3）",
    );
    expect(logLine("kardinal", SAMPLES[9], names)).toBe(
      "Adaが「フランス」のカード2枚（ジョーカー）を出してバイエルンに枢機卿を送りました。",
    );
    expect(logLine("kardinal", SAMPLES[12], names)).toBe("同盟4（フランス－ロートリンゲン）: Ben 4点");
  });

  it("labels every intent and its group in both languages", () => {
    for (const l of LANGS) {
      lang.set(l);
      for (const intent of INTENTS) {
        const label = labels.intent!(intent, {}, names);
        expect(label, JSON.stringify(intent)).toBeTruthy();
        expect(label!, JSON.stringify(intent)).not.toMatch(/\{|"|\[object|undefined|_|-\d|null/);
        expect(labels.group!(String(intent.t)), String(intent.t)).toBeTruthy();
      }
    }
    lang.set("en");
    expect(labels.intent!(INTENTS[4], {}, names)).toBe("Cloister on Bavaria 1 ('Bavaria / Burgundy')");
    expect(labels.intent!(INTENTS[5], {}, names)).toBe("Cardinal to Italy (2× 'England / Swabia' as joker)");
  });

  it("names the view's keys and words", () => {
    expect(labels.perSeat!("supply")).toBe(true);
    expect(labels.perSeat!("log")).toBe(false);
    lang.set("ja");
    expect(labels.key!("cardinals")).toContain("枢機卿");
    expect(labels.key!("burgund")).toBe("ブルゴーニュ");
    expect(labels.key!("italien-3")).toBe("イタリア3");
    expect(labels.value!("italien-3", 2, names)).toBe("Cleo");
    expect(labels.value!("hand", "franken_aragon", names)).toBe("「フランケン／アラゴン」");
    lang.set("en");
    expect(labels.value!("deck", 20, names)).toBeNull();
    // The English interface names the countries in English (as the English edition, Web of Power, does).
    expect(["frankreich", "franken", "aragon", "bayern", "burgund", "england", "schwaben", "lothringen", "italien"].map((c) => labels.key!(c))).toEqual(
      ["France", "Franconia", "Aragon", "Bavaria", "Burgundy", "England", "Swabia", "Lorraine", "Italy"],
    );
  });
});
