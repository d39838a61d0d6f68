// Play again, without a screen. A player of a finished game sends `rematch`; the server
// opens a table like it, seats the proposer there as its host and keeps the other
// people's seats for them (`room.kept` at the new table); everyone at the old table is
// told the new table's id (`room.rematch`). What each of them does about it:
//
// - the proposer (we sent `rematch` at that table) goes to the new table;
// - a watcher of the table on screen goes along, as a watcher (not from a private
//   table: its rematch has an invitation of its own, which watchers are not given);
// - any other player is offered it: the client comes to the new table in the
//   background ("peek") to read who proposed it (its host) and the seat kept for us,
//   and the offer says "Ben proposes a rematch — Join / No thanks". Join sits in the
//   kept seat (`sit` with `seat: null`); No thanks declines it (`stand`, which frees the
//   seat) and leaves the new table, staying at the old one;
// - once the offer has nothing left for us (the seat declined elsewhere, the new game
//   started without us), the new table is left again ("drop").

import type { Room } from "./protocol.gen";
import type { Snapshot } from "./store";

/** The offer of a rematch to a player of the game before. */
export interface RematchOffer {
  /** The finished table. */
  from: string;
  /** The new table. */
  to: string;
  game: string;
  /** Who proposed it (the new table's host), once the new table has been read. */
  by: string | null;
  /** The seat kept for us there (from 0), once read. */
  seat: number | null;
  /** We sit there already (we proposed it ourselves from another tab, say). */
  seated: boolean;
}

/** What the client does about a finished table's rematch. */
export type RematchMove =
  | { kind: "follow"; from: string; to: string; sit: boolean }
  | { kind: "peek"; from: string; to: string }
  | { kind: "drop"; from: string; to: string }
  | null;

function keptFor(info: Room, me: string | null): number | null {
  if (me === null) return null;
  const i = (info.kept ?? []).findIndex((k) => k !== null && k.player === me);
  return i < 0 ? null : i;
}

function sitsAt(info: Room, me: string | null): boolean {
  return me !== null && info.seats.some((p) => p !== null && p.player === me);
}

/** The name of a table's host, when the host sits there. */
export function hostName(info: Room): string | null {
  return info.seats.find((p) => p !== null && p.player === info.host)?.name ?? null;
}

/** The offer of the rematch of finished table `from`, if there is one for us: we played
 * there, did not propose it, have not answered, are not at the new table already, and
 * (once the new table has been read) it waits for players and keeps a seat for us or
 * seats us. */
export function rematchOffer(s: Snapshot, from: string): RematchOffer | null {
  const old = s.tables[from]?.room;
  if (!old || old.status !== "finished" || !old.rematch || old.you === null) return null;
  const note = s.rematch[from];
  if (note?.asked || note?.answer) return null;
  const to = old.rematch;
  if (s.current === to) return null;
  const me = s.me?.player ?? null;
  const next = s.tables[to]?.room;
  if (!next) return { from, to, game: old.game, by: null, seat: null, seated: false };
  if (next.status !== "waiting") return null;
  const seat = keptFor(next, me);
  const seated = sitsAt(next, me);
  if (seat === null && !seated) return null;
  return { from, to, game: old.game, by: hostName(next), seat, seated };
}

/** Every rematch offered to us, for the lobby (the table on screen shows its own). */
export function rematchOffers(s: Snapshot): RematchOffer[] {
  return Object.keys(s.tables).flatMap((room) => {
    const o = rematchOffer(s, room);
    return o ? [o] : [];
  });
}

/** What to do about finished table `from`'s rematch, given what was done already
 * (`done`: the tables whose rematch we followed or peeked at). */
export function rematchMove(s: Snapshot, from: string, done: ReadonlySet<string>): RematchMove {
  const old = s.tables[from]?.room;
  if (!old || old.status !== "finished" || !old.rematch) return null;
  const to = old.rematch;
  if (!done.has(from)) {
    if (s.rematch[from]?.asked) return { kind: "follow", from, to, sit: true };
    if (old.you === null) {
      return s.current === from && !old.private ? { kind: "follow", from, to, sit: false } : null;
    }
    if (s.rematch[from]?.answer) return null;
    return { kind: "peek", from, to };
  }
  // Peeked at: leave the new table once it holds nothing for us, unless it is on screen.
  const next = s.tables[to]?.room;
  if (old.you === null || s.rematch[from]?.asked || s.rematch[from]?.answer || !next || s.current === to) return null;
  return rematchOffer(s, from) === null ? { kind: "drop", from, to } : null;
}
