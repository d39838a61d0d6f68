// The lobby's filter bar and its count, rendered as Preact's element tree (no DOM).

import { afterEach, describe, expect, it } from "vitest";
import { lang } from "../src/i18n";
import type { LobbyFilter } from "../src/rooms";
import type { GameInfo } from "../src/store";
import { FilterBar, offeredOptions, RoomsCount } from "../src/ui/lobby";
import { elements, text } from "./vnodes";

afterEach(() => lang.set("en"));

const games = [
  { name: "carcassonne", min_seats: 2, max_seats: 6, options: {} },
  { name: "kingsburg", min_seats: 2, max_seats: 5, options: {} },
] as GameInfo[];

describe("the lobby's count", () => {
  it("says how many of how many when the list is cut off, in both languages", () => {
    expect(elements(RoomsCount({ shown: 3, total: 3 }))).toEqual([]);
    expect(text(RoomsCount({ shown: 100, total: 250 }))).toBe("100 of 250 tables");
    lang.set("ja");
    expect(text(RoomsCount({ shown: 100, total: 250 }))).toBe("全250卓中100卓を表示");
  });
});

describe("the lobby's filter", () => {
  function bar(filter: LobbyFilter) {
    const changes: LobbyFilter[] = [];
    const els = elements(FilterBar({ filter, games, onChange: (f) => changes.push(f) }));
    const byId = (id: string) => els.find((e) => e.props["data-testid"] === id)!;
    return { els, byId, changes };
  }

  it("offers every game and every state, the chosen state pressed", () => {
    const { els, byId } = bar({ game: null, status: "playing" });
    expect(els.filter((e) => e.type === "option").map((e) => e.props.value)).toEqual(["", "carcassonne", "kingsburg"]);
    expect(text(els.filter((e) => e.type === "option").map((e) => e.props.children as never))).toBe("All gamesCarcassonneKingsburg");
    expect(byId("filter-status-playing").props["aria-pressed"]).toBe(true);
    expect(byId("filter-status-all").props["aria-pressed"]).toBe(false);
  });

  it("a chip or a game changes one part of the filter and keeps the other", () => {
    const { byId, changes } = bar({ game: "kingsburg", status: null });
    (byId("filter-status-waiting").props.onClick as () => void)();
    (byId("filter-game").props.onChange as (e: unknown) => void)({ target: { value: "" } });
    (byId("filter-game").props.onChange as (e: unknown) => void)({ target: { value: "carcassonne" } });
    expect(changes).toEqual([
      { game: "kingsburg", status: "waiting" },
      { game: null, status: null },
      { game: "carcassonne", status: null },
    ]);
  });

  it("names the states in Japanese", () => {
    lang.set("ja");
    const { byId } = bar({ game: null, status: null });
    expect(text(byId("filter-status-all").props.children as never)).toBe("すべて");
    expect(text(byId("filter-status-waiting").props.children as never)).toBe("募集中");
  });
});

describe("the options a new table is opened with", () => {
  it("leave out the ones people are not offered (the hall refuses them)", () => {
    const described = [
      { key: "board", kind: "text", default: "", label: { en: "Board file", ja: "盤面" }, hidden: true },
      { key: "variant", kind: "bool", default: false, label: { en: "Variant", ja: "変種" } },
    ] as GameInfo["described"];
    expect(offeredOptions({ board: "", variant: true, clockless: 1 }, described)).toEqual({ variant: true, clockless: 1 });
    // A server without descriptions: as they are.
    expect(offeredOptions({ board: "" }, undefined)).toEqual({ board: "" });
  });
});
