// The turn clock: the countdown's words, the time left from the server's number, the
// seat's clock in the players panel, the host's choice and the option in words, in both
// languages (rendered as Preact's element tree; the unit tests have no DOM).

import { h } from "preact";
import { afterEach, describe, expect, it } from "vitest";
import { errorText, lang } from "../src/i18n";
import type { Room, SeatInfo } from "../src/protocol.gen";
import { CLOCK_CHOICES, ClockFace, clockChoiceValue, clockFieldValue, clockLeft, clockWords, formatClock, receivedAt } from "../src/ui/clock";
import type { OptionSpec } from "../src/store";
import { OptionsEditor, explainRefusal, optionWords } from "../src/ui/options";
import { presenceLabel } from "../src/ui/presence";
import { elements, text } from "./vnodes";

afterEach(() => lang.set("en"));

describe("the countdown's words", () => {
  it("m:ss, and tenths below 10 s, rounded down", () => {
    expect(formatClock(185)).toBe("3:05");
    expect(formatClock(60)).toBe("1:00");
    expect(formatClock(59.99)).toBe("0:59");
    expect(formatClock(10)).toBe("0:10");
    expect(formatClock(10.9)).toBe("0:10");
    expect(formatClock(9.99)).toBe("0:09.9");
    expect(formatClock(9.3)).toBe("0:09.3");
    expect(formatClock(4.05)).toBe("0:04.0");
    expect(formatClock(0.7)).toBe("0:00.7");
    expect(formatClock(0.09)).toBe("0:00.0");
    expect(formatClock(0)).toBe("0:00.0");
    expect(formatClock(10800)).toBe("180:00");
  });
  it("never negative, nor NaN", () => {
    expect(formatClock(-3)).toBe("0:00.0");
    expect(formatClock(Number.NaN)).toBe("0:00.0");
  });
});

describe("the time left, from the server's number", () => {
  const AT = 50_000; // ms, when the room message arrived
  it("runs down from the time the message arrived while it runs", () => {
    expect(clockLeft(12, true, AT, AT)).toBe(12);
    expect(clockLeft(12, true, AT, AT + 2_500)).toBeCloseTo(9.5);
    expect(clockLeft(12, true, AT, AT + 11_900)).toBeCloseTo(0.1);
  });
  it("stands still when it does not run", () => {
    expect(clockLeft(12, false, AT, AT + 60_000)).toBe(12);
  });
  it("never goes below zero, nor up before the message came", () => {
    expect(clockLeft(2, true, AT, AT + 5_000)).toBe(0);
    expect(clockLeft(0, true, AT, AT + 1)).toBe(0);
    expect(clockLeft(12, true, AT, AT - 3_000)).toBe(12);
    expect(clockLeft(-1, false, AT, AT)).toBe(0);
  });
  it("no clock: null", () => {
    expect(clockLeft(null, false, AT, AT)).toBe(null);
    expect(clockLeft(undefined, true, AT, AT)).toBe(null);
  });
  it("re-syncs on each room message: a new message is a new starting point", () => {
    const a = { t: "room" } as Room;
    const b = { t: "room" } as Room;
    expect(receivedAt(a, 1_000)).toBe(1_000);
    expect(receivedAt(a, 9_000)).toBe(1_000); // the same message keeps its time
    expect(receivedAt(b, 9_000)).toBe(9_000);
    // Server says 5.2 s left in the new message: drawn from there, not from the old one.
    expect(clockLeft(5.2, true, receivedAt(b), 9_000 + 200)).toBeCloseTo(5.0);
  });
});

// The seat's clock as SeatClock draws it at a given time (SeatClock itself only adds the
// ticking, which needs a renderer).
const face = (s: Partial<SeatInfo>, at: number, now: number) => {
  const seat = { name: "Ada", clock: 12, clock_running: true, ...s };
  const left = clockLeft(seat.clock, seat.clock_running, at, now);
  return left === null ? [] : elements(h(ClockFace, { name: seat.name, left, running: seat.clock_running }));
};
const seat = (over: Partial<SeatInfo> = {}) => over;

describe("a seat's clock in the players panel", () => {
  it("shows the time left, running or stopped, urgent while it runs under 10 s", () => {
    lang.set("en");
    const run = face(seat(), 0, 1_000)[0];
    expect(text(run)).toBe("0:11");
    expect(run.props["data-running"]).toBe("true");
    expect(String(run.props.class)).toContain("running");
    expect(String(run.props.class)).not.toContain("urgent");
    expect(run.props.role).toBe("timer");
    expect(run.props.title).toBe("Ada: 0:11 left, running down.");
    const urgent = face(seat(), 0, 4_350)[0];
    expect(text(urgent)).toBe("0:07.6");
    expect(String(urgent.props.class)).toContain("urgent");
    const out = face(seat(), 0, 30_000)[0];
    expect(text(out)).toBe("0:00.0");
    expect(out.props["data-left"]).toBe("0.0");
    const stopped = face(seat({ clock: 95, clock_running: false }), 0, 30_000)[0];
    expect(text(stopped)).toBe("1:35");
    expect(stopped.props["data-running"]).toBe("false");
    const low = face(seat({ clock: 8, clock_running: false }), 0, 0)[0];
    expect(text(low)).toBe("0:08.0");
    expect(String(low.props.class)).not.toContain("urgent");
    lang.set("ja");
    expect(face(seat({ clock: 95, clock_running: false }), 0, 0)[0].props.title).toBe("Ada：残り1:35（停止中）");
  });
  it("nothing without a clock", () => {
    expect(face(seat({ clock: null, clock_running: false }), 0, 0)).toHaveLength(0);
  });
  it("a person stood in for because their time ran out says so", () => {
    lang.set("en");
    const s = { name: "Ada", bot: false, online: true, away_since: null, standin: true, resigned: false, clock: 0 };
    expect(presenceLabel(s)?.text).toBe("AI stands in");
    expect(presenceLabel(s)?.title).toBe("Ada's time ran out: the AI makes this move, then they play on.");
    lang.set("ja");
    expect(presenceLabel(s)?.text).toBe("AI代行中");
    expect(presenceLabel(s)?.title).toContain("持ち時間が切れました");
  });
});

