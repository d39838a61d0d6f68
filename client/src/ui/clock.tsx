// The table's turn clock (the table's own option `clock`, seconds per move; not the
// game's). The server keeps every seat's bank and says in each `room` message how much
// is left (`clock`) and whether it runs down now (`clock_running`); the client only
// draws it: counting down from the time that message arrived while it runs, re-synced
// on every new `room`, never below zero. Here: the countdown's words, the time left,
// the seat's clock in the players panel, the host's choice in the options panel and
// the option in words ("clock 60 s / move").

import { useEffect, useState } from "preact/hooks";
import type { Room, SeatInfo } from "../protocol.gen";
import { t } from "../i18n";

/** The table's option key (the server takes it apart from the game's options). */
export const CLOCK_KEY = "clock";
/** The choices the options panel offers, seconds per move (0: no clock). */
export const CLOCK_CHOICES = [0, 30, 60, 120, 300] as const;
/** What the server accepts besides 0. */
export const CLOCK_MIN = 0.1;
export const CLOCK_MAX = 3600;
/** Below this many seconds the clock shows tenths and turns urgent. */
export const CLOCK_URGENT = 10;
/** How often a running clock is redrawn. */
export const CLOCK_TICK_MS = 100;

/** The reader's monotonic clock in milliseconds (for drawing only). */
export function clockNow(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}

/** Seconds left in a seat's bank at `now` (ms), from the server's `clock` (seconds left
 * when the `room` message was made), whether it runs, and when that message arrived
 * (`receivedAt`, ms, same clock as `now`); null without a clock. Never below zero. */
export function clockLeft(clock: number | null | undefined, running: boolean, receivedAt: number, now: number): number | null {
  if (clock === null || clock === undefined || !Number.isFinite(clock)) return null;
  const spent = running ? Math.max(0, now - receivedAt) / 1000 : 0;
  return Math.max(0, clock - spent);
}

/** Above this (a real-time bank's most: 3 × 3600 s), only a turn-based table's bank:
 * it reads in hours, and in days from a day on. */
const LONG_CLOCK = 10800;

/** A countdown in words: m:ss, and tenths below 10 s ("1:05", "0:10", "0:09.4",
 * "0:00.0"); rounded down, so it reads 0:00.0 only when the time is up. A turn-based
 * table's long bank: h:mm:ss over three hours ("5:02:09"), and days with hours and
 * minutes from a day on ("2d 03:15"). */
