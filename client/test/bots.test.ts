// The AI seats in the players panel: the label with the level, the thinking mark, the
// level choice; rendered as Preact's element tree (the unit tests have no DOM).

import { type VNode, h } from "preact";
import { afterEach, describe, expect, it } from "vitest";
import { dictionaries, errorText, lang } from "../src/i18n";
import type { SeatInfo } from "../src/protocol.gen";
import { LEVELS, LevelChoice, SeatWho, Thinking, levelHint, levelWord, seatLabel } from "../src/ui/bots";
import { type Props, elements, text } from "./vnodes";

const bot = (over: Partial<SeatInfo> = {}): SeatInfo => ({
  player: "bot-r-1",
  name: "AI 1",
  bot: true,
  online: true,
  level: "strong",
  thinking: false,
  away_since: null,
  standin: false,
  resigned: false,
  ...over,
}) as SeatInfo; // the fields a seat's presence and AI label read (the server sends more)
const person = {
  player: "p1",
  name: "Hanna",
  bot: false,
  online: true,
  level: null,
  thinking: false,
  away_since: null,
  standin: false,
  resigned: false,
} as SeatInfo;
const byClass = (els: VNode<Props>[], c: string) => els.filter((e) => String(e.props.class ?? "").split(" ").includes(c));

afterEach(() => lang.set("en"));

describe("AI seats", () => {
  it("label a bot's seat with its level, in both languages", () => {
    lang.set("en");
    expect(seatLabel(bot())).toBe("AI 1 · strong");
    expect(seatLabel(bot({ level: "random", name: "AI 2" }))).toBe("AI 2 · random");
    expect(seatLabel(person)).toBe("Hanna");
    // A level this client does not know yet shows as the server names it.
    expect(seatLabel(bot({ level: "wizard" }))).toBe("AI 1 · wizard");
    // An older server's seat has no level: the name alone.
    expect(seatLabel(bot({ level: null }))).toBe("AI 1");
    lang.set("ja");
    expect(seatLabel(bot())).toBe("AI 1 · 強い");
    expect(seatLabel(bot({ level: "greedy" }))).toBe("AI 1 · 貪欲");
  });

  it("every level has a word and a tooltip in both languages", () => {
    for (const l of ["en", "ja"] as const) {
      for (const level of LEVELS) {
        expect(dictionaries[l][`level.${level}`], `${l} ${level}`).toBeTruthy();
        expect(dictionaries[l][`level.${level}.hint`], `${l} ${level} hint`).toBeTruthy();
      }
      lang.set(l);
      expect(new Set(LEVELS.map(levelHint)).size).toBe(LEVELS.length);
    }
  });

  it("renders the name and the level, and no thinking mark while the bot waits", () => {
    const els = elements(h(SeatWho, { seat: bot({ level: "greedy" }), moving: false, you: false, host: false }));
    expect(text(byClass(els, "name")[0])).toBe("AI 1");
    const level = byClass(els, "level");
    expect(level).toHaveLength(1);
    expect(text(level[0])).toBe("· greedy");
    expect(level[0].props.title).toBe(levelHint("greedy"));
    expect(byClass(els, "thinking")).toHaveLength(0);
  });

  it("a seat with thinking: true shows the thinking mark", () => {
    const els = elements(h(SeatWho, { seat: bot({ thinking: true }), moving: true, you: false, host: false }));
    expect(text(byClass(els, "name")[0])).toBe("*AI 1*");
    const mark = byClass(els, "thinking");
    expect(mark).toHaveLength(1);
    expect(mark[0].props["data-testid"]).toBe("thinking");
    expect(mark[0].props.role).toBe("status");
    expect(text(mark[0])).toBe("thinking");
    expect(byClass(elements(mark[0]), "dots")).toHaveLength(1);
    // Last in the row, after the AI tag, so a narrow panel wraps it onto a line of its own.
    const order = els.filter((e) => ["name", "level", "bot", "thinking"].some((c) => byClass([e], c).length));
    expect(order.map((e) => String(e.props.class))).toEqual(["name", "level", "tag bot", "thinking"]);
    lang.set("ja");
    expect(text(h(Thinking, null))).toBe("考え中");
  });

  it("a person's seat has no level and no thinking mark", () => {
    const els = elements(h(SeatWho, { seat: person, moving: false, you: true, host: true }));
    expect(text(byClass(els, "name")[0])).toBe("Hanna");
    expect(byClass(els, "tag").map((e) => text(e))).toEqual(["you", "host"]);
    expect(byClass(els, "level")).toHaveLength(0);
    expect(byClass(els, "thinking")).toHaveLength(0);
  });

  it("the level choice offers the three levels with tooltips, strong chosen", () => {
    let chosen = "";
    const els = elements(h(LevelChoice, { value: "strong", onChange: (l) => (chosen = l) }));
    const select = els.find((e) => e.type === "select")!;
    expect(select.props.value).toBe("strong");
    const options = els.filter((e) => e.type === "option");
    expect(options.map((o) => o.props.value)).toEqual(["random", "greedy", "strong"]);
    expect(options.map((o) => text(o))).toEqual(LEVELS.map(levelWord));
    for (const o of options) expect(o.props.title).toBe(levelHint(String(o.props.value)));
    (select.props.onChange as (e: unknown) => void)({ target: { value: "random" } });
    expect(chosen).toBe("random");
  });

  it("an unknown level's refusal reads well in Japanese too", () => {
    const msg = "There is no AI level 'clever'; levels: random, greedy, strong.";
    const args = { level: "clever", levels: "random, greedy, strong" };
    lang.set("en");
    expect(errorText("bad_option", msg, args)).toBe("There is no AI level “clever”. Levels: random, greedy, strong");
    lang.set("ja");
    expect(errorText("bad_option", msg, args)).toBe("「clever」というAIの強さはありません。強さ: random, greedy, strong");
    expect(errorText("bad_option", "Bad option value: x")).toBe(dictionaries.ja["err.bad_option"]);
  });
});
