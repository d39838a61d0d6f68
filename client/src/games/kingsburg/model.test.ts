// Reading the Kingsburg view and catalogue, and from a click (with the dice chosen)
// to one of the listed intents: what lights up, when the player must choose, and
// that nothing is sent that `legal` does not hold, as the very object listed.
import { describe, expect, it } from "vitest";
import { kingsburgCatalogue } from "../../../test/catalogues";
import type { View } from "../../store";
import {
  buildable,
  buttonIntents,
  canChooseDie,
  clickAdvisor,
  clickBuilding,
  clickReroll,
  freeDice,
  type Intent,
  influencesFor,
  isListed,
  litAdvisors,
  readCatalogue,
  readModel,
  type Resolution,
  type Seat,
  sheetRows,
} from "./model";

const catalogue = kingsburgCatalogue();

const inf = (advisor: number, dice: number[], extra: Partial<Intent> = {}): Intent => ({
  t: "influence",
  advisor,
  dice,
  plus2: false,
  market: 0,
  envoy: false,
  ...extra,
});

const player = (over: Partial<Record<string, unknown>> = {}) => ({
  gold: 1,
  wood: 2,
  stone: 0,
  plus2: 1,
  soldiers: 0,
  vp: 3,
  buildings: ["statue"],
  dice: [3, 3, 5],
  white: [false, false, false],
  used: [false, false, false],
  passed: false,
  market_used: false,
  statue_used: false,
  chapel_used: false,
  peek: false,
  ...over,
});

/** A spring view for seat 0 (two players, neutral dice on 12 and 8), the shape the
 * engine sends (as a Python game printed it), with `legal` given by each test. */
function view(legal: Intent[], over: Partial<View> = {}): View {
  return {
    year: 2,
    phase: 4,
    phase_name: "summer",
    step: "influence",
    order: [0, 1],
    turn: 0,
    builds_left: 0,
    enemy_strength: [3, 5],
    envoy: 1,
    aid: null,
    board: [
      { advisor: 12, seat: null, dice: [5, 1, 6], plus2: false, market: 0, envoy: false },
      { advisor: 6, seat: 1, dice: [4, 2], plus2: false, market: 0, envoy: false },
    ],
    choices: [null, null],
    players: [player(), player({ dice: [1, 2, 2], used: [true, false, false], buildings: [] })],
    battles: [{ year: 1, enemy: "y1_goblins_2", die: 3, combat: [4, 1], outcome: ["win", "loss"] }],
    scores: [3, 3],
    log: [],
    game: "kingsburg",
    you: 0,
    active: [0],
    legal,
    result: null,
    ...over,
  };
}

// Dice 3, 3, 5 and one +2 token: the server lists each kind of group once (the
// second 3 never appears alone), with and without the token.
const LEGAL: Intent[] = [
  inf(3, [0]),
  inf(5, [0], { plus2: true }),
  inf(5, [2]),
  inf(7, [2], { plus2: true }),
  inf(6, [0, 1]),
  inf(8, [0, 1], { plus2: true }),
  inf(8, [0, 2]),
  inf(10, [0, 2], { plus2: true }),
  inf(11, [0, 1, 2]),
  inf(13, [0, 1, 2], { plus2: true }),
  { t: "pass" },
];
const me = readModel(view(LEGAL)).players[0];

/** Every resolution's intents, so a test can check each is listed. */
const intentsOf = (r: Resolution): Intent[] => (r.kind === "send" ? [r.intent] : r.kind === "choose" ? r.options : []);

