// The Alhambra board in the browser: one person and an AI player; turns are
// played by clicking the board itself (coins on offer, a market slot and its
// payment, a highlighted square of the alhambra), never the list of buttons.

import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { playTable, screenshotPath, useHall, version, waitMyTurn, waitVersionAbove } from "./harness";

const hall = useHall();

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
    await ctx.close();
  });
});
