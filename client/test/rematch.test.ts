// Play again without a server: the store's notes of what we did, the offer made to a
// player of the game before (who proposed it, the seat kept), what the client does
// about a rematch (follow, peek, drop), /again, the offer's card and a kept seat's mark
// in both languages.

import { h } from "preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Client, createClient } from "../src/client";
import { COMMANDS, parseCommand } from "../src/commands";
import { lang } from "../src/i18n";
import type { ClientMessage, KeptSeat, Room, SeatInfo } from "../src/protocol.gen";
import { rematchMove, rematchOffer, rematchOffers } from "../src/rematch";
import { Store } from "../src/store";
import { KeptMark, offersPlayAgain, RematchOfferCard } from "../src/ui/rematch";
import { elements, text } from "./vnodes";
import { FakeSocket } from "./socket";

const seat = (player: string, name: string, bot = false): SeatInfo => ({
  player,
  name,
  bot,
  online: true,
  level: bot ? "random" : null,
  thinking: false,
  away_since: null,
  standin: false,
  resigned: false,
  left: false,
  ai_moves: 0,
  clock: null,
  clock_running: false,
});
const ADA = seat("p-ada", "Ada");
const BEN = seat("p-ben", "Ben");
const AI = seat("bot-old-1", "AI 1", true);

function room(over: Partial<Room>): Room {
  return {
    t: "room",
    room: "old",
    game: "carcassonne",
    options: {},
    status: "finished",
    host: "p-ada",
    seats: [ADA, BEN, AI],
    you: 0,
    watchers: 0,
    private: false,
    invite: null,
    password: false,
    kept: [],
    rematch: null,
    abandoned: false,
    ai_log: [],
    ...over,
  };
}

/** The new table as the server shows it: Ben proposed (host, seated at 1), Ada's
 * seat 0 kept for her, the AI at 2. */
const keptForAda: KeptSeat = { player: "p-ada", name: "Ada" };
function newTable(over: Partial<Room> = {}): Room {
  return room({
    room: "new",
    status: "waiting",
    host: "p-ben",
    seats: [null, BEN, seat("bot-new-1", "AI 1", true)],
    you: null,
    kept: [keptForAda, null, null],
    ...over,
  });
}

function setup(me = "p-ada") {
  const sent: ClientMessage[] = [];
  const store = new Store((m) => sent.push(m));
  store.handle({ t: "welcome", token: "tok", player: me, name: me === "p-ada" ? "Ada" : "Ben", server: "spieltisch/1", compact: false, account: null });
  store.setCurrent("old");
  return { store, sent };
}

afterEach(() => lang.set("en"));

describe("the store's notes", () => {
  it("keeps per finished table whether we proposed its rematch and how we answered the offer", () => {
    const { store } = setup();
    expect(store.state.rematch).toEqual({});
    store.rematchAsked("old");
    expect(store.state.rematch.old).toEqual({ asked: true, answer: null });
    store.rematchAnswered("other", "decline");
    expect(store.state.rematch.other).toEqual({ asked: false, answer: "decline" });
    store.rematchAnswered("old", "join");
    expect(store.state.rematch.old).toEqual({ asked: true, answer: "join" });
  });

  it("holds a room's kept seats and rematch as the server sends them", () => {
    const { store } = setup();
    store.handle(room({ rematch: "new" }));
    store.handle(newTable());
    expect(store.state.tables.old.room!.rematch).toBe("new");
    expect(store.state.tables.new.room!.kept).toEqual([keptForAda, null, null]);
  });
});

