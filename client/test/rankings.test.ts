// Ratings without a server: the pages' addresses, the API's addresses and headers, a
// ranking's rows (ranks, AI levels, provisional marks, the reader's row), the table as
// Preact's element tree in both languages, a profile's history as the chart's series,
// and the "rated" option.

import { h } from "preact";
import { afterEach, describe, expect, it } from "vitest";
import type { Client } from "../src/client";
import { parseCommand } from "../src/commands";
import { lang, translate } from "../src/i18n";
import {
  chartSeries,
  exportFileName,
  exportUrl,
  isOwn,
  type Leaderboard,
  leaderboardUrl,
  loadError,
  pageFromHash,
  pageHash,
  playerHash,
  type Profile,
  profileGames,
  profileUrl,
  rankingHash,
  rankingRows,
  ratingText,
  requestHeaders,
  samePage,
  type Standing,
  topRows,
} from "../src/rankings";
import { optionWords } from "../src/ui/options";
import { aiName, RankingTable } from "../src/ui/rankings";
import { isRated, ratedOptions, UnratedMark } from "../src/ui/rated";
import { elements, text } from "./vnodes";

const T = 1_800_000_000;
const row = (over: Partial<Standing>): Standing => ({
  player: "p-ada",
  name: "Ada",
  rating: 0,
  games: 1,
  wins: 0,
  ai: false,
  provisional: true,
  last: T,
  ...over,
});
const BOARD: Leaderboard = {
  game: "carcassonne",
  players: [
    row({ player: "p-ada", name: "Ada", rating: 14.26, games: 7, wins: 5, provisional: false }),
    row({ player: null, name: "strong", ai: true, rating: 8.04, games: 12, wins: 6, provisional: false }),
    row({ player: "p-ben", name: "Ben", rating: 8.04, games: 2, wins: 1 }),
    row({ player: "p-cleo", name: "Cleo", rating: -0.04, games: 1, wins: 0 }),
    row({ player: null, name: "random", ai: true, rating: -3.55, games: 3, wins: 0 }),
    row({ player: "p-dan", name: "Dan", rating: -4, games: 4, wins: 0 }),
    row({ player: "p-eve", name: "Eve", rating: -5.5, games: 1, wins: 0 }),
  ],
};

afterEach(() => lang.set("en"));

describe("the pages' addresses", () => {
  it("#ranking/<game> and #player/<name> both ways, any characters in a name", () => {
    expect(rankingHash("stone_age")).toBe("#ranking/stone_age");
    expect(pageFromHash("#ranking/stone_age")).toEqual({ kind: "ranking", game: "stone_age" });
    for (const name of ["Ada", "アダ 花子", "a/b?c#d", "100%"]) {
      expect(pageFromHash(playerHash(name))).toEqual({ kind: "player", name });
      expect(pageFromHash(pageHash({ kind: "player", name }))).toEqual({ kind: "player", name });
    }
    expect(pageFromHash("#replay/g1")).toBeNull();
    expect(pageFromHash("#player/")).toBeNull();
    expect(pageFromHash("#player/%E0%A4%A")).toBeNull();
    expect(pageFromHash("")).toBeNull();
    expect(samePage({ kind: "player", name: "Ada" }, { kind: "player", name: "Ada" })).toBe(true);
    expect(samePage({ kind: "player", name: "Ada" }, { kind: "ranking", game: "Ada" })).toBe(false);
    expect(samePage(null, null)).toBe(true);
  });

  it("the API's addresses carry the hall's password; one's own profile the bearer token", () => {
    expect(leaderboardUrl("carcassonne")).toBe("/api/leaderboard/carcassonne");
    expect(leaderboardUrl("carcassonne", "s3cret&")).toBe("/api/leaderboard/carcassonne?password=s3cret%26");
    expect(profileUrl("アダ")).toBe("/api/players/%E3%82%A2%E3%83%80");
    expect(exportUrl("Ada", "pw")).toBe("/api/players/Ada/export?password=pw");
    expect(requestHeaders(true, "tok", null)).toEqual({ Authorization: "Bearer tok" });
    expect(requestHeaders(false, "tok", "pw")).toEqual({ "X-Hall-Password": "pw" });
    expect(requestHeaders(true, null, null)).toEqual({});
    // Names as the hall compares them.
    expect(isOwn("ADA", "ada")).toBe(true);
    expect(isOwn("Ａｄａ", "ada")).toBe(true);
    expect(isOwn("Ada", null)).toBe(false);
    expect(isOwn("Ben", "Ada")).toBe(false);
    expect(loadError(404)).toBe("not_found");
    expect(loadError(401)).toBe("hall_password");
    expect(loadError(503)).toBe("failed");
    expect(exportFileName('attachment; filename="spieltisch-p123.json"', "Ada")).toBe("spieltisch-p123.json");
    expect(exportFileName(null, "Ada Lovelace/1")).toBe("spieltisch-Ada_Lovelace_1.json");
  });
});

