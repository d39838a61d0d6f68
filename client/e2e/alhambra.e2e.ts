// The Alhambra board in the browser: one person and an AI player; turns are
// played by clicking the board itself (coins on offer, a market slot and its
// payment, a highlighted square of the alhambra), never the list of buttons.

import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { inEachLanguageAndSize, playTable, say, screenshotPath, useHall, version, waitMyTurn, waitVersionAbove } from "./harness";

const hall = useHall();

const TYPES = ["pavilion", "seraglio", "arcades", "chambers", "garden", "tower"];

const numbers = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-n"))));

/** The players panel against the board, on my turn (nothing moves meanwhile). */
async function checkPlayers(page: Page): Promise<void> {
  const seats = await page.getByTestId("al-city").count();
  for (let seat = 0; seat < seats; seat++) {
    const line = `[data-testid="players"] [data-testid="al-seat-extra"][data-seat="${seat}"]`;
    const city = `[data-testid="al-city"][data-seat="${seat}"]`;
    const placed = await page.locator(`${city} g.al-placed .al-tile`).evaluateAll((els) => els.map((e) => e.getAttribute("data-type")));
    const counts = await numbers(page, `${line} [data-testid="al-se-type"]`);
    expect(counts, `seat ${seat}`).toEqual(TYPES.map((type) => placed.filter((p) => p === type).length));
    const reserve = await page.locator(`${city} [data-testid="al-reserve"] .al-tile`).count();
    expect(await numbers(page, `${line} [data-testid="al-se-reserve"]`)).toEqual([reserve]);
    expect(await numbers(page, `${line} [data-testid="al-se-wall"]`)).toEqual(await numbers(page, `${city} [data-testid="al-city-wall"]`));
  }
  // My own coins: the number in the list is the number in my hand.
  const me = await page.locator(".al-city.own").getAttribute("data-seat");
  expect(await numbers(page, `[data-testid="al-seat-extra"][data-seat="${me}"] [data-testid="al-se-coins"]`)).toEqual([
    await page.locator('[data-testid="al-hand"] .al-coin-chip').count(),
  ]);
  // Two players: Dirk follows the seats, with his counts per type and no more.
  const dirk = page.locator('[data-testid="players"] [data-testid="al-dirk-seat"]');
  expect(await dirk.count()).toBe(1);
  expect(await numbers(page, '[data-testid="al-dirk-seat"] [data-testid="al-se-type"]')).toEqual(await numbers(page, '[data-testid="al-dirk-type"]'));
  expect(await dirk.locator('[data-testid="al-se-wall"], [data-testid="al-se-coins"]').count()).toBe(0);
}

/** Every count of the players panel inside the panel (nothing cut or pushed out). */
async function playersFit(page: Page): Promise<string[]> {
  return page.getByTestId("players").evaluate((panel) => {
    const box = panel.getBoundingClientRect();
    const out: string[] = [];
    if (panel.scrollWidth > panel.clientWidth) out.push(`panel scrollWidth ${panel.scrollWidth} > ${panel.clientWidth}`);
    for (const el of Array.from(panel.querySelectorAll(".al-se-type, .al-se-wall, .al-se-stock > span"))) {
      const b = el.getBoundingClientRect();
      if (b.left < box.left || b.right > box.right) out.push(`${el.getAttribute("data-testid")} ${el.textContent} at ${Math.round(b.left)}–${Math.round(b.right)}, panel ${Math.round(box.left)}–${Math.round(box.right)}`);
    }
    return out;
  });
}

let shotPlacing = false;

type Done = "place" | "reserve" | "build" | "buy" | "take" | "other";

/** One action through the board: build from the reserve or put a bought tile there
 * when the plan says so; else place a bought tile on a highlighted square, else buy
 * from a market slot (choosing the first payment when there are several) unless the
 * plan asks for money first, else take money by clicking coins on offer. Returns
 * what it did and, for a placement, the cell. */
