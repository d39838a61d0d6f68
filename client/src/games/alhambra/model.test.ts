// The board's reading of the Alhambra view and its mapping of clicks onto listed
// intents (model.ts): the grid, the coins, the market, the highlighted cells.
import { describe, expect, it } from "vitest";
import {
  activeTile,
  buysForSlot,
  cellPos,
  clickCoin,
  countTypes,
  exactTake,
  gridLayout,
  movableTiles,
  type Obj,
  readModel,
  seatLine,
  statusParts,
  takeableCoins,
  targets,
  tileInfo,
  typeColour,
  unbuildAt,
} from "./model";

const CATALOGUE = {
  tiles: [
    { id: "pavilion_02_NEW", type: "pavilion", cost: 2, walls: "NEW" },
    { id: "garden_10_none", type: "garden", cost: 10, walls: "none" },
  ],
  types: [{ id: "garden", colour: "green" }],
};

// A two-seat view as the server sends it to seat 0 (the keys of game.py's view).
const VIEW = {
  game: "alhambra",
  you: 0,
  active: [0],
  phase: "placement",
  turn: 0,
  extra: false,
  round: 1,
  market: ["pavilion_02_NEW", null, "garden_10_none", "tower_13_ESW"],
  display: [{ c: "blue", v: 3 }, { c: "green", v: 2 }],
  hand: [{ c: "yellow", v: 5 }],
  hand_counts: [1, 4],
  alhambras: [[[1, 0, "chambers_06_ES"], [0, -1, "garden_10_none"]], []],
  reserves: [["tower_11_none"], []],
  walls: [1, 0],
  bought: ["pavilion_02_NEW"],
  leftovers: [[], []],
  dirk: [0, 1, 0, 2, 0, 3],
  dirk_score: 4,
  bag: 30,
  deck: 50,
  discard: 7,
  scores: [12, 9],
  legal: [],
};

describe("reading the view", () => {
  it("takes every key the board draws, and only your own hand", () => {
    const m = readModel(VIEW);
    expect(m.you).toBe(0);
    expect(m.seats).toBe(2);
    expect(m.market).toEqual(["pavilion_02_NEW", null, "garden_10_none", "tower_13_ESW"]);
    expect(m.alhambras[0]).toEqual([
      { x: 1, y: 0, tile: "chambers_06_ES" },
      { x: 0, y: -1, tile: "garden_10_none" },
    ]);
    expect(m.hand).toEqual([{ c: "yellow", v: 5 }]);
    expect(m.handCounts).toEqual([1, 4]);
    expect(m.dirk).toEqual([0, 1, 0, 2, 0, 3]);
    expect([m.bag, m.deck, m.discard, m.dirkScore]).toEqual([30, 50, 7, 4]);
    // A spectator's view has no hand and no Dirk with more seats.
    const watcher = readModel({ ...VIEW, you: null, hand: null, dirk: null, dirk_score: null });
    expect(watcher.hand).toBeNull();
    expect(watcher.dirk).toBeNull();
    expect(watcher.you).toBeNull();
  });

  it("knows a tile from the catalogue, or from its id before the catalogue comes", () => {
    expect(tileInfo("pavilion_02_NEW", CATALOGUE)).toEqual({ id: "pavilion_02_NEW", type: "pavilion", cost: 2, walls: ["N", "E", "W"] });
    expect(tileInfo("garden_10_none", CATALOGUE).walls).toEqual([]);
    expect(tileInfo("tower_13_ESW", null)).toEqual({ id: "tower_13_ESW", type: "tower", cost: 13, walls: ["E", "S", "W"] });
    expect(typeColour("garden", CATALOGUE)).toBe("green");
    expect(typeColour("tower", null)).toBeNull();
  });
});

describe("the grid of an alhambra", () => {
  it("is the fountain alone at first", () => {
    const g = gridLayout([]);
    expect(g).toEqual({ minX: 0, maxY: 0, cols: 1, rows: 1 });
    expect(cellPos(g, 0, 0)).toEqual({ col: 0, row: 0 });
  });

  it("spans the tiles around the fountain with north up", () => {
    const g = gridLayout([
      { x: 1, y: 0 },
      { x: 0, y: -1 },
      { x: -2, y: 0 },
    ]);
    expect(g).toEqual({ minX: -2, maxY: 0, cols: 4, rows: 2 });
    expect(cellPos(g, -2, 0)).toEqual({ col: 0, row: 0 });
    expect(cellPos(g, 0, 0)).toEqual({ col: 2, row: 0 });
    expect(cellPos(g, 0, -1)).toEqual({ col: 2, row: 1 });
  });

  it("grows to the cells a listed move may reach", () => {
    const g = gridLayout([{ x: 1, y: 0 }], [{ x: 0, y: 1 }, { x: 2, y: 0 }]);
    expect(g).toEqual({ minX: 0, maxY: 1, cols: 3, rows: 2 });
    expect(cellPos(g, 0, 1)).toEqual({ col: 0, row: 0 });
    expect(cellPos(g, 1, 0)).toEqual({ col: 1, row: 1 });
  });
});