describe("reading the catalogue", () => {
  it("has the 18 advisors in order and the 5 x 4 buildings of the sheet", () => {
    const cat = readCatalogue(catalogue)!;
    expect(cat.advisors.map((a) => a.number)).toEqual([...Array(18)].map((_, i) => i + 1));
    expect(cat.advisors[5].choose).toBe("one_or_none");
    expect(cat.advisors[6].options[0].gain).toEqual({ any_goods: 1, plus2: 1 });
    const rows = sheetRows(cat);
    expect(rows).toHaveLength(5);
    rows.forEach((r) => expect(r).toHaveLength(4));
    expect(rows[0].map((b) => b.id)).toEqual(["statue", "chapel", "church", "cathedral"]);
    expect(rows[4][3].id).toBe("embassy");
    expect(cat.enemies).toHaveLength(25);
    expect(cat.strength[5]).toEqual([7, 9]);
  });

  it("is null until it has arrived", () => {
    expect(readCatalogue(null)).toBeNull();
    expect(readCatalogue({})).toBeNull();
  });
});

describe("reading the view", () => {
  it("reads the track, the advisors' groups and each seat's sheet", () => {
    const m = readModel(view(LEGAL));
    expect(m.you).toBe(0);
    expect([m.year, m.phase, m.phaseName, m.step]).toEqual([2, 4, "summer", "influence"]);
    expect(m.strength).toEqual([3, 5]);
    expect(m.envoy).toBe(1);
    expect(m.aid).toBeNull();
    expect(m.board[0]).toEqual({ advisor: 12, seat: null, dice: [5, 1, 6], plus2: false, market: 0, envoy: false });
    expect(m.board[1].seat).toBe(1);
    expect(m.players[1].used).toEqual([true, false, false]);
    expect(freeDice(m.players[1])).toEqual([1, 2]);
    expect(m.players[0].buildings).toEqual(["statue"]);
    expect(m.battles[0].outcome).toEqual(["win", "loss"]);
  });

  it("draws the enemy card only when the view carries it", () => {
    // Not peeked, not fought: the strength range only, even though the catalogue
    // knows every card and a battle of last year is in the view.
    expect(readModel(view(LEGAL)).enemy).toBeNull();
    const card = { id: "y2_orcs_4", strength: 4, type: "orcs", reward: { gold: 1 }, penalty: { any_goods: 2, buildings: 1 } };
    const m = readModel(view(LEGAL, { enemy: card }));
    expect(m.enemy).toEqual({ id: "y2_orcs_4", strength: 4, type: "orcs", reward: { gold: 1 }, penalty: { any_goods: 2, buildings: 1 } });
    expect(readModel(view(LEGAL, { enemy: null })).enemy).toBeNull();
  });

  it("is safe on an empty view (a spectator before the start)", () => {
    const m = readModel({});
    expect(m.you).toBeNull();
    expect(m.players).toEqual([]);
    expect(m.enemy).toBeNull();
  });
});

