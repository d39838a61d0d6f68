// A finger reaches every move: each of the five boards, against AI players, at 360 px
// (a small phone, touch) and at 1280 px. On a few of my decisions every target the
// board offers is tapped (touch events at its centre, once scrolled into view), and the
// tap must land on it: the element itself is the topmost at that point and the click
// the tap makes is dispatched to it (or into it). While probing, the clicks are caught
// before the page's own handlers, so that probing makes no move; then the decision is
// made by a real tap as well (Carcassonne: the tile on a lit square, a follower or ✕;
// the other boards: what they open on a tap, then the first listed move), which must
// change the board. Carcassonne also shows its follower squares as touch targets of at
// least 32 px, and on the phone brings the drawn tile and the whole board into view
// when a tile comes to be placed.
// Screenshots taps-carcassonne-<width>[-follower]-<lang>.png.

import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { decideFirst, openTable, screenshotPath, useHall, version, waitMyTurn, waitVersionAbove } from "./harness";

const hall = useHall();

const SIZES = [
  { width: 360, height: 780 },
  { width: 1280, height: 800 },
];

/** The five boards and how many AI players each table gets. */
const BOARDS: [string, number][] = [
  ["carcassonne", 1],
  ["stone_age", 1],
  ["alhambra", 1],
  ["kingsburg", 1],
  ["kardinal", 2],
];

/** What a board offers to tap (as phones.e2e.ts has it): buttons, SVG spots made
 * pressable, the lit advisors, buildings and map places (data-target), Carcassonne's
 * squares. Inside the table's main column, less its head line and the list of moves
 * below the board (the board's own targets are the point). */
const TARGET =
  'button:not([disabled]), [role="button"], [role="radio"], [tabindex]:not([tabindex="-1"]), [data-target], [data-testid="place-spot"], select, input';
const SCOPE = `.table-main :is(${TARGET}):not([data-testid="legal"] *, .table-head *)`;

/** What a board opens or marks on a tap before anything is sent (as in phones.e2e.ts). */
const CHOICE: Record<string, string> = {
  alhambra: '[data-testid="al-slot"][data-buyable="1"]',
  stone_age: '[data-testid="sa-space"][data-space="hunting_grounds"] [data-testid="sa-space-btn"]:not([disabled])',
  kingsburg: '[data-testid="kb-sheet"] button[data-testid="kb-die"][aria-pressed="false"]',
  kardinal: '[data-testid="hand-card"]:not([disabled])',
};

/** A person in the hall on a touch screen of `size`. */
async function touchPerson(name: string, size: { width: number; height: number }): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await hall.chrome.browser.newContext({ baseURL: hall.server.url, locale: "en-US", viewport: size, hasTouch: true });
  const page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  page.on("pageerror", (e) => console.error(`[${name}] page error:`, e.message));
  await page.goto("/");
  await page.getByTestId("name-input").fill(name);
  await page.getByTestId("name-go").click();
  await page.locator('[data-testid="conn"][data-state="open"]').waitFor();
  // The probe: while on, the input a tap makes stops at the window (the page's own
  // handlers never see it), and each click's target is kept.
  await page.evaluate(() => {
    type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
    const w = window as Any;
    w.__probe = { on: false, hits: [] as EventTarget[] };
    // A short name of an element, to say which one a tap missed.
    w.__name = (e: Element) =>
      e.tagName.toLowerCase() +
      (e.getAttribute("data-testid") ? `[${e.getAttribute("data-testid")}]` : "") +
      (e.getAttribute("data-x") !== null ? `(${e.getAttribute("data-x")},${e.getAttribute("data-y")})` : "") +
      (e.getAttribute("data-feature") ? `#${e.getAttribute("data-feature")}` : "") +
      `.${String(e.getAttribute("class") ?? "").split(" ").join(".")}`;
    for (const type of ["pointerdown", "pointerup", "mousedown", "mouseup", "touchstart", "touchend", "click"]) {
      window.addEventListener(
        type,
        (e) => {
          if (!w.__probe.on) return;
          if (type === "click") {
            w.__probe.hits.push(e.target);
            e.preventDefault();
          }
          e.stopPropagation();
        },
        true,
      );
    }
  });
  return { ctx, page };
}

