// The hall's meeting place in the client: guests' tags made as the server makes them,
// same-named people told apart wherever names are listed (who is here, the chat, a
// table's seats and watchers, Recent games), and the store keeping who is here and the
// hall's chat from `present`, `present_changes`, `hall_chat_log` and `hall_chat`.

import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { Client } from "../src/client";
import { lang } from "../src/i18n";
import type { GameSummary, HallChatLine, Person, PlayerResult, RoomSummary } from "../src/protocol.gen";
import { Store, type Snapshot } from "../src/store";
import { h } from "preact";
import { SeatWho } from "../src/ui/bots";
import { accountHolders, peopleHere, Watchers, watchersOf, WhoIsHere } from "../src/ui/hallchat";
import { HistoryRow } from "../src/ui/history";
import { RoomPlayers } from "../src/ui/lobby";
import { distinctNames, listedName, playerTag, sharedNames } from "../src/ui/names";
import { chatSharedNames, seatNames } from "../src/ui/table";
import { elements, text } from "./vnodes";

afterEach(() => lang.set("en"));

const person = (player: string, name: string, over: Partial<Person> = {}): Person => ({
  player,
  name,
  account: false,
  tag: playerTag(player),
  places: [],
  ...over,
});

const line = (player: string, from: string, text: string, at: number, account = false): HallChatLine => ({
  t: "hall_chat",
  player,
  from,
  account,
  tag: account ? null : playerTag(player),
  text,
  at,
});

describe("a guest's tag", () => {
  it("is the server's, on the vectors of protocol/tags.py", () => {
    const py = readFileSync(new URL("../../protocol/tags.py", import.meta.url), "utf8");
    const vectors = [...py.match(/^VECTORS = \{(.*)\}$/m)![1].matchAll(/"([^"]*)": "([^"]*)"/g)];
    expect(vectors.length).toBeGreaterThanOrEqual(4);
    for (const [, id, tag] of vectors) expect(playerTag(id)).toBe(tag);
  });

  it("is shown only when two different players share a name, and never for an account holder", () => {
    const ben1 = person("pa1", "Ben");
    const ben2 = person("pb2", "Ben");
    const ada = person("pc3", "Ada", { account: true, tag: null });
    const shared = sharedNames([ben1, ben2, ada, { ...ben1 }]);
    expect([...shared]).toEqual(["Ben"]);
    expect(listedName(ben1, shared)).toBe(`Ben · ${playerTag("pa1")}`);
    expect(listedName(ben2, shared)).not.toBe(listedName(ben1, shared));
    expect(listedName(ada, sharedNames([ada, person("px", "Ada")]))).toBe("Ada");
    // One person listed twice (two connections, two chat lines) is no namesake.
    expect(sharedNames([ben1, ben1]).size).toBe(0);
  });

  it("tells a table's same-named guests apart by tag, and still numbers AI players", () => {
    const seats = [
      { player: "pa1", name: "Ben", bot: false },
      { player: "pb2", name: "Ben", bot: false },
      { player: "bot-r-1", name: "AI 1", bot: true },
      { player: "bot-r-2", name: "AI 1", bot: true },
      null,
    ];
    expect(distinctNames(seats)).toEqual([`Ben · ${playerTag("pa1")}`, `Ben · ${playerTag("pb2")}`, "AI 1", "AI 1 (2)", null]);
    expect(seatNames(seats)(4)).toBe("Seat 5");
  });
});

describe("the store", () => {
  it("keeps who is here from `present` and applies `present_changes`", () => {
    const store = new Store(() => {});
    expect(store.state.hall.people).toBeNull();
    store.handle({ t: "present", people: [person("p1", "Ada"), person("p2", "Ben")] });
    store.handle({ t: "present_changes", people: [person("p2", "Ben", { places: [{ room: "r1", game: "alhambra", seated: true }] }), person("p3", "Cy")], gone: ["p1"] });
    const people = store.state.hall.people!;
    expect(Object.keys(people).sort()).toEqual(["p2", "p3"]);
    expect(people.p2.places).toEqual([{ room: "r1", game: "alhambra", seated: true }]);
  });

  it("shows a line that came both in the log and live once, and keeps newer live lines", () => {
    const store = new Store(() => {});
    store.handle(line("p1", "Ada", "early", 10));
    store.handle(line("p2", "Ben", "live, after the log", 30));
    const { t: _, ...entry } = line("p1", "Ada", "in the log", 20);
    store.handle({ t: "hall_chat_log", lines: [entry] });
    expect(store.state.hall.chat.map((c) => c.text)).toEqual(["in the log", "live, after the log"]);
    store.handle(line("p1", "Ada", "in the log", 20));
    expect(store.state.hall.chat.length).toBe(2);
  });
});

function snapshot(people: Person[], me: string): Snapshot {
  const store = new Store(() => {});
  store.handle({ t: "present", people });
  return { ...store.state, me: { t: "welcome", token: "secret", player: me, name: "Ada", server: "x", compact: false, account: null } };
}

const noClient = { open: () => {} } as unknown as Client;