describe("a game's ranking", () => {
  it("rows best first: ranks shared by equal ratings, AI levels unlinked, provisional marked, the reader's row", () => {
    const rows = rankingRows(BOARD, "p-ben");
    expect(rows.map((r) => [r.rank, r.name, r.rating, r.mine, r.link])).toEqual([
      [1, "Ada", "14.3", false, "Ada"],
      [2, "strong", "8.0", false, null],
      [2, "Ben", "8.0?", true, "Ben"],
      [4, "Cleo", "0.0?", false, "Cleo"],
      [5, "random", "-3.5?", false, null],
      [6, "Dan", "-4.0?", false, "Dan"],
      [7, "Eve", "-5.5?", false, "Eve"],
    ]);
    expect(rows.filter((r) => r.ai).map((r) => r.key)).toEqual(["ai:strong", "ai:random"]);
    expect(rows.every((r) => r.key && new Set(rows.map((x) => x.key)).size === rows.length)).toBe(true);
    // A guest (no player id in any ranking) and a player not in it: no row is theirs.
    expect(rankingRows(BOARD, null).some((r) => r.mine)).toBe(false);
    expect(rankingRows(BOARD, "p-zed").some((r) => r.mine)).toBe(false);
    // An AI level is never the reader's, whatever its (null) player id.
    expect(rankingRows({ game: "x", players: [row({ player: null, ai: true, name: "greedy" })] }, null)[0].mine).toBe(false);
  });

  it("one decimal, and a question mark for a provisional rating", () => {
    expect(ratingText({ rating: 12.345, provisional: true })).toBe("12.3?");
    expect(ratingText({ rating: 12.35, provisional: false })).toBe("12.4");
    expect(ratingText({ rating: 0, provisional: true })).toBe("0.0?");
    expect(ratingText({ rating: -0.01, provisional: false })).toBe("0.0");
    expect(ratingText({ rating: -2.25, provisional: false })).toBe("-2.2");
  });

  it("the lobby's short list: the first five, and the reader's row after them", () => {
    expect(topRows(rankingRows(BOARD, "p-ada")).map((r) => r.name)).toEqual(["Ada", "strong", "Ben", "Cleo", "random"]);
    expect(topRows(rankingRows(BOARD, "p-eve")).map((r) => r.name)).toEqual(["Ada", "strong", "Ben", "Cleo", "random", "Eve"]);
    expect(topRows(rankingRows(BOARD, null), 2).map((r) => r.name)).toEqual(["Ada", "strong"]);
  });

  it("the table: columns, AI levels in the reader's language, the provisional tooltip, the reader's row highlighted", () => {
    const client = { page: () => undefined } as unknown as Client;
    for (const l of ["en", "ja"] as const) {
      lang.set(l);
      const tree = h(RankingTable, { rows: rankingRows(BOARD, "p-ben"), client });
      const els = elements(tree);
      const heads = els.filter((e) => e.type === "th").map((e) => text(e.props.children));
      expect(heads).toEqual(
        l === "en" ? ["#", "Player", "Rating", "Games", "Wins", "Last played"] : ["順位", "プレイヤー", "レーティング", "対局数", "勝利", "最終対局"],
      );
      const trs = els.filter((e) => e.type === "tr" && e.props["data-testid"] === "ranking-row");
      expect(trs).toHaveLength(7);
      const mine = trs.filter((e) => e.props.class === "mine");
      expect(mine.map((e) => e.props["data-name"])).toEqual(["Ben"]);
      expect(text(mine[0])).toContain(l === "en" ? "you" : "あなた");
      // People link to their profiles; AI levels are named, not linked.
      const links = els.filter((e) => e.type === "a");
      expect(links.map((e) => e.props.href)).toEqual(["/#player/Ada", "/#player/Ben", "/#player/Cleo", "/#player/Dan", "/#player/Eve"]);
      expect(text(trs[1])).toContain(l === "en" ? "AI · strong" : "AI · 強い");
      expect(aiName("random")).toBe(l === "en" ? "AI · random" : "AI · ランダム");
      const provisional = els.filter((e) => e.props["data-provisional"] === "1");
      expect(provisional).toHaveLength(5);
      expect(String(provisional[0].props.title)).toBe(
        l === "en" ? "Provisional: this rating rests on fewer than 5 rated games." : "暫定：レーティング対象の対局が5局未満です。",
      );
      // The day of the last game, in the reader's language.
      expect(text(trs[0])).toMatch(l === "en" ? /Jan 15, 2027/ : /2027\/01\/15/);
    }
  });
});