/** A real tap at the centre of the first element `selector` finds, once scrolled into
 * view (the element must be the topmost there). */
async function tap(page: Page, selector: string): Promise<void> {
  const at = await page.locator(selector).first().evaluate((el) => {
    el.scrollIntoView({ block: "center", inline: "nearest" });
    const b = el.getBoundingClientRect();
    const x = b.left + b.width / 2;
    const y = b.top + b.height / 2;
    const hit = document.elementFromPoint(x, y);
    return { x, y, top: !!hit && (hit === el || el.contains(hit)) };
  });
  expect(at.top, `${selector} is the topmost element at its centre`).toBe(true);
  await page.touchscreen.tap(at.x, at.y);
}

/** Tap every target the board offers now, with the probe on; returns the targets a tap
 * did not reach (what it reached instead) and counts the kinds of target tapped. */
async function tapEvery(page: Page, where: string, kinds: Map<string, number>): Promise<string[]> {
  const n = await page.locator(SCOPE).evaluateAll((els) => {
    let k = 0;
    for (const el of els) {
      el.removeAttribute("data-tap-probe");
      const b = el.getBoundingClientRect();
      if (!el.getClientRects().length || b.width < 1 || b.height < 1 || getComputedStyle(el).visibility === "hidden") continue;
      el.setAttribute("data-tap-probe", String(k++));
    }
    return k;
  });
  const missed: string[] = [];
  await page.evaluate(() => ((window as any).__probe.on = true)); // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    for (let i = 0; i < n; i++) {
      const at = await page.evaluate(
        (i) => {
          const name = (window as any).__name as (e: Element) => string; // eslint-disable-line @typescript-eslint/no-explicit-any
          const el = document.querySelector(`[data-tap-probe="${i}"]`);
          // Gone or switched off by a tap before (a tap may still open a hover preview).
          if (!el || !el.isConnected || (el as HTMLButtonElement).disabled) return null;
          el.scrollIntoView({ block: "center", inline: "nearest" });
          const b = el.getBoundingClientRect();
          const x = b.left + b.width / 2;
          const y = b.top + b.height / 2;
          const hit = document.elementFromPoint(x, y);
          (window as any).__probe.hits = []; // eslint-disable-line @typescript-eslint/no-explicit-any
          return {
            x,
            y,
            name: name(el),
            kind: el.getAttribute("data-testid") ?? el.tagName.toLowerCase(),
            under: hit && (hit === el || el.contains(hit)) ? null : hit ? name(hit) : "nothing (off screen)",
          };
        },
        i,
      );
      if (!at) continue;
      kinds.set(at.kind, (kinds.get(at.kind) ?? 0) + 1);
      if (at.under) {
        missed.push(`${where}: ${at.name} at (${Math.round(at.x)}, ${Math.round(at.y)}) is under ${at.under}`);
        continue;
      }
      await page.touchscreen.tap(at.x, at.y);
      const landed = await page.evaluate(
        (i) => {
          const name = (window as any).__name as (e: Element) => string; // eslint-disable-line @typescript-eslint/no-explicit-any
          const el = document.querySelector(`[data-tap-probe="${i}"]`);
          const hits = (window as any).__probe.hits as Element[]; // eslint-disable-line @typescript-eslint/no-explicit-any
          if (!hits.length) return "no click";
          const last = hits[hits.length - 1];
          return el && (last === el || el.contains(last)) ? null : `a click on ${name(last)}`;
        },
        i,
      );
      if (landed) missed.push(`${where}: the tap on ${at.name} at (${Math.round(at.x)}, ${Math.round(at.y)}) made ${landed}`);
    }
  } finally {
    await page.evaluate(() => ((window as any).__probe.on = false)); // eslint-disable-line @typescript-eslint/no-explicit-any
  }
  return missed;
}

/** The board's markup, to tell that a tap changed it. */
const boardHtml = (page: Page) => page.locator(".table-main").evaluate((el) => el.innerHTML);