describe("an absence, by what the table does about it", () => {
  const away = (clock: number | null) => ({ name: "Ada", bot: false, online: false, away_since: 1000, standin: false, resigned: false, clock });
  it("the grace without a clock, the player's own clock with one, a turn-based table's rule", () => {
    lang.set("en");
    expect(presenceLabel(away(null), 1100)?.title).toContain("past the table's grace");
    expect(presenceLabel(away(95), 1100)?.title).toBe(
      "Ada has left the running game. Their clock runs while they are away; if it runs out, the AI plays their seat until they are back.",
    );
    expect(presenceLabel(away(86400), 1100, false, "ai_move")?.title).toBe(
      "Ada is not at the table now, as is usual at a turn-based table. If their time for a move runs out, the AI makes that move for them.",
    );
    expect(presenceLabel(away(86400), 1100, false, "drop")?.title).toContain("they drop out and the AI plays their seat to the end");
    expect(presenceLabel(away(86400), 1100, false, "drop")?.text).toBe("away for 1 min");
    lang.set("ja");
    expect(presenceLabel(away(86400), 1100, false, "ai_move")?.title).toContain("ターン制では普通のことです");
    expect(presenceLabel(away(95), 1100)?.title).toContain("離れている間も持ち時間は減り");
    lang.set("en");
  });
});

describe("the clock option", () => {
  it("in words, in both languages; none when 0", () => {
    lang.set("en");
    expect(clockWords(60)).toBe("clock 60 s / move");
    expect(clockWords(2.5)).toBe("clock 2.5 s / move");
    expect(clockWords(0)).toBe(null);
    expect(clockWords("60")).toBe(null);
    const river = { key: "fluss", kind: "bool", default: false, label: { en: "River", ja: "川" } } as const;
    expect(optionWords({ fluss: true, clock: 60 }, [river])).toEqual([
      { key: "fluss", text: "River" },
      { key: "clock", text: "clock 60 s / move" },
    ]);
    expect(optionWords({ clock: 0 }, [])).toEqual([]);
    lang.set("ja");
    expect(clockWords(60)).toBe("持ち時間 1手60秒");
  });
  it("the host's choice sends numbers: the presets, and the seconds field", () => {
    expect(CLOCK_CHOICES).toEqual([0, 30, 60, 120, 300]);
    for (const c of CLOCK_CHOICES) expect(clockChoiceValue(String(c))).toBe(c);
    expect(typeof clockChoiceValue("60")).toBe("number");
    expect(clockChoiceValue("other")).toBe("other");
    expect(clockFieldValue("2")).toBe(2);
    expect(clockFieldValue(" 2,5 ")).toBe(2.5);
    expect(clockFieldValue("0.1")).toBe(0.1);
    expect(clockFieldValue("")).toBe(null);
    expect(clockFieldValue("abc")).toBe(null);
  });
  it("the game's options editor leaves the clock to its own choice", () => {
    const els = elements(h(OptionsEditor, { options: { fluss: false, clock: 60 }, onChange: () => undefined }));
    expect(els.filter((e) => e.props["data-option"] === "clock")).toHaveLength(0);
    expect(els.filter((e) => e.props["data-option"] === "fluss")).toHaveLength(1);
  });
});

describe("a refused option value", () => {
  const described: OptionSpec[] = [
    {
      key: "fairy_on",
      kind: "choice",
      default: "tile",
      label: { en: "The fairy stands", ja: "妖精の置き場所" },
      choices: [
        { value: "follower", label: { en: "beside one follower", ja: "部下1人の隣" } },
        { value: "tile", label: { en: "on a tile", ja: "タイルの上" } },
      ],
    },
    { key: "cap", kind: "int", default: 0, label: { en: "Cap", ja: "上限" }, min: 0, max: 20 },
  ];
  it("names the option and what it takes, in the reader's language", () => {
    lang.set("en");
    const args = { option: "fairy_on", value: "x" };
    expect(errorText("bad_option", "raw", explainRefusal("bad_option", args, described))).toBe(
      "“The fairy stands” takes beside one follower or on a tile.",
    );
    expect(errorText("bad_option", "raw", explainRefusal("bad_option", { option: "cap", value: 30 }, described))).toBe(
      "“Cap” takes a whole number from 0 to 20.",
    );
    lang.set("ja");
    expect(errorText("bad_option", "raw", explainRefusal("bad_option", args, described))).toBe("「妖精の置き場所」は部下1人の隣、タイルの上のどれかです。");
    lang.set("en");
  });
});
