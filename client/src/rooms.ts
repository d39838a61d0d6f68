// The lobby's tables in the order a player looks for them: their own tables first
// (where they sit or host), then tables still open for players, then games running,
// then finished ones; the newest first within each.

import { LOBBY_DEFAULT, type RoomChanges, type Rooms, type RoomSummary } from "./protocol.gen";

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

/** How many tables the lobby asks for (`rooms.limit`): the server's default. */
export const LOBBY_LIMIT = LOBBY_DEFAULT;

/** What the lobby shows: one game's tables or all (null), in one state or all. */
export interface LobbyFilter {
  game: string | null;
  status: RoomSummary["status"] | null;
}

export const NO_FILTER: LobbyFilter = { game: null, status: null };

/** The `rooms` message asking for the lobby with this filter, its updates as changes. */
export function roomsMessage(filter: LobbyFilter, limit = LOBBY_LIMIT): Rooms {
  const msg: Rooms = { t: "rooms", changes: true, limit };
  if (filter.game) msg.game = filter.game;
  if (filter.status) msg.status = filter.status;
  return msg;
}

/** Tables as the server keeps the list: the newest first (by `created`, then by id so
 * that two tables of one instant keep an order). */
export function newestFirst(rooms: readonly RoomSummary[]): RoomSummary[] {
  return [...rooms].sort((a, b) => (b.created ?? 0) - (a.created ?? 0) || a.room.localeCompare(b.room));
}

/** The lobby's list after a `room_changes`: the tables `gone` dropped, each table of
 * `rooms` in place of its old entry (or added), the newest first, and no more than
 * `limit` (the oldest go). A table both gone and changed stays, changed. */
export function applyRoomChanges(
  held: readonly RoomSummary[],
  changes: Pick<RoomChanges, "rooms" | "gone">,
  limit = LOBBY_LIMIT,
): RoomSummary[] {
  const gone = new Set(changes.gone);
  const changed = new Map(changes.rooms.map((r) => [r.room, r]));
  const kept = held.filter((r) => !gone.has(r.room) && !changed.has(r.room));
  return newestFirst([...kept, ...changed.values()]).slice(0, Math.max(0, limit));
}
