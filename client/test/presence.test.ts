// A seat's presence in the players panel: here, away for N (counting up from the
// server's `away_since`), AI stands in, resigned; in both languages, rendered as
// Preact's element tree (the unit tests have no DOM).

import { h } from "preact";
import { afterEach, describe, expect, it } from "vitest";
import { dictionaries, lang } from "../src/i18n";
import type { SeatInfo } from "../src/protocol.gen";
import { SeatWho } from "../src/ui/bots";
import { Presence, awayFor, canHandToAi, presenceKind, presenceLabel } from "../src/ui/presence";
import { elements, text } from "./vnodes";

const NOW = 1_800_000_000; // Unix seconds
const ben = (over: Partial<SeatInfo> = {}): SeatInfo => ({
  player: "p2",
  name: "Ben",
  bot: false,
  online: true,
  level: null,
  thinking: false,
  away_since: null,
  standin: false,
  resigned: false,
  ...over,
}) as SeatInfo; // the fields a seat's presence and AI label read (the server sends more)
const away = (seconds: number, over: Partial<SeatInfo> = {}) => ben({ online: false, away_since: NOW - seconds, ...over });
const label = (seat: SeatInfo) => presenceLabel(seat, NOW)?.text;

afterEach(() => lang.set("en"));

describe("a seat's presence", () => {
  it("here / away for N / AI stands in / resigned, in English", () => {
    lang.set("en");
    expect(label(ben())).toBe("here");
    expect(label(away(0))).toBe("away for <1 min");
    expect(label(away(59))).toBe("away for <1 min");
    expect(label(away(60))).toBe("away for 1 min");
    expect(label(away(125))).toBe("away for 2 min");
    expect(label(away(59 * 60 + 59))).toBe("away for 59 min");
    expect(label(away(3 * 3600 + 600))).toBe("away for 3 h");
    expect(label(away(400, { standin: true }))).toBe("AI stands in");
    expect(label(ben({ standin: true }))).toBe("AI stands in");
    expect(label(ben({ standin: true, resigned: true }))).toBe("resigned");
    expect(label(away(400, { standin: true, resigned: true }))).toBe("resigned");
    // Not at a table that has not started (no time is kept then).
    expect(label(ben({ online: false }))).toBe("not here");
  });

  it("here / away for N / AI stands in / resigned, in Japanese", () => {
    lang.set("ja");
    expect(label(ben())).toBe("在席");
    expect(label(away(30))).toBe("離席中（1分未満）");
    expect(label(away(125))).toBe("離席中（2分）");
    expect(label(away(2 * 3600))).toBe("離席中（2時間）");
    expect(label(away(400, { standin: true }))).toBe("AI代行中");
    expect(label(ben({ standin: true, resigned: true }))).toBe("投了");
    expect(label(ben({ online: false }))).toBe("不在");
  });

  it("is not known while the reader is offline, except a resignation", () => {
    lang.set("en");
    for (const seat of [ben(), away(125), away(400, { standin: true }), ben({ online: false })]) {
      const p = presenceLabel(seat, NOW, true);
      expect([p?.kind, p?.text]).toEqual(["unknown", "not known"]);
      expect(p?.title).toContain("You are offline");
    }
    expect(presenceLabel(ben({ resigned: true, standin: true }), NOW, true)?.kind).toBe("resigned");
    expect(presenceLabel(ben({ bot: true }), NOW, true)).toBeNull();
    lang.set("ja");
    expect(presenceLabel(ben(), NOW, true)?.text).toBe("不明");
    const mark = elements(h(SeatWho, { seat: ben(), moving: false, you: false, host: false, now: NOW, offline: true })).find(
      (e) => e.props["data-testid"] === "presence",
    );
    expect(mark?.props["data-presence"]).toBe("unknown");
  });

  it("counts up from away_since as the clock moves, never below zero", () => {
    lang.set("en");
    const seat = away(0);
    expect(presenceLabel(seat, NOW + 10)?.text).toBe("away for <1 min");
    expect(presenceLabel(seat, NOW + 61)?.text).toBe("away for 1 min");
    expect(presenceLabel(seat, NOW + 185)?.text).toBe("away for 3 min");
    // The reader's clock a little behind the server's.
    expect(presenceLabel(seat, NOW - 30)?.text).toBe("away for <1 min");
    expect(awayFor(-5)).toBe("away for <1 min");
  });

  it("tooltips name the person, and a stand-in's says for how long they are away", () => {
    lang.set("en");
    expect(presenceLabel(away(125, { standin: true }), NOW)?.title).toBe(
      "Ben has been away for 2 min: the AI plays their seat until they are back.",
    );
    expect(presenceLabel(ben({ standin: true, resigned: true }), NOW)?.title).toContain("Ben resigned");
    lang.set("ja");
    expect(presenceLabel(away(125, { standin: true }), NOW)?.title).toContain("離席中（2分）");
    for (const kind of ["here", "gone", "away", "standin", "resigned"]) {
      expect(dictionaries.en[`presence.${kind}_hint`], kind).toBeTruthy();
      expect(dictionaries.ja[`presence.${kind}_hint`], kind).toBeTruthy();
    }
  });

  it("an AI player's seat has no presence mark", () => {
    const bot = ben({ bot: true, name: "AI 1", level: "strong" });
    expect(presenceKind(bot)).toBe(null);
    expect(presenceLabel(bot, NOW)).toBe(null);
    expect(elements(h(SeatWho, { seat: bot, moving: false, you: false, host: false, now: NOW })).filter((e) => e.props["data-testid"] === "presence")).toHaveLength(0);
  });

  it("the players panel's seat shows the mark with its kind, after the tags", () => {
    lang.set("en");
    const els = elements(h(SeatWho, { seat: away(190), moving: false, you: false, host: true, now: NOW }));
    const marks = els.filter((e) => e.props["data-testid"] === "presence");
    expect(marks).toHaveLength(1);
    expect(marks[0].props["data-presence"]).toBe("away");
    expect(String(marks[0].props.class)).toContain("presence-away");
    expect(text(marks[0])).toBe("away for 3 min");
    const order = els.filter((e) => /\b(name|tag|presence)\b/.test(String(e.props.class ?? ""))).map((e) => String(e.props.class).split(" ")[0]);
    expect(order).toEqual(["name", "tag", "presence"]);
    const standin = elements(h(Presence, { seat: away(190, { standin: true }), now: NOW }));
    expect(standin[0].props["data-presence"]).toBe("standin");
    expect(text(standin[0])).toBe("AI stands in");
    const resigned = elements(h(Presence, { seat: ben({ standin: true, resigned: true }), now: NOW }));
    expect(resigned[0].props["data-presence"]).toBe("resigned");
    expect(text(resigned[0])).toBe("resigned");
  });

  it("the host may hand a seat to the AI only while its person is away from a running game", () => {
    expect(canHandToAi(away(5), true)).toBe(true);
    expect(canHandToAi(away(5), false)).toBe(false);
    expect(canHandToAi(ben(), true)).toBe(false);
    expect(canHandToAi(away(5, { standin: true }), true)).toBe(false);
    expect(canHandToAi(away(5, { standin: true, resigned: true }), true)).toBe(false);
    expect(canHandToAi(ben({ bot: true, level: "strong" }), true)).toBe(false);
    expect(canHandToAi(null, true)).toBe(false);
  });
});