describe("who is here", () => {
  const people = [
    person("p2", "Ben", { places: [{ room: "r1", game: "carcassonne", seated: true }] }),
    person("p3", "Ben", { places: [{ room: "r1", game: "carcassonne", seated: false }] }),
    person("p1", "Ada", { account: true, tag: null }),
  ];

  it("lists the reader first, marks accounts and guests, tags same-named guests and says where they are", () => {
    const s = snapshot(people, "p3");
    expect(peopleHere(s.hall, "p3").map((p) => p.player)).toEqual(["p3", "p1", "p2"]);
    const els = elements(WhoIsHere({ client: noClient, s }));
    const rows = els.filter((e) => e.type === "li");
    expect(rows.map((r) => text(r))).toEqual([
      `Ben · ${playerTag("p3")}youguestwatches Carcassonne`,
      "Ada✓in the lobby",
      `Ben · ${playerTag("p2")}guestplays Carcassonne`,
    ]);
    expect(els.filter((e) => e.props["data-testid"] === "account-mark").length).toBe(1);
    lang.set("ja");
    const ja = elements(WhoIsHere({ client: noClient, s })).filter((e) => e.type === "li");
    expect(text(ja[2])).toContain("カルカソンヌをプレイ中");
    expect(text(ja[0])).toContain("ゲスト");
  });

  it("names a table's watchers from the hall's list, and only counts those it lacks", () => {
    const s = snapshot(people, "p1");
    expect(watchersOf(s.hall, "r1").map((p) => p.player)).toEqual(["p3"]);
    expect(text(Watchers({ s, room: "r1", count: 1 }))).toBe("1 watching: Ben");
    expect(text(Watchers({ s, room: "private", count: 2 }))).toBe("2 watching");
  });

  it("never shows a session's token", () => {
    const s = snapshot(people, "p1");
    expect(text(WhoIsHere({ client: noClient, s }))).not.toContain("secret");
  });
});

describe("Recent games", () => {
  const p = (player: string, name: string, over: Partial<PlayerResult> = {}): PlayerResult => ({
    player,
    name,
    bot: false,
    level: null,
    resigned: false,
    account: false,
    tag: playerTag(player),
    score: 10,
    rank: 1,
    left: false,
    ai_finished: false,
    ai_moves: 0,
    ...over,
  });
  const game: GameSummary = {
    id: "g1",
    game: "carcassonne",
    options: {},
    abandoned: false,
    players: [p("p1", "Ben"), p("p2", "Ben", { rank: 2 }), p("p3", "Ada", { account: true, tag: null, rank: 3 })],
    moves: 9,
    started: 1,
    ended: 2,
    private: false,
  };

  it("tells two guests of one name apart and marks the account holder", () => {
    const els = elements(HistoryRow({ game, now: 3, onReplay: () => {} }));
    const players = els.filter((e) => e.type === "li" && e.props["data-seat"] !== undefined);
    expect(players.map((e) => text(e))).toEqual([`★ Ben · ${playerTag("p1")} 10 pts`, `Ben · ${playerTag("p2")} 10 pts`, "Ada 10 pts✓"]);
  });
});

describe("the lobby's rows", () => {
  it("tell two guests of one name at a table apart", () => {
    const room: RoomSummary = {
      room: "r1",
      game: "carcassonne",
      status: "waiting",
      seats: 3,
      seated: 3,
      watchers: 0,
      options: {},
      players: [
        { player: "p1", name: "Ben", bot: false, level: null, left: false },
        { player: "p2", name: "Ben", bot: false, level: null, left: false },
        { player: "bot-r1-1", name: "AI 1", bot: true, level: "random", left: false },
      ],
      host: "p1",
      host_name: "Ben",
      created: 1,
      private: false,
      password: false,
    };
    const names = elements(RoomPlayers({ room, me: null })).filter((e) => e.props["data-player"] !== undefined);
    expect(names.map((e) => text(e))).toEqual([`Ben · ${playerTag("p1")}host`, `Ben · ${playerTag("p2")}`, "AI 1 · random"]);
  });
});

describe("a table's seats", () => {
  it("mark an account holder the hall's list knows, and nobody else", () => {
    const s = snapshot([person("p1", "Ada", { account: true, tag: null }), person("p2", "Ben")], "p2");
    const holders = accountHolders(s.hall);
    expect([...holders]).toEqual(["p1"]);
    const seat = (player: string, name: string) => ({ player, name, bot: false, online: true, level: null, thinking: false, away_since: null, standin: false, resigned: false, left: false, ai_moves: 0, clock: null, clock_running: false });
    const marks = (player: string, name: string) =>
      elements(h(SeatWho, { seat: seat(player, name), moving: false, you: false, host: false, account: holders.has(player) })).filter((e) => e.props["data-testid"] === "account-mark").length;
    expect(marks("p1", "Ada")).toBe(1);
    expect(marks("p2", "Ben")).toBe(0);
  });
});

describe("a table's chat", () => {
  it("tells two speakers of one name apart, and a speaker from a seated namesake", () => {
    const said = (player: string | null, from: string) => ({ t: "chat" as const, room: "r1", from, text: "hi", at: 1, player, account: false, tag: null });
    expect([...chatSharedNames([said("p1", "Ben"), said("p2", "Ben"), said(null, "")], [])]).toEqual(["Ben"]);
    expect([...chatSharedNames([said("p1", "Ben"), said("p1", "Ben")], [])]).toEqual([]);
    const seat = { player: "p3", name: "Ben", bot: false, online: true, level: null, thinking: false, away_since: null, standin: false, resigned: false, left: false, ai_moves: 0, clock: null, clock_running: false };
    expect([...chatSharedNames([said("p1", "Ben")], [seat, null])]).toEqual(["Ben"]);
  });
});
