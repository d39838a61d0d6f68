// Two people may call themselves the same at one table (or a person "AI 1"): the
// hall does not refuse it, so the page tells them apart wherever it names a seat. And
// a deleted account is "former player" in the finished games it played, in the seat
// of a game still under way and in the chat kept for newcomers: said here in the
// reader's language.

import { t } from "../i18n";
import type { GameSummary } from "../protocol.gen";

/** The name the hall gives a deleted account in its finished games, seats and chat
 * lines (FORMER in server/room/record.py). */
export const FORMER_PLAYER = "former player";

/** A name as shown: a deleted account's (in a finished game, a seat or a chat line)
 * in the reader's language, any other as it is. */
export function finishedName(name: string): string {
  return name === FORMER_PLAYER ? t("history.former_player") : name;
}

/** A finished game with its players' names as shown (`finishedName`); the same
 * object when no name changes. */
export function shownSummary(summary: GameSummary): GameSummary {
  if (!summary.players.some((p) => p.name === FORMER_PLAYER)) return summary;
  return { ...summary, players: summary.players.map((p) => ({ ...p, name: finishedName(p.name) })) };
}

/** The seats' names as shown: people (guests) who share a name are told apart by
 * their tags, "Ben · 5VWX" (see `playerTag` below), the same as in the hall's list;
 * any other name that several seats share (AI players, seats known by name only) is
 * kept by its first holder (in seat order) and numbered for the others, "Ada (2)",
 * skipping numbers some seat is already called; null for an empty seat. */
export function distinctNames(taken: readonly ({ name: string; player?: string; bot?: boolean } | null)[]): (string | null)[] {
  const seats = taken.map((s) => (s && s.name === FORMER_PLAYER ? { ...s, name: finishedName(s.name) } : s));
  const people = seats.flatMap((s) => (s && s.player !== undefined && !s.bot ? [{ ...s, player: s.player }] : []));
  const shared = sharedNames(people);
  const used = new Set(seats.flatMap((s) => (s ? [s.name] : [])));
  const seen = new Set<string>();
  return seats.map((s) => {
    if (!s) return null;
    if (s.player !== undefined && !s.bot && shared.has(s.name)) return listedName({ ...s, player: s.player }, shared);
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

// Guests choose their names freely, so two may both be "Ben"; an account's name is
// its own. Wherever people are listed, a guest whose name someone else in the list
// has too is shown with their tag ("Ben · 5VWX"): four characters made from the
// public player id (never from the session's token), the same everywhere and every
// time, as the server makes them (protocol/tags.py, the same vectors in
// test/names.test.ts). The server sends the tag where it lists people; a seat's is
// made here from its player id.

const TAG_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** FNV-1a (32 bits) of the id's UTF-8 bytes, its low 20 bits in base 32. */
export function playerTag(player: string): string {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(player)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  let tag = "";
  for (let i = 0; i < 4; i++) tag += TAG_ALPHABET[(h >>> (5 * i)) & 31];
  return tag;
}

/** Someone listed by name: a person here, a speaker, a seat, a finished game's player. */
export interface Listed {
  player: string;
  name: string;
  /** An account holder (their name is theirs alone); unknown when absent. */
  account?: boolean;
  /** The tag the server gave (null: an account holder or an AI). */
  tag?: string | null;
  bot?: boolean;
}

/** A guest's tag: the server's, else made from the player id; null for an account
 * holder or an AI player. */
export function tagOf(p: Listed): string | null {
  if (p.account || p.bot) return null;
  return p.tag ?? playerTag(p.player);
}

/** The names that more than one player in `people` goes by. */
export function sharedNames(people: readonly Listed[]): Set<string> {
  const holders = new Map<string, string>();
  const shared = new Set<string>();
  for (const p of people) {
    const first = holders.get(p.name);
    if (first === undefined) holders.set(p.name, p.player);
    else if (first !== p.player) shared.add(p.name);
  }
  return shared;
}

/** A listed name as shown: with the guest's tag when the name is in `shared`. */
export function listedName(p: Listed, shared: ReadonlySet<string>): string {
  const tag = shared.has(p.name) ? tagOf(p) : null;
  const name = finishedName(p.name);
  return tag ? `${name} · ${tag}` : name;
}