describe("the offer of a rematch", () => {
  it("none before the rematch, nor before the end", () => {
    const { store } = setup();
    store.handle(room({}));
    expect(rematchOffer(store.state, "old")).toBeNull();
    store.handle(room({ status: "playing", rematch: "new" }));
    expect(rematchOffer(store.state, "old")).toBeNull();
    expect(rematchOffer(store.state, "nowhere")).toBeNull();
  });

  it("a player is offered it: at first without a name, then who proposed it and the seat kept", () => {
    const { store } = setup();
    store.handle(room({ rematch: "new" }));
    expect(rematchOffer(store.state, "old")).toEqual({ from: "old", to: "new", game: "carcassonne", by: null, seat: null, seated: false });
    store.handle(newTable());
    expect(rematchOffer(store.state, "old")).toEqual({ from: "old", to: "new", game: "carcassonne", by: "Ben", seat: 0, seated: false });
    expect(rematchOffers(store.state).map((o) => o.to)).toEqual(["new"]);
  });

  it("no offer to the proposer, to one who answered, at the new table, once the seat is gone or the game started", () => {
    const asked = setup();
    asked.store.handle(room({ rematch: "new" }));
    asked.store.rematchAsked("old");
    expect(rematchOffer(asked.store.state, "old")).toBeNull();

    for (const answer of ["join", "decline"] as const) {
      const { store } = setup();
      store.handle(room({ rematch: "new" }));
      store.rematchAnswered("old", answer);
      expect(rematchOffer(store.state, "old")).toBeNull();
    }

    const there = setup();
    there.store.handle(room({ rematch: "new" }));
    there.store.handle(newTable());
    there.store.setCurrent("new");
    expect(rematchOffer(there.store.state, "old")).toBeNull();

    const declined = setup();
    declined.store.handle(room({ rematch: "new" }));
    declined.store.handle(newTable({ kept: [null, null, null] }));
    expect(rematchOffer(declined.store.state, "old")).toBeNull();

    const started = setup();
    started.store.handle(room({ rematch: "new" }));
    started.store.handle(newTable({ status: "playing", kept: [] }));
    expect(rematchOffer(started.store.state, "old")).toBeNull();
  });

  it("seated there already (from another tab): the offer is to go there", () => {
    const { store } = setup();
    store.handle(room({ rematch: "new" }));
    store.handle(newTable({ seats: [ADA, BEN, null], kept: [] }));
    expect(rematchOffer(store.state, "old")).toMatchObject({ by: "Ben", seat: null, seated: true });
  });

  it("a watcher is offered nothing", () => {
    const { store } = setup("p-cleo");
    store.handle(room({ you: null, rematch: "new" }));
    expect(rematchOffer(store.state, "old")).toBeNull();
  });
});

describe("what the client does about a rematch", () => {
  const none = new Set<string>();

  it("the proposer follows and sits (a seat kept for them when two proposed at once)", () => {
    const { store } = setup();
    store.handle(room({}));
    expect(rematchMove(store.state, "old", none)).toBeNull();
    store.rematchAsked("old");
    store.handle(room({ rematch: "new" }));
    expect(rematchMove(store.state, "old", none)).toEqual({ kind: "follow", from: "old", to: "new", sit: true });
    expect(rematchMove(store.state, "old", new Set(["old"]))).toBeNull();
  });

  it("a watcher of the table on screen goes along, not from a private table, nor from another screen", () => {
    const { store } = setup("p-cleo");
    store.handle(room({ you: null, rematch: "new" }));
    expect(rematchMove(store.state, "old", none)).toEqual({ kind: "follow", from: "old", to: "new", sit: false });
    store.handle(room({ you: null, rematch: "new", private: true }));
    expect(rematchMove(store.state, "old", none)).toBeNull();
    store.handle(room({ you: null, rematch: "new" }));
    store.setCurrent(null);
    expect(rematchMove(store.state, "old", none)).toBeNull();
  });

  it("another player peeks at the new table, and leaves it once it holds nothing for them", () => {
    const { store } = setup();
    store.handle(room({ rematch: "new" }));
    expect(rematchMove(store.state, "old", none)).toEqual({ kind: "peek", from: "old", to: "new" });
    const peeked = new Set(["old"]);
    // Not read yet, then read with a seat kept: the offer stands.
    expect(rematchMove(store.state, "old", peeked)).toBeNull();
    store.handle(newTable());
    expect(rematchMove(store.state, "old", peeked)).toBeNull();
    // The seat declined from another tab, or the game started without us: leave.
    store.handle(newTable({ kept: [null, null, null] }));
    expect(rematchMove(store.state, "old", peeked)).toEqual({ kind: "drop", from: "old", to: "new" });
    store.handle(newTable({ status: "playing", kept: [] }));
    expect(rematchMove(store.state, "old", peeked)).toEqual({ kind: "drop", from: "old", to: "new" });
    // Unless it is on screen.
    store.setCurrent("new");
    expect(rematchMove(store.state, "old", peeked)).toBeNull();
  });

  it("an answered offer is not peeked at again (a reload peeks again and learns the seat is gone)", () => {
    const { store } = setup();
    store.handle(room({ rematch: "new" }));
    store.rematchAnswered("old", "decline");
    expect(rematchMove(store.state, "old", none)).toBeNull();
  });
});

