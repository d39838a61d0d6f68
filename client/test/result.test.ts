// The end of a game: the ResultPanel's table of points by category, from the view's
// `breakdown` (categories as rows, players as columns, totals last), in both languages.

import { afterEach, describe, expect, it } from "vitest";
import { lang } from "../src/i18n";
import type { View } from "../src/store";
import { BreakdownTable, ResultPanel, readBreakdown } from "../src/ui/table";
import { elements, text } from "./vnodes";

const names = (n: number) => ["Ada", "Ben", "Cleo"][n];

const VIEW: View = {
  game: "stone_age",
  you: null,
  active: [],
  scores: [50, 42],
  log: [],
  result: { scores: [50, 42], ranks: [1, 2] },
  breakdown: {
    categories: ["huts", "card_points", "hunger", "resources"],
    seats: [
      [40, 3, 0, 7],
      [45, 0, -10, 7],
    ],
  },
};

afterEach(() => lang.set("en"));

describe("the result's breakdown", () => {
  it("reads only a breakdown whose rows fit its categories", () => {
    expect(readBreakdown(VIEW)?.seats).toEqual([
      [40, 3, 0, 7],
      [45, 0, -10, 7],
    ]);
    expect(readBreakdown({ ...VIEW, breakdown: undefined })).toBeNull();
    expect(readBreakdown({ ...VIEW, breakdown: { categories: ["a"], seats: [[1, 2]] } })).toBeNull();
  });

  it("shows categories as rows, players as columns and the totals last", () => {
    lang.set("en");
    const tree = BreakdownTable({ view: VIEW, names });
    const els = elements(tree);
    const rows = els.filter((e) => e.type === "tr");
    const cells = (tr: (typeof rows)[number]) => elements(tr.props.children).filter((e) => e.type === "th" || e.type === "td").map(text);
    expect(cells(rows[0])).toEqual(["", "Ada", "Ben"]);
    expect(cells(rows[1])).toEqual(["Huts", "40", "45"]);
    expect(cells(rows[3])).toEqual(["Hunger", "0", "-10"]);
    expect(rows.map((r) => r.props["data-category"]).slice(1)).toEqual(["huts", "card_points", "hunger", "resources", "total"]);
    expect(cells(rows[rows.length - 1])).toEqual(["Total", "50", "42"]);
    // Its own box, which scrolls when the players do not fit (table.css).
    expect(els[0].props.class).toBe("breakdown-box");
  });

  it("names the categories in Japanese, and an unknown one by its id", () => {
    lang.set("ja");
    const view = { ...VIEW, breakdown: { categories: ["huts", "new_thing"], seats: [[45, 5], [40, 2]] } };
    const shown = text(BreakdownTable({ view, names }));
    expect(shown).toContain("小屋");
    expect(shown).toContain("new thing");
    expect(shown).toContain("合計");
  });

  it("is part of the result panel, and absent without a breakdown", () => {
    lang.set("en");
    expect(text(ResultPanel({ view: VIEW, names }))).toContain("Points by category");
    expect(text(ResultPanel({ view: { ...VIEW, breakdown: undefined }, names }))).not.toContain("Points by category");
  });
});

describe("stale bits once the game is over", () => {
  it("Carcassonne shows no pieces left in supply next to the players", async () => {
    const { carcassonne } = await import("../src/games/carcassonne");
    const view: View = { game: "carcassonne", you: null, active: [], scores: [9, 4], log: [], meeples: [3, 5], result: null };
    expect(elements(carcassonne.seatExtra!(view, 0)).some((e) => e.props["data-testid"] === "followers")).toBe(true);
    const over = { ...view, result: { scores: [9, 4], ranks: [1, 2] } };
    expect(carcassonne.seatExtra!(over, 0)).toBeNull();
  });
});
