// Stepping through a finished game: the view at move k is the start with the first k
// patches applied; the controls, the slider and the keys move k inside 0..moves; the
// cache of views gives the same view however a move is reached, and never changes one
// it has handed out. And the replay's address, and how the store keeps the answers.

import { describe, expect, it } from "vitest";
import { applyPatch, PatchError } from "../src/patch";
import type { ClientMessage, GameSummary, ReplayData } from "../src/protocol.gen";
import { clampMove, keyStep, recordUrl, ReplayViews, replayFromHash, replayHash, step } from "../src/replay";
import { type View, Store } from "../src/store";

const START: View = { game: "demo", you: null, active: [0], scores: [0, 0], board: { tiles: [] }, log: [], result: null };

/** A game of `n` moves: each seat in turn places a tile, scores and logs it; the last
 * move ends the game. Shapes like the real views: appends, sets and a delete. */
function patches(n: number): unknown[][] {
  const out: unknown[][] = [];
  for (let i = 0; i < n; i++) {
    const seat = i % 2;
    const ops: unknown[] = [
      ["a", ["board", "tiles"], [{ x: i, y: -i, id: `t${i}` }]],
      ["s", ["scores", seat], i + 1],
      ["a", ["log"], [{ code: "placed", args: { seat, n: i } }]],
      ["s", ["active"], [1 - seat]],
    ];
    if (i === 2) ops.push(["s", ["board", "drawn"], "x"]);
    if (i === 3) ops.push(["d", ["board", "drawn"]]);
    if (i === n - 1) ops.push(["s", ["result"], { scores: [n, n - 1], ranks: [1, 2] }], ["s", ["active"], []]);
    out.push(ops);
  }
  return out;
}

/** The view after k moves, the slow way. */
function naive(k: number, ps: unknown[][]): View {
  let v: unknown = START;
  for (const ops of ps.slice(0, k)) v = applyPatch(v, ops);
  return v as View;
}

describe("the views of a replay", () => {
  const ps = patches(40);

  it("move k is the start with the first k patches applied", () => {
    const views = new ReplayViews(START, ps);
    expect(views.moves).toBe(40);
    expect(views.at(0)).toBe(START);
    for (const k of [1, 2, 3, 4, 17, 39, 40]) expect(views.at(k), `move ${k}`).toEqual(naive(k, ps));
    expect(views.at(40).result).toEqual({ scores: [40, 39], ranks: [1, 2] });
    expect((views.at(3).board as Record<string, unknown>).drawn).toBe("x");
    expect(views.at(4).board).not.toHaveProperty("drawn");
  });

  it("clamps a move outside the game to its first or last", () => {
    const views = new ReplayViews(START, ps);
    expect(views.at(-5)).toBe(views.at(0));
    expect(views.at(99)).toBe(views.at(40));
    expect(views.at(2.4)).toBe(views.at(2));
  });

  it("forward then back, a jump to the end, or a fresh start: the same view at every move", () => {
    const walked = new ReplayViews(START, ps);
    const seen: View[] = [];
    for (let k = 0; k <= 40; k = step(k, "forward", 40)) {
      seen[k] = walked.at(k);
      if (k === 40) break;
    }
    const back: View[] = [];
    for (let k = 40; ; k = step(k, "back", 40)) {
      back[k] = walked.at(k);
      if (k === 0) break;
    }
    const jumped = new ReplayViews(START, ps);
    jumped.at(40); // the slider dragged to the end first
    for (let k = 0; k <= 40; k++) {
      expect(back[k], `move ${k}`).toBe(seen[k]); // the cache hands out the same object
      expect(jumped.at(k), `move ${k}`).toEqual(seen[k]);
      expect(new ReplayViews(START, ps).at(k), `move ${k}`).toEqual(seen[k]);
    }
  });

  it("fills the cache only as far as asked, and computes each view once", () => {
    const views = new ReplayViews(START, ps);
    expect(views.cached).toBe(1);
    views.at(10);
    expect(views.cached).toBe(11);
    const ten = views.at(10);
    views.at(5);
    expect(views.cached).toBe(11);
    views.at(12);
    expect(views.cached).toBe(13);
    expect(views.at(10)).toBe(ten);
  });

  it("never changes a view it handed out (copy-on-write), and shares what a move left alone", () => {
    const views = new ReplayViews(START, ps);
    const start = structuredClone(START);
    const five = views.at(5);
    const fiveCopy = structuredClone(five);
    views.at(40);
    expect(views.at(0)).toEqual(start);
    expect(five).toEqual(fiveCopy);
    // The tiles of move 5 are the same objects at move 6: a board redraws only the new one.
    const tiles = (k: number) => (views.at(k).board as { tiles: unknown[] }).tiles;
    expect(tiles(6)[4]).toBe(tiles(5)[4]);
  });

  it("a patch that does not fit its view throws, and the moves before it still show", () => {
    const broken = [...ps.slice(0, 3), [["d", ["nothing"]]], ...ps.slice(3)];
    const views = new ReplayViews(START, broken);
    expect(() => views.at(10)).toThrow(PatchError);
    expect(views.at(3)).toEqual(naive(3, ps));
  });

  it("a game without moves has the start only", () => {
    const views = new ReplayViews(START, []);
    expect(views.moves).toBe(0);
    expect(views.at(1)).toBe(START);
  });
});