describe("influencing an advisor", () => {
  it("with no dice chosen, lights every advisor a listed influence reaches", () => {
    expect([...litAdvisors(LEGAL, me, [])].sort((a, b) => a - b)).toEqual([3, 5, 6, 7, 8, 10, 11, 13]);
  });

  it("an advisor reached one way is sent at once, several ways are offered", () => {
    expect(clickAdvisor(LEGAL, me, [], 3)).toEqual({ kind: "send", intent: LEGAL[0] });
    const five = clickAdvisor(LEGAL, me, [], 5);
    expect(five.kind).toBe("choose");
    expect(intentsOf(five)).toEqual([LEGAL[1], LEGAL[2]]);
    expect(clickAdvisor(LEGAL, me, [], 4)).toEqual({ kind: "none" });
  });

  it("chosen dice light only what their group reaches and pick its intent", () => {
    expect([...litAdvisors(LEGAL, me, [2])].sort((a, b) => a - b)).toEqual([5, 7]);
    expect(clickAdvisor(LEGAL, me, [2], 5)).toEqual({ kind: "send", intent: LEGAL[2] });
    // The second 3 stands for the first: same kind of group, the listed one is sent.
    expect(clickAdvisor(LEGAL, me, [1], 3)).toEqual({ kind: "send", intent: LEGAL[0] });
    expect(clickAdvisor(LEGAL, me, [1, 2], 8)).toEqual({ kind: "send", intent: LEGAL[6] });
    expect(clickAdvisor(LEGAL, me, [0, 1], 8)).toEqual({ kind: "send", intent: LEGAL[5] });
    expect(clickAdvisor(LEGAL, me, [2], 3)).toEqual({ kind: "none" });
  });

  it("a die may be chosen only while some listed group still holds the chosen ones", () => {
    expect(canChooseDie(LEGAL, me, [], 0)).toBe(true);
    expect(canChooseDie(LEGAL, me, [0], 1)).toBe(true);
    expect(canChooseDie(LEGAL, me, [0], 0)).toBe(false);
    const used = { ...me, used: [false, true, false] } as Seat;
    expect(canChooseDie(LEGAL, used, [], 1)).toBe(false);
    // A white die alone is never a group: it needs a die of the player's colour.
    const white: Seat = { ...me, dice: [3, 3, 5, 6], white: [false, false, false, true], used: [false, false, false, false] };
    const legal = [inf(9, [0, 3]), { t: "pass" }];
    expect(canChooseDie(legal, white, [], 3)).toBe(true);
    expect(canChooseDie(legal, white, [3], 0)).toBe(true);
    expect(canChooseDie(legal, white, [3], 2)).toBe(false);
    expect(clickAdvisor(legal, white, [3, 1], 9)).toEqual({ kind: "send", intent: legal[0] });
    expect(clickAdvisor(legal, white, [3], 9)).toEqual({ kind: "none" });
  });

  it("the King's aid die is a kind of its own: alone it may be listed, the Farms die never", () => {
    // Spring: three dice of the player's colour, the aid die (3) and the Farms die (4),
    // both showing 5. The seed page lets the aid die act alone; the Farms die may not.
    const view2 = view([], { players: [player({ dice: [1, 2, 6, 5, 5], white: [false, false, false, true, true], used: [false, false, false, false, false], aid_die: 3 }), player()] });
    const seat = readModel(view2).players[0];
    expect(seat.aidDie).toBe(3);
    const legal = [inf(5, [3]), inf(6, [0, 4]), { t: "pass" }];
    expect(canChooseDie(legal, seat, [], 3)).toBe(true);
    expect(canChooseDie(legal, seat, [], 4)).toBe(true);
    expect(clickAdvisor(legal, seat, [3], 5)).toEqual({ kind: "send", intent: legal[0] });
    // The Farms die shows the same face but stands for no listed group on its own...
    expect(clickAdvisor(legal, seat, [4], 5)).toEqual({ kind: "none" });
    expect([...litAdvisors(legal, seat, [4])]).toEqual([]);
    // ...and the aid die does not stand for the Farms die beside a die of the colour.
    expect(canChooseDie(legal, seat, [0], 3)).toBe(false);
    expect(clickAdvisor(legal, seat, [0, 4], 6)).toEqual({ kind: "send", intent: legal[1] });
  });

  it("with the Envoy or the Market, one advisor can be several listed moves", () => {
    const legal = [
      inf(6, [0, 1]),
      inf(6, [0, 1], { market: -1, plus2: false }),
      inf(6, [2], { market: 1 }),
      inf(12, [0, 1, 2], { envoy: true }),
    ];
    const r = clickAdvisor(legal, me, [], 6);
    expect(intentsOf(r)).toEqual([legal[0], legal[1], legal[2]]);
    expect(clickAdvisor(legal, me, [2], 6)).toEqual({ kind: "send", intent: legal[2] });
    expect(clickAdvisor(legal, me, [], 12)).toEqual({ kind: "send", intent: legal[3] });
  });
});