export function formatClock(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(0, seconds) : 0;
  if (s > LONG_CLOCK) {
    const whole = Math.floor(s + 1e-6);
    const pad = (n: number) => String(n).padStart(2, "0");
    const days = Math.floor(whole / 86400);
    const hours = Math.floor((whole % 86400) / 3600);
    const minutes = Math.floor((whole % 3600) / 60);
    if (days) return `${days}d ${pad(hours)}:${pad(minutes)}`;
    return `${hours}:${pad(minutes)}:${pad(whole % 60)}`;
  }
  if (s < CLOCK_URGENT) {
    const tenths = Math.floor(s * 10 + 1e-6);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const whole = Math.floor(s + 1e-6);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** Seconds as typed in the options ("60", "2", "0.5"). */
function secs(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** The clock option in words: "clock 60 s / move"; null when there is none. */
export function clockWords(value: unknown): string | null {
  const n = typeof value === "number" ? value : Number.NaN;
  if (!Number.isFinite(n) || n <= 0) return null;
  return t("clock.per_move", { s: secs(n) });
}

// When each `room` message was first seen (the server's numbers are as of then).
const seen = new WeakMap<object, number>();

/** When this `room` message arrived (first drawn), on the `clockNow` clock. */
export function receivedAt(room: Room, now: number = clockNow()): number {
  let at = seen.get(room);
  if (at === undefined) {
    at = now;
    seen.set(room, at);
  }
  return at;
}

/** A seat's clock beside its row: the time left, counting down while it runs (redrawn
 * every tenth of a second), still otherwise; urgent while it runs under 10 s. Nothing
 * without a clock. */
export function SeatClock({
  seat,
  at,
  now: fixedNow,
}: {
  seat: Pick<SeatInfo, "name" | "clock" | "clock_running">;
  /** When the `room` message carrying `seat` arrived (`clockNow` ms). */
  at: number;
  /** For tests: draw as of this time, without ticking. */
  now?: number;
}) {
  const running = !!seat.clock_running;
  const [tick, setTick] = useState(clockNow);
  useEffect(() => {
    if (fixedNow !== undefined) return;
    setTick(clockNow());
    if (!running || seat.clock === null || seat.clock === undefined) return;
    const timer = setInterval(() => {
      const now = clockNow();
      setTick(now);
      if ((clockLeft(seat.clock, running, at, now) ?? 0) <= 0) clearInterval(timer);
    }, CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [running, at, seat.clock, fixedNow]);
  const left = clockLeft(seat.clock, running, at, fixedNow ?? tick);
  if (left === null) return null;
  return <ClockFace name={seat.name} left={left} running={running} />;
}

/** The clock as drawn: seconds left, running or not (no state of its own). */
export function ClockFace({ name, left, running }: { name: string; left: number; running: boolean }) {
  // Urgent (red) while it runs under 10 s; a stopped clock presses nobody.
  const urgent = running && left < CLOCK_URGENT;
  const text = formatClock(left);
  return (
    <span
      class={`seat-clock ${running ? "running" : "stopped"} ${urgent ? "urgent" : ""}`}
      data-testid="seat-clock"
      data-running={running ? "true" : "false"}
      data-left={left.toFixed(1)}
      role="timer"
      title={t(running ? "clock.running_hint" : "clock.stopped_hint", { name, left: text })}
    >
      <span class="icon" aria-hidden="true" />
      {text}
    </span>
  );
}

/** What the host's choice sends: a preset's seconds as a number ("60" → 60, "0" → 0),
 * or "other" (the field opens, nothing is sent yet). */
export function clockChoiceValue(selected: string): number | "other" {
  if (selected === "other") return "other";
  const n = Number(selected);
  return Number.isFinite(n) ? n : 0;
}

/** What the seconds field sends: a number ("2" → 2, "2,5" → 2.5), or null for an
 * empty or unreadable field (nothing is sent; the server refuses what is out of range). */
export function clockFieldValue(raw: string): number | null {
  const s = raw.trim().replace(",", ".");
  if (s === "") return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** The host's choice of the turn clock before the start: none / 30 s / 60 s / 120 s /
 * 300 s, or "other…" with a field of seconds (0.1 to 3600). Sends a number. */
export function ClockChoice({
  value,
  onChange,
  disabled,
}: {
  value: unknown;
  onChange: (seconds: number) => void;
  disabled?: boolean;
}) {
  const current = typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;
  const preset = (CLOCK_CHOICES as readonly number[]).includes(current);
  const [other, setOther] = useState(!preset);
  const [field, setField] = useState(preset ? "" : secs(current));
  useEffect(() => {
    if (!preset) {
      setOther(true);
      setField(secs(current));
    }
  }, [current, preset]);
  const showOther = other || !preset;
  const sendField = (raw: string) => {
    const n = clockFieldValue(raw);
    if (n !== null) onChange(n);
  };
  return (
    <label class="option clock-option" data-option={CLOCK_KEY} title={t("clock.choice_hint")}>
      <span>{t("clock.label")}</span>
      <select
        data-testid="option-clock"
        disabled={disabled}
        value={showOther ? "other" : String(current)}
        onChange={(e) => {
          const v = clockChoiceValue((e.target as HTMLSelectElement).value);
          if (v === "other") {
            setOther(true);
            setField(current > 0 ? secs(current) : "");
            return;
          }
          setOther(false);
          onChange(v);
        }}
      >
        {CLOCK_CHOICES.map((c) => (
          <option key={c} value={String(c)}>
            {c === 0 ? t("clock.none") : t("clock.seconds", { s: c })}
          </option>
        ))}
        <option value="other">{t("clock.other")}</option>
      </select>
      {showOther && (
        <span class="clock-field">
          <input
            type="number"
            data-testid="option-clock-seconds"
            min={CLOCK_MIN}
            max={CLOCK_MAX}
            step="any"
            inputMode="decimal"
            aria-label={t("clock.field")}
            disabled={disabled}
            value={field}
            onInput={(e) => setField((e.target as HTMLInputElement).value)}
            onChange={(e) => sendField((e.target as HTMLInputElement).value)}
          />
          <span class="muted small">{t("clock.unit")}</span>
        </span>
      )}
    </label>
  );
}