describe("taking money", () => {
  // BSW's rule: every listed take is maximal, so one coin may belong to several.
  const legal: Obj[] = [{ t: "take", coins: [0] }, { t: "take", coins: [1, 2] }, { t: "take", coins: [1, 3] }, { t: "buy", slot: 0, values: [5] }];

  it("marks only coins some listed take includes", () => {
    expect([...takeableCoins(legal)].sort()).toEqual([0, 1, 2, 3]);
    expect([...takeableCoins([{ t: "take", coins: [2] }])]).toEqual([2]);
  });

  it("sends the one listed take a coin belongs to at once, verbatim", () => {
    const r = clickCoin(legal, [], 0);
    expect(r.send).toBe(legal[0]);
    expect(clickCoin(legal, [], 2).send).toBe(legal[1]);
  });

  it("waits for a second coin when a coin is in several listed takes", () => {
    const first = clickCoin(legal, [], 1);
    expect(first).toEqual({ send: null, selected: [1], exact: null });
    expect(clickCoin(legal, first.selected, 3).send).toBe(legal[2]);
    // A coin that goes with none of the chosen starts over from itself.
    expect(clickCoin(legal, [1], 0).send).toBe(legal[0]);
    // A second click on a chosen coin lets it go.
    expect(clickCoin(legal, [1], 1)).toEqual({ send: null, selected: [], exact: null });
  });

  it("offers the exact set when smaller takes are listed too (printed rules)", () => {
    const free: Obj[] = [{ t: "take", coins: [0] }, { t: "take", coins: [1] }, { t: "take", coins: [0, 1] }];
    const r = clickCoin(free, [], 0);
    expect(r.send).toBeNull();
    expect(r.selected).toEqual([0]);
    expect(r.exact).toBe(free[0]);
    expect(clickCoin(free, r.selected, 1).send).toBe(free[2]);
    expect(exactTake(free, [1, 0])).toBe(free[2]);
    expect(exactTake(free, [])).toBeNull();
  });

  it("never offers a coin the list does not have", () => {
    expect(clickCoin([{ t: "take", coins: [0] }], [], 4)).toEqual({ send: null, selected: [], exact: null });
  });
});

describe("buying", () => {
  it("lists each payment of a slot as the server gave it", () => {
    const legal: Obj[] = [{ t: "buy", slot: 2, values: [9] }, { t: "buy", slot: 2, values: [5, 4] }, { t: "buy", slot: 0, values: [3] }, { t: "take", coins: [0] }];
    expect(buysForSlot(legal, 2)).toEqual([legal[0], legal[1]]);
    expect(buysForSlot(legal, 2)[1]).toBe(legal[1]);
    expect(buysForSlot(legal, 1)).toEqual([]);
  });
});

describe("placing and rebuilding", () => {
  const legal: Obj[] = [
    { t: "place", tile: "pavilion_02_NEW", x: 0, y: 1 },
    { t: "place", tile: "pavilion_02_NEW", x: -1, y: 0 },
    { t: "place", tile: "garden_10_none", x: 1, y: 0 },
    { t: "reserve", tile: "pavilion_02_NEW" },
    { t: "reserve", tile: "garden_10_none" },
    { t: "dirk", tile: "pavilion_02_NEW" },
  ];

  it("works with the first tile to place unless another is chosen", () => {
    expect(movableTiles(legal)).toEqual({ pending: ["pavilion_02_NEW", "garden_10_none"], reserve: [] });
    expect(activeTile(legal, null)).toBe("pavilion_02_NEW");
    expect(activeTile(legal, "garden_10_none")).toBe("garden_10_none");
    // A choice that is no longer movable is forgotten.
    expect(activeTile(legal, "tower_13_ESW")).toBe("pavilion_02_NEW");
    expect(activeTile([{ t: "take", coins: [0] }], "pavilion_02_NEW")).toBeNull();
  });

  it("highlights exactly the cells listed for the chosen tile", () => {
    const spots = targets(legal, "pavilion_02_NEW");
    expect(spots.map((s) => [s.x, s.y, s.kind])).toEqual([
      [0, 1, "place"],
      [-1, 0, "place"],
    ]);
    expect(spots[0].intent).toBe(legal[0]);
    expect(targets(legal, "garden_10_none").map((s) => [s.x, s.y])).toEqual([[1, 0]]);
    expect(targets(legal, null)).toEqual([]);
  });

  it("highlights empty cells to build on and tiles to swap with a reserve tile", () => {
    const redesign: Obj[] = [
      { t: "take", coins: [0] },
      { t: "build", tile: "tower_11_none", x: 0, y: 1 },
      { t: "swap", tile: "tower_11_none", x: 1, y: 0 },
      { t: "build", tile: "arcades_06_SW", x: 0, y: 1 },
      { t: "unbuild", x: 1, y: 0 },
    ];
    expect(movableTiles(redesign)).toEqual({ pending: [], reserve: ["tower_11_none", "arcades_06_SW"] });
    // Reserve tiles are not chosen for you: the action phase starts with nothing chosen.
    expect(activeTile(redesign, null)).toBeNull();
    expect(targets(redesign, "tower_11_none").map((s) => [s.x, s.y, s.kind])).toEqual([
      [0, 1, "build"],
      [1, 0, "swap"],
    ]);
    expect(unbuildAt(redesign, 1, 0)).toBe(redesign[4]);
    expect(unbuildAt(redesign, 0, 1)).toBeNull();
  });
});

