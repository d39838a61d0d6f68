// Two people may call themselves the same at one table (or a person "AI 1"): the
// hall does not refuse it, so the page tells them apart wherever it names a seat. And
// a deleted account is "former player" in the finished games it played: said here in
// the reader's language.

import { t } from "../i18n";
import type { GameSummary } from "../protocol.gen";

/** The name the hall gives a deleted account in its finished games (FORMER in
 * server/profiles.py). */
export const FORMER_PLAYER = "former player";

/** A finished game's player's name as shown: a deleted account's in the reader's
 * language, any other as it is. */
export function finishedName(name: string): string {
  return name === FORMER_PLAYER ? t("history.former_player") : name;
}

/** A finished game with its players' names as shown (`finishedName`); the same
 * object when no name changes. */
export function shownSummary(summary: GameSummary): GameSummary {
  if (!summary.players.some((p) => p.name === FORMER_PLAYER)) return summary;
  return { ...summary, players: summary.players.map((p) => ({ ...p, name: finishedName(p.name) })) };
}

/** The seats' names as shown: a name that several seats share is kept by its first
 * holder (in seat order) and numbered for the others, "Ada (2)", skipping numbers
 * some seat is already called; null for an empty seat. */
export function distinctNames(seats: readonly ({ name: string } | null)[]): (string | null)[] {
  const used = new Set(seats.flatMap((s) => (s ? [s.name] : [])));
  const seen = new Set<string>();
  return seats.map((s) => {
    if (!s) return null;
    if (!seen.has(s.name)) {
      seen.add(s.name);
      return s.name;
    }
    let k = 2;
    while (used.has(`${s.name} (${k})`)) k++;
    const shown = `${s.name} (${k})`;
    used.add(shown);
    return shown;
  });
}
