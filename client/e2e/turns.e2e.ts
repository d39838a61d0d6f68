// Turn-based tables and "your turns": Ada opens a turn-based table from the hall's form
// (two days per move), the table and the hall's row say so, Ben (in Japanese) sits down
// and Ada starts; the header of whoever is on turn counts the table, its list names the
// game, the opponent and the time left, and one click there opens the table; once the
// move is made the table goes to the other's list. Screenshots of the form, the table's
// options and the header's list at 1280 and 390 px in English and Japanese go to
// client/test-results/.

import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { decideFirst, inEachLanguageAndSize, isMyTurn, screenshotPath, useHall } from "./harness";

const hall = useHall("0.1");
const GAME = "carcassonne";
const TWO_DAYS = 2 * 86400;

const count = async (page: Page) => Number(await page.getByTestId("your-turns").getAttribute("data-count"));

async function toLobby(page: Page): Promise<void> {
  await page.locator(".top .brand").click();
  await page.getByTestId("room-list").waitFor();
}

/** The header's list shows, one row per table waiting; the page fits its width. */
async function openList(page: Page, width: number): Promise<void> {
  if (!(await page.getByTestId("your-turns-menu").count())) await page.getByTestId("your-turns-button").click();
  await page.getByTestId("your-turns-menu").waitFor();
  if (width < 500) {
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const box = await page.getByTestId("your-turns-menu").boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }
}