describe("a profile", () => {
  it("a rating history as the chart's series: times ascending, one point a second", () => {
    expect(chartSeries([])).toEqual([[], []]);
    expect(
      chartSeries([
        [T, 1.234],
        [T + 60, 2.5],
        [T + 120, -0.5],
      ]),
    ).toEqual([
      [T, T + 60, T + 120],
      [1.23, 2.5, -0.5],
    ]);
    // Out of order: sorted; two at one second: the later one counts; nonsense is left out.
    expect(
      chartSeries([
        [T + 60, 3],
        [T, 1],
        [T + 60, 4],
        [Number.NaN, 2],
      ]),
    ).toEqual([
      [T, T + 60],
      [1, 4],
    ]);
  });

  it("its games: the favourites first, then by games played", () => {
    const game = (played: number) => ({ played, won: 0, rating: null, history: [] as [number, number][] });
    const p: Profile = {
      name: "Ada",
      player: "p-ada",
      since: T,
      games: { kingsburg: game(1), carcassonne: game(9), alhambra: game(3), stone_age: game(3) },
      favourites: ["carcassonne", "stone_age"],
      recent: [],
    };
    expect(profileGames(p)).toEqual(["carcassonne", "stone_age", "alhambra", "kingsburg"]);
  });
});

describe("rated or not", () => {
  it("rated by default: create's options say only rated: false; the mark and the words of an unrated table", () => {
    expect(ratedOptions(true)).toEqual({});
    expect(ratedOptions(false)).toEqual({ rated: false });
    expect(isRated({})).toBe(true);
    expect(isRated({ rated: false })).toBe(false);
    expect(isRated(null)).toBe(true);
    expect(UnratedMark({ info: { options: {} } })).toBeNull();
    for (const l of ["en", "ja"] as const) {
      lang.set(l);
      expect(text(UnratedMark({ info: { options: { rated: false } } }))).toBe(l === "en" ? "unrated" : "レーティングなし");
      expect(optionWords({ rated: false, fluss: false })).toEqual([{ key: "rated", text: translate(l, "rated.unrated") }]);
      expect(optionWords({ fluss: false })).toEqual([]);
    }
  });

  it("/option rated switches it, or sets it on or off", () => {
    const at = (options: Record<string, unknown>) => ({ room: "r1", options });
    expect(parseCommand("/option rated", at({}))).toEqual({ kind: "send", msg: { t: "option", room: "r1", key: "rated", value: false } });
    expect(parseCommand("/option rated", at({ rated: false }))).toEqual({ kind: "send", msg: { t: "option", room: "r1", key: "rated", value: true } });
    expect(parseCommand("/option rated off", at({}))).toEqual({ kind: "send", msg: { t: "option", room: "r1", key: "rated", value: false } });
    expect(parseCommand("/option rated maybe", at({}))).toMatchObject({ kind: "error", key: "cmd.rated_usage" });
  });
});