describe("the other moves", () => {
  it("a building click sends its build, or offers the Envoy's double build", () => {
    const legal: Intent[] = [
      { t: "build", building: "chapel", envoy: false },
      { t: "build", building: "inn", envoy: false },
      { t: "build", building: "inn", envoy: true },
      { t: "pass" },
    ];
    expect([...buildable(legal)].sort()).toEqual(["chapel", "inn"]);
    expect(clickBuilding(legal, "chapel")).toEqual({ kind: "send", intent: legal[0] });
    expect(clickBuilding(legal, "inn")).toEqual({ kind: "choose", options: [legal[1], legal[2]] });
    expect(clickBuilding(legal, "church")).toEqual({ kind: "none" });
  });

  it("a die click re-rolls it with the Statue, any die of a listed colour and face", () => {
    const seat: Seat = { ...me, dice: [2, 2, 2, 2], white: [false, false, false, true], used: [false, false, false, false] };
    const legal: Intent[] = [{ t: "reroll_one", die: 0 }, { t: "reroll_one", die: 3 }, { t: "reroll_all" }, { t: "pass" }];
    expect(clickReroll(legal, seat, 0)).toEqual({ kind: "send", intent: legal[0] });
    expect(clickReroll(legal, seat, 2)).toEqual({ kind: "send", intent: legal[0] });
    expect(clickReroll(legal, seat, 3)).toEqual({ kind: "send", intent: legal[1] });
    expect(clickReroll([{ t: "pass" }], seat, 0)).toEqual({ kind: "none" });
    // The aid die and the Farms die are listed apart: each click re-rolls its own.
    const both: Seat = { ...seat, dice: [2, 2, 2, 2, 2], white: [false, false, false, true, true], used: [false, false, false, false, false], aidDie: 3 };
    const listedBoth: Intent[] = [{ t: "reroll_one", die: 0 }, { t: "reroll_one", die: 3 }, { t: "reroll_one", die: 4 }, { t: "pass" }];
    expect(clickReroll(listedBoth, both, 3)).toEqual({ kind: "send", intent: listedBoth[1] });
    expect(clickReroll(listedBoth, both, 4)).toEqual({ kind: "send", intent: listedBoth[2] });
  });

  it("goods, help, Town Hall, recruits, re-roll all and pass are the board's buttons", () => {
    const legal: Intent[] = [
      { t: "recruit", soldiers: 1, gold: 1, wood: 0, stone: 0 },
      { t: "recruit", soldiers: 2, gold: 1, wood: 1, stone: 0 },
      { t: "influence", advisor: 1, dice: [0], plus2: false, market: 0, envoy: false },
      { t: "reroll_all" },
      { t: "pass" },
    ];
    expect(buttonIntents(legal)).toEqual([legal[0], legal[1], legal[3], legal[4]]);
    buttonIntents(legal).forEach((i) => expect(isListed(legal, i)).toBe(true));
  });
});

describe("nothing outside legal is ever sent", () => {
  it("every click with every choice of dice gives only listed objects", () => {
    const seat = me;
    const subsets: number[][] = [];
    const free = freeDice(seat);
    for (let mask = 0; mask < 1 << free.length; mask++) subsets.push(free.filter((_, k) => (mask >> k) & 1));
    let sent = 0;
    for (const chosen of subsets) {
      for (const i of influencesFor(LEGAL, seat, chosen)) expect(isListed(LEGAL, i)).toBe(true);
      for (let a = 1; a <= 18; a++) {
        const r = clickAdvisor(LEGAL, seat, chosen, a);
        for (const i of intentsOf(r)) {
          expect(isListed(LEGAL, i)).toBe(true);
          sent++;
        }
        // Lit exactly when a click does something.
        expect(r.kind !== "none").toBe(litAdvisors(LEGAL, seat, chosen).has(a));
      }
    }
    expect(sent).toBeGreaterThan(0);
    // A copy equal in every field is not the listed object.
    expect(isListed(LEGAL, { ...LEGAL[0] })).toBe(false);
  });

  it("with nothing listed (not your turn, a spectator) nothing lights or is sent", () => {
    expect(litAdvisors([], me, []).size).toBe(0);
    expect(clickAdvisor([], me, [], 3)).toEqual({ kind: "none" });
    expect(clickBuilding([], "statue")).toEqual({ kind: "none" });
    expect(clickReroll([], me, 0)).toEqual({ kind: "none" });
    expect(canChooseDie([], me, [], 0)).toBe(false);
    expect(buttonIntents([])).toEqual([]);
  });
});