describe("the controls", () => {
  it("first, back, forward and last stay inside 0..moves", () => {
    expect(step(7, "first", 20)).toBe(0);
    expect(step(7, "back", 20)).toBe(6);
    expect(step(0, "back", 20)).toBe(0);
    expect(step(7, "forward", 20)).toBe(8);
    expect(step(20, "forward", 20)).toBe(20);
    expect(step(7, "last", 20)).toBe(20);
    expect(step(0, "forward", 0)).toBe(0);
  });

  it("the slider's value becomes a whole move inside the game", () => {
    expect(clampMove(12, 20)).toBe(12);
    expect(clampMove(12.6, 20)).toBe(13);
    expect(clampMove(-1, 20)).toBe(0);
    expect(clampMove(25, 20)).toBe(20);
    expect(clampMove(Number(""), 20)).toBe(0);
    expect(clampMove(Number.NaN, 20)).toBe(0);
  });

  it("← and → step, Home and End jump, other keys do nothing", () => {
    expect(keyStep("ArrowLeft")).toBe("back");
    expect(keyStep("ArrowRight")).toBe("forward");
    expect(keyStep("Home")).toBe("first");
    expect(keyStep("End")).toBe("last");
    expect(keyStep("a")).toBe(null);
    expect(keyStep("ArrowUp")).toBe(null);
  });
});

describe("the replay's address", () => {
  it("#replay/<id> both ways, ids with odd characters too", () => {
    expect(replayHash("g-12")).toBe("#replay/g-12");
    expect(replayFromHash("#replay/g-12")).toBe("g-12");
    for (const id of ["abc", "a b/c", "ゲーム1", "x%y"]) expect(replayFromHash(replayHash(id))).toBe(id);
    expect(replayFromHash("")).toBe(null);
    expect(replayFromHash("#tiles")).toBe(null);
    expect(replayFromHash("#replay/")).toBe(null);
    expect(replayFromHash("#replay/%E0%A4%A")).toBe(null);
    expect(recordUrl("g 1")).toBe("/api/archive/g%201.json");
  });
});

const SUMMARY: GameSummary = {
  id: "g1",
  game: "demo",
  options: {},
  abandoned: false,
  players: [
    { player: "p1", name: "Ada", bot: false, level: null, resigned: false, account: false, tag: null, score: 40, rank: 1, left: false, ai_finished: false, ai_moves: 0 },
    { player: "bot-r1-1", name: "AI 1", bot: true, level: "random", resigned: false, account: false, tag: null, score: 39, rank: 2, left: false, ai_finished: false, ai_moves: 0 },
  ],
  moves: 2,
  started: 1_800_000_000,
  ended: 1_800_000_600,
  private: false,
};
const answer = (seat: number | null, id = "g1"): ReplayData => ({
  t: "replay",
  summary: { ...SUMMARY, id },
  by_ai: [],
  ai_log: [],
  seat,
  view: START,
  patches: patches(2),
});

describe("the store and replays", () => {
  function setup() {
    const sent: ClientMessage[] = [];
    return { store: new Store((m) => sent.push(m)), sent };
  }

  it("keeps the answer for the replay on screen, and drops one for another game", () => {
    const { store } = setup();
    store.openReplay("g1", null);
    expect(store.state.replay).toEqual({ game: "g1", seat: null, data: null, error: null });
    store.handle(answer(null, "g2"));
    expect(store.state.replay!.data).toBe(null);
    store.handle(answer(null));
    expect(store.state.replay!.data!.summary.id).toBe("g1");
  });

  it("keeps the old seat's views on screen while another seat's are on their way", () => {
    const { store } = setup();
    store.openReplay("g1", null);
    store.handle(answer(null));
    store.openReplay("g1", 1);
    expect(store.state.replay!.seat).toBe(1);
    expect(store.state.replay!.data!.seat).toBe(null);
    store.handle(answer(1));
    expect(store.state.replay!.data!.seat).toBe(1);
    // Switched on to seat 0 before seat 1's answer came: that answer is not shown.
    store.openReplay("g1", 0);
    store.handle(answer(1));
    expect(store.state.replay!.data!.seat).toBe(1);
    store.handle(answer(0));
    expect(store.state.replay!.data!.seat).toBe(0);
    store.closeReplay();
    expect(store.state.replay).toBe(null);
  });

  it("unknown_game is said on the replay screen, not as a notice; elsewhere it is a notice", () => {
    const { store } = setup();
    store.openReplay("nope", null);
    store.handle({ t: "error", ref: 3, code: "unknown_game", message: "no such game", args: {} });
    expect(store.state.replay!.error).toBe("unknown_game");
    expect(store.state.notices).toEqual([]);
    store.closeReplay();
    store.handle({ t: "error", ref: 4, code: "unknown_game", message: "no such game", args: {} });
    expect(store.state.notices.map((n) => n.code)).toEqual(["unknown_game"]);
  });

  it("keeps everyone's games and the player's own apart", () => {
    const { store } = setup();
    expect(store.state.history).toEqual({ all: null, mine: null });
    store.handle({ t: "history", games: [SUMMARY], mine: false });
    expect(store.state.history).toEqual({ all: [SUMMARY], mine: null });
    store.handle({ t: "history", games: [], mine: true });
    expect(store.state.history).toEqual({ all: [SUMMARY], mine: [] });
  });
});
