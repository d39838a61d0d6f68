// The hall's finished games and the replay's players panel, in both languages: when a
// game ended, its players with their scores, the winner marked, the link to the
// replay; rendered as Preact's element tree (the unit tests have no DOM).

import { h } from "preact";
import { afterEach, describe, expect, it } from "vitest";
import { lang } from "../src/i18n";
import type { GameSummary, PlayerResult } from "../src/protocol.gen";
import { endedText, HistoryRow, localTime, playerScore, winners } from "../src/ui/history";
import { FORMER_PLAYER, finishedName, shownSummary } from "../src/ui/names";
import { ReplayPlayers } from "../src/ui/replay";
import { elements, text } from "./vnodes";

const NOW = 1_800_000_000; // Unix seconds
const player = (over: Partial<PlayerResult>): PlayerResult => ({
  player: "p1",
  name: "Ada",
  bot: false,
  level: null,
  resigned: false,
  account: false,
  tag: null,
  score: 0,
  rank: 1,
  left: false,
  ai_finished: false,
  ai_moves: 0,
  ...over,
});
const GAME: GameSummary = {
  id: "g-7",
  game: "carcassonne",
  options: { fluss: true },
  abandoned: false,
  players: [
    player({ name: "Ada", score: 52, rank: 1, resigned: true }),
    player({ player: "bot-r1-1", name: "AI 1", bot: true, level: "random", score: 40, rank: 2 }),
    player({ player: "p3", name: "Kim", score: 52, rank: 1 }),
  ],
  moves: 143,
  started: NOW - 4000,
  ended: NOW - 300,
  private: false,
};

afterEach(() => lang.set("en"));

describe("the finished games' rows", () => {
  it("says when a game ended: just now, minutes, hours, then the date", () => {
    lang.set("en");
    expect(endedText(NOW - 10, NOW)).toBe("just now");
    expect(endedText(NOW + 30, NOW)).toBe("just now"); // the reader's clock a little behind
    expect(endedText(NOW - 60, NOW)).toBe("1 min ago");
    expect(endedText(NOW - 59 * 60 - 59, NOW)).toBe("59 min ago");
    expect(endedText(NOW - 3 * 3600 - 5, NOW)).toBe("3 h ago");
    const old = NOW - 3 * 86400;
    expect(endedText(old, NOW)).toBe(localTime(old));
    expect(localTime(old)).toMatch(/2027/);
    lang.set("ja");
    expect(endedText(NOW - 10, NOW)).toBe("たった今");
    expect(endedText(NOW - 300, NOW)).toBe("5分前");
    expect(endedText(NOW - 7200, NOW)).toBe("2時間前");
    expect(localTime(old)).toMatch(/^2027\/\d+\/\d+/);
  });

  it("the winners are the seats in first place, ties included", () => {
    const ada = { ...GAME.players[0], resigned: false };
    expect(winners({ ...GAME, players: [ada, GAME.players[1], GAME.players[2]] })).toEqual([0, 2]);
    expect(winners({ ...GAME, players: [player({ rank: 2 }), player({ rank: 1 })] })).toEqual([1]);
  });

  it("a seat that resigned or left wins nothing, and an abandoned game has no winner", () => {
    const [ada, ai, kim] = GAME.players;
    expect(winners(GAME)).toEqual([2]); // Ada resigned with the best score
    expect(winners({ ...GAME, players: [{ ...ada, resigned: false }, ai, kim] })).toEqual([0, 2]);
    expect(winners({ ...GAME, players: [{ ...ada, left: true }, ai, { ...kim, resigned: true }] })).toEqual([1]);
    const gone = { ...GAME, abandoned: true, players: GAME.players.map((p) => ({ ...p, rank: 0 })) };
    expect(winners(gone)).toEqual([]);
    lang.set("en");
    const row = h(HistoryRow, { game: gone, now: NOW, onReplay: () => undefined });
    expect(text(elements(row).find((e) => e.props["data-testid"] === "history-abandoned"))).toBe("abandoned");
    expect(text(row)).not.toContain("★");
    lang.set("ja");
    const ja = h(HistoryRow, { game: gone, now: NOW, onReplay: () => undefined });
    expect(text(elements(ja).find((e) => e.props["data-testid"] === "history-abandoned"))).toBe("放棄");
  });

  it("a player with their score, an AI player with its level, in both languages", () => {
    lang.set("en");
    expect(playerScore(GAME.players[0])).toBe("Ada 52 pts");
    expect(playerScore(GAME.players[1])).toBe("AI 1 · random 40 pts");
    lang.set("ja");
    expect(playerScore(GAME.players[1])).toBe("AI 1 · ランダム 40点");
  });

  it("a row: the game, when, its moves, the players with the winners starred, and the replay link", () => {
    lang.set("en");
    const row = h(HistoryRow, { game: GAME, now: NOW, onReplay: () => undefined });
    const els = elements(row);
    expect(els[0].props["data-id"]).toBe("g-7");
    expect(text(row)).toContain("Carcassonne");
    expect(text(els.find((e) => e.props["data-testid"] === "history-ended"))).toBe("5 min ago");
    expect(text(row)).toContain("143 moves");
    const players = els.filter((e) => e.props["data-seat"] !== undefined);
    // Ada resigned: her best score wins nothing (as the ratings count it).
    expect(players.map((e) => text(e))).toEqual(["Ada 52 pts", "AI 1 · random 40 pts", "★ Kim 52 pts"]);
    expect(players.map((e) => e.props.class)).toEqual(["", "", "winner"]);
    const link = els.find((e) => e.props["data-testid"] === "replay-open")!;
    expect(link.props.href).toBe("/#replay/g-7");
    expect(text(link)).toBe("Replay");
    lang.set("ja");
    const ja = h(HistoryRow, { game: GAME, now: NOW, onReplay: () => undefined });
    expect(text(ja)).toContain("カルカソンヌ");
    expect(text(ja)).toContain("143手");
    expect(text(elements(ja).find((e) => e.props["data-testid"] === "replay-open"))).toBe("再生");
  });

  it("a deleted account is \"former player\" in the reader's language, in the rows and the replay", () => {
    const gone = { ...GAME, players: [player({ player: "p1", name: FORMER_PLAYER, score: 31, rank: 2 }), ...GAME.players.slice(1)] };
    lang.set("en");
    expect(finishedName(FORMER_PLAYER)).toBe("former player");
    expect(playerScore(gone.players[0])).toBe("former player 31 pts");
    lang.set("ja");
    expect(finishedName(FORMER_PLAYER)).toBe("退会したプレイヤー");
    expect(finishedName("Former Player")).toBe("Former Player"); // only the hall's exact words
    expect(finishedName("Ada")).toBe("Ada");
    const seats = elements(h(HistoryRow, { game: gone, now: NOW, onReplay: () => undefined })).filter((e) => e.props["data-seat"] !== undefined);
    expect(text(seats[0])).toBe("退会したプレイヤー 31点");
    // The replay shows its summary with the names as shown; one without a former player is kept as it is.
    expect(shownSummary(GAME)).toBe(GAME);
    const shown = shownSummary(gone);
    expect(shown.players.map((p) => p.name)).toEqual(["退会したプレイヤー", "AI 1", "Kim"]);
    expect(gone.players[0].name).toBe(FORMER_PLAYER); // the record itself is not changed
    const rows = elements(h(ReplayPlayers, { summary: shown, view: null, seat: null })).filter((e) => e.props["data-seat"] !== undefined);
    expect(text(rows[0])).toContain("退会したプレイヤー");
  });

  it("the replay link opens the replay in the page, and a ctrl-click leaves it to the browser", () => {
    let opened = 0;
    const link = elements(h(HistoryRow, { game: GAME, now: NOW, onReplay: () => opened++ })).find(
      (e) => e.props["data-testid"] === "replay-open",
    )!;
    const click = link.props.onClick as (e: Partial<MouseEvent>) => void;
    let prevented = 0;
    click({ button: 0, ctrlKey: false, metaKey: false, shiftKey: false, preventDefault: () => prevented++ });
    expect([opened, prevented]).toEqual([1, 1]);
    click({ button: 0, ctrlKey: true, metaKey: false, shiftKey: false, preventDefault: () => prevented++ });
    expect([opened, prevented]).toEqual([1, 1]);
  });
});