describe("turn-based tables and your turns", () => {
  test("a turn-based table is opened, started and listed in the header of whoever is on turn", async (t) => {
    if (!hall.has(GAME)) t.skip();
    const ada = await hall.person("Ada");
    const ben = await hall.person("Ben", "ja-JP");
    const page = ada.page;

    // The header says at once that nothing waits.
    await expect.poll(() => count(page)).toBe(0);
    await page.getByTestId("your-turns-button").click();
    await page.getByTestId("turns-none").waitFor();
    await page.getByTestId("your-turns-button").click();

    // The form: the pace, then a turn-based table's time per move and out of time.
    await page.getByTestId("game-select").selectOption(GAME);
    expect(await page.getByTestId("create-pace").inputValue()).toBe("realtime");
    await page.getByTestId("create-pace").selectOption("turn_based");
    expect(await page.getByTestId("option-clock").count()).toBe(0); // the real-time clock gives way
    expect(await page.getByTestId("create-turn-clock").inputValue()).toBe("86400");
    await page.getByTestId("create-turn-clock").selectOption(String(TWO_DAYS));
    expect(await page.getByTestId("create-out-of-time").locator("option").allTextContents()).toEqual([
      "the AI makes that move",
      "the player is dropped",
    ]);
    for (const [lang, w] of [["en", 1280], ["en", 390], ["ja", 390], ["ja", 1280]] as const) {
      if ((await page.locator("html").getAttribute("lang")) !== lang) {
        await page.getByTestId("lang").click();
        await page.locator(`html[lang=${lang}]`).waitFor();
      }
      await page.setViewportSize({ width: w, height: 844 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
      await page.locator(".card.create").screenshot({ path: screenshotPath(`turns-form-${w}-${lang}.png`) });
    }
    await page.getByTestId("lang").click(); // back to English
    await page.locator("html[lang=en]").waitFor();
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByTestId("create").click();
    await page.getByTestId("table").waitFor();
    const room = (await page.getByTestId("table").getAttribute("data-room"))!;

    // The table says it: its mark, its options line, the host's choices.
    await page.getByTestId("pace-badge").waitFor();
    await expect.poll(() => page.getByTestId("options-line").textContent()).toContain("turn-based");
    expect(await page.getByTestId("options-line").textContent()).toContain("2 days / move");
    expect(await page.getByTestId("option-pace").inputValue()).toBe("turn_based");
    expect(await page.getByTestId("option-turn-clock").inputValue()).toBe(String(TWO_DAYS));
    await page.getByTestId("option-out-of-time").selectOption("drop");
    await expect.poll(() => page.getByTestId("options-line").textContent()).toContain("out of time: the player is dropped");
    await page.getByTestId("option-out-of-time").selectOption("ai_move");
    await expect.poll(() => page.getByTestId("options-line").textContent()).not.toContain("out of time");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator(".table-options").screenshot({ path: screenshotPath("turns-table-options-390-en.png") });
    await page.setViewportSize({ width: 1280, height: 860 });

    // The hall's row, in Japanese: the mark and the time per move.
    const row = ben.page.locator(`tr[data-room="${room}"]`);
    await row.locator('[data-testid="pace-badge"]', { hasText: "ターン制" }).waitFor();
    await row.locator('.opt-word[data-option="clock"]', { hasText: "1手2日" }).waitFor();
    await row.screenshot({ path: screenshotPath("turns-hall-row-ja.png") });
    await row.getByTestId("enter").click();
    await ben.page.getByTestId("table").waitFor();
    await ben.page.getByTestId("tool-join").click();
    await page.locator('.seat[data-seat="1"]').filter({ hasText: "Ben" }).waitFor();
    await page.getByTestId("tool-start").click();
    await page.locator('[data-testid="table"][data-status="playing"]').waitFor();
    await ben.page.locator('[data-testid="table"][data-status="playing"]').waitFor();

    // The seats' banks read in days: three moves' worth of two days, less a moment.
    const running = page.locator('[data-testid="seat-clock"][data-running="true"]');
    await running.waitFor();
    expect(await running.textContent()).toMatch(/^5d 23:5\d$/);
    expect(await page.locator('[data-testid="seat-clock"][data-running="false"]').textContent()).toBe("4d 00:00");
    await page.getByTestId("players").screenshot({ path: screenshotPath("turns-players-1280-en.png") });
    await ben.page.setViewportSize({ width: 390, height: 844 });
    await ben.page.getByTestId("players").screenshot({ path: screenshotPath("turns-players-390-ja.png") });
    await ben.page.setViewportSize({ width: 1280, height: 860 });

    // Whoever is on turn has the table in their header; the other has none.
    await expect.poll(async () => (await count(page)) + (await count(ben.page))).toBe(1);
    const [mover, other, otherName] = (await count(page)) === 1 ? [page, ben.page, "Ben"] : [ben.page, page, "Ada"];
    await toLobby(mover);
    await inEachLanguageAndSize(mover, async (lang, w) => {
      await openList(mover, w);
      const item = mover.getByTestId("turns-item");
      expect(await item.count()).toBe(1);
      expect(await item.getAttribute("data-room")).toBe(room);
      const words = (await item.textContent())!;
      expect(words).toContain(lang === "en" ? "Carcassonne" : "カルカソンヌ");
      expect(words).toContain(otherName);
      // Three days' bank at the first turn (two moves' worth, and one as it comes).
      expect(await mover.getByTestId("turns-left").textContent()).toMatch(lang === "en" ? /^(5 days 23 h|6 days) left$/ : /^残り(5日23時間|6日)$/);
      await mover.screenshot({ path: screenshotPath(`turns-header-${w}-${lang}.png`) });
    });
    await mover.setViewportSize({ width: 1280, height: 860 });
    if ((await mover.locator("html").getAttribute("lang")) !== "en") await mover.getByTestId("lang").click();

    // One click to the table, and the move: the table leaves the list, and comes to the other's.
    await openList(mover, 1280);
    await mover.getByTestId("turns-item").click();
    await mover.locator(`[data-testid="table"][data-room="${room}"]`).waitFor();
    expect(await mover.getByTestId("your-turns-menu").count()).toBe(0);
    await expect.poll(() => isMyTurn(mover)).toBe(true);
    for (let i = 0; i < 6 && (await isMyTurn(mover)); i++) await decideFirst(mover);
    await expect.poll(() => count(mover)).toBe(0);
    await expect.poll(() => count(other)).toBe(1);
    await toLobby(other);
    await openList(other, 1280);
    await other.getByTestId("turns-item").click();
    await other.locator(`[data-testid="table"][data-room="${room}"]`).waitFor();
  });
});