describe("the players panel", () => {
  // Seat 0 has a chambers and a garden placed, a tower in the reserve and a pavilion
  // bought and not yet placed; seat 1 has nothing placed.
  it("counts the placed tiles per type, the reserve, the coins and the wall of each seat", () => {
    const m = readModel(VIEW);
    expect(seatLine(m, 0)).toEqual({ score: 12, coins: 1, reserve: 1, counts: [0, 0, 0, 1, 1, 0], wall: 1 });
    expect(seatLine(m, 1)).toEqual({ score: 9, coins: 4, reserve: 0, counts: [0, 0, 0, 0, 0, 0], wall: 0 });
    expect(seatLine(m, 2)).toBeNull();
    expect(seatLine(m, -1)).toBeNull();
  });

  it("counts only the alhambra: reserve and bought tiles never score", () => {
    const m = readModel({
      ...VIEW,
      alhambras: [
        [
          [1, 0, "tower_13_ESW"],
          [0, 1, "tower_07_NEW"],
          [-1, 0, "pavilion_02_NEW"],
          [0, -1, "seraglio_09_none"],
          [2, 0, "arcades_10_none"],
          [0, -2, "garden_10_none"],
        ],
        [[1, 0, "chambers_06_ES"]],
      ],
      reserves: [["tower_11_none", "tower_12_none"], ["garden_11_none", "pavilion_08_none", "arcades_09_none"]],
      walls: [7, 2],
    });
    expect(seatLine(m, 0)).toMatchObject({ reserve: 2, counts: [1, 1, 1, 0, 1, 2], wall: 7 });
    expect(seatLine(m, 1)).toMatchObject({ reserve: 3, counts: [0, 0, 0, 1, 0, 0], wall: 2 });
  });

  it("reads a tile's type from the catalogue and skips what is no tile", () => {
    expect(countTypes(["garden_10_none", "pavilion_02_NEW", "garden_10_none"], CATALOGUE)).toEqual([1, 0, 0, 0, 2, 0]);
    expect(countTypes(["fountain", "nonsense_1_x"])).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe("the status line", () => {
  const keys = (view: Record<string, unknown>, name = "Ben") => statusParts(readModel({ ...VIEW, ...view }), name);

  it("says which scoring is behind us and whose move it is", () => {
    expect(keys({ round: 1, phase: "action", turn: 0 })).toEqual([
      { key: "al.status.round.1", args: {} },
      { key: "al.status.move.you", args: { name: "Ben" } },
    ]);
    expect(keys({ round: 0, phase: "action", turn: 1 }).map((p) => p.key)).toEqual(["al.status.round.0", "al.status.move.other"]);
    expect(keys({ round: 2, phase: "action", turn: 1, extra: true }).map((p) => p.key)).toEqual(["al.status.round.2", "al.status.extra.other"]);
    expect(keys({ round: 2, phase: "action", turn: 0, extra: true }).map((p) => p.key)).toEqual(["al.status.round.2", "al.status.extra.you"]);
  });

  it("names the placement, the last market tiles and the end", () => {
    expect(keys({ round: 1, phase: "placement", turn: 0 }).map((p) => p.key)).toEqual(["al.status.round.1", "al.status.placing.you"]);
    expect(keys({ round: 1, phase: "placement", turn: 1 }).map((p) => p.key)).toEqual(["al.status.round.1", "al.status.placing.other"]);
    expect(keys({ round: 2, phase: "leftover" }).map((p) => p.key)).toEqual(["al.status.round.2", "al.status.leftover"]);
    expect(keys({ round: 3, phase: "over" }).map((p) => p.key)).toEqual(["al.status.over"]);
  });

  it("speaks of the player on turn to a spectator", () => {
    expect(keys({ you: null, round: 0, phase: "action", turn: 0 }).map((p) => p.key)).toEqual(["al.status.round.0", "al.status.move.other"]);
  });
});