describe("the replay's players", () => {
  const view = { scores: [10, 12, 3], active: [1], result: null };

  it("each seat's score at this move, and its final place and score", () => {
    lang.set("en");
    const els = elements(h(ReplayPlayers, { summary: GAME, view, seat: null }));
    const rows = els.filter((e) => e.props["data-seat"] !== undefined);
    expect(rows.map((r) => r.props["data-rank"])).toEqual([1, 2, 1]);
    const scores = els.filter((e) => e.props["data-testid"] === "score").map((e) => text(e));
    expect(scores).toEqual(["10", "12", "3"]);
    const finals = els.filter((e) => e.props["data-testid"] === "final").map((e) => text(e));
    expect(finals).toEqual(["1. 52 pts", "2. 40 pts", "1. 52 pts"]);
    // The seat to move at this point is starred; the resigned player says so.
    expect(text(rows[1])).toContain("*AI 1*");
    expect(text(rows[0])).toContain("resigned");
    expect(text(rows[0])).not.toContain("shown");
    lang.set("ja");
    const ja = elements(h(ReplayPlayers, { summary: GAME, view, seat: 2 }));
    expect(ja.filter((e) => e.props["data-testid"] === "final").map((e) => text(e))).toEqual(["1位 52点", "2位 40点", "1位 52点"]);
    expect(text(ja.filter((e) => e.props["data-seat"] === 2)[0])).toContain("表示中");
  });

  it("account holders marked, and guests who share a name told apart by their tags", () => {
    lang.set("en");
    const summary: GameSummary = {
      ...GAME,
      players: [
        player({ player: "p1", name: "Ada", account: true, score: 52, rank: 1 }),
        player({ player: "p2", name: "Ben", tag: "5VWX", score: 40, rank: 2 }),
        player({ player: "p3", name: "Ben", tag: "K2QD", score: 30, rank: 3 }),
      ],
    };
    const rows = elements(h(ReplayPlayers, { summary, view: null, seat: null })).filter((e) => e.props["data-seat"] !== undefined);
    const marked = rows.map((r) => elements(r).some((e) => e.props["data-testid"] === "account-mark"));
    expect(marked).toEqual([true, false, false]);
    expect(rows.map((r) => text(elements(r).find((e) => e.props.class === "name")!))).toEqual(["Ada", "Ben · 5VWX", "Ben · K2QD"]);
    // One Ben alone needs no tag.
    const one = elements(h(ReplayPlayers, { summary: { ...summary, players: summary.players.slice(0, 2) }, view: null, seat: null }));
    expect(one.filter((e) => e.props.class === "name").map((e) => text(e))).toEqual(["Ada", "Ben"]);
  });

  it("nobody is to move once the game is over", () => {
    const els = elements(h(ReplayPlayers, { summary: GAME, view: { ...view, result: { scores: [52, 40, 52], ranks: [1, 2, 1] } }, seat: null }));
    expect(els.filter((e) => String(e.props.class ?? "").includes("moving"))).toHaveLength(0);
  });
});
