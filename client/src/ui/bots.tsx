// AI players at the table: their levels in words, a seat's label ("AI 1 · strong"),
// the calm "thinking…" mark while one chooses its move, and the host's level choice
// beside the "add AI" button. The server knows the levels (`bot.level`); these are
// the ones it offers, and an unknown one typed in `/bot` still goes to it.

import type { SeatInfo } from "../protocol.gen";
import { has, t } from "../i18n";
import type { OutOfTime } from "../turns";
import { Presence } from "./presence";

export const LEVELS = ["random", "greedy", "strong"] as const;
export type Level = (typeof LEVELS)[number];
/** The server's default when `bot` names no level. */
export const DEFAULT_LEVEL: Level = "strong";

/** A level in the reader's language; a level this client does not know, as it is. */
export function levelWord(level: string): string {
  return has(`level.${level}`) ? t(`level.${level}`) : level;
}

/** What a level plays like, for its tooltip. */
export function levelHint(level: string): string {
  return has(`level.${level}.hint`) ? t(`level.${level}.hint`) : levelWord(level);
}

/** A seat's name with an AI player's level: "AI 1 · strong"; a person's name alone. */
export function seatLabel(seat: Pick<SeatInfo, "name" | "bot" | "level">): string {
  return seat.bot && seat.level ? `${seat.name} · ${levelWord(seat.level)}` : seat.name;
}

/** A seat in the players panel: the name (`name`: as the table shows it, told apart
 * from a namesake's; with `*…*` for the seat to move), an AI
 * player's level, the tags (you, AI, host), a person's presence (here, away for N min,
 * AI stands in, resigned; `now` in Unix seconds, the reader's clock by default; not
 * known while the reader is `offline`), and
 * last, so that it may take a line of its own on a narrow panel, the thinking mark. */
export function SeatWho({
  seat,
  name = seat.name,
  moving,
  you,
  host,
  now,
  offline,
  turnBased = null,
  account = false,
}: {
  seat: SeatInfo;
  name?: string;
  moving: boolean;
  you: boolean;
  host: boolean;
  now?: number;
  offline?: boolean;
  /** At a turn-based table, what happens out of time (ui/presence.tsx); else null. */
  turnBased?: OutOfTime | null;
  /** An account holder (known from the hall's list while they are connected). */
  account?: boolean;
}) {
  return (
    <>
      <span class="name" data-testid="seat-name" title={seatLabel({ ...seat, name })}>
        {moving ? `*${name}*` : name}
      </span>
      {account && (
        <span class="account-mark" data-testid="account-mark" aria-label={t("hall.account")} title={t("hall.account_hint", { name: seat.name })}>
          ✓
        </span>
      )}
      {seat.bot && seat.level && (
        <span class="level" data-testid="seat-level" data-level={seat.level} title={levelHint(seat.level)}>
          · {levelWord(seat.level)}
        </span>
      )}
      {you && <span class="tag you">{t("table.you")}</span>}
      {seat.bot && <span class="tag bot">{t("table.bot")}</span>}
      {host && <span class="tag host">{t("table.host")}</span>}
      {!seat.bot && <Presence seat={seat} now={now} offline={offline} turnBased={turnBased} />}
      {seat.thinking && <Thinking />}
    </>
  );
}

/** The word and three dots that fade in turn (still under prefers-reduced-motion). */
export function Thinking() {
  return (
    <span class="thinking" data-testid="thinking" role="status" title={t("table.thinking_hint")}>
      <span class="word">{t("table.thinking")}</span>
      <span class="dots" aria-hidden="true">
        <i />
        <i />
        <i />
      </span>
    </span>
  );
}

/** The host's choice of level for the next AI player, each with its tooltip. */
export function LevelChoice({ value, onChange }: { value: string; onChange: (level: Level) => void }) {
  return (
    <select
      class="bot-level"
      data-testid="bot-level"
      aria-label={t("tool.bot_level")}
      title={`${t("tool.bot_level")}: ${levelHint(value)}`}
      value={value}
      onChange={(e) => onChange((e.target as HTMLSelectElement).value as Level)}
    >
      {LEVELS.map((l) => (
        <option key={l} value={l} title={levelHint(l)}>
          {levelWord(l)}
        </option>
      ))}
    </select>
  );
}

/** How fast the table's AI players play: the host's choice (before or during the
 * game). `auto` is fast unless an AI player is strong. */
export const AI_PACE_KEY = "ai_pace";
export const AI_PACES = ["auto", "fast", "normal", "thorough"] as const;
export type AiPace = (typeof AI_PACES)[number];

export function aiPaceOf(options: Record<string, unknown>): AiPace {
  const v = options[AI_PACE_KEY];
  return AI_PACES.includes(v as AiPace) ? (v as AiPace) : "auto";
}

export function AiPaceChoice({ value, disabled, onChange }: { value: AiPace; disabled: boolean; onChange: (pace: AiPace) => void }) {
  return (
    <label class="ai-pace" title={t(`ai_pace.${value}_hint`)}>
      {t("ai_pace.label")}{" "}
      <select
        data-testid="ai-pace"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange((e.target as HTMLSelectElement).value as AiPace)}
      >
        {AI_PACES.map((p) => (
          <option key={p} value={p} title={t(`ai_pace.${p}_hint`)}>
            {t(`ai_pace.${p}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
