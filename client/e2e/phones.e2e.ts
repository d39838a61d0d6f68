// Every board on a phone (390×844, and 360 px wide for the sideways check): the page
// never grows wider than the screen (lobby, the table before the start, during play),
// and every element a board offers to tap is the topmost element at its centre once
// scrolled into view, so a tap lands on it and not on a neighbour drawn over it.
// Carcassonne's drawn tile, its rotate buttons, ✕ and its board are in view together
// while placing.
// Screenshots phones-<game>-en.png (and -en-full.png, the whole page), phones-<game>-ja.png,
// phones-carcassonne-en-scrolled.png (the card and the board in view while placing).

import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { decideFirst, openTable, screenshotPath, useHall, version, waitMyTurn } from "./harness";

const hall = useHall();

const PHONE = { width: 390, height: 844 };
const NARROW = { width: 360, height: 780 };

/** The five boards and how many AI players each table gets. */
const BOARDS: [string, number][] = [
  ["carcassonne", 1],
  ["stone_age", 1],
  ["alhambra", 1],
  ["kingsburg", 1],
  ["kardinal", 2],
];

/** What a board offers to tap: buttons, SVG spots made pressable (role=button,
 * tabindex), the lit advisors, buildings and map places (data-target), Carcassonne's
 * squares (place-spot). Only those drawn (a box of their own) count. */
const CLICKABLE =
  'button:not([disabled]), [role="button"], [role="radio"], [tabindex]:not([tabindex="-1"]), [data-target], [data-testid="place-spot"], select, input';

