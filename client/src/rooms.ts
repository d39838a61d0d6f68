// The lobby's tables in the order a player looks for them: their own tables first
// (where they sit or host), then tables still open for players, then games running,
// then finished ones; the newest first within each.

import type { RoomSummary } from "./protocol.gen";

/** Whether `me` sits at the table or hosts it. */
export function isMine(room: RoomSummary, me: string | null | undefined): boolean {
  if (!me) return false;
  return room.host === me || (room.players ?? []).some((p) => p?.player === me);
}

/** Whether `me` has a seat at the table. */
export function seatedAt(room: RoomSummary, me: string | null | undefined): boolean {
  return !!me && (room.players ?? []).some((p) => p?.player === me);
}

const STATUS_ORDER: Record<RoomSummary["status"], number> = { waiting: 0, playing: 1, finished: 2 };

export function orderRooms(rooms: readonly RoomSummary[], me: string | null | undefined): RoomSummary[] {
  return [...rooms].sort(
    (a, b) =>
      Number(isMine(b, me)) - Number(isMine(a, me)) ||
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      (b.created ?? 0) - (a.created ?? 0) ||
      a.room.localeCompare(b.room),
  );
}

/** The running game `me` plays in, the newest if several: the lobby offers a way back. */
export function myRunningGame(rooms: readonly RoomSummary[], me: string | null | undefined): RoomSummary | null {
  const mine = rooms.filter((r) => r.status === "playing" && seatedAt(r, me));
  return mine.sort((a, b) => (b.created ?? 0) - (a.created ?? 0))[0] ?? null;
}
