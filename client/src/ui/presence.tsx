// Whether a seat's person is at the table: here, away (since when, counting up), played
// by the AI meanwhile ("AI stands in"), or resigned. The server says so per seat in the
// `room` message (`online`, `away_since`, `standin`, `resigned`); the time away is
// counted here from `away_since` against the reader's clock (the players panel ticks
// every few seconds while a seat is away), never below zero.

import type { SeatInfo } from "../protocol.gen";
import { t } from "../i18n";
import type { OutOfTime } from "../turns";

/** here: at the table; gone: not at the table before or after a game (no time kept);
 * away: left a running game; standin: the AI plays the seat for now; resigned: gave up,
 * the AI plays the seat to the end; unknown: the reader is offline, so what the server
 * last said may no longer hold. */
export type PresenceKind = "here" | "gone" | "away" | "standin" | "left" | "resigned" | "unknown";

export type SeatPresence = Pick<SeatInfo, "name" | "bot" | "online" | "away_since" | "standin" | "resigned"> &
  Partial<Pick<SeatInfo, "clock" | "left" | "ai_moves">>;

/** How often the panel looks at the clock again while someone is away. */
export const PRESENCE_TICK_MS = 5_000;

/** The reader's clock in the server's unit (Unix seconds). */
export function nowSeconds(): number {
  return Date.now() / 1000;
}

/** A person's state at the table; null for an AI player's seat (it is always there). */
export function presenceKind(seat: SeatPresence): PresenceKind | null {
  if (seat.bot) return null;
  if (seat.resigned) return "resigned";
  if (seat.left) return "left";
  if (seat.standin) return "standin";
  if (seat.away_since !== null && seat.away_since !== undefined) return "away";
  return seat.online ? "here" : "gone";
}

/** "away for <1 min", "away for 2 min", "away for 3 h" (whole minutes, counting up). */
export function awayFor(seconds: number): string {
  const s = Math.max(0, seconds);
  if (s < 60) return t("presence.away_moment");
  const min = Math.floor(s / 60);
  if (min < 60) return t("presence.away_min", { n: min });
  return t("presence.away_h", { n: Math.floor(min / 60) });
}

/** The words beside the seat's name, and the longer explanation for its tooltip.
 * `offline`: the reader's own connection is down; only a resignation still holds.
 * `turnBased`: at a turn-based table, what happens when a player's time runs out (an
 * absence is usual there, and no grace applies); null at a real-time one. */
export function presenceLabel(
  seat: SeatPresence,
  now: number = nowSeconds(),
  offline = false,
  turnBased: OutOfTime | null = null,
): { kind: PresenceKind; text: string; title: string } | null {
  const known = presenceKind(seat);
  if (known === null) return null;
  const kind = offline && known !== "resigned" && known !== "left" ? "unknown" : known;
  const label = labelOf(kind, seat, now, turnBased);
  // Say how many of the person's moves the AI made, wherever it made some.
  if (label && seat.ai_moves) label.title += " " + t("presence.ai_moves", { n: seat.ai_moves, name: seat.name });
  return label;
}

/** What an absence leads to at this table: the away grace (no clock), the player's own
 * clock (a real-time table with one), or a turn-based table's rule. */
function awayHint(seat: SeatPresence, turnBased: OutOfTime | null): string {
  if (turnBased !== null) return t(turnBased === "drop" ? "presence.away_turns_drop_hint" : "presence.away_turns_hint", { name: seat.name });
  const clocked = seat.clock !== null && seat.clock !== undefined;
  return t(clocked ? "presence.away_clock_hint" : "presence.away_hint", { name: seat.name });
}

function labelOf(kind: PresenceKind, seat: SeatPresence, now: number, turnBased: OutOfTime | null): { kind: PresenceKind; text: string; title: string } | null {
  const away = seat.away_since !== null && seat.away_since !== undefined ? awayFor(now - seat.away_since) : null;
  switch (kind) {
    case "resigned":
      return { kind, text: t("presence.resigned"), title: t("presence.resigned_hint", { name: seat.name }) };
    case "left":
      return { kind, text: t("presence.left"), title: t("presence.left_hint", { name: seat.name }) };
    case "standin":
      return {
        kind,
        text: t("presence.standin"),
        // A person who is here but stood in for: their turn clock ran out (this move only).
        title: t(
          away
            ? "presence.standin_away_hint"
            : seat.clock !== null && seat.clock !== undefined && seat.online
              ? "presence.standin_clock_hint"
              : "presence.standin_hint",
          { name: seat.name, away: away ?? "" },
        ),
      };
    case "away":
      return { kind, text: away!, title: awayHint(seat, turnBased) };
    case "here":
      return { kind, text: t("presence.here"), title: t("presence.here_hint", { name: seat.name }) };
    case "gone":
      return { kind, text: t("presence.gone"), title: t("presence.gone_hint", { name: seat.name }) };
    case "unknown":
      return { kind, text: t("presence.unknown"), title: t("presence.unknown_hint", { name: seat.name }) };
  }
}

/** The seat's presence mark: a dot in the state's colour and its words. */
export function Presence({ seat, now, offline, turnBased = null }: { seat: SeatPresence; now?: number; offline?: boolean; turnBased?: OutOfTime | null }) {
  const p = presenceLabel(seat, now, offline, turnBased);
  if (!p) return null;
  return (
    <span class={`presence presence-${p.kind}`} data-testid="presence" data-presence={p.kind} title={p.title}>
      {p.text}
    </span>
  );
}

/** Whether the host may hand this seat to the AI now: a person's seat, away from a
 * running game, not yet played by the AI. */
export function canHandToAi(seat: SeatPresence | null, playing: boolean): boolean {
  return playing && seat !== null && presenceKind(seat) === "away";
}
