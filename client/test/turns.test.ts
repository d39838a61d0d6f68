// Turn-based tables and "your turns": the pace's words and table settings, the day-long
// clock's face, the header's list (rendered as Preact's element tree; no DOM here), the
// store taking the server's `turns`, and the connection asking for it on every welcome.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { errorText, lang } from "../src/i18n";
import type { TurnRoom } from "../src/protocol.gen";
import { parseCommand } from "../src/commands";
import { Connection, TOKEN_KEY } from "../src/connection";
import { Store } from "../src/store";
import { isTurnBased, oldestFirst, outOfTime, paceOptions, spanWords, timeLeftWords, urgent } from "../src/turns";
import { formatClock } from "../src/ui/clock";
import { optionWords } from "../src/ui/options";
import { PaceBadge, TurnClockChoice } from "../src/ui/pace";
import { TurnsList } from "../src/ui/turns";
import { FakeSocket } from "./socket";
import { elements, text } from "./vnodes";

afterEach(() => lang.set("en"));

const HOUR = 3600;
const DAY = 86400;
const NOW = 1_800_000_000;
const room = (r: string, since: number, deadline: number, opponents: string[] = ["Ben"]): TurnRoom => ({
  room: r,
  game: "carcassonne",
  since,
  deadline,
  opponents,
});

describe("spans of time and the time left", () => {
  it("says the two largest units, to the minute, in both languages", () => {
    expect(spanWords(3 * DAY + 4 * HOUR + 59)).toBe("3 days 4 h");
    expect(spanWords(DAY)).toBe("1 day");
    expect(spanWords(DAY + 5 * 60)).toBe("1 day"); // minutes do not count beside days
    expect(spanWords(5 * HOUR + 20 * 60 + 30)).toBe("5 h 20 min");
    expect(spanWords(12 * 60)).toBe("12 min");
    expect(spanWords(40)).toBe("under a minute");
    expect(spanWords(-5)).toBe("under a minute");
    lang.set("ja");
    expect(spanWords(3 * DAY + 4 * HOUR)).toBe("3日4時間");
    expect(spanWords(5 * HOUR + 20 * 60)).toBe("5時間20分");
    expect(timeLeftWords(NOW + 2 * DAY, NOW)).toBe("残り2日");
  });
  it("counts down to the deadline, and says when it has passed", () => {
    expect(timeLeftWords(NOW + 2 * DAY + 3 * HOUR, NOW)).toBe("2 days 3 h left");
    expect(timeLeftWords(NOW - 1, NOW)).toBe("out of time");
    expect(urgent(NOW + 59 * 60, NOW)).toBe(true);
    expect(urgent(NOW + 2 * HOUR, NOW)).toBe(false);
  });
  it("a turn-based bank reads in hours and days, a real-time one as before", () => {
    expect(formatClock(10800)).toBe("180:00");
    expect(formatClock(5 * HOUR + 2 * 60 + 9.7)).toBe("5:02:09");
    expect(formatClock(2 * DAY + 3 * HOUR + 15 * 60 + 59)).toBe("2d 03:15");
  });
});

describe("the pace as table settings", () => {
  it("reads the table's options, and builds what `create` carries", () => {
    expect(isTurnBased({ pace: "turn_based" })).toBe(true);
    expect(isTurnBased({ clock: 60 })).toBe(false);
    expect(isTurnBased(null)).toBe(false);
    expect(outOfTime({ out_of_time: "drop" })).toBe("drop");
    expect(outOfTime({})).toBe("ai_move");
    expect(paceOptions("realtime", DAY, "drop")).toEqual({});
    expect(paceOptions("turn_based", DAY, "ai_move")).toEqual({ pace: "turn_based", clock: DAY });
    expect(paceOptions("turn_based", 3 * DAY, "drop")).toEqual({ pace: "turn_based", clock: 3 * DAY, out_of_time: "drop" });
  });
  it("words a turn-based table's options: its pace first, its time per move, and a drop", () => {
    const options = { pile: 12, clock: DAY, pace: "turn_based", out_of_time: "drop" };
    expect(optionWords(options).map((w) => w.text)).toEqual(["turn-based", "pile=12", "1 day / move", "out of time: the player is dropped"]);
    expect(optionWords({ clock: 2 * DAY, pace: "turn_based", out_of_time: "ai_move" }).map((w) => w.key)).toEqual(["pace", "clock"]);
    lang.set("ja");
    expect(optionWords({ clock: 2 * DAY, pace: "turn_based" }).map((w) => w.text)).toEqual(["ターン制", "1手2日"]);
    // A real-time table's clock reads as before.
    expect(optionWords({ clock: 60 }).map((w) => w.text)).toEqual(["持ち時間 1手60秒"]);
  });
  it("offers the day-long clocks, and a value typed otherwise beside them", () => {
    const labels = (value: unknown) =>
      elements(TurnClockChoice({ value, onChange: () => {} }))
        .filter((e) => e.type === "option")
        .map((e) => text(e));
    expect(labels(DAY)).toEqual(["1 h / move", "4 h / move", "12 h / move", "1 day / move", "2 days / move", "3 days / move", "7 days / move", "14 days / move"]);
    expect(labels(5 * HOUR)).toContain("5 h / move");
    const select = elements(TurnClockChoice({ value: undefined, onChange: () => {} })).find((e) => e.type === "select")!;
    expect(select.props.value).toBe(String(DAY)); // the default: a day
  });
  it("marks a turn-based table, and only such a one", () => {
    expect(text(PaceBadge({ options: { pace: "turn_based" } }))).toBe("turn-based");
    expect(PaceBadge({ options: { clock: 30 } })).toBeNull();
  });
});

