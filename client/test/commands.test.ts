import { describe, expect, it } from "vitest";
import { parseCommand, parseSeconds, parseValue } from "../src/commands";
import { translate } from "../src/i18n";

const ctx = { room: "r1", options: { fluss: false, old: true, seats: 5 } };

describe("parseCommand", () => {
  it("treats plain text as chat", () => {
    expect(parseCommand("  hello  ", ctx)).toEqual({ kind: "chat", text: "hello" });
    expect(parseCommand("//join is a command", ctx)).toEqual({ kind: "chat", text: "/join is a command" });
  });
  it("/join sits, with an optional seat counted from 1", () => {
    expect(parseCommand("/join", ctx)).toEqual({ kind: "send", msg: { t: "sit", room: "r1", seat: null } });
    expect(parseCommand("/JOIN 2", ctx)).toEqual({ kind: "send", msg: { t: "sit", room: "r1", seat: 1 } });
    expect(parseCommand("/join x", ctx).kind).toBe("error");
  });
  it("/stand, /start, /bot, /leave", () => {
    expect(parseCommand("/stand", ctx)).toEqual({ kind: "send", msg: { t: "stand", room: "r1" } });
    expect(parseCommand("/start", ctx)).toEqual({ kind: "send", msg: { t: "start", room: "r1" } });
    expect(parseCommand("/bot", ctx)).toEqual({ kind: "send", msg: { t: "bot", room: "r1", seat: null } });
    expect(parseCommand("/bot 3", ctx)).toEqual({ kind: "send", msg: { t: "bot", room: "r1", seat: 2 } });
    expect(parseCommand("/leave", ctx)).toEqual({ kind: "leave", room: "r1" });
  });
  it("/bot takes a seat, a level, or both", () => {
    const bot = (text: string) => parseCommand(text, ctx);
    expect(bot("/bot strong")).toEqual({ kind: "send", msg: { t: "bot", room: "r1", seat: null, level: "strong" } });
    expect(bot("/bot 2 greedy")).toEqual({ kind: "send", msg: { t: "bot", room: "r1", seat: 1, level: "greedy" } });
    expect(bot("/bot greedy 2")).toEqual({ kind: "send", msg: { t: "bot", room: "r1", seat: 1, level: "greedy" } });
    expect(bot("/bot 3 Random")).toEqual({ kind: "send", msg: { t: "bot", room: "r1", seat: 2, level: "random" } });
    // A level the client does not know goes to the server, which says which it has.
    expect(bot("/bot 2 clever")).toEqual({ kind: "send", msg: { t: "bot", room: "r1", seat: 1, level: "clever" } });
    // With no level the message has none: the server's default (strong).
    const plain = bot("/bot 2");
    expect(plain).toEqual({ kind: "send", msg: { t: "bot", room: "r1", seat: 1 } });
    if (plain.kind === "send") expect("level" in plain.msg).toBe(false);
    expect(bot("/bot 0 strong")).toMatchObject({ kind: "error", key: "cmd.bad_seat" });
    expect(bot("/bot 2 3")).toMatchObject({ kind: "error", key: "cmd.bot_usage" });
    expect(bot("/bot greedy strong")).toMatchObject({ kind: "error", key: "cmd.bot_usage" });
    expect(bot("/bot 2 greedy now")).toMatchObject({ kind: "error", key: "cmd.bot_usage" });
    for (const l of ["en", "ja"] as const) expect(translate(l, "cmd.bot_usage")).toContain("/bot 2 greedy");
  });
  it("/option X toggles a yes/no option", () => {
    expect(parseCommand("/option fluss", ctx)).toEqual({
      kind: "send",
      msg: { t: "option", room: "r1", key: "fluss", value: true },
    });
    expect(parseCommand("/option old", ctx)).toEqual({
      kind: "send",
      msg: { t: "option", room: "r1", key: "old", value: false },
    });
  });
  it("/option X value sets it", () => {
    expect(parseCommand("/option seats 3", ctx)).toEqual({
      kind: "send",
      msg: { t: "option", room: "r1", key: "seats", value: 3 },
    });
    expect(parseCommand("/option fluss off", ctx)).toEqual({
      kind: "send",
      msg: { t: "option", room: "r1", key: "fluss", value: false },
    });
  });
  it("/resign gives up the running game, with nothing after it", () => {
    expect(parseCommand("/resign", ctx)).toEqual({ kind: "send", msg: { t: "resign", room: "r1" } });
    expect(parseCommand("  /RESIGN  ", ctx)).toEqual({ kind: "send", msg: { t: "resign", room: "r1" } });
    // A word after it is a typo, not a reason to give up: it explains itself instead.
    expect(parseCommand("/resign now", ctx)).toMatchObject({ kind: "error", key: "cmd.resign_usage" });
    expect(parseCommand("/resign", { room: null, options: null })).toMatchObject({ kind: "error", key: "cmd.no_table" });
    // `//resign` is a chat line, and the unknown-command message lists /resign.
    expect(parseCommand("//resign", ctx)).toEqual({ kind: "chat", text: "/resign" });
    const unknown = parseCommand("/resing", ctx);
    if (unknown.kind !== "error") throw new Error("expected an error");
    expect(translate("en", unknown.key, unknown.args)).toContain("/resign");
    for (const l of ["en", "ja"] as const) {
      expect(translate(l, "cmd.resign_usage")).toContain("/resign");
      expect(translate(l, "cmd.help")).toContain("/resign");
    }
  });
  it("/bot SEAT during a game names the seat to hand to the AI, and no level", () => {
    const playing = { room: "r1", options: { fluss: false } };
    expect(parseCommand("/bot 2", playing)).toEqual({ kind: "send", msg: { t: "bot", room: "r1", seat: 1 } });
    expect(parseCommand("/bot 1", playing)).toEqual({ kind: "send", msg: { t: "bot", room: "r1", seat: 0 } });
  });
  it("/option needs a name it knows and a value for non-booleans", () => {
    expect(parseCommand("/option", ctx)).toMatchObject({ kind: "error", key: "cmd.option_usage" });
    expect(parseCommand("/option flus", ctx)).toMatchObject({ kind: "error", key: "cmd.unknown_option" });
    expect(parseCommand("/option seats", ctx)).toMatchObject({ kind: "error", key: "cmd.option_needs_value" });
  });
  it("an unknown command gives a readable message in both languages", () => {
    const p = parseCommand("/dance now", ctx);
    expect(p).toMatchObject({ kind: "error", key: "cmd.unknown" });
    if (p.kind !== "error") throw new Error("expected an error");
    const en = translate("en", p.key, p.args);
    const ja = translate("ja", p.key, p.args);
    expect(en).toContain("/dance");
    expect(en).toContain("/join");
    expect(ja).toContain("/dance");
    expect(ja).not.toContain("{");
  });
  it("commands need a table", () => {
    expect(parseCommand("/start", { room: null, options: null })).toMatchObject({ kind: "error", key: "cmd.no_table" });
  });
  it("parses option values", () => {
    expect(parseValue("ja")).toBe(true);
    expect(parseValue("nein")).toBe(false);
    expect(parseValue("12")).toBe(12);
    expect(parseValue("abc")).toBe("abc");
  });
  it("/option clock SECONDS sends a number, set or not, and a number option keeps numbers", () => {
    const send = (text: string, options: Record<string, unknown> | null = ctx.options) => parseCommand(text, { room: "r1", options });
    const clock = (value: unknown) => ({ kind: "send", msg: { t: "option", room: "r1", key: "clock", value } });
    // The clock is the table's: there to set before it is in the table's options.
    expect(send("/option clock 60")).toEqual(clock(60));
    expect(send("/option clock 60", { fluss: false, clock: 30 })).toEqual(clock(60));
    expect(send("/option clock 60", null)).toEqual(clock(60));
    // "1" and "0" are seconds here, not yes and no; tenths and a unit are fine.
    expect(send("/option clock 1")).toEqual(clock(1));
    expect(send("/option clock 0")).toEqual(clock(0));
    expect(send("/option clock 2.5")).toEqual(clock(2.5));
    expect(send("/option clock 0.1")).toEqual(clock(0.1));
    expect(send("/option clock 90s")).toEqual(clock(90));
    expect(send("/option clock off")).toEqual(clock(0));
    for (const text of ["/option clock 60", "/option clock 1", "/option clock 0"]) {
      const p = send(text);
      expect(p.kind === "send" && p.msg.t === "option" && typeof p.msg.value).toBe("number");
    }
    // No value, or not a number: the usage, nothing sent.
    for (const bad of ["/option clock", "/option clock fast", "/option clock 1 2", "/option clock -5"]) {
      expect(send(bad), bad).toMatchObject({ kind: "error", key: "cmd.clock_usage" });
    }
    expect(translate("en", "cmd.clock_usage")).toContain("/option clock 60");
    expect(translate("ja", "cmd.clock_usage")).toContain("/option clock 60");
    // An unknown option's list names the clock too.
    expect(send("/option flus")).toMatchObject({ kind: "error", args: { list: "fluss, old, seats, clock, private, password, rated, pace, out_of_time" } });
    // Another number option: "1" stays 1.
    expect(send("/option seats 1")).toEqual({ kind: "send", msg: { t: "option", room: "r1", key: "seats", value: 1 } });
    expect(parseSeconds("3600")).toBe(3600);
    expect(parseSeconds(",5")).toBe(0.5);
    expect(parseSeconds("60秒")).toBe(60);
    expect(parseSeconds("abc")).toBe(null);
  });
  it("/option private and /option password set who may come in", () => {
    const opt = (key: string, value: unknown) => ({ kind: "send", msg: { t: "option", room: "r1", key, value } });
    // Alone it switches, from what the table is now; on and off say it.
    expect(parseCommand("/option private", ctx)).toEqual(opt("private", true));
    expect(parseCommand("/option private", { ...ctx, private: true })).toEqual(opt("private", false));
    expect(parseCommand("/option private on", { ...ctx, private: true })).toEqual(opt("private", true));
    expect(parseCommand("/option private nein", ctx)).toEqual(opt("private", false));
    expect(parseCommand("/option private maybe", ctx)).toMatchObject({ kind: "error", key: "cmd.private_usage" });
    // The password as typed, spaces and digits too; alone it takes the password off.
    expect(parseCommand("/option password open sesame", ctx)).toEqual(opt("password", "open sesame"));
    expect(parseCommand("/option password 1234", ctx)).toEqual(opt("password", "1234"));
    expect(parseCommand("/option password", ctx)).toEqual(opt("password", null));
    expect(translate("ja", "cmd.private_usage")).toContain("/option password");
  });
});