/** Carcassonne's follower squares narrower than a finger (32 px). */
async function smallSquares(page: Page, where: string): Promise<string[]> {
  const sizes = await page.getByTestId("meeple-spot").evaluateAll((els) =>
    els.map((e) => {
      const b = e.getBoundingClientRect();
      return { w: b.width, h: b.height, f: e.getAttribute("data-feature") };
    }),
  );
  return sizes.filter((s) => Math.min(s.w, s.h) < 31.5).map((s) => `${where}: the square on ${s.f} is ${s.w.toFixed(1)}×${s.h.toFixed(1)} px`);
}

/** On the phone, when a tile comes to be placed: the drawn tile, its rotate buttons and
 * the whole board on screen without the player scrolling (the page brought them). */
async function stageInView(page: Page, where: string): Promise<string[]> {
  const r = await page.evaluate(() => {
    const box = (sel: string) => document.querySelector(sel)?.getBoundingClientRect();
    return { board: box("[data-testid=carc-board]"), drawn: box("[data-testid=drawn]"), rot: box("[data-testid=rotate-right]"), h: innerHeight };
  });
  const bad: string[] = [];
  for (const [k, b] of Object.entries({ board: r.board, drawn: r.drawn, "rotate-right": r.rot })) {
    if (!b || b.top < -0.5 || b.bottom > r.h + 0.5) bad.push(`${where}: ${k} not wholly on screen (${b ? `${Math.round(b.top)}–${Math.round(b.bottom)}` : "absent"} of ${r.h})`);
  }
  return bad;
}

/** Carcassonne: nothing drawn over the board's drawing area — the zoom buttons beside
 * it, and on the phone, with the page scrolled to the board's top edge, its top row
 * clear (before, the drawn tile's card stuck to the screen's top over the board). */
async function boardClear(page: Page, where: string): Promise<string[]> {
  const bad: string[] = [];
  const overlap = await page.evaluate(() => {
    const svg = document.querySelector("svg.board-svg")!.getBoundingClientRect();
    const z = document.querySelector("[data-testid=zoom]")!.getBoundingClientRect();
    const v = document.querySelector(".carc-view")!.getBoundingClientRect();
    const r = (b: DOMRect) => `${Math.round(b.left)}–${Math.round(b.right)} × ${Math.round(b.top)}–${Math.round(b.bottom)}`;
    // What shows of the board is its drawing within the view, which clips it (zoomed
    // in, the drawing is larger than the view). Apart by more than the rounding of
    // fractional pixels.
    const shown = { left: Math.max(svg.left, v.left), right: Math.min(svg.right, v.right), top: Math.max(svg.top, v.top), bottom: Math.min(svg.bottom, v.bottom) };
    const apart = z.left >= shown.right - 0.5 || z.right <= shown.left + 0.5 || z.top >= shown.bottom - 0.5 || z.bottom <= shown.top + 0.5;
    return !apart ? `board ${r(svg)} (view ${r(v)}), zoom ${r(z)}` : null;
  });
  if (overlap) bad.push(`${where}: the zoom buttons lie over the board: ${overlap}`);
  const covered = await page.evaluate(() => {
    const svg = document.querySelector("svg.board-svg")!;
    svg.scrollIntoView({ block: "start" });
    const b = svg.getBoundingClientRect();
    const out: string[] = [];
    for (const f of [0.1, 0.5, 0.9]) {
      const hit = document.elementFromPoint(b.left + b.width * f, b.top + 6);
      if (!hit || !svg.contains(hit)) out.push(`${hit?.tagName.toLowerCase()}.${hit?.getAttribute("class") ?? ""}`);
    }
    return out;
  });
  for (const c of covered) bad.push(`${where}: the board's top edge, scrolled to the screen's top, is under ${c}`);
  return bad;
}

/** The page as it is, in English and in Japanese (the language switched by a script's
 * click on its button: a tap would scroll the page up to it). */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: screenshotPath(`${name}-en.png`) });
  await page.getByTestId("lang").evaluate((el) => (el as HTMLElement).click());
  await page.locator("html[lang=ja]").waitFor();
  await page.screenshot({ path: screenshotPath(`${name}-ja.png`) });
  await page.getByTestId("lang").evaluate((el) => (el as HTMLElement).click());
  await page.locator("html[lang=en]").waitFor();
}

