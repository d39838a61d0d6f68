// Alhambra's lines in the players panel (games/alhambra/players.tsx), as the
// Brettspielwelt player list had them: coins (how many), reserve, the placed tiles
// per building type and the longest wall; and Dirk's row with two players.
import { afterEach, describe, expect, it } from "vitest";
import { alhambra } from "../src/games/alhambra";
import { lang } from "../src/i18n";
import type { View } from "../src/store";
import { elements, text } from "./vnodes";

const VIEW: View = {
  game: "alhambra",
  you: 0,
  active: [0],
  phase: "action",
  turn: 0,
  round: 1,
  scores: [12, 9],
  hand: [{ c: "yellow", v: 5 }],
  hand_counts: [1, 4],
  alhambras: [
    [
      [1, 0, "tower_13_ESW"],
      [0, 1, "tower_07_NEW"],
      [-1, 0, "pavilion_02_NEW"],
      [0, -1, "garden_10_none"],
    ],
    [[1, 0, "chambers_06_ES"]],
  ],
  reserves: [["seraglio_09_none"], ["garden_11_none", "arcades_09_none"]],
  walls: [5, 2],
  bought: ["arcades_10_none"],
  dirk: [2, 0, 1, 0, 3, 0],
  dirk_score: 4,
  log: [],
  result: null,
};

const byTestId = (node: ReturnType<NonNullable<typeof alhambra.seatExtra>>, id: string) =>
  elements(node).filter((e) => e.props["data-testid"] === id);

afterEach(() => lang.set("en"));

describe("a seat in the players panel", () => {
  it("shows the coins, the reserve, each type placed and the wall", () => {
    lang.set("en");
    const line = alhambra.seatExtra!(VIEW, 0);
    expect(byTestId(line, "al-se-coins")[0].props["data-n"]).toBe(1);
    expect(text(byTestId(line, "al-se-coins")[0])).toBe("1 coin");
    expect(text(byTestId(line, "al-se-reserve")[0])).toBe("reserve 1");
    const types = byTestId(line, "al-se-type");
    expect(types.map((e) => e.props["data-type"])).toEqual(["pavilion", "seraglio", "arcades", "chambers", "garden", "tower"]);
    // The reserve's seraglio and the bought arcades are not in the alhambra.
    expect(types.map((e) => e.props["data-n"])).toEqual([1, 0, 0, 0, 1, 2]);
    expect(types[5].props.title).toBe("Tower: 2 in the alhambra");
    expect(byTestId(line, "al-se-wall")[0].props["data-n"]).toBe(5);
    expect(byTestId(line, "al-se-wall")[0].props.title).toBe("Longest outer wall: 5");
  });

  it("shows another seat's coins only as their number, in Japanese too", () => {
    lang.set("ja");
    const line = alhambra.seatExtra!(VIEW, 1);
    expect(text(byTestId(line, "al-se-coins")[0])).toBe("コイン4枚");
    expect(text(byTestId(line, "al-se-reserve")[0])).toBe("リザーブ2枚");
    expect(byTestId(line, "al-se-type").map((e) => e.props["data-n"])).toEqual([0, 0, 0, 1, 0, 0]);
    expect(byTestId(line, "al-se-type")[3].props.title).toBe("住居: アルハンブラに1枚");
    expect(byTestId(line, "al-se-wall")[0].props.title).toBe("外側の城壁の最長: 2");
    expect(alhambra.seatExtra!(VIEW, 2)).toBeNull();
  });
});

describe("Dirk in the players panel", () => {
  it("follows the seats with his counts per type only", () => {
    lang.set("en");
    const row = alhambra.extraSeats!(VIEW);
    const all = elements(row);
    expect(all[0].type).toBe("li");
    expect(all[0].props["data-testid"]).toBe("al-dirk-seat");
    expect(text(row)).toContain("Dirk");
    expect(text(row)).toContain("dummy");
    expect(byTestId(row, "al-se-type").map((e) => e.props["data-n"])).toEqual([2, 0, 1, 0, 3, 0]);
    // No coins, reserve or wall: Dirk has none, and BSW showed only his counts.
    expect(byTestId(row, "al-se-wall")).toEqual([]);
    expect(byTestId(row, "al-se-coins")).toEqual([]);
    lang.set("ja");
    expect(text(alhambra.extraSeats!(VIEW))).toContain("ダミー");
  });

  it("is not there with more than two players", () => {
    expect(alhambra.extraSeats!({ ...VIEW, dirk: null })).toBeNull();
  });
});
