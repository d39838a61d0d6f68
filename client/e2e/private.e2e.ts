// Private tables and a hall with a password, as people meet them: a host opens a
// private table with a password; someone else sees it locked in the lobby without its
// players' names, is refused without the password and let in with it, and comes back
// after a reload; a third comes in by the invitation link; the host takes the password
// off and opens the table to all, and the lobby follows. The lobby's filter by game and
// by state. A hall that asks for a password: the form, a wrong one refused in words,
// the right one kept by the browser. Screenshots of the lobby with a locked table and
// of the table with its invitation link, at 1280 and 390 px in both languages, go to
// client/test-results/ (private-*.png).

import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { clearNotices, inEachLanguageAndSize, type Person, screenshotPath, useHall } from "./harness";

const PASSWORD = "open sesame";

async function noSidewaysScroll(page: Page): Promise<void> {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll).toBeLessThanOrEqual(width);
}

const row = (page: Page, room: string) => page.locator(`[data-testid="room-list"] tr[data-room="${room}"]`);
const atTable = (page: Page, room: string) => page.locator(`[data-testid="table"][data-room="${room}"]`).waitFor();

/** From the hall: a new private table of `game` (with `password`, if given); returns its id. */
async function openPrivate(page: Page, game: string, password = ""): Promise<string> {
  await page.getByTestId("game-select").selectOption(game);
  await page.getByTestId("create-private").check();
  if (password) await page.getByTestId("create-password").fill(password);
  await page.getByTestId("create").click();
  await page.getByTestId("table").waitFor();
  await page.locator('.seat[data-seat="0"] .tag.you').waitFor();
  return (await page.getByTestId("table").getAttribute("data-room"))!;
}