describe("a tap reaches every move of every board", () => {
  for (const [game, bots] of BOARDS) {
    for (const size of SIZES) {
      test(`${game} at ${size.width} px`, async (t) => {
        if (!hall.has(game)) t.skip();
        const { ctx, page } = await touchPerson(`Tap ${game}`.slice(0, 16) + ` ${size.width}`, size);
        await openTable(page, game);
        for (let i = 1; i <= bots; i++) {
          await page.getByTestId("tool-bot").click();
          await expect.poll(() => page.locator(".seat .tag.bot").count()).toBe(i);
        }
        await page.getByTestId("tool-start").click();
        await page.locator('[data-testid="table"][data-status="playing"]').waitFor();
        // The page is where the start button was (below the board on a phone): the
        // board must come into view by itself when a tile comes to be placed.

        const bad: string[] = [];
        const kinds = new Map<string, number>();
        let decisions = 0;
        let changed = 0;
        for (let turn = 0; turn < 3; turn++) {
          if (!(await waitMyTurn(page, { timeout: 60_000, withMoves: game !== "carcassonne" }))) break;
          const where = `${game} @${size.width}px, turn ${turn + 1}`;
          if (game === "carcassonne") {
            await page.locator('[data-testid="rotate-right"], [data-testid="skip"]').first().waitFor();
            if (await page.getByTestId("rotate-right").count()) {
              if (size.width < 700) bad.push(...(await stageInView(page, where)));
              if (turn === 0) await shoot(page, `taps-carcassonne-${size.width}`);
              bad.push(...(await boardClear(page, where)));
              // Turn the tile by taps until a square lights, as a player would.
              for (let i = 0; i < 4 && !(await page.getByTestId("place-spot").count()); i++) await tap(page, '[data-testid="rotate-right"]');
              bad.push(...(await tapEvery(page, `${where}, placing`, kinds)));
              const v = await version(page);
              await tap(page, '[data-testid="place-spot"]');
              await waitVersionAbove(page, v);
              decisions++;
            }
            if (await page.getByTestId("skip").count()) {
              bad.push(...(await smallSquares(page, `${where}, follower`)));
              if (turn === 0) await shoot(page, `taps-carcassonne-${size.width}-follower`);
              bad.push(...(await tapEvery(page, `${where}, follower`, kinds)));
              const v = await version(page);
              // A follower on the first turn (a square's own tap), ✕ after.
              const square = turn === 0 && (await page.getByTestId("meeple-spot").count());
              await tap(page, square ? '[data-testid="meeple-spot"]' : '[data-testid="skip"]');
              await waitVersionAbove(page, v);
              decisions++;
            }
            continue;
          }
          bad.push(...(await tapEvery(page, where, kinds)));
          const choice = CHOICE[game];
          if (choice && (await page.locator(choice).count())) {
            // What the board opens on a tap: a real tap, which must change the board.
            const [v, before] = [await version(page), await boardHtml(page)];
            await tap(page, choice);
            await expect.poll(async () => (await version(page)) !== v || (await boardHtml(page)) !== before, { message: `${where}: a tap on ${choice} changed the board` }).toBe(true);
            changed++;
            if ((await version(page)) !== v) continue;
            bad.push(...(await tapEvery(page, `${where}, ${choice} open`, kinds)));
            // The tap may have made the move itself, its patch coming after the board
            // changed (a busy machine): then there is nothing left to decide.
            if ((await version(page)) !== v) continue;
          }
          await decideFirst(page);
          decisions++;
        }
        await ctx.close();
        console.log(`[taps] ${game} @${size.width}px: ${decisions} decisions, ${changed} opened by a tap; tapped ${[...kinds].map(([k, n]) => `${k}×${n}`).join(", ")}`);
        expect(kinds.size).toBeGreaterThan(0);
        if (game === "carcassonne") {
          expect(decisions).toBeGreaterThanOrEqual(2);
          for (const k of ["place-spot", "rotate-right", "skip"]) expect(kinds.get(k), k).toBeGreaterThan(0);
        }
        expect([...new Set(bad)]).toEqual([]);
      }, 240_000);
    }
  }
});
