// The evening's small slips: an expansion's sub-options stay out of sight while the
// expansion is off (on the hall's new-table form and at the table before the start);
// the same refusal again counts on its notice instead of stacking, and notices go after
// a few seconds; a long name stays whole in the players panel beside a turn clock and a
// game's own counters (Stone Age, Alhambra), wide and on a phone, in both languages;
// the resync button says what it is for. Screenshots: client/test-results/slips-*.png.

import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { clearNotices, inEachLanguageAndSize, openTable, say, screenshotPath, useHall, waitMyTurn } from "./harness";

// AI players wait a little, so a game stays on the host's turn while the test looks.
const hall = useHall("0.3");

/** Two frames after a resize or a change, so the picture is of the settled page. */
const settle = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** The keys of the options the page offers inside `scope`. */
async function offered(page: Page, scope: string): Promise<string[]> {
  return page.locator(`${scope} [data-option]`).evaluateAll((els) => els.map((e) => e.getAttribute("data-option")!));
}

/** Each seat's name as shown, and whether it shows whole (not cut with "…"). */
async function seatNames(page: Page): Promise<{ text: string; whole: boolean }[]> {
  return page.locator('[data-testid="players"] .seat[data-seat] .name').evaluateAll((els) =>
    els.map((e) => ({ text: e.textContent ?? "", whole: e.scrollWidth <= e.clientWidth + 1 })),
  );
}

