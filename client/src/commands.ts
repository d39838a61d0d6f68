// Brettspielwelt's typed commands. Every game tool button sends what the matching
// command sends, so both paths go through `parseCommand`'s output type.

import type { ClientMessage } from "./protocol.gen";

export interface CommandContext {
  room: string | null;
  /** The table's current options, to toggle booleans and catch typos. */
  options: Record<string, unknown> | null;
  /** Whether the table is private (`room.private`), for `/option private` alone. */
  private?: boolean;
}

/** The words after `/again` that rotate the seats (everyone one seat on). */
export const ROTATE_WORDS = ["rotate", "rotated", "turn", "回す", "ローテーション"] as const;

export type Parsed =
  | { kind: "chat"; text: string }
  | { kind: "send"; msg: ClientMessage }
  | { kind: "leave"; room: string }
  | { kind: "help" }
  | { kind: "error"; key: string; args: Record<string, string | number> };

export const COMMANDS = ["join", "stand", "start", "option", "bot", "resign", "again", "leave", "help"] as const;

/** `/option` values as typed: on/off words become booleans, digits numbers. */
export function parseValue(raw: string): unknown {
  const low = raw.toLowerCase();
  if (["true", "on", "yes", "ja", "1"].includes(low)) return true;
  if (["false", "off", "no", "nein", "0"].includes(low)) return false;
  if (/^-?\d+$/.test(raw)) return Number(raw);
  if (/^-?\d*\.\d+$/.test(raw)) return Number(raw);
  return raw;
}

/** The table's own options (not the game's), always there to set: the turn clock,
 * in seconds per move. */
export const TABLE_OPTIONS = ["clock"] as const;

/** Who may come in, set as options too though they are not in `room.options`:
 * `/option private` (alone it switches; on/off), `/option password TEXT` (the rest of
 * the line, as typed), `/option password` alone to take it off. */
export const TABLE_SETTINGS = ["private", "password", "rated", "pace", "out_of_time"] as const;

/** `/option clock` values: seconds per move as a number ("60", "2.5", "90s"), and the
 * off words ("off", "none", "0") as 0; anything else is null (not sent). */
export function parseSeconds(raw: string): number | null {
  const low = raw.trim().toLowerCase();
  if (["off", "none", "no", "nein", "false", "なし"].includes(low)) return 0;
  const m = /^(\d+(?:[.,]\d+)?|[.,]\d+)\s*(?:s|sec|秒)?$/.exec(low);
  return m ? Number(m[1].replace(",", ".")) : null;
}

function seatArg(word: string | undefined): number | null | "bad" {
  if (word === undefined) return null;
  if (!/^\d+$/.test(word)) return "bad";
  const n = Number(word);
  // People count seats from 1, as the players panel shows them.
  return n >= 1 ? n - 1 : "bad";
}