describe("your turns", () => {
  it("lists the tables waiting for us, the longest waiting first, each one click away", () => {
    const opened: string[] = [];
    const tree = TurnsList({
      rooms: [room("new", NOW - HOUR, NOW + 2 * DAY), room("old", NOW - DAY, NOW + 30 * 60, ["Ben", "Cleo"])],
      now: NOW,
      onOpen: (r) => opened.push(r),
    });
    const items = elements(tree).filter((e) => e.props["data-testid"] === "turns-item");
    expect(items.map((e) => e.props["data-room"])).toEqual(["old", "new"]);
    expect(text(items[0])).toBe("Carcassonneagainst Ben and Cleo30 min left");
    const left = elements(items[0]).find((e) => e.props["data-testid"] === "turns-left")!;
    expect(left.props.class).toContain("urgent");
    (items[1].props.onClick as () => void)();
    expect(opened).toEqual(["new"]);
    expect(oldestFirst([room("b", 5, 9), room("a", 5, 9)]).map((r) => r.room)).toEqual(["a", "b"]);
  });
  it("says when no table waits, in both languages", () => {
    expect(text(TurnsList({ rooms: [], now: NOW, onOpen: () => {} }))).toBe("No table is waiting for your move.");
    lang.set("ja");
    expect(text(TurnsList({ rooms: [], now: NOW, onOpen: () => {} }))).toBe("あなたの手を待っているテーブルはありません。");
  });
  it("the store keeps the server's latest list, and forgets it when signed out", () => {
    const store = new Store(() => {});
    expect(store.state.turns).toBeNull();
    store.handle({ t: "turns", rooms: [room("r1", NOW, NOW + DAY)] });
    expect(store.state.turns!.map((r) => r.room)).toEqual(["r1"]);
    store.handle({ t: "turns", rooms: [] });
    expect(store.state.turns).toEqual([]);
    store.handle({ t: "signed_out", everywhere: false, elsewhere: false });
    expect(store.state.turns).toBeNull();
  });
});

describe("the connection asks for your turns", () => {
  const storage = new Map<string, string>();
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal("WebSocket", FakeSocket);
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
      removeItem: (k: string) => storage.delete(k),
    });
    vi.stubGlobal("sessionStorage", { getItem: () => null, setItem: () => {}, removeItem: () => {} });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  it("on every welcome, after a reconnection too", () => {
    let conn: Connection;
    const store = new Store((m) => conn.send(m));
    conn = new Connection(store, () => ({ name: "Ada", token: storage.get(TOKEN_KEY) ?? null, lang: "en", password: null }), "ws://x/ws");
    conn.start();
    const first = FakeSocket.all[0];
    first.open();
    first.receive({ t: "welcome", token: "tok1", player: "p1", name: "Ada", server: "1" });
    expect(first.sent.filter((m) => m.t === "turns")).toHaveLength(1);
    first.close();
    vi.advanceTimersByTime(1000);
    const second = FakeSocket.all[1];
    second.open();
    second.receive({ t: "welcome", token: "tok1", player: "p1", name: "Ada", server: "1" });
    expect(second.sent.filter((m) => m.t === "turns")).toHaveLength(1);
  });
});

describe("typed at the table", () => {
  it("/option pace and /option out_of_time send their word, at a real-time table too", () => {
    const ctx = { room: "r1", options: { fluss: false } };
    expect(parseCommand("/option pace turn_based", ctx)).toEqual({ kind: "send", msg: { t: "option", room: "r1", key: "pace", value: "turn_based" } });
    expect(parseCommand("/option out_of_time drop", ctx)).toEqual({ kind: "send", msg: { t: "option", room: "r1", key: "out_of_time", value: "drop" } });
    expect(parseCommand("/option pace", ctx)).toMatchObject({ kind: "error", key: "cmd.pace_usage" });
  });
});

describe("a refused time per move", () => {
  it("at a turn-based table is worded in hours and days, in both languages", () => {
    const args = { clock_min: 3600, clock_max: 1209600, days_max: 14 };
    expect(errorText("bad_option", "x", args)).toBe("At a turn-based table a move takes an hour to 14 days (3600 to 1209600 seconds).");
    lang.set("ja");
    expect(errorText("bad_option", "x", args)).toBe("ターン制のテーブルでは1手あたり1時間〜14日（3600〜1209600秒）です。");
    // A real-time table's refusal reads as before.
    expect(errorText("bad_option", "x", { clock_min: 0.1, clock_max: 3600 })).toContain("0（なし）");
  });
});
