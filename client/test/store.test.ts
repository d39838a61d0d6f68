import { describe, expect, it } from "vitest";
import type { ClientMessage, RoomSummary } from "../src/protocol.gen";
import { Store } from "../src/store";

function setup() {
  const sent: ClientMessage[] = [];
  const store = new Store((m) => sent.push(m));
  store.handle({ t: "snapshot", room: "r1", v: 3, view: { scores: [0, 0], log: [] } });
  return { store, sent };
}

describe("Store", () => {
  it("applies the next patch", () => {
    const { store, sent } = setup();
    store.handle({ t: "patch", room: "r1", v: 4, ops: [["s", ["scores", 0], 2]] });
    expect(store.state.tables.r1.v).toBe(4);
    expect(store.state.tables.r1.view!.scores).toEqual([2, 0]);
    expect(sent).toEqual([]);
  });

  it("sends resync once on a version gap and waits for the snapshot", () => {
    const { store, sent } = setup();
    store.handle({ t: "patch", room: "r1", v: 5, ops: [["s", ["scores", 0], 9]] });
    expect(sent).toEqual([{ t: "resync", room: "r1" }]);
    expect(store.state.tables.r1.view!.scores).toEqual([0, 0]);
    store.handle({ t: "patch", room: "r1", v: 6, ops: [["s", ["scores", 0], 10]] });
    expect(sent.length).toBe(1);
    store.handle({ t: "snapshot", room: "r1", v: 6, view: { scores: [10, 0], log: [] } });
    store.handle({ t: "patch", room: "r1", v: 7, ops: [["s", ["scores", 1], 1]] });
    expect(store.state.tables.r1.view!.scores).toEqual([10, 1]);
    expect(sent.length).toBe(1);
  });

  it("resyncs when a patch does not fit the view", () => {
    const { store, sent } = setup();
    store.handle({ t: "patch", room: "r1", v: 4, ops: [["d", ["nothing", 3]]] });
    expect(sent).toEqual([{ t: "resync", room: "r1" }]);
    expect(store.state.tables.r1.v).toBe(3);
  });

  it("ignores a patch it already holds", () => {
    const { store, sent } = setup();
    store.handle({ t: "patch", room: "r1", v: 3, ops: [["s", ["scores", 0], 7]] });
    expect(sent).toEqual([]);
    expect(store.state.tables.r1.view!.scores).toEqual([0, 0]);
  });

  it("keeps chat, rooms and errors", () => {
    const { store } = setup();
    store.handle({ t: "chat", room: "r1", from: "Ada", text: "hi", at: 1, player: null, account: false, tag: null });
    store.handle({ t: "error", ref: 2, code: "not_host", message: "Only the host", args: {} });
    expect(store.state.tables.r1.chat.map((c) => c.text)).toEqual(["hi"]);
    expect(store.state.notices.map((n) => n.code)).toEqual(["not_host"]);
  });

  it("takes a table's chat log in place of the lines held, each line once", () => {
    const { store } = setup();
    const line = (from: string, text: string, at: number) => ({ t: "chat" as const, room: "r1", from, text, at, player: null, account: false, tag: null });
    store.handle(line("Ada", "before the reload", 1));
    store.handle(line("", "/help: the commands", 2)); // a note of the client's own
    store.handle(line("Ben", "said as we entered", 5)); // live, and in the log below
    store.handle(line("Ben", "after the log was read", 6));
    store.handle({
      t: "chat_log",
      room: "r1",
      lines: [
        { from: "Ada", text: "before the reload", at: 1, player: null, account: false, tag: null },
        { from: "Ben", text: "while we were away", at: 3, player: null, account: false, tag: null },
        { from: "Ben", text: "said as we entered", at: 5, player: null, account: false, tag: null },
      ],
    });
    const texts = () => store.state.tables.r1.chat.map((c) => c.text);
    expect(texts()).toEqual(["before the reload", "/help: the commands", "while we were away", "said as we entered", "after the log was read"]);
    // The same line live once more (published after the log was read) is not repeated.
    store.handle(line("Ben", "said as we entered", 5));
    expect(texts().length).toBe(5);
    // A chat log for a table we hold nothing of yet.
    store.handle({ t: "chat_log", room: "r2", lines: [{ from: "Cy", text: "hello", at: 9, player: "p9", account: false, tag: "ZZZZ" }] });
    expect(store.state.tables.r2.chat).toEqual([{ t: "chat", room: "r2", from: "Cy", text: "hello", at: 9, player: "p9", account: false, tag: "ZZZZ" }]);
  });

  it("keeps the lobby's list and its total, and applies its changes", () => {
    const { store } = setup();
    const summary = (room: string, created: number, status: RoomSummary["status"] = "waiting"): RoomSummary => ({
      room,
      game: "carcassonne",
      status,
      seats: 2,
      seated: 0,
      watchers: 0,
      options: {},
      players: [],
      host: null,
      host_name: null,
      created,
      private: false,
      password: false,
    });
    store.handle({ t: "room_list", rooms: [summary("b", 2), summary("a", 1)], total: 7 });
    expect(store.state.rooms.map((r) => r.room)).toEqual(["b", "a"]);
    expect(store.state.roomsTotal).toBe(7);
    store.handle({ t: "room_changes", rooms: [summary("c", 3), summary("a", 1, "playing")], gone: ["b"], total: 8 });
    expect(store.state.rooms.map((r) => [r.room, r.status])).toEqual([
      ["c", "waiting"],
      ["a", "playing"],
    ]);
    expect(store.state.roomsTotal).toBe(8);
    // A new filter's list replaces the whole list.
    store.setLobbyFilter({ game: "kingsburg", status: null });
    store.handle({ t: "room_list", rooms: [], total: 0 });
    expect(store.state.rooms).toEqual([]);
    expect(store.state.lobbyFilter).toEqual({ game: "kingsburg", status: null });
  });

  it("a private table's question closes once we are in", () => {
    const { store } = setup();
    store.lock({ room: "r9", game: "kingsburg", password: true, refused: true });
    store.handle({ t: "room", room: "r8", game: "kingsburg", options: {}, status: "waiting", host: null, seats: [], you: null, watchers: 0, private: false, invite: null, password: false, kept: [], rematch: null, abandoned: false, ai_log: [] });
    expect(store.state.locked?.room).toBe("r9");
    store.handle({ t: "room", room: "r9", game: "kingsburg", options: {}, status: "waiting", host: null, seats: [], you: null, watchers: 1, private: true, invite: "sec", password: true, kept: [], rematch: null, abandoned: false, ai_log: [] });
    expect(store.state.locked).toBeNull();
  });

  it("notifies subscribers", () => {
    const { store } = setup();
    let calls = 0;
    store.subscribe(() => calls++);
    store.handle({ t: "room_list", rooms: [], total: 0 });
    expect(calls).toBe(1);
  });
});