describe("private tables", () => {
  const hall = useHall();

  test("locked in the lobby, refused without the key, entered with the password and by the invitation link", async () => {
    const ada = await hall.person("Ada");
    const room = await openPrivate(ada.page, "carcassonne", PASSWORD);
    // The host's table says it is private, with a password, and shows its invitation.
    await ada.page.getByTestId("table-lock").waitFor();
    expect(await ada.page.getByTestId("password-state").innerText()).toBe("A password is set.");
    const link = await ada.page.getByTestId("invite-link").inputValue();
    expect(link).toMatch(new RegExp(`^${hall.server.url}/\\?t=${room}#key=.+`));
    expect(link).not.toContain(encodeURIComponent(PASSWORD));
    // Copy puts the link on the clipboard.
    await ada.ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: hall.server.url });
    await ada.page.getByTestId("invite-copy").click();
    expect(await ada.page.getByTestId("invite-copied").innerText()).toBe("Link copied");
    expect(await ada.page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // An open table beside it, for the lobby's filter.
    const olga = await hall.person("Olga");
    await olga.page.getByTestId("game-select").selectOption("kingsburg");
    await olga.page.getByTestId("create").click();
    await olga.page.getByTestId("table").waitFor();
    const open = (await olga.page.getByTestId("table").getAttribute("data-room"))!;

    // Ben sees the table locked, with no names, and is asked for the password.
    const ben = await hall.person("Ben");
    await row(ben.page, room).waitFor();
    const lock = row(ben.page, room).getByTestId("lock");
    expect(await lock.innerText()).toBe("password");
    expect(await lock.getAttribute("title")).toMatch(/password or its invitation link/);
    expect(await row(ben.page, room).getByTestId("room-players").innerText()).toBe("players not shown");
    expect(await row(ben.page, room).innerText()).not.toContain("Ada");
    await row(ben.page, room).getByTestId("enter").click();
    await ben.page.getByTestId("locked-password").waitFor();
    expect(await ben.page.getByTestId("table").count()).toBe(0);
    // A wrong password: refused, in words, and still in the lobby.
    await ben.page.getByTestId("locked-password").fill("open sesam");
    await ben.page.getByTestId("locked-enter").click();
    await ben.page.getByTestId("locked-wrong").waitFor();
    expect(await ben.page.locator('.notice[data-code="private_table"]').innerText()).toMatch(/private: come in with its password/);
    expect(await ben.page.getByTestId("table").count()).toBe(0);
    expect(new URL(ben.page.url()).search).toBe("");
    // The table's address without a key is refused the same way.
    await ben.page.goto(`/?t=${room}`);
    await ben.page.getByTestId("locked-password").waitFor();
    await ben.page.locator('.notice[data-code="private_table"]').waitFor();
    expect(await ben.page.getByTestId("table").count()).toBe(0);
    // The right one lets him in, to watch; he sees the invitation too.
    await ben.page.getByTestId("locked-password").fill(PASSWORD);
    await ben.page.getByTestId("locked-enter").click();
    await atTable(ben.page, room);
    await ben.page.getByTestId("spectator").waitFor();
    expect(await ben.page.getByTestId("invite-link").inputValue()).toBe(link);
    expect(await ben.page.getByTestId("locked").count()).toBe(0);
    // A watcher's reload comes back with the key the tab kept.
    await ben.page.reload();
    await atTable(ben.page, room);
    await ben.page.getByTestId("spectator").waitFor();
    await clearNotices(ben.page);

    // Cleo comes by the invitation link: straight to the table, the key out of the
    // address bar; she sits, and a reload keeps her there.
    const cleo = await hall.person("Cleo");
    await cleo.page.goto(link);
    await atTable(cleo.page, room);
    expect(new URL(cleo.page.url()).hash).toBe("");
    expect(new URL(cleo.page.url()).search).toBe(`?t=${room}`);
    await cleo.page.getByTestId("tool-join").click();
    await cleo.page.locator('.seat[data-seat="1"] .tag.you').waitFor();
    await ben.page.locator('.seat[data-seat="1"]', { hasText: "Cleo" }).waitFor();
    await cleo.page.reload();
    await atTable(cleo.page, room);
    await cleo.page.locator('.seat[data-seat="1"] .tag.you').waitFor();

    // Dan's lobby: the filter by game and by state, sent to the server.
    const dan = await hall.person("Dan");
    await row(dan.page, room).waitFor();
    await row(dan.page, open).waitFor();
    await dan.page.getByTestId("filter-game").selectOption("kingsburg");
    await expect.poll(() => row(dan.page, room).count()).toBe(0);
    expect(await row(dan.page, open).count()).toBe(1);
    await dan.page.getByTestId("filter-status-playing").click();
    await dan.page.getByTestId("no-rooms").waitFor();
    expect(await dan.page.getByTestId("no-rooms").innerText()).toMatch(/No tables match/);
    await dan.page.getByTestId("filter-game").selectOption("");
    await dan.page.getByTestId("filter-status-waiting").click();
    await row(dan.page, room).waitFor();
    await row(dan.page, open).waitFor();
    expect(await dan.page.getByTestId("filter-status-waiting").getAttribute("aria-pressed")).toBe("true");
    await dan.page.getByTestId("filter-status-all").click();

    // The host takes the password off: the lobby's lock says "private" now, and without
    // the invitation Dan is told to ask for it.
    await ada.page.getByTestId("table-password-remove").click();
    await expect.poll(() => row(dan.page, room).getByTestId("lock").innerText()).toBe("private");
    expect(await ada.page.getByTestId("password-state").innerText()).toBe("No password: the invitation link only.");
    await row(dan.page, room).getByTestId("enter").click();
    await dan.page.getByTestId("locked-invite-only").waitFor();
    expect(await dan.page.locator('.notice[data-code="private_table"]').innerText()).toMatch(/ask its host for the invitation link/);
    await dan.page.getByTestId("locked-cancel").click();
    await clearNotices(dan.page);
    // A password again, set at the table.
    await ada.page.getByTestId("table-password").fill(PASSWORD);
    await ada.page.getByTestId("table-password-set").click();
    await expect.poll(() => row(dan.page, room).getByTestId("lock").innerText()).toBe("password");

    // Screenshots: the lobby with the locked table and its question, the table with
    // its invitation link, at both sizes in both languages.
    await row(dan.page, room).getByTestId("enter").click();
    await dan.page.getByTestId("locked").waitFor();
    await inEachLanguageAndSize(dan.page, async (lang, width) => {
      await noSidewaysScroll(dan.page);
      await dan.page.screenshot({ path: screenshotPath(`private-lobby-${width}-${lang}.png`), fullPage: true });
    });
    await clearNotices(ada.page);
    await inEachLanguageAndSize(ada.page, async (lang, width) => {
      await noSidewaysScroll(ada.page);
      await ada.page.screenshot({ path: screenshotPath(`private-table-${width}-${lang}.png`), fullPage: true });
    });
    await inEachLanguageAndSize(ben.page, async (lang, width) => {
      if (width > 400) return;
      await noSidewaysScroll(ben.page);
      await ben.page.screenshot({ path: screenshotPath(`private-watcher-${width}-${lang}.png`), fullPage: true });
    });

    // Open to all: the lock goes, the names come back.
    await ada.page.getByTestId("option-private").uncheck();
    await expect.poll(() => row(dan.page, room).getByTestId("lock").count()).toBe(0);
    await expect.poll(() => row(dan.page, room).getByTestId("room-players").innerText()).toContain("Ada");
    expect(await ada.page.getByTestId("invite").count()).toBe(0);
    for (const p of [ada, olga, ben, cleo, dan] as Person[]) await p.ctx.close();
  });
});

