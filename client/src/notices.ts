// The notices above the page (errors the hall sent, mostly): a short queue, so that a
// burst of refusals does not pile up into a wall that takes half a minute to clear.

import type { Notice } from "./store";

/** At most this many notices show at once; a newer one pushes the oldest out. */
export const NOTICES_SHOWN = 3;
/** How long a notice stays: long enough to read a sentence or two. */
export const NOTICE_MS = 5000;
/** A notice with buttons of its own (sign in, register) stays longer: it asks for a choice. */
export const NOTICE_ACTION_MS = 10_000;

/** The codes whose notice carries buttons (see app.tsx). */
const WITH_ACTIONS = new Set(["account_required"]);

/** How long `n` stays on screen, from when it came (`at`). */
export function noticeLife(n: Pick<Notice, "code">): number {
  return WITH_ACTIONS.has(n.code) ? NOTICE_ACTION_MS : NOTICE_MS;
}

/** The list with `n` added: a notice of the same code goes (the same refusal again
 * says nothing new), and `n` counts it as seen once more; then only the newest
 * `NOTICES_SHOWN` stay. `n` keeps its own id and time, so its life starts afresh and
 * whoever watches for a new last notice sees it. */
export function addNotice(list: readonly Notice[], n: Notice, keep = NOTICES_SHOWN): Notice[] {
  const same = list.find((o) => o.code === n.code);
  const added: Notice = same ? { ...n, count: (same.count ?? 1) + 1 } : n;
  return [...list.filter((o) => o !== same), added].slice(-keep);
}

/** When (ms since the epoch) the first of `list` is due to go; null for none. */
export function nextExpiry(list: readonly Notice[]): number | null {
  let next: number | null = null;
  for (const n of list) {
    const due = n.at + noticeLife(n);
    if (next === null || due < next) next = due;
  }
  return next;
}

/** The notices still due to show at `now`. */
export function unexpired(list: readonly Notice[], now: number): Notice[] {
  return list.filter((n) => n.at + noticeLife(n) > now);
}