/** Where the page sticks out sideways, at both phone widths (none: an empty list). */
async function overflow(page: Page, where: string): Promise<string[]> {
  const bad: string[] = [];
  for (const size of [NARROW, PHONE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(60);
    const r = await page.evaluate(() => {
      // The widest element past the right edge, to say what sticks out.
      let widest = "";
      let right = window.innerWidth;
      for (const el of Array.from(document.querySelectorAll("body *"))) {
        const b = el.getBoundingClientRect();
        if (b.width && b.right > right + 0.5) {
          right = b.right;
          widest = `${el.tagName.toLowerCase()}.${String(el.getAttribute("class") ?? "").split(" ").join(".")}`;
        }
      }
      return { scroll: document.documentElement.scrollWidth, inner: window.innerWidth, widest, right: Math.round(right) };
    });
    if (r.scroll > r.inner) bad.push(`${where} @${size.width}px: scrollWidth ${r.scroll} > ${r.inner} (${r.widest} reaches ${r.right})`);
  }
  return bad;
}

/** Each clickable element of the board (the table's main column) that is not the
 * topmost element at its centre once scrolled into view: what covers it instead. */
async function unreachable(page: Page, game: string, seen: Set<string>): Promise<string[]> {
  const count = await page.locator(`.table-main :is(${CLICKABLE})`).count();
  const bad: string[] = [];
  // What kinds of the board's own elements were checked (not the list of moves).
  for (const kind of await page
    .locator(`.table-main :is(${CLICKABLE}):not([data-testid="legal"] *, .table-head *)`)
    .evaluateAll((els) => els.filter((e) => e.getClientRects().length).map((e) => e.getAttribute("data-testid") ?? e.getAttribute("class") ?? e.tagName)))
    seen.add(kind);
  for (let i = 0; i < count; i++) {
    const r = await page.evaluate(
      ([sel, n]) => {
        const el = document.querySelectorAll(`.table-main :is(${sel})`)[n] as HTMLElement | SVGElement | undefined;
        if (!el) return null;
        const name = (e: Element) =>
          `${e.tagName.toLowerCase()}${e.getAttribute("data-testid") ? `[${e.getAttribute("data-testid")}]` : ""}${e.getAttribute("data-advisor") ? `#${e.getAttribute("data-advisor")}` : ""}.${String(e.getAttribute("class") ?? "").split(" ").join(".")}`;
        if (!el.getClientRects().length || getComputedStyle(el).visibility === "hidden") return null;
        let b = el.getBoundingClientRect();
        if (b.width < 1 || b.height < 1) return null;
        el.scrollIntoView({ block: "center", inline: "nearest" });
        b = el.getBoundingClientRect();
        // Its centre, and on a box wider than a finger the points a quarter in from
        // either side on the middle line (a neighbour's words spilling over it).
        const y = b.top + b.height / 2;
        const xs = b.width >= 32 ? [0.5, 0.25, 0.75] : [0.5];
        for (const f of xs) {
          const x = b.left + b.width * f;
          const hit = document.elementFromPoint(x, y);
          if (!hit || !(hit === el || el.contains(hit)))
            return `${name(el)} at (${Math.round(x)}, ${Math.round(y)}) is under ${hit ? name(hit) : "nothing (off screen)"}`;
        }
        return null;
      },
      [CLICKABLE, i] as const,
    );
    if (r) bad.push(`${game}: ${r}`);
  }
  return bad;
}

/** Carcassonne while placing: the drawn tile's card and the board are one screenful
 * (the page brings it into view when a tile comes to be placed): with it in view, the
 * drawn tile, its rotate buttons, ✕ and the whole board are on screen and on top (a
 * phone cannot show a tile below the board while one places it on the board), and
 * the card lies above the board, not over it. */
async function carcPlacingInView(page: Page): Promise<string[]> {
  if (!(await page.locator('[data-testid="rotate-right"], [data-testid="skip"]').count())) return [];
  await page.getByTestId("carc-stage").evaluate((el) => el.scrollIntoView({ block: "start" }));
  const r = await page.evaluate(() => {
    const inView = (sel: string) => {
      const el = document.querySelector(sel);
      if (!el) return true;
      const b = el.getBoundingClientRect();
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      // (Within the screen up to the rounding of fractional pixels.)
      return b.top >= -0.5 && b.bottom <= window.innerHeight + 0.5 && !!hit && el.contains(hit);
    };
    const side = document.querySelector(".carc-side")!.getBoundingClientRect();
    const board = document.querySelector("[data-testid=carc-board]")!.getBoundingClientRect();
    const out = ["[data-testid=drawn]", "[data-testid=rotate-left]", "[data-testid=rotate-right]", "[data-testid=skip]", "[data-testid=carc-board]"].filter((s) => !inView(s));
    if (side.bottom > board.top + 0.5) out.push(".carc-side over the board");
    return out;
  });
  return r.map((s) => `carcassonne: ${s} out of view (or covered) with the card and the board in view while placing`);
}

/** What a board opens or marks on a click before anything is sent (a payment, how
 * many people, a chosen die or card): clicked, so that what it then offers is checked
 * too. True when the click made the move itself (a single way to do it). */
const CHOICE: Record<string, string> = {
  alhambra: '[data-testid="al-slot"][data-buyable="1"]',
  stone_age: '[data-testid="sa-space"][data-space="hunting_grounds"] [data-testid="sa-space-btn"]:not([disabled])',
  kingsburg: '[data-testid="kb-sheet"] button[data-testid="kb-die"][aria-pressed="false"]',
  kardinal: '[data-testid="hand-card"]:not([disabled])',
};
async function openChoice(page: Page, game: string): Promise<boolean> {
  const target = CHOICE[game];
  if (!target || !(await page.locator(target).count())) return false;
  const v = await version(page);
  await page.locator(target).first().click();
  await page.waitForTimeout(200);
  return (await version(page)) !== v;
}

async function shoot(page: Page, file: string, fullPage = false): Promise<void> {
  await page.evaluate(() => {
    const board = document.querySelector(".table-main .turn") ?? document.querySelector(".table-main");
    board?.scrollIntoView({ block: "start" });
  });
  await page.screenshot({ path: screenshotPath(file), fullPage });
}

describe("every board on a phone", () => {
  for (const [game, bots] of BOARDS) {
    test(`${game}: fits 360 and 390 px, every clickable element reachable`, async (t) => {
      if (!hall.has(game)) t.skip();
      const { ctx, page } = await hall.person(`Phone ${game}`.slice(0, 20));
      await page.setViewportSize(PHONE);
      const bad: string[] = [];
      const seen = new Set<string>();
      bad.push(...(await overflow(page, `${game} lobby`)));

      await openTable(page, game);
      for (let i = 1; i <= bots; i++) {
        await page.getByTestId("tool-bot").click();
        await expect.poll(() => page.locator(".seat .tag.bot").count()).toBe(i);
      }
      bad.push(...(await overflow(page, `${game} table before the start`)));
      await page.getByTestId("tool-start").click();
      await page.locator('[data-testid="table"][data-status="playing"]').waitFor();

      // Four decisions of mine: the first, and those after a move of mine.
      for (let turn = 0; turn < 4; turn++) {
        if (!(await waitMyTurn(page, { timeout: 60_000, withMoves: game !== "carcassonne" }))) break;
        if (game === "carcassonne") await page.locator('[data-testid="rotate-right"], [data-testid="skip"]').first().waitFor();
        if (game === "carcassonne" && (await page.getByTestId("rotate-right").count())) {
          // Turn the tile until a square lights, as a player would.
          for (let i = 0; i < 4 && !(await page.getByTestId("place-spot").count()); i++) await page.getByTestId("rotate-right").click();
        }
        bad.push(...(await overflow(page, `${game} playing, turn ${turn + 1}`)));
        await page.setViewportSize(PHONE);
        if (game === "carcassonne") bad.push(...(await carcPlacingInView(page)));
        if (game === "carcassonne" && turn === 0) await page.screenshot({ path: screenshotPath("phones-carcassonne-en-scrolled.png") });
        if (turn === 0) {
          await shoot(page, `phones-${game}-en.png`);
          await shoot(page, `phones-${game}-en-full.png`, true);
          await page.getByTestId("lang").click();
          await page.locator("html[lang=ja]").waitFor();
          await shoot(page, `phones-${game}-ja.png`);
          bad.push(...(await overflow(page, `${game} playing (ja)`)));
          await page.setViewportSize(PHONE);
          await page.getByTestId("lang").click();
          await page.locator("html[lang=en]").waitFor();
        }
        bad.push(...(await unreachable(page, game, seen)));
        if (await openChoice(page, game)) continue;
        bad.push(...(await unreachable(page, game, seen)));
        await decideFirst(page);
      }
      await ctx.close();
      console.log(`${game}: checked ${[...seen].join(", ")}`);
      expect(seen.size).toBeGreaterThan(0);
      // Each place once (the same element is often found on several decisions).
      expect([...new Set(bad)]).toEqual([]);
    });
  }
});