async function act(page: Page, plan: { take: boolean; reserve: boolean; rebuild: boolean }): Promise<{ did: Done; at?: { x: string; y: string } }> {
  const v = await version(page);
  const own = page.locator(".al-city.own");
  const spot = own.locator('[data-testid="al-target"][data-kind="place"]');
  let out: { did: Done; at?: { x: string; y: string } } | null = null;
  // Rebuilding: choose a reserve tile, then one of the empty cells it lights up.
  if (plan.rebuild && (await page.getByTestId("al-reserve-tile").count())) {
    await page.getByTestId("al-reserve-tile").first().click();
    const build = own.locator('[data-testid="al-target"][data-kind="build"]');
    if (await build.count()) {
      const at = { x: (await build.first().getAttribute("data-x"))!, y: (await build.first().getAttribute("data-y"))! };
      await build.first().click();
      out = { did: "build", at };
    } else await page.getByTestId("al-reserve-tile").first().click();
  }
  if (out) {
    /* done above */
  } else if (plan.reserve && (await page.getByTestId("al-to-reserve").count())) {
    await page.getByTestId("al-to-reserve").click();
    out = { did: "reserve" };
  } else if (await spot.count()) {
    if (!shotPlacing) {
      shotPlacing = true;
      await page.screenshot({ path: screenshotPath("alhambra-placing.png") });
    }
    const first = spot.first();
    const at = { x: (await first.getAttribute("data-x"))!, y: (await first.getAttribute("data-y"))! };
    await first.click();
    out = { did: "place", at };
  } else if (await page.getByTestId("al-to-reserve").count()) {
    await page.getByTestId("al-to-reserve").click();
    out = { did: "reserve" };
  } else if (
    (await page.locator('[data-testid="al-slot"][data-buyable="1"]').count()) &&
    !(plan.take && (await page.locator('[data-testid="al-coin"]:not([disabled])').count()))
  ) {
    await page.locator('[data-testid="al-slot"][data-buyable="1"]').first().click();
    // Several payments: the slot opens its list; one payment is sent at once.
    await page.waitForTimeout(50);
    if ((await version(page)) === v && (await page.getByTestId("al-pay").count())) await page.getByTestId("al-pay").first().click();
    out = { did: "buy" };
  } else if (await page.locator('[data-testid="al-coin"]:not([disabled])').count()) {
    // Click coins until one listed take fits the choice (it is sent by itself), or
    // the chosen coins are a listed take of their own.
    for (let i = 0; i < 6 && (await version(page)) === v; i++) {
      const take = page.getByTestId("al-take");
      if ((await take.count()) && (await take.isEnabled())) {
        await take.click();
        break;
      }
      const free = page.locator('[data-testid="al-coin"]:not([disabled]):not(.chosen)');
      if (!(await free.count())) break;
      await free.first().click();
      await page.waitForTimeout(30);
    }
    out = { did: "take" };
  } else if (await page.getByTestId("al-pass").count()) {
    await page.getByTestId("al-pass").click();
    out = { did: "other" };
  } else {
    await page.getByTestId("al-done").click();
    out = { did: "other" };
  }
  await waitVersionAbove(page, v);
  return out;
}

