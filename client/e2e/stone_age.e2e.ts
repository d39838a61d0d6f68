// Stone Age on its own board: one person and an AI player; the person plays a whole
// round and more by clicking the board itself (a space and its number of people, the
// spaces to use, tools and payments when asked), never the list of intent buttons
// below it. The round ends with feeding, and the next one begins.

import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { mySeat, playTable, screenshotPath, useHall, version, waitMyTurn, waitVersionAbove } from "./harness";

const hall = useHall();

const round = async (page: Page) => Number(await page.getByTestId("sa-board").getAttribute("data-round"));
const spaceBtn = (page: Page, action: string, space?: string) =>
  page.locator(`[data-testid="sa-space"][data-action="${action}"]${space ? `[data-space="${space}"]` : ""} [data-testid="sa-space-btn"]`);

type Did = { what: string; space?: string; people?: number; round?: number };

/** One decision through the board, whatever is asked: place people (the first time
 * two on a gathering space through the number buttons), use a space, confirm the
 * tools, pay for or leave a building or card, take a die, feed. */
async function act(page: Page, placed: Did[]): Promise<Did> {
  const v = await version(page);
  let did: Did;
  if (await page.getByTestId("sa-tools-ok").count()) {
    // Add the first tool when the list allows it alone, else none.
    const tool = page.locator('[data-testid="sa-tool"]:not([disabled])');
    if (await tool.count()) await tool.first().click();
    if (!(await page.getByTestId("sa-tools-ok").isEnabled())) await tool.first().click();
    await page.getByTestId("sa-tools-ok").click();
    did = { what: "tools" };
  } else if (await page.locator('[data-testid="sa-pick-die"]:not([disabled])').count()) {
    await page.locator('[data-testid="sa-pick-die"]:not([disabled])').first().click();
    did = { what: "die" };
  } else if (await page.getByTestId("sa-feed").count()) {
    const pay = page.getByTestId("sa-feed-pay");
    if (await pay.count()) await pay.first().click();
    else await page.getByTestId("sa-starve").click();
    did = { what: "feed" };
  } else if (await page.getByTestId("sa-take-pay").count()) {
    await page.getByTestId("sa-take-pay").first().click();
    did = { what: "take" };
  } else if (await page.getByTestId("sa-pay-options").count()) {
    // A building or card being resolved: click it; several payments open a list.
    if (await spaceBtn(page, "pay").count()) {
      await spaceBtn(page, "pay").first().click();
      await page.waitForTimeout(60);
      if ((await version(page)) === v) await page.getByTestId("sa-pay").first().click();
      did = { what: "pay" };
    } else {
      await page.getByTestId("sa-decline").click();
      did = { what: "decline" };
    }
  } else if (await spaceBtn(page, "resolve").count()) {
    const first = spaceBtn(page, "resolve").first();
    const space = (await first.locator("xpath=..").getAttribute("data-space"))!;
    await first.click();
    did = { what: "resolve", space };
  } else {
    // Placing: the first time two people on a gathering space (chosen with the number
    // buttons), then the tool maker (a tool for the later rolls), the cheapest card
    // from the second round on, the hut, then whatever space is lit.
    const gather = ["forest", "clay_pit", "quarry", "river"];
    const now = await round(page);
    const firstThisRound = !placed.some((d) => d.round === now);
    const wanted = placed.length === 0 ? gather : now >= 2 && firstThisRound ? ["card_1", "card_2", "tool_maker", "hut"] : ["tool_maker", "hut"];
    let space: string | null = null;
    for (const g of wanted) if (!space && (await spaceBtn(page, "place", g).count())) space = g;
    if (!space) space = (await page.locator('[data-testid="sa-space"][data-action="place"]').first().getAttribute("data-space"))!;
    await spaceBtn(page, "place", space).click();
    let people = space === "hut" ? 2 : 1;
    await page.waitForTimeout(40);
    if ((await version(page)) === v) {
      const counts = page.locator(`[data-testid="sa-space"][data-space="${space}"] [data-testid="sa-count"]`);
      await counts.first().waitFor();
      const two = counts.and(page.locator('[data-n="2"]'));
      const pick = !placed.length && (await two.count()) ? two : counts.last();
      people = Number(await pick.getAttribute("data-n"));
      await pick.click();
    }
    did = { what: "place", space, people, round: await round(page) };
  }
  await waitVersionAbove(page, v);
  return did;
}

