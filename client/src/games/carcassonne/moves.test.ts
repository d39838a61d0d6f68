// The list of legal moves below the Carcassonne board: placements grouped by square
// (a button per rotation), followers by piece with their feature's kind in words.
import { readFileSync } from "node:fs";
import { h } from "preact";
import { describe, expect, it } from "vitest";
import { lang } from "../../i18n";
import { elements, text } from "../../../test/vnodes";
import { tileIndex } from "./geometry";
import { readIntents, readModel } from "./model";
import { CarcMoves, featureKind, placesBySquare } from "./moves";
import "./strings";

const reference = JSON.parse(readFileSync(new URL("../../../../server/games/carcassonne/tiles.json", import.meta.url), "utf8"));
const tiles = tileIndex(reference);
const START = "base.city1_road_straight";

function list(legal: Record<string, unknown>[], view: Record<string, unknown> = {}) {
  const sent: unknown[] = [];
  const tree = h(CarcMoves, {
    intents: readIntents(legal),
    model: readModel({ tiles: [{ x: 0, y: 0, r: 0, tile: START, meeples: [] }], last: { x: 0, y: 0 }, ...view }),
    tileAt: (x: number, y: number) => (x === 0 && y === 0 ? tiles.get(START) : undefined),
    act: (i: Record<string, unknown>) => sent.push(i),
  });
  const buttons = elements(tree).filter((e) => e.type === "button");
  return { tree, buttons, sent };
}

describe("Carcassonne's list of legal moves", () => {
  it("groups placements by square, top row first, a button per rotation", () => {
    lang.set("en");
    const legal = [
      { t: "place", x: 0, y: -1, r: 3 },
      { t: "place", x: 0, y: -1, r: 1 },
      { t: "place", x: 0, y: 1, r: 2 },
      { t: "place", x: -1, y: 0, r: 0 },
    ];
    const squares = placesBySquare(readIntents(legal).place);
    expect(squares.map((s) => [s.x, s.y, s.rots.map((r) => r.rot)])).toEqual([
      [0, 1, [2]],
      [-1, 0, [0]],
      [0, -1, [1, 3]],
    ]);
    const { tree, buttons, sent } = list(legal);
    expect(buttons.map((b) => text(b))).toEqual(["↻ 180°", "↻ 0°", "↻ 90°", "↻ 270°"]);
    expect(buttons[3].props["aria-label"]).toBe("Place the tile at (0, -1), turned 270°");
    expect(text(tree)).toContain("(0, -1)");
    (buttons[3].props.onClick as () => void)();
    expect(sent).toEqual([{ t: "place", x: 0, y: -1, r: 3 }]); // the listed intent, verbatim
  });

  it("names a follower's feature by its kind, and offers no follower first", () => {
    lang.set("en");
    const def = tiles.get(START)!;
    expect(featureKind(def, def.cities[0].id)).toBe("city");
    expect(featureKind(def, def.roads[0].id)).toBe("road");
    expect(featureKind(def, def.fields[0].id)).toBe("field");
    expect(featureKind(def, "m")).toBe("monastery");
    expect(featureKind(undefined, "c9")).toBe("c9");
    const legal = [
      { t: "meeple", feature: def.cities[0].id },
      { t: "meeple", feature: def.fields[0].id },
      { t: "meeple", feature: def.fields[1].id },
      { t: "pass" },
    ];
    const { buttons } = list(legal);
    expect(buttons.map((b) => text(b))).toEqual(["✕ No follower", "city", "field 1", "field 2"]);
    lang.set("ja");
    expect(list(legal).buttons.map((b) => text(b))).toEqual(["✕ 部下を置かない", "都市", "草原 1", "草原 2"]);
    lang.set("en");
  });

  it("says there is nothing to do when nothing is listed", () => {
    lang.set("en");
    const { tree, buttons } = list([]);
    expect(buttons).toEqual([]);
    expect(text(tree)).toContain("Nothing to do right now.");
  });
});
