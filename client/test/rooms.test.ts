import { describe, expect, it } from "vitest";
import type { RoomSummary } from "../src/protocol.gen";
import { isMine, myRunningGame, orderRooms } from "../src/rooms";

function room(id: string, status: RoomSummary["status"], created: number, players: (string | null)[] = [], host: string | null = null): RoomSummary {
  return {
    room: id,
    game: "carcassonne",
    status,
    seats: players.length,
    seated: players.filter(Boolean).length,
    watchers: 0,
    options: {},
    players: players.map((p) => (p ? { player: p, name: p, bot: false, level: null } : null)),
    host,
    host_name: host,
    created,
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
