// Meeting in the hall: two people see each other in "who is here" (and where each
// plays or watches), chat in the hall, and two guests who share a name are told apart
// by their tags, in the list, at the table they watch and in its chat. Screenshots of the lobby with
// the hall's card at 1280 and 390 px in both languages go to client/test-results/.

import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { inEachLanguageAndSize, openTable, say, screenshotPath, useHall } from "./harness";

const hall = useHall();

const here = (page: Page) => page.locator('[data-testid="who-is-here"] li');

async function hallSay(page: Page, text: string): Promise<void> {
  await page.getByTestId("hall-chat-input").fill(text);
  await page.getByTestId("hall-chat-input").press("Enter");
}

describe("the hall's meeting place", () => {
  test("two people see each other, chat in the hall, and namesakes are told apart", async () => {
    const ada = await hall.person("Ada");
    const ben = await hall.person("Ben");

    // Each sees the other (the list is told at most once a second).
    for (const p of [ada, ben]) {
      await expect.poll(() => here(p.page).count(), { timeout: 10_000 }).toBe(2);
    }
    expect(await here(ada.page).first().innerText()).toContain("Ada");
    expect(await here(ada.page).first().innerText()).toContain("you");
    expect(await ada.page.getByTestId("who-is-here").innerText()).toContain("Ben");

    // They chat in the hall.
    await hallSay(ada.page, "Anyone for Carcassonne?");
    await ben.page.getByTestId("hall-chat-lines").getByText("Anyone for Carcassonne?").waitFor();
    await hallSay(ben.page, "Yes, open a table!");
    await ada.page.getByTestId("hall-chat-lines").getByText("Yes, open a table!").waitFor();

    // Ada opens a table; the list says where she plays, and Ben goes there with a click.
    await openTable(ada.page, "carcassonne");
    const room = (await ada.page.getByTestId("table").getAttribute("data-room"))!;
    const place = ben.page.locator(`[data-testid="place"][data-room="${room}"]`);
    await place.waitFor({ timeout: 10_000 });
    expect(await place.innerText()).toBe("plays Carcassonne");
    await place.click();
    await ben.page.locator(`[data-testid="table"][data-room="${room}"]`).waitFor();

    // A second Ben comes to watch too: the table names both watchers, told apart.
    const ben2 = await hall.person("Ben");
    await ben2.page.locator(`[data-testid="place"][data-room="${room}"]`).first().waitFor({ timeout: 10_000 });
    await ben2.page.locator(`[data-testid="place"][data-room="${room}"]`).first().click();
    await ben2.page.locator(`[data-testid="table"][data-room="${room}"]`).waitFor();
    const watchers = ada.page.getByTestId("watchers");
    await expect.poll(() => watchers.locator('[data-testid="listed-name"]').count(), { timeout: 10_000 }).toBe(2);
    const named = await watchers.locator('[data-testid="listed-name"]').allInnerTexts();
    expect(named.every((n) => /^Ben · [0-9A-Z]{4}$/.test(n.trim()))).toBe(true);
    expect(new Set(named).size).toBe(2);

    // At the table's chat the two Bens are told apart the same way.
    await say(ben.page, "hello from Ben");
    await say(ben2.page, "me too");
    const lines = ada.page.getByTestId("chat-lines");
    await lines.getByText("me too").waitFor();
    const speakers = await lines.locator('[data-testid="listed-name"]').allInnerTexts();
    expect(new Set(speakers.map((n) => n.trim()))).toEqual(new Set(named.map((n) => n.trim())));

    // Back in the lobby, the list shows both Bens with their tags and where they watch.
    await ben2.page.getByTestId("back").click();
    await expect.poll(async () => (await ben2.page.getByTestId("who-is-here").innerText()).match(/Ben · [0-9A-Z]{4}/g)?.length ?? 0, { timeout: 10_000 }).toBe(2);
    // Nothing on the page shows the session's token.
    const token = await ben2.page.evaluate(() => localStorage.getItem("spieltisch.token"));
    expect(token).toBeTruthy();
    expect(await ben2.page.content()).not.toContain(token!);

    await inEachLanguageAndSize(ben2.page, async (lang, width) => {
      await ben2.page.getByTestId("hall").scrollIntoViewIfNeeded();
      await ben2.page.screenshot({ path: screenshotPath(`hallchat-${width}-${lang}.png`), fullPage: true });
    });
    await inEachLanguageAndSize(ada.page, async (lang, width) => {
      await ada.page.evaluate(() => window.scrollTo(0, 0));
      await ada.page.screenshot({ path: screenshotPath(`hallchat-table-${width}-${lang}.png`), fullPage: true });
    });
    for (const p of [ada, ben, ben2]) await p.ctx.close();
  });
});