describe("Stone Age in the browser", () => {
  test("two whole rounds against an AI player, played on the board", async (t) => {
    if (!hall.has("stone_age")) t.skip();
    const started = Date.now();
    const { ctx, page } = await hall.person("Ayla");
    await playTable(page, "stone_age");

    // The table: five gathering spaces, the village, two building stacks (two
    // players), four civilization cards, a supply per seat, and the legal list.
    await page.getByTestId("sa-board").waitFor();
    const spaces = page.getByTestId("sa-space");
    await expect.poll(() => spaces.count()).toBe(5 + 3 + 2 + 4);
    expect(await page.locator(".sa-spaces.buildings [data-testid='sa-space']").count()).toBe(2);
    expect(await page.locator("[data-testid='sa-space'] .sa-card").count()).toBe(4);
    expect(await page.getByTestId("sa-supply").count()).toBe(2);
    // Each stack shows its top tile as a known building (cost and points).
    expect(await page.locator('.sa-spaces.buildings .sa-building:not([data-kind="?"])').count()).toBe(2);
    const me = await mySeat(page);
    const food = page.locator(`[data-testid="sa-supply"][data-seat="${me}"] [data-testid="sa-res"][data-good="food"] .sa-chip-n`);
    expect(Number(await food.textContent())).toBe(12);

    const firstVersion = await version(page);
    const done: Did[] = [];
    let shot = false;
    while ((await round(page)) < 3 && done.length < 60) {
      if (!(await waitMyTurn(page, { withMoves: true }))) break;
      if (!shot && (await spaceBtn(page, "resolve").count())) {
        shot = true;
        await page.screenshot({ path: screenshotPath("stone_age-board.png"), fullPage: true });
      }
      const r = await act(page, done.filter((d) => d.what === "place"));
      done.push(r);
      if (r.what === "place" && done.filter((d) => d.what === "place").length === 1) {
        // My people show on the space I clicked, in my colour, as many as I chose.
        const mine = page.locator(`[data-testid="sa-space"][data-space="${r.space}"] [data-testid="sa-person"][data-seat="${me}"]`);
        await expect.poll(() => mine.count()).toBe(r.people);
        expect(r.people).toBe(2);
      }
      if (r.what === "resolve" && ["hunting_grounds", "forest", "clay_pit", "quarry", "river"].includes(r.space!)) {
        // A gathering space rolls its dice: shown on the board (or asked about, with tools).
        await expect.poll(async () => (await page.getByTestId("sa-last-roll").count()) + (await page.getByTestId("sa-roll").count())).toBeGreaterThan(0);
        await page.locator(".sa-die").first().waitFor();
      }
      // Wait for the round to move on when the AI player is to act.
      await page.waitForTimeout(20);
      if (await page.getByTestId("result").count()) break;
      while (!(await page.locator('[data-testid="turn"].mine').count()) && (await round(page)) < 3) await page.waitForTimeout(30);
    }
    console.log(`[stone_age] on the board: ${done.map((d) => d.what + (d.space ? ` ${d.space}` : "") + (d.people ? `×${d.people}` : "")).join(", ")}`);
    expect(await round(page)).toBeGreaterThanOrEqual(3);
    expect(done.map((d) => d.what)).toContain("place");
    expect(done.map((d) => d.what)).toContain("resolve");
    expect(shot).toBe(true);
    expect(await version(page)).toBeGreaterThan(firstVersion);
    // The round ended with feeding: the log says so.
    await page.locator('[data-testid="log"] li', { hasText: "Ayla feeds the people" }).first().waitFor();
    // A new round: my people are home again and the board is clear of them.
    await expect.poll(() => page.locator(`[data-testid="sa-person"][data-seat="${me}"]`).count()).toBe(0);
    // The same table in Japanese.
    await page.getByTestId("lang").click();
    await page.getByText("資源獲得場").waitFor();
    await page.screenshot({ path: screenshotPath("stone_age-board-ja.png"), fullPage: true });
    await page.getByTestId("lang").click();
    await page.getByText("Gathering").waitFor();
    expect(Date.now() - started).toBeLessThan(40_000);
    await ctx.close();
  });
});