describe("/again", () => {
  const ctx = { room: "r1", options: {} };
  it("sends rematch, with rotate when asked; anything else is the usage", () => {
    expect(COMMANDS).toContain("again");
    expect(parseCommand("/again", ctx)).toEqual({ kind: "send", msg: { t: "rematch", room: "r1" } });
    expect(parseCommand("/AGAIN rotate", ctx)).toEqual({ kind: "send", msg: { t: "rematch", room: "r1", rotate: true } });
    expect(parseCommand("/again 回す", ctx)).toEqual({ kind: "send", msg: { t: "rematch", room: "r1", rotate: true } });
    expect(parseCommand("/again please", ctx)).toMatchObject({ kind: "error", key: "cmd.again_usage" });
    expect(parseCommand("/again rotate now", ctx)).toMatchObject({ kind: "error", key: "cmd.again_usage" });
    expect(parseCommand("/again", { room: null, options: null })).toMatchObject({ kind: "error", key: "cmd.no_table" });
  });
});

describe("on screen", () => {
  const calls: string[] = [];
  const client = {
    joinRematch: () => calls.push("join"),
    declineRematch: () => calls.push("decline"),
    rematch: (r: string, rotate: boolean) => calls.push(`rematch ${r} ${rotate}`),
  } as unknown as Client;

  it("the offer names who proposed it, with Join and No thanks, in both languages", () => {
    const offer = { from: "old", to: "new", game: "carcassonne", by: "Ben", seat: 0, seated: false };
    lang.set("en");
    let tree = RematchOfferCard({ client, offer });
    expect(text(tree)).toContain("Ben proposes a rematch");
    const buttons = elements(tree).filter((e) => e.type === "button");
    expect(buttons.map((b) => text(b.props.children))).toEqual(["Join", "No thanks"]);
    (buttons[0].props.onClick as () => void)();
    (buttons[1].props.onClick as () => void)();
    expect(calls).toEqual(["join", "decline"]);
    lang.set("ja");
    tree = RematchOfferCard({ client, offer });
    expect(text(tree)).toContain("Benさんが再戦を提案しています");
    expect(elements(tree).filter((e) => e.type === "button").map((b) => text(b.props.children))).toEqual(["参加する", "今回はやめる"]);
    tree = RematchOfferCard({ client, offer: { ...offer, by: null, seated: true } });
    expect(text(tree)).toContain("再戦が提案されています");
    expect(text(tree)).toContain("テーブルへ");
  });

  it("a kept seat says for whom, in both languages", () => {
    lang.set("en");
    expect(text(h(KeptMark, { kept: keptForAda, seat: 0 }))).toBe("kept for Ada");
    lang.set("ja");
    expect(text(h(KeptMark, { kept: keptForAda, seat: 0 }))).toBe("Adaさんの席（確保中）");
  });

  it("Play again only for a player of a finished game without a rematch yet", () => {
    expect(offersPlayAgain(room({}))).toBe(true);
    expect(offersPlayAgain(room({ status: "playing" }))).toBe(false);
    expect(offersPlayAgain(room({ status: "waiting" }))).toBe(false);
    expect(offersPlayAgain(room({ you: null }))).toBe(false);
    expect(offersPlayAgain(room({ rematch: "new" }))).toBe(false);
  });
});

// The client's flows over a stand-in socket: what goes to the server at each step.