export function parseCommand(text: string, ctx: CommandContext): Parsed {
  const trimmed = text.trim();
  if (!trimmed.startsWith("/")) return { kind: "chat", text: trimmed };
  if (trimmed.startsWith("//")) return { kind: "chat", text: trimmed.slice(1) };
  const [head, ...rest] = trimmed.slice(1).split(/\s+/);
  const cmd = head.toLowerCase();
  if (cmd === "help" || cmd === "?") return { kind: "help" };
  if (!(COMMANDS as readonly string[]).includes(cmd)) {
    return { kind: "error", key: "cmd.unknown", args: { cmd: head, list: COMMANDS.map((c) => "/" + c).join(" ") } };
  }
  const room = ctx.room;
  if (room === null) return { kind: "error", key: "cmd.no_table", args: { cmd: "/" + cmd } };
  switch (cmd) {
    case "join": {
      const seat = seatArg(rest[0]);
      if (seat === "bad") return { kind: "error", key: "cmd.bad_seat", args: { value: rest[0] } };
      return { kind: "send", msg: { t: "sit", room, seat } };
    }
    case "bot": {
      // `/bot`, `/bot 2`, `/bot strong`, `/bot 2 greedy` (or `/bot greedy 2`): a number
      // is the seat, a word the level; the server refuses a level it does not have.
      // During a game the host's `/bot 2` hands seat 2 of an away player to the AI.
      if (rest.length > 2) return { kind: "error", key: "cmd.bot_usage", args: {} };
      let seat: number | null | undefined;
      let level: string | undefined;
      for (const word of rest) {
        if (/^\d+$/.test(word)) {
          if (seat !== undefined) return { kind: "error", key: "cmd.bot_usage", args: {} };
          const s = seatArg(word);
          if (s === "bad") return { kind: "error", key: "cmd.bad_seat", args: { value: word } };
          seat = s;
        } else {
          if (level !== undefined) return { kind: "error", key: "cmd.bot_usage", args: {} };
          level = word.toLowerCase();
        }
      }
      const at = seat ?? null;
      return { kind: "send", msg: level === undefined ? { t: "bot", room, seat: at } : { t: "bot", room, seat: at, level } };
    }
    case "stand":
      return { kind: "send", msg: { t: "stand", room } };
    case "start":
      return { kind: "send", msg: { t: "start", room } };
    case "resign":
      // Giving up takes no argument; anything after it is a typo, not a reason to resign.
      if (rest.length > 0) return { kind: "error", key: "cmd.resign_usage", args: {} };
      return { kind: "send", msg: { t: "resign", room } };
    case "again": {
      // Play again at a finished table: `/again`, or `/again rotate` (seats one on).
      if (rest.length > 1) return { kind: "error", key: "cmd.again_usage", args: {} };
      if (rest.length === 1 && !(ROTATE_WORDS as readonly string[]).includes(rest[0].toLowerCase())) {
        return { kind: "error", key: "cmd.again_usage", args: {} };
      }
      return { kind: "send", msg: rest.length ? { t: "rematch", room, rotate: true } : { t: "rematch", room } };
    }
    case "leave":
      return { kind: "leave", room };
    case "option": {
      const key = rest[0];
      if (key === undefined) return { kind: "error", key: "cmd.option_usage", args: {} };
      const opts = ctx.options;
      if ((TABLE_OPTIONS as readonly string[]).includes(key)) {
        // The turn clock is a number of seconds, sent as a number ("1" is not "yes").
        const seconds = rest.length === 2 ? parseSeconds(rest[1]) : null;
        if (seconds === null) return { kind: "error", key: "cmd.clock_usage", args: {} };
        return { kind: "send", msg: { t: "option", room, key, value: seconds } };
      }
      if (key === "private") {
        const value = rest.length === 1 ? !ctx.private : rest.length === 2 ? parseValue(rest[1]) : null;
        if (typeof value !== "boolean") return { kind: "error", key: "cmd.private_usage", args: {} };
        return { kind: "send", msg: { t: "option", room, key, value } };
      }
      if (key === "rated") {
        // Rated unless set otherwise: `room.options.rated` is false at an unrated table.
        const rated = opts?.rated !== false;
        const value = rest.length === 1 ? !rated : rest.length === 2 ? parseValue(rest[1]) : null;
        if (typeof value !== "boolean") return { kind: "error", key: "cmd.rated_usage", args: {} };
        return { kind: "send", msg: { t: "option", room, key, value } };
      }
      if (key === "pace" || key === "out_of_time") {
        // A word each: `/option pace turn_based`, `/option out_of_time drop` (the server
        // refuses any other).
        if (rest.length !== 2) return { kind: "error", key: "cmd.pace_usage", args: {} };
        return { kind: "send", msg: { t: "option", room, key, value: rest[1] } };
      }
      if (key === "password") {
        // The words after it as typed: a password of digits stays text.
        const words = trimmed.slice(1).replace(/^\S+\s+\S+\s*/, "");
        return { kind: "send", msg: { t: "option", room, key, value: words === "" ? null : words } };
      }
      if (opts && !(key in opts)) {
        const list = [...new Set([...Object.keys(opts), ...TABLE_OPTIONS, ...TABLE_SETTINGS])].join(", ");
        return { kind: "error", key: "cmd.unknown_option", args: { key, list } };
      }
      if (rest.length > 1 && typeof opts?.[key] === "number" && /^-?(\d+(\.\d+)?|\.\d+)$/.test(rest[1]) && rest.length === 2) {
        // A number option keeps numbers: "/option seats 1" is 1, not "yes".
        return { kind: "send", msg: { t: "option", room, key, value: Number(rest[1]) } };
      }
      if (rest.length > 1) return { kind: "send", msg: { t: "option", room, key, value: parseValue(rest.slice(1).join(" ")) } };
      // As on Brettspielwelt, `/option fluss` alone switches a yes/no option.
      const current = opts ? opts[key] : undefined;
      if (typeof current === "boolean" || current === undefined) {
        return { kind: "send", msg: { t: "option", room, key, value: current === undefined ? true : !current } };
      }
      return { kind: "error", key: "cmd.option_needs_value", args: { key, value: String(current) } };
    }
  }
  return { kind: "error", key: "cmd.unknown", args: { cmd: head, list: COMMANDS.map((c) => "/" + c).join(" ") } };
}