describe("Alhambra in the browser", () => {
  test("turns against an AI player, played on the board", async (t) => {
    if (!hall.has("alhambra")) t.skip();
    const started = Date.now();
    const { ctx, page } = await hall.person("Alma");
    await playTable(page, "alhambra");

    // The table: four market slots, money on offer, my own coins, two alhambras
    // around their fountains, Dirk with two players, and the list of legal moves.
    await page.getByTestId("al-board").waitFor();
    expect(await page.getByTestId("al-slot").count()).toBe(4);
    await expect.poll(() => page.getByTestId("al-coin").count()).toBeGreaterThan(0);
    await page.getByTestId("al-hand").waitFor();
    expect(await page.getByTestId("al-city").count()).toBe(2);
    expect(await page.locator('[data-testid="al-cell"][data-x="0"][data-y="0"]').count()).toBe(2);
    await page.getByTestId("al-dirk").waitFor();
    // The catalogue arrives and tiles are drawn with their type.
    await expect.poll(() => page.locator('[data-testid="al-slot"] .al-tile[data-type="?"]').count()).toBe(0);

    const firstVersion = await version(page);
    const done: Done[] = [];
    let placedAt: { x: string; y: string } | null = null;
    let builtAt: { x: string; y: string } | null = null;
    // Place the first building, put the next one into the reserve, then build it
    // from there when a listed build allows (not every tile fits, so not required).
    while (done.length < 20 && (!placedAt || done.length < 5 || (done.includes("reserve") && !builtAt))) {
      if (!(await waitMyTurn(page))) break;
      const r = await act(page, { take: !done.includes("take"), reserve: !!placedAt && !done.includes("reserve"), rebuild: done.includes("reserve") && !builtAt });
      done.push(r.did);
      if (r.did === "build") {
        builtAt = r.at!;
        await page.locator(`.al-city.own g.al-placed[data-x="${builtAt.x}"][data-y="${builtAt.y}"]`).waitFor();
      }
      if (r.did === "place" && !placedAt) {
        placedAt = r.at!;
        // The placed building shows on my grid where I clicked.
        await page
          .locator(`.al-city.own g.al-placed[data-x="${placedAt.x}"][data-y="${placedAt.y}"]`)
          .waitFor();
        await page.screenshot({ path: screenshotPath("alhambra-board.png") });
      }
    }
    expect(done).toContain("take");
    expect(done).toContain("buy");
    expect(placedAt, `actions: ${done.join(", ")}`).not.toBeNull();
    console.log(`[alhambra] actions on the board: ${done.join(", ")}`);
    expect(await version(page)).toBeGreaterThan(firstVersion);
    expect(await page.locator(".al-city.own g.al-placed").count()).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(40_000);

    // The players panel, on my turn: it agrees with the board, and fits.
    if (await waitMyTurn(page)) {
      const status = page.getByTestId("al-status");
      await inEachLanguageAndSize(page, async (lang, w) => {
        await checkPlayers(page);
        expect(await playersFit(page), `${lang} ${w}px`).toEqual([]);
        // The four market slots in one row, on a phone too.
        const tops = await page.getByTestId("al-slot").evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
        expect(new Set(tops).size, `${lang} ${w}px: ${tops}`).toBe(1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${lang} ${w}px`).toBe(true);
        // The status line in a player's words: which scoring is behind, whose move.
        const words = (await status.textContent()) ?? "";
        expect(words).toMatch(
          lang === "en"
            ? /^(Before the 1st scoring|1st scoring done|2nd scoring done) · (your move|your extra action \(exact payment\)|place the tiles you bought)$/
            : /^(第1回得点計算の前|第1回得点計算済み|第2回得点計算済み)・(あなたの手番|あなたの追加アクション（ぴったり支払い）|購入したタイルを配置してください)$/,
        );
        await page.getByTestId("players").screenshot({ path: screenshotPath(`alhambra-players-${lang}-${w}.png`) });
        await page.screenshot({ path: screenshotPath(`alhambra-${lang}-${w}.png`), fullPage: w < 500 });
      });
    }
    await ctx.close();
  });
});

describe("a whole Alhambra game on a phone", () => {
  test("at its end, with grown alhambras, nothing sticks out at 360 px", async (t) => {
    if (!hall.has("alhambra")) t.skip();
    const { ctx, page } = await hall.person("Nadia");
    // Against a random AI player; Nadia's clock runs out at every turn, so the AI plays
    // her seat to the end (had she resigned, the game would stop as abandoned).
    await page.getByTestId("game-select").selectOption("alhambra");
    await page.getByTestId("create").click();
    await page.locator(".seat .tag.you").waitFor();
    await say(page, "/option clock 0.1");
    await page.getByTestId("bot-level").selectOption("random");
    await page.getByTestId("tool-bot").click();
    await expect.poll(() => page.locator(".seat .tag.bot").count()).toBe(1);
    await page.getByTestId("tool-start").click();
    await page.locator('[data-testid="table"][data-status="playing"]').waitFor();
    await page.getByTestId("result").waitFor({ timeout: 150_000 });
    await page.setViewportSize({ width: 360, height: 780 });
    await page.waitForTimeout(100);
    const out = await page.evaluate(() => {
      const bad: string[] = [];
      for (const el of Array.from(document.querySelectorAll('[data-testid="al-board"] *, [data-testid="players"] *'))) {
        const b = el.getBoundingClientRect();
        if (b.width && (b.right > window.innerWidth + 0.5 || b.left < -0.5)) bad.push(`${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""} ${Math.round(b.left)}–${Math.round(b.right)}`);
      }
      return { bad, scroll: document.documentElement.scrollWidth, cols: Array.from(document.querySelectorAll('[data-testid="al-grid"]')).map((g) => g.getAttribute("viewBox")) };
    });
    console.log(`[alhambra] final grids: ${out.cols.join(" | ")}`);
    await page.screenshot({ path: screenshotPath("alhambra-end-360.png"), fullPage: true });
    expect(out.bad).toEqual([]);
    expect(out.scroll).toBeLessThanOrEqual(360);

    // Narrower still, an alhambra wider than its card shrinks to the card, keeping its
    // shape, instead of sticking out. How wide the alhambras grew is the game's (random)
    // course: the page narrows until the widest no longer fits its card at its size.
    let grids: { inside: boolean; shape: number; natural: number; width: number; card: number }[] = [];
    for (const width of [280, 250, 220, 200]) {
      await page.setViewportSize({ width, height: 700 });
      await page.waitForTimeout(100);
      grids = await page.locator('[data-testid="al-grid"]').evaluateAll((els) =>
        els.map((g) => {
          const b = g.getBoundingClientRect();
          const card = g.closest(".al-city")!.getBoundingClientRect();
          const [, , vw, vh] = (g.getAttribute("viewBox") ?? "").split(" ").map(Number);
          return { inside: b.left >= card.left && b.right <= card.right, shape: b.width / b.height - vw / vh, natural: Number(g.getAttribute("width")), width: b.width, card: card.width };
        }),
      );
      if (grids.some((g) => g.natural > g.card)) break;
    }
    for (const g of grids) {
      expect(g.inside, JSON.stringify(g)).toBe(true);
      expect(Math.abs(g.shape), JSON.stringify(g)).toBeLessThan(0.02);
    }
    expect(grids.some((g) => g.width < g.natural - 1), JSON.stringify(grids)).toBe(true);
    await ctx.close();
  }, 200_000); // a whole game the AI plays out, one move of Nadia's every 0.1 s or so
});