describe("the evening's slips", () => {
  test("Carcassonne's sub-options show only with their expansion on, on the new-table form and at the table", async (t) => {
    if (!hall.has("carcassonne")) t.skip();
    const ada = await hall.person("Ada");
    const page = ada.page;
    await page.getByTestId("game-select").selectOption("carcassonne");
    const form = ".card.create";
    await page.locator(`${form} [data-option="fluss"]`).waitFor();
    const subs = ["river_start_tile", "pig_old", "dragon_timing", "fairy_on"];
    for (const key of subs) expect(await offered(page, form)).not.toContain(key);
    await page.locator(`${form} [data-testid="option-fluss"]`).check();
    await page.locator(`${form} [data-option="river_start_tile"]`).waitFor();
    await page.locator(`${form} [data-testid="option-drache"]`).check();
    await page.locator(`${form} [data-option="fairy_on"]`).waitFor();
    expect(await offered(page, form)).toContain("dragon_timing");
    // The pig's reading needs both the old farmer scoring and Traders & Builders.
    await page.locator(`${form} [data-testid="option-haendler"]`).check();
    expect(await offered(page, form)).not.toContain("pig_old");
    await page.locator(`${form} [data-testid="option-old"]`).check();
    await page.locator(`${form} [data-option="pig_old"]`).waitFor();
    await page.locator(`${form} [data-testid="option-drache"]`).uncheck();
    await expect.poll(() => offered(page, form)).not.toContain("fairy_on");
    expect(await offered(page, form)).not.toContain("dragon_timing");
    await inEachLanguageAndSize(page, async (lang, w) => {
      await page.locator(form).scrollIntoViewIfNeeded();
      await settle(page);
      await page.locator(form).screenshot({ path: screenshotPath(`slips-options-form-${w}-${lang}.png`) });
    });

    // At the table before the start, the host's options panel does the same.
    await page.locator(`${form} [data-testid="option-fluss"]`).uncheck();
    await page.locator(`${form} [data-testid="option-old"]`).uncheck();
    await page.locator(`${form} [data-testid="option-haendler"]`).uncheck();
    await openTable(page, "carcassonne");
    const panel = '[data-testid="tools"]';
    await page.locator(`${panel} [data-option="drache"]`).waitFor();
    for (const key of subs) expect(await offered(page, panel)).not.toContain(key);
    await page.locator(`${panel} [data-testid="option-drache"]`).check();
    await page.locator(`${panel} [data-option="dragon_timing"]`).waitFor();
    await page.locator(`${panel} [data-testid="option-dragon_timing"]`).selectOption("after_scoring");
    await page.locator('[data-testid="options-line"] [data-word="dragon_timing"]').waitFor();
    await inEachLanguageAndSize(page, async (lang, w) => {
      await page.locator(panel).scrollIntoViewIfNeeded();
      await settle(page);
      await page.locator(panel).screenshot({ path: screenshotPath(`slips-options-table-${w}-${lang}.png`) });
    });
    // Off again: the dragon's choices go, and the options line no longer names them.
    await page.locator(`${panel} [data-testid="option-drache"]`).uncheck();
    await expect.poll(() => offered(page, panel)).not.toContain("dragon_timing");
    await expect.poll(() => page.locator('[data-testid="options-line"] [data-word="dragon_timing"]').count()).toBe(0);
    expect(await offered(page, panel)).not.toContain("fairy_on");
    await ada.ctx.close();
  }, 60_000);

  test("the same refusal again counts on one notice, at most three show, and they go within seconds", async () => {
    const ben = await hall.person("Ben");
    const page = ben.page;
    await openTable(page, hall.games[0].name); // any game: the refusals are the hall's
    for (let i = 0; i < 3; i++) await say(page, "/option clock 5000");
    await expect.poll(() => page.locator('.notice [data-testid="notice-count"]').textContent()).toBe("×3");
    expect(await page.locator('.notice[data-code="bad_option"]').count()).toBe(1);
    await page.getByTestId("notices").screenshot({ path: screenshotPath("slips-notice-count-1280-en.png") });
    // In Japanese on a phone: twice more, so the notice is fresh (and counted) for the
    // picture however long the switch took.
    await page.getByTestId("lang").click();
    await page.locator("html[lang=ja]").waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await say(page, "/option clock 5000");
    await say(page, "/option clock 5000");
    const count = page.locator('.notice [data-testid="notice-count"]');
    await expect.poll(async () => Number((await count.textContent())?.slice(1))).toBeGreaterThanOrEqual(2);
    // The text and its title read at one moment: a refusal may still come in between.
    const [shown, title] = await count.evaluate((el) => [el.textContent ?? "", el.getAttribute("title") ?? ""]);
    expect(title).toBe(`${shown.slice(1)}回`);
    await settle(page);
    await page.getByTestId("notices").screenshot({ path: screenshotPath("slips-notice-count-390-ja.png") });
    await page.getByTestId("lang").click();
    await page.locator("html[lang=en]").waitFor();
    await page.setViewportSize({ width: 1280, height: 860 });
    // Other refusals: still no more than three at once.
    await say(page, "/start"); // alone at the table
    await say(page, "/resign"); // not started
    await say(page, "/join 99"); // no such seat
    await page.locator(".notice").nth(2).waitFor();
    await settle(page);
    expect(await page.locator(".notice").count()).toBeLessThanOrEqual(3);
    const codes = await page.locator(".notice").evaluateAll((els) => els.map((e) => e.getAttribute("data-code")));
    expect(new Set(codes).size).toBe(codes.length);
    await page.getByTestId("notices").screenshot({ path: screenshotPath("slips-notices-en.png") });
    // All gone within a few seconds of the last, not one after another.
    const since = Date.now();
    await expect.poll(() => page.locator(".notice").count(), { timeout: 9000, interval: 200 }).toBe(0);
    console.log(`[slips] the notices went ${Date.now() - since} ms after the last came`);
    await clearNotices(page);
    await ben.ctx.close();
  }, 60_000);

  // Stone Age and Alhambra (counters on a line of their own), and the other games with
  // counters beside the score.
  for (const game of ["stone_age", "alhambra", "kingsburg", "kardinal", "carcassonne"]) {
    test(`${game}: a long name stays whole beside the turn clock and the game's counters`, async (t) => {
      if (!hall.has(game)) t.skip();
      const name = "Maximiliane Ko"; // 14 characters
      const p = await hall.person(name);
      const page = p.page;
      await openTable(page, game);
      await page.getByTestId("option-clock").selectOption("300");
      await expect.poll(() => page.getByTestId("options-line").textContent()).toContain("clock 300 s / move");
      for (let i = 1; i <= 2; i++) {
        await page.getByTestId("tool-bot").click();
        await expect.poll(() => page.locator(".seat .tag.bot").count()).toBe(i);
      }
      await page.getByTestId("tool-start").click();
      await page.locator('[data-testid="table"][data-status="playing"]').waitFor();
      expect(await waitMyTurn(page)).toBe(true);
      await page.locator('.seat [data-testid="seat-clock"]').first().waitFor();
      await inEachLanguageAndSize(page, async (lang, w) => {
        await page.getByTestId("players").scrollIntoViewIfNeeded();
        await settle(page);
        await page.getByTestId("players").screenshot({ path: screenshotPath(`slips-players-${game}-${w}-${lang}.png`) });
        const names = await seatNames(page);
        expect(names.some((n) => n.text.includes(name))).toBe(true);
        for (const n of names) expect(n, `${game} ${w} ${lang}`).toMatchObject({ whole: true });
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
        // The resync button says what it is for, in words a player uses.
        const resync = page.getByTestId("tool-resync");
        expect(await resync.textContent()).toBe(lang === "en" ? "Board looks wrong? Reload it" : "盤面がおかしい？再読み込み");
      });
      await p.ctx.close();
    }, 90_000);
  }
});
