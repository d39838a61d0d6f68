// The lobby as people look for their table: each row names the players (AI players
// with their level), the host and "you", says when the table was opened, and the
// player's own tables come first; a player with a game running is offered the way
// back to it. Screenshots of the lobby at 1280 and 390 px in both languages go to
// client/test-results/.

import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { inEachLanguageAndSize, openTable, playTable, screenshotPath, useHall } from "./harness";

const hall = useHall();

const rows = (page: Page) => page.locator('[data-testid="room-list"] tbody tr');

async function noSidewaysScroll(page: Page): Promise<void> {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll).toBeLessThanOrEqual(width);
}

describe("the lobby", () => {
  test("rows name the players, my tables come first, and my running game is a click away", async () => {
    const other = await hall.person("Orsolya Fekete-Nagy");
    await openTable(other.page, "kardinal");
    const theirs = (await other.page.getByTestId("table").getAttribute("data-room"))!;

    const me = await hall.person("Ada");
    await playTable(me.page, "carcassonne", 1); // seated, with an AI player, started
    const mine = (await me.page.getByTestId("table").getAttribute("data-room"))!;
    await me.page.getByTestId("back").click();

    await me.page.getByTestId("room-list").waitFor();
    await expect.poll(() => rows(me.page).count()).toBe(2);
    // My running table first, though it is the older one.
    expect(await rows(me.page).first().getAttribute("data-room")).toBe(mine);
    const myRow = rows(me.page).first();
    await expect.poll(() => myRow.getByTestId("room-players").innerText()).toContain("Ada");
    const players = await myRow.getByTestId("room-players").innerText();
    expect(players).toMatch(/AI 1/);
    expect(players).toMatch(/you/);
    const theirRow = me.page.locator(`tr[data-room="${theirs}"]`);
    expect(await theirRow.getByTestId("room-players").innerText()).toContain("Orsolya Fekete-Nagy");
    expect(await theirRow.getByTestId("room-players").innerText()).toMatch(/host/);
    expect(await theirRow.innerText()).toMatch(/opened (just now|\d+ min ago)/);

    // The way back to the running game.
    await me.page.getByTestId("return-to-game").getByRole("button").click();
    await me.page.locator(`[data-testid="table"][data-room="${mine}"]`).waitFor();
    await me.page.getByTestId("back").click();
    await me.page.getByTestId("return-to-game").waitFor();

    // Someone else's lobby: no way back offered, tables ordered open first.
    const third = await hall.person("Bea");
    await expect.poll(() => rows(third.page).count()).toBe(2);
    expect(await rows(third.page).first().getAttribute("data-room")).toBe(theirs);
    expect(await third.page.getByTestId("return-to-game").count()).toBe(0);

    await inEachLanguageAndSize(me.page, async (lang, width) => {
      await noSidewaysScroll(me.page);
      await me.page.screenshot({ path: screenshotPath(`lobby-${width}-${lang}.png`), fullPage: true });
    });
    for (const p of [other, me, third]) await p.ctx.close();
  });
});