describe("a hall with a password", () => {
  const hall = useHall("0.02", [], { hallPassword: "club night" });

  test("asks for it, refuses a wrong one in words, and the browser keeps the right one", async () => {
    const ctx = await hall.chrome.browser.newContext({ baseURL: hall.server.url, locale: "en-US", viewport: { width: 1280, height: 860 } });
    const page = await ctx.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto("/");
    await page.getByTestId("name-input").fill("Hilde");
    await page.getByTestId("name-go").click();
    // Asked, with no refusal yet.
    await page.getByTestId("hall-form").waitFor();
    expect(await page.getByTestId("hall-refused").count()).toBe(0);
    expect((await page.locator("main h2").innerText()).trim()).toBe("This hall asks for a password");
    // A wrong one, refused in words; in Japanese too.
    await page.getByTestId("hall-password").fill("club day");
    await page.getByTestId("hall-go").click();
    await page.getByTestId("hall-refused").waitFor();
    expect(await page.getByTestId("hall-refused").innerText()).toBe("That is not the hall's password.");
    await page.getByTestId("lang").click();
    expect(await page.getByTestId("hall-refused").innerText()).toBe("ホールのパスワードが違います。");
    await inEachLanguageAndSize(page, async (lang, width) => {
      await noSidewaysScroll(page);
      await page.screenshot({ path: screenshotPath(`private-hall-${width}-${lang}.png`), fullPage: true });
    });
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByTestId("lang").click();
    await page.locator("html[lang=en]").waitFor();
    // The right one: in the hall; the browser keeps it for the next visit.
    await page.getByTestId("hall-password").fill("club night");
    await page.getByTestId("hall-go").click();
    await page.locator('[data-testid="conn"][data-state="open"]').waitFor();
    await page.getByTestId("create").waitFor();
    await page.reload();
    await page.locator('[data-testid="conn"][data-state="open"]').waitFor();
    expect(await page.getByTestId("hall-form").count()).toBe(0);
    // The archive's downloads ask for it too; the client's links carry it.
    const status = async (url: string) => page.evaluate(async (u) => (await fetch(u)).status, url);
    expect(await status("/api/archive/nothing.json")).toBe(401);
    expect(await status("/api/archive/nothing.json?password=club%20night")).toBe(404);
    // A second person through the harness's own steps.
    const other = await hall.person("Ines");
    expect(await other.page.getByTestId("hall-form").count()).toBe(0);
    await other.ctx.close();
    await ctx.close();
  });
});