describe("the client's play-again flows", () => {
  const storage = new Map<string, string>();
  let fetched: { url: string; headers: Record<string, string> }[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    storage.clear();
    fetched = [];
    vi.stubGlobal("WebSocket", FakeSocket);
    const mem = (m: Map<string, string>) => ({
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    });
    vi.stubGlobal("localStorage", mem(storage));
    vi.stubGlobal("sessionStorage", mem(new Map()));
    vi.stubGlobal("location", { protocol: "http:", host: "hall.test", pathname: "/", search: "?t=old", hash: "" });
    vi.stubGlobal("history", { pushState: () => undefined, replaceState: () => undefined, state: {} });
    vi.stubGlobal("addEventListener", () => undefined);
    vi.stubGlobal("fetch", (url: string, init?: { headers?: Record<string, string> }) => {
      fetched.push({ url, headers: init?.headers ?? {} });
      return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve({ game: "carcassonne", players: [] }) });
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** A client at the finished table `old` as `player` (seated unless `you` is null). */
  function atOldTable(player: string, you: number | null = 0) {
    storage.set("spieltisch.name", "Someone");
    storage.set("spieltisch.token", "tok");
    const client = createClient();
    client.start();
    const ws = FakeSocket.all[0];
    ws.open();
    ws.receive({ t: "welcome", token: "tok", player, name: "Someone", server: "1", compact: false, account: "Someone" });
    ws.receive(room({ you }));
    expect(client.store.state.current).toBe("old");
    ws.take();
    return { client, ws };
  }

  it("the proposer: rematch, then to the new table (the old one left) and sit", () => {
    const { client, ws } = atOldTable("p-ada");
    client.chat("old", "/again rotate");
    expect(ws.take()).toEqual([{ t: "rematch", room: "old", rotate: true }]);
    ws.receive(room({ rematch: "new" }));
    expect(ws.take()).toEqual([{ t: "leave", room: "old" }, { t: "enter", room: "new" }, { t: "sit", room: "new", seat: null }]);
    expect(client.store.state.current).toBe("new");
    expect(client.store.state.tables.old).toBeUndefined();
  });

  it("another player: the new table read in the background, the offer, then No thanks", () => {
    const { client, ws } = atOldTable("p-ada");
    ws.receive(room({ rematch: "new" }));
    expect(ws.take()).toEqual([{ t: "enter", room: "new" }]);
    expect(client.store.state.current).toBe("old");
    ws.receive(newTable());
    const offer = rematchOffer(client.store.state, "old")!;
    expect(offer).toMatchObject({ by: "Ben", seat: 0 });
    client.declineRematch(offer);
    expect(ws.take()).toEqual([{ t: "stand", room: "new" }, { t: "leave", room: "new" }]);
    expect(client.store.state.current).toBe("old");
    expect(rematchOffer(client.store.state, "old")).toBeNull();
    // The old table's room again (a reconnect, say): nothing more is sent.
    ws.receive(room({ rematch: "new" }));
    expect(ws.take()).toEqual([]);
  });

  it("another player joins: to the new table, into the kept seat", () => {
    const { client, ws } = atOldTable("p-ada");
    ws.receive(room({ rematch: "new" }));
    ws.receive(newTable());
    ws.take();
    client.joinRematch(rematchOffer(client.store.state, "old")!);
    expect(ws.take()).toEqual([{ t: "leave", room: "old" }, { t: "enter", room: "new" }, { t: "sit", room: "new", seat: null }]);
    expect(client.store.state.current).toBe("new");
  });

  it("the seat declined from another tab: the background visit ends by itself", () => {
    const { client, ws } = atOldTable("p-ada");
    ws.receive(room({ rematch: "new" }));
    ws.receive(newTable({ kept: [null, null, null] }));
    expect(ws.take()).toEqual([{ t: "enter", room: "new" }, { t: "leave", room: "new" }]);
    expect(client.store.state.tables.new).toBeUndefined();
    expect(client.store.state.current).toBe("old");
  });

  it("a watcher is taken along, and sits nowhere", () => {
    const { client, ws } = atOldTable("p-cleo", null);
    ws.receive(room({ you: null, rematch: "new" }));
    expect(ws.take()).toEqual([{ t: "leave", room: "old" }, { t: "enter", room: "new" }]);
    expect(client.store.state.current).toBe("new");
  });

  it("a ranking and another's profile are fetched without the token, one's own profile with it", async () => {
    const { client } = atOldTable("p-ada");
    fetched = [];
    await client.leaderboard("carcassonne", true);
    await client.profile("someone");
    await client.profile("Ben");
    expect(fetched.map((f) => [f.url, f.headers.Authorization ?? null])).toEqual([
      ["/api/leaderboard/carcassonne", null],
      ["/api/players/someone", "Bearer tok"],
      ["/api/players/Ben", null],
    ]);
    // The lobby's short ranking is not fetched again within 15 s.
    await client.leaderboard("carcassonne");
    expect(fetched).toHaveLength(3);
  });
});
