// Turn-based tables: the table settings `pace` and `out_of_time` (the table's own, like
// `clock`, not the game's), the day-long clocks they take, and "your turns" (the
// server's `turns` list of the tables waiting for a move of ours). Words and numbers
// only; the choices and the header's list are in ui/pace.tsx and ui/turns.tsx.

import { t } from "./i18n";
import type { TurnRoom } from "./protocol.gen";

export const PACE_KEY = "pace";
export const OUT_OF_TIME_KEY = "out_of_time";
export type Pace = "realtime" | "turn_based";
export type OutOfTime = "ai_move" | "drop";
export const PACES: Pace[] = ["realtime", "turn_based"];
export const OUT_OF_TIMES: OutOfTime[] = ["ai_move", "drop"];

const HOUR = 3600;
const DAY = 86400;
/** A turn-based table's time per move: an hour to 14 days, a day unless chosen. */
export const TURN_CLOCK_MIN = HOUR;
export const TURN_CLOCK_MAX = 14 * DAY;
export const TURN_CLOCK_DEFAULT = DAY;
/** The choices offered, seconds per move. */
export const TURN_CLOCK_CHOICES = [HOUR, 4 * HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY, 7 * DAY, 14 * DAY] as const;

/** Whether a table's options say it is turn-based (absent: real-time). */
export function isTurnBased(options: Record<string, unknown> | null | undefined): boolean {
  return options?.[PACE_KEY] === "turn_based";
}

/** What happens out of time at a table (the default when it does not say). */
export function outOfTime(options: Record<string, unknown> | null | undefined): OutOfTime {
  return options?.[OUT_OF_TIME_KEY] === "drop" ? "drop" : "ai_move";
}

/** The table settings `create` carries for a pace: none for a real-time table (its
 * clock is the clock choice's), else the pace, the time per move and, when not the
 * default, what happens out of time. */
export function paceOptions(pace: Pace, perMove: number, out: OutOfTime): Record<string, unknown> {
  if (pace !== "turn_based") return {};
  return { [PACE_KEY]: pace, clock: perMove, ...(out === "drop" ? { [OUT_OF_TIME_KEY]: out } : {}) };
}

/** A span of time in words, to the minute, the two largest units: "3 days 4 h",
 * "1 day", "5 h 20 min", "12 min"; "under a minute" below one. */
export function spanWords(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const days = Math.floor(s / DAY);
  const hours = Math.floor((s % DAY) / HOUR);
  const minutes = Math.floor((s % HOUR) / 60);
  const parts: string[] = [];
  if (days) parts.push(t(days === 1 ? "span.day" : "span.days", { n: days }));
  if (hours && parts.length < 2) parts.push(t("span.hours", { n: hours }));
  if (minutes && !days && parts.length < 2) parts.push(t("span.minutes", { n: minutes }));
  return parts.length ? parts.join(t("span.sep")) : t("span.under_minute");
}

/** The time per move in words: "1 day / move". */
export function perMoveWords(seconds: number): string {
  return t("pace.per_move", { span: spanWords(seconds) });
}

/** The tables waiting for us, the one that has waited longest first. */
export function oldestFirst(rooms: TurnRoom[]): TurnRoom[] {
  return [...rooms].sort((a, b) => a.since - b.since || (a.room < b.room ? -1 : a.room > b.room ? 1 : 0));
}

/** The time left for a move, in words ("2 days 3 h left"; "out of time" once it has
 * run out and the table has yet to act). `now` in seconds since 1970. */
export function timeLeftWords(deadline: number, now: number): string {
  const left = deadline - now;
  return left <= 0 ? t("turns.out_of_time") : t("turns.left", { span: spanWords(left) });
}

/** Under an hour left: the list marks it urgent. */
export function urgent(deadline: number, now: number): boolean {
  return deadline - now < HOUR;
}
