import { describe, expect, it } from "vitest";
import type { RoomSummary } from "../src/protocol.gen";
import { applyRoomChanges, isMine, LOBBY_LIMIT, myRunningGame, newestFirst, NO_FILTER, orderRooms, roomsMessage } from "../src/rooms";

function room(id: string, status: RoomSummary["status"], created: number, players: (string | null)[] = [], host: string | null = null): RoomSummary {
  return {
    room: id,
    game: "carcassonne",
    status,
    seats: players.length,
    seated: players.filter(Boolean).length,
    watchers: 0,
    options: {},
    players: players.map((p) => (p ? { player: p, name: p, bot: false, level: null, left: false } : null)),
    host,
    host_name: host,
    created,
    private: false,
    password: false,
  };
}

describe("the lobby's order", () => {
  const rooms = [
    room("old-open", "waiting", 10),
    room("running", "playing", 30, ["x", "y"]),
    room("new-open", "waiting", 20),
    room("done", "finished", 40),
    room("mine-running", "playing", 5, ["me", "z"]),
    room("hosted", "waiting", 1, [null, null], "me"),
  ];

  it("puts my tables first, then open ones, running ones and finished ones, the newest first", () => {
    expect(orderRooms(rooms, "me").map((r) => r.room)).toEqual(["hosted", "mine-running", "new-open", "old-open", "running", "done"]);
  });

  it("orders a stranger's lobby by status and age alone", () => {
    expect(orderRooms(rooms, null).map((r) => r.room)).toEqual(["new-open", "old-open", "hosted", "running", "mine-running", "done"]);
  });

  it("knows where I sit or host, and my running game", () => {
    expect(isMine(rooms[5], "me")).toBe(true);
    expect(isMine(rooms[1], "me")).toBe(false);
    expect(myRunningGame(rooms, "me")?.room).toBe("mine-running");
    expect(myRunningGame(rooms, "x")?.room).toBe("running");
    expect(myRunningGame(rooms, "nobody")).toBeNull();
  });

  it("copes with a server that sends no players (an older protocol 1 server)", () => {
    const bare = { ...room("bare", "waiting", 0), players: undefined, created: undefined } as unknown as RoomSummary;
    expect(orderRooms([bare, rooms[0]], "me").map((r) => r.room)).toEqual(["old-open", "bare"]);
  });
});

describe("the lobby's changes (room_changes)", () => {
  const list = [room("c", "waiting", 30), room("b", "playing", 20), room("a", "waiting", 10)];
  const ids = (rooms: RoomSummary[]) => rooms.map((r) => r.room);

  it("adds a new table in its place by age, the newest first", () => {
    expect(ids(applyRoomChanges(list, { rooms: [room("d", "waiting", 40)], gone: [] }))).toEqual(["d", "c", "b", "a"]);
    expect(ids(applyRoomChanges(list, { rooms: [room("m", "waiting", 25)], gone: [] }))).toEqual(["c", "m", "b", "a"]);
  });

  it("replaces a changed table's entry, keeping one entry per table", () => {
    const next = applyRoomChanges(list, { rooms: [{ ...room("b", "finished", 20), watchers: 3 }], gone: [] });
    expect(ids(next)).toEqual(["c", "b", "a"]);
    expect(next[1]).toMatchObject({ status: "finished", watchers: 3 });
    // The tables that did not change are the same objects: their rows are not redrawn.
    expect(next[0]).toBe(list[0]);
  });

  it("drops the tables gone, and a table both gone and changed stays changed", () => {
    expect(ids(applyRoomChanges(list, { rooms: [], gone: ["b", "nowhere"] }))).toEqual(["c", "a"]);
    expect(ids(applyRoomChanges(list, { rooms: [room("a", "playing", 10)], gone: ["a"] }))).toEqual(["c", "b", "a"]);
  });

  it("stays within the limit, the oldest going", () => {
    const next = applyRoomChanges(list, { rooms: [room("d", "waiting", 40), room("e", "waiting", 50)], gone: [] }, 3);
    expect(ids(next)).toEqual(["e", "d", "c"]);
    // A change of a table beyond the limit (older than all kept) does not push one out.
    expect(ids(applyRoomChanges(next, { rooms: [room("z", "waiting", 1)], gone: [] }, 3))).toEqual(["e", "d", "c"]);
  });

  it("does not change the list it is given", () => {
    const before = ids(list);
    applyRoomChanges(list, { rooms: [room("d", "waiting", 40)], gone: ["c"] });
    expect(ids(list)).toEqual(before);
  });

  it("orders two tables of one instant by id", () => {
    expect(ids(newestFirst([room("y", "waiting", 5), room("x", "waiting", 5)]))).toEqual(["x", "y"]);
  });

  it("asks for the lobby with the filter, its updates as changes", () => {
    expect(roomsMessage(NO_FILTER)).toEqual({ t: "rooms", changes: true, limit: LOBBY_LIMIT });
    expect(roomsMessage({ game: "kingsburg", status: "waiting" }, 20)).toEqual({
      t: "rooms",
      changes: true,
      limit: 20,
      game: "kingsburg",
      status: "waiting",
    });
  });
});
