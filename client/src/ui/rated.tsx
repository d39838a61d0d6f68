// Rated or not: the table's own option `rated` (like `private` and `clock`, not the
// game's). Tables are rated by default; `room.options.rated` is false at an unrated one
// and absent otherwise. The form's "Rated game" box, the host's box at a waiting table,
// and the "unrated" mark in the table's head.

import { t } from "../i18n";
import type { Room } from "../protocol.gen";

export const RATED_KEY = "rated";

/** Whether a table's options say its game counts for the rankings. */
export function isRated(options: Record<string, unknown> | null | undefined): boolean {
  return options?.[RATED_KEY] !== false;
}

/** What goes into `create`'s options: nothing for a rated table (the default), else
 * `rated: false`. */
export function ratedOptions(rated: boolean): Record<string, unknown> {
  return rated ? {} : { [RATED_KEY]: false };
}

/** The "Rated game" box: in the form to open a table, and at a waiting table (the
 * host's to change; the others read it). */
export function RatedBox({ rated, onChange, disabled, testid }: { rated: boolean; onChange: (rated: boolean) => void; disabled?: boolean; testid: string }) {
  return (
    <label class="option option-bool rated-option" title={t("rated.hint")} data-option={RATED_KEY}>
      <input type="checkbox" data-testid={testid} checked={rated} disabled={disabled} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} />
      <span class="option-label">{t("rated.label")}</span>
    </label>
  );
}

/** The small "unrated" mark of an unrated table (its head; the lobby's row words it). */
export function UnratedMark({ info }: { info: Pick<Room, "options"> }) {
  if (isRated(info.options)) return null;
  return (
    <span class="tag unrated" data-testid="table-unrated" title={t("rated.unrated_hint")}>
      {t("rated.unrated")}
    </span>
  );
}
