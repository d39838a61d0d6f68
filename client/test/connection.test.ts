import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoff, Connection, HELLO_ID, TOKEN_KEY } from "../src/connection";
import { HALL_PASSWORD_KEY } from "../src/privacy";
import { LOBBY_DEFAULT } from "../src/protocol.gen";
import { Store } from "../src/store";
import { STRINGS_ID } from "../src/strings.gen";
import { FakeSocket } from "./socket";

describe("backoff", () => {
  it("grows and is capped", () => {
    const mid = () => 0.5;
    expect(backoff(0, mid)).toBe(500);
    expect(backoff(1, mid)).toBe(1000);
    expect(backoff(3, mid)).toBe(4000);
    expect(backoff(10, mid)).toBe(8000);
    expect(backoff(50, () => 1)).toBeLessThanOrEqual(10000);
    expect(backoff(0, () => 0)).toBeGreaterThan(0);
  });
});


describe("Connection", () => {
  const storage = new Map<string, string>();
  const session = new Map<string, string>();
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    storage.clear();
    session.clear();
    vi.stubGlobal("WebSocket", FakeSocket);
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
    });
    vi.stubGlobal("sessionStorage", {
      getItem: (k: string) => session.get(k) ?? null,
      setItem: (k: string, v: string) => session.set(k, v),
      removeItem: (k: string) => session.delete(k),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function setup() {
    let conn: Connection;
    const store = new Store((m) => conn.send(m));
    conn = new Connection(
      store,
      () => ({ name: "Ada", token: storage.get(TOKEN_KEY) ?? null, lang: "ja", password: storage.get(HALL_PASSWORD_KEY) ?? null }),
      "ws://x/ws",
    );
    return { store, conn };
  }
  const welcome = { t: "welcome", token: "tok1", player: "p1", name: "Ada", server: "1" };

  it("a refused hello (the name) brings the name back with the reason, and stops trying until it changes", () => {
    const { store, conn } = setup();
    conn.start();
    const ws = FakeSocket.all[0];
    ws.open();
    ws.receive({ t: "error", ref: HELLO_ID, code: "bad_message", message: "A name is 1 to 24 printable characters.", args: { name_max: 24 } });
    expect(store.state.nameRefusal).toMatchObject({ code: "bad_message", args: { name_max: 24 } });
    expect(store.state.notices).toEqual([]);
    expect(store.state.conn).toBe("offline");
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1); // no hello again with the same name
    // A new name: the store forgets the refusal (the client does), the line comes back.
    store.refuseName(null);
    conn.reconnectNow();
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].open();
    expect(FakeSocket.all[1].sent[0]).toMatchObject({ t: "hello", id: HELLO_ID });
    FakeSocket.all[1].receive({ t: "welcome", token: "tok1", player: "p1", name: "Ada", server: "1" });
    expect(store.state.conn).toBe("open");
    expect(store.state.nameRefusal).toBeNull();
    // Once welcomed, an error is a notice, whatever its ref.
    FakeSocket.all[1].receive({ t: "error", ref: HELLO_ID, code: "not_host", message: "Only the host", args: {} });
    expect(store.state.notices.map((n) => n.code)).toEqual(["not_host"]);
  });

  it("says hello, keeps the token, and shows the state", () => {
    const { store, conn } = setup();
    conn.start();
    expect(store.state.conn).toBe("connecting");
    const ws = FakeSocket.all[0];
    ws.open();
    expect(ws.sent[0]).toEqual({ t: "hello", name: "Ada", token: null, lang: "ja", compact: STRINGS_ID, id: HELLO_ID });
    ws.receive({ t: "welcome", token: "tok1", player: "p1", name: "Ada", server: "1" });
    expect(storage.get(TOKEN_KEY)).toBe("tok1");
    expect(store.state.conn).toBe("open");
    expect(ws.sent[1]).toEqual({ t: "rooms", changes: true, limit: LOBBY_DEFAULT });
  });

  it("queues messages until welcomed and drops stale moves", () => {
    const { conn } = setup();
    conn.start();
    conn.send({ t: "chat", room: "r", text: "early" });
    conn.send({ t: "act", room: "r", v: 3, intent: { t: "pass" } });
    const ws = FakeSocket.all[0];
    ws.open();
    ws.receive({ t: "welcome", token: "t", player: "p", name: "Ada", server: "1" });
    const kinds = ws.sent.map((m) => m.t);
    expect(kinds).toContain("chat");
    expect(kinds).not.toContain("act");
  });

  it("reconnects with backoff, resumes with the token and re-enters with the version held", () => {
    const { store, conn } = setup();
    conn.start();
    const first = FakeSocket.all[0];
    first.open();
    first.receive({ t: "welcome", token: "tok1", player: "p1", name: "Ada", server: "1" });
    conn.enter("r1");
    first.receive({ t: "snapshot", room: "r1", v: 7, view: { scores: [0] } });
    first.close();
    expect(store.state.conn).toBe("reconnecting");
    vi.advanceTimersByTime(1000);
    const second = FakeSocket.all[1];
    expect(second).toBeDefined();
    second.open();
    expect(second.sent[0]).toMatchObject({ t: "hello", token: "tok1" });
    second.receive({ t: "welcome", token: "tok1", player: "p1", name: "Ada", server: "1" });
    expect(second.sent).toContainEqual({ t: "enter", room: "r1", v: 7 });
    // The missed patch arrives and applies on top of the held view.
    second.receive({ t: "patch", room: "r1", v: 8, ops: [["s", ["scores", 0], 5]] });
    expect(store.state.tables.r1.view!.scores).toEqual([5]);
  });

  it("a hall that asks for a password: the form comes back, hello goes again with the password", () => {
    const { store, conn } = setup();
    conn.start();
    FakeSocket.all[0].open();
    expect(FakeSocket.all[0].sent[0]).not.toHaveProperty("password");
    FakeSocket.all[0].receive({ t: "error", ref: HELLO_ID, code: "hall_password", message: "This hall asks for a password.", args: { wrong: false } });
    expect(store.state.hallRefusal).toMatchObject({ code: "hall_password", args: { wrong: false } });
    expect(store.state.nameRefusal).toBeNull();
    expect(store.state.notices).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1); // no hello again without a password
    // The password is given (the client keeps it, forgets the refusal, reconnects).
    storage.set(HALL_PASSWORD_KEY, "club");
    store.refuseHall(null);
    conn.reconnectNow();
    FakeSocket.all[1].open();
    expect(FakeSocket.all[1].sent[0]).toEqual({ t: "hello", name: "Ada", token: null, lang: "ja", password: "club", compact: STRINGS_ID, id: HELLO_ID });
    FakeSocket.all[1].receive(welcome);
    expect(store.state.conn).toBe("open");
    expect(store.state.hallRefusal).toBeNull();
  });

  it("enters a private table with its key, again after a reconnect, then with its invitation", () => {
    const { conn } = setup();
    conn.start();
    const first = FakeSocket.all[0];
    first.open();
    first.receive(welcome);
    conn.enter("r1", "secret word");
    expect(first.sent).toContainEqual({ t: "enter", room: "r1", key: "secret word", id: expect.any(Number) });
    // The key is kept for the tab (a reload reads it back).
    expect(session.get("spieltisch.key.r1")).toBe("secret word");
    first.receive({ t: "room", room: "r1", game: "kingsburg", options: {}, status: "waiting", host: "p0", seats: [], you: null, watchers: 1, private: true, invite: "inv-123", password: true, kept: [], rematch: null });
    first.receive({ t: "snapshot", room: "r1", v: 2, view: {} });
    first.close();
    vi.advanceTimersByTime(1000);
    const second = FakeSocket.all[1];
    second.open();
    second.receive(welcome);
    // Re-entered with the table's own invitation, which a new password does not change.
    expect(second.sent).toContainEqual({ t: "enter", room: "r1", v: 2, key: "inv-123" });
    // A table without a key gets an enter without one.
    conn.enter("r2");
    expect(second.sent[second.sent.length - 1]).toEqual({ t: "enter", room: "r2", id: expect.any(Number) });
  });

  it("asks for the lobby with its filter, after a reconnect too", () => {
    const { store, conn } = setup();
    conn.start();
    FakeSocket.all[0].open();
    FakeSocket.all[0].receive(welcome);
    store.setLobbyFilter({ game: "alhambra", status: "playing" });
    conn.lobby();
    expect(FakeSocket.all[0].sent.at(-1)).toMatchObject({ t: "rooms", game: "alhambra", status: "playing", changes: true });
    FakeSocket.all[0].close();
    vi.advanceTimersByTime(1000);
    FakeSocket.all[1].open();
    FakeSocket.all[1].receive(welcome);
    expect(FakeSocket.all[1].sent[1]).toEqual({ t: "rooms", game: "alhambra", status: "playing", changes: true, limit: LOBBY_DEFAULT });
  });
});
