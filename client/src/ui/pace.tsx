// The pace of a table, chosen in the form that opens it and in its options before the
// start: real-time (today's tables, with the turn clock of ui/clock.tsx) or turn-based
// (a game over days: an hour to 14 days per move, and what happens out of time). And
// the "turn-based" mark of such a table in the lobby's row and the table's head.

import { t } from "../i18n";
import {
  OUT_OF_TIME_KEY,
  OUT_OF_TIMES,
  type OutOfTime,
  PACE_KEY,
  PACES,
  type Pace,
  TURN_CLOCK_CHOICES,
  TURN_CLOCK_DEFAULT,
  isTurnBased,
  perMoveWords,
} from "../turns";

/** Real-time or turn-based. */
export function PaceChoice({ value, onChange, disabled, testid = "option-pace" }: { value: Pace; onChange: (pace: Pace) => void; disabled?: boolean; testid?: string }) {
  return (
    <label class="option pace-option" data-option={PACE_KEY} title={t("pace.hint")}>
      <span>{t("pace.label")}</span>
      <select data-testid={testid} disabled={disabled} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value as Pace)}>
        {PACES.map((p) => (
          <option key={p} value={p}>
            {t(`pace.${p}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A turn-based table's time per move: an hour to 14 days. A value set otherwise (typed
 * with /option clock) is offered as it is, beside the presets. */
export function TurnClockChoice({ value, onChange, disabled, testid = "option-turn-clock" }: { value: unknown; onChange: (seconds: number) => void; disabled?: boolean; testid?: string }) {
  const current = typeof value === "number" && Number.isFinite(value) && value > 0 ? value : TURN_CLOCK_DEFAULT;
  const choices: number[] = [...TURN_CLOCK_CHOICES];
  if (!choices.includes(current)) choices.push(current);
  choices.sort((a, b) => a - b);
  return (
    <label class="option turn-clock-option" data-option="clock" title={t("pace.clock_hint")}>
      <span>{t("pace.clock_label")}</span>
      <select data-testid={testid} disabled={disabled} value={String(current)} onChange={(e) => onChange(Number((e.target as HTMLSelectElement).value))}>
        {choices.map((c) => (
          <option key={c} value={String(c)}>
            {perMoveWords(c)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** What happens when a turn-based seat's time runs out. */
export function OutOfTimeChoice({ value, onChange, disabled, testid = "option-out-of-time" }: { value: OutOfTime; onChange: (out: OutOfTime) => void; disabled?: boolean; testid?: string }) {
  return (
    <label class="option out-of-time-option" data-option={OUT_OF_TIME_KEY} title={t("pace.out_hint")}>
      <span>{t("pace.out_label")}</span>
      <select data-testid={testid} disabled={disabled} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value as OutOfTime)}>
        {OUT_OF_TIMES.map((o) => (
          <option key={o} value={o}>
            {t(`pace.out.${o}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The small "turn-based" mark of a turn-based table (the lobby's row, the table's head). */
export function PaceBadge({ options }: { options: Record<string, unknown> | null | undefined }) {
  if (!isTurnBased(options)) return null;
  return (
    <span class="tag pace" data-testid="pace-badge" title={t("pace.badge_hint")}>
      {t("pace.turn_based")}
    </span>
  );
}
