// Ratings, rankings, profiles and play again, as players meet them. Ada and Ben claim
// their names (accounts), play a Carcassonne game to the end (a turn clock of 0.1 s
// lets the AI make Ada's moves for her; Ben resigns, so Ada wins); the lobby's short
// ranking and the ranking page (`#ranking/carcassonne`) show both, the winner first and
// the reader's own row highlighted; Ada's profile (from the account menu, and from her
// name in the ranking) draws her rating over time with uPlot, links the game to its
// replay, and exports her data. Ada plays again: her page goes to the new table, where
// Ben's seat is kept for him; Cleo, watching, is taken along; Ben is offered the
// rematch at the old table, joins his kept seat, and Ada starts. A table opened
// unrated says so. Screenshots of the ranking page, the profile and the offer at
// 1280×800 and 390×844 in English and Japanese go to client/test-results/rankings-*.png.

import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { clearNotices, inEachLanguageAndSize, openTable, type Person, say, screenshotPath, useHall } from "./harness";

// AI players (and the stand-ins a run-out clock calls) move at once.
const hall = useHall("0");
const GAME = "carcassonne";
const PASSWORD = "rated games only";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Claim the page's name from the header's "Sign in" → "Register". */
async function register(page: Page, name: string): Promise<void> {
  await page.getByTestId("signin").click();
  await page.getByTestId("account-tab-register").click();
  await page.getByTestId("register-form").waitFor();
  await page.getByTestId("account-new-password").fill(PASSWORD);
  await page.getByTestId("account-repeat").fill(PASSWORD);
  await page.getByTestId("account-repeat").press("Enter");
  await page.locator(`[data-testid="me"][data-account="${name}"]`).waitFor();
}

/** The page's picture once settled, checked not to stick out sideways on a phone. */
async function picture(page: Page, name: string, width: number): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: screenshotPath(name), fullPage: width <= 400 });
}

/** The names in the ranking's rows, in order, and which row is the reader's. */
async function rankingNames(page: Page): Promise<{ names: string[]; mine: string[] }> {
  await page.locator('[data-testid="ranking-page"][data-state="ready"]').waitFor();
  const rows = page.getByTestId("ranking-row");
  return {
    names: await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-name") ?? "")),
    mine: await page.locator('[data-testid="ranking-row"][data-mine="1"]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-name") ?? "")),
  };
}

const tableRoom = (page: Page) => page.getByTestId("table").getAttribute("data-room");
const me = (page: Page) => page.evaluate(() => (window as Any).spieltisch.store.state.me.player as string);

describe("ratings, rankings, profiles and play again", () => {
  test("a rated game, its ranking and profiles, then play again with the kept seat", async (t) => {
    if (!hall.has(GAME)) t.skip();
    const ada = await hall.person("Ada");
    const ben = await hall.person("Ben");
    const cleo: Person = await hall.person("Cleo");
    await register(ada.page, "Ada");
    await register(ben.page, "Ben");
    const adaId = await me(ada.page);
    const benId = await me(ben.page);

    // Before any game: the lobby's short ranking is empty, the ranking page says so.
    await ada.page.getByTestId("lobby-rankings").waitFor();
    await expect.poll(() => ada.page.getByTestId("lobby-rankings").textContent()).toContain("No rated games yet.");

    // A rated table (the box ticked by default), a turn clock of 0.1 s.
    expect(await ada.page.getByTestId("create-rated").isChecked()).toBe(true);
    await openTable(ada.page, GAME);
    const old = (await tableRoom(ada.page))!;
    expect(await ada.page.getByTestId("option-rated").isChecked()).toBe(true);
    expect(await ada.page.getByTestId("table-unrated").count()).toBe(0);
    await say(ada.page, "/option clock 0.1");
    await expect.poll(() => ada.page.getByTestId("options-line").textContent()).toContain("clock 0.1 s / move");
    await ben.page.locator(`tr[data-room="${old}"] [data-testid="enter"]`).click();
    await ben.page.getByTestId("tool-join").click();
    await ben.page.locator(".seat .tag.you").waitFor();
    await cleo.page.locator(`tr[data-room="${old}"] [data-testid="enter"]`).click();
    await cleo.page.getByTestId("spectator").waitFor();
    await ada.page.getByTestId("tool-start").click();
    await ben.page.locator('[data-testid="table"][data-status="playing"]').waitFor();

    // Ben gives up; the AI plays his seat, and Ada's clock lets the AI move for her.
    await ben.page.getByTestId("tool-resign").click();
    await ben.page.getByTestId("resign-yes").click();
    const t0 = Date.now();
    for (const p of [ada.page, ben.page, cleo.page]) await p.getByTestId("result").waitFor({ timeout: 90_000 });
    console.log(`[rankings] the game ended ${((Date.now() - t0) / 1000).toFixed(1)} s after Ben resigned`);
    // Play again is offered to the players, not to the watcher.
    await ada.page.getByTestId("rematch").waitFor();
    await ben.page.getByTestId("rematch").waitFor();
    expect(await cleo.page.getByTestId("rematch").count()).toBe(0);

    // The lobby's short ranking: Ada first (the winner), her row marked; the full ranking.
    await ada.page.getByTestId("back").click();
    await ada.page.getByTestId("lobby-rankings").waitFor();
    await expect
      .poll(() => ada.page.locator('[data-testid="lobby-top"] li').evaluateAll((lis) => lis.map((li) => li.querySelector(".rank-name")?.textContent)), {
        timeout: 20_000,
        interval: 1000,
      })
      .toEqual(["Ada", "Ben"]);
    expect(await ada.page.locator('[data-testid="lobby-top"] li[data-mine="1"] .rank-name').textContent()).toBe("Ada");
    await inEachLanguageAndSize(ada.page, async (lang, w) => {
      await ada.page.getByTestId("lobby-rankings").scrollIntoViewIfNeeded();
      await picture(ada.page, `rankings-lobby-${w}-${lang}.png`, w);
    });
    await ada.page.setViewportSize({ width: 1280, height: 860 });
    await ada.page.getByTestId("lang").click();
    await ada.page.locator("html[lang=en]").waitFor();
    await ada.page.getByTestId("ranking-open").click();
    await ada.page.waitForURL(/#ranking\/carcassonne$/);
    expect(await rankingNames(ada.page)).toEqual({ names: ["Ada", "Ben"], mine: ["Ada"] });
    const adaRow = ada.page.locator('[data-testid="ranking-row"][data-name="Ada"]');
    // One game each: provisional, with the tooltip saying why; one game, one win.
    expect(await adaRow.locator(".rating").textContent()).toMatch(/^-?\d+\.\d\?$/);
    expect(await adaRow.locator(".rating").getAttribute("title")).toBe("Provisional: this rating rests on fewer than 5 rated games.");
    expect(await adaRow.locator("td").allTextContents()).toEqual(expect.arrayContaining(["1", "1"]));
    await inEachLanguageAndSize(ada.page, async (lang, w) => {
      if (lang === "ja") expect(await ada.page.locator("th").nth(2).textContent()).toBe("レーティング");
      await picture(ada.page, `rankings-page-${w}-${lang}.png`, w);
    });
    await ada.page.setViewportSize({ width: 1280, height: 860 });
    await ada.page.getByTestId("lang").click();
    await ada.page.locator("html[lang=en]").waitFor();

    // Ben, still a member of the finished table, sees his own row highlighted there.
    await ben.page.getByTestId("back").click();
    await ben.page.getByTestId("ranking-open").click();
    expect(await rankingNames(ben.page)).toEqual({ names: ["Ada", "Ben"], mine: ["Ben"] });
    await ben.page.goBack();
    await ben.page.goBack();
    await ben.page.locator(`[data-testid="table"][data-room="${old}"]`).waitFor();

    // Ada's profile from her name in the ranking: the chart (uPlot's canvas), the game.
    await adaRow.getByTestId("rank-player-link").click();
    await ada.page.waitForURL(/#player\/Ada$/);
    const profile = ada.page.locator('[data-testid="profile-page"][data-state="ready"]');
    await profile.waitFor();
    expect(await profile.getAttribute("data-own")).toBe("1");
    await ada.page.locator('[data-testid="rating-chart"] .uplot canvas').first().waitFor();
    // Played and won as the hall counts them (its profile counts a win by the game's
    // place, where a resigned player with the most points leaves no winner; the ranking
    // puts the resigned seat last).
    const told = await (await fetch(`${hall.server.url}/api/players/Ada`)).json();
    expect(await ada.page.getByTestId("profile-played").first().textContent()).toBe("1");
    expect(await ada.page.getByTestId("profile-won").first().textContent()).toBe(String(told.games[GAME].won));
    expect(await ada.page.getByTestId("profile-favourite").allTextContents()).toEqual(["Carcassonne"]);
    const recent = ada.page.locator('[data-testid="profile-recent"] [data-testid="history-row"]');
    expect(await recent.count()).toBe(1);
    const gameId = (await recent.first().getAttribute("data-id"))!;
    expect(await recent.getByTestId("replay-open").getAttribute("href")).toBe(`/#replay/${gameId}`);
    await inEachLanguageAndSize(ada.page, async (lang, w) => {
      await ada.page.locator('[data-testid="rating-chart"] .uplot canvas').first().waitFor();
      // The chart follows the page's width.
      await expect
        .poll(async () => {
          const [chart, box] = await ada.page.locator('[data-testid="rating-chart"]').first().evaluate((el) => [el.querySelector("canvas")!.getBoundingClientRect().width, el.getBoundingClientRect().width]);
          return chart <= box + 1;
        })
        .toBe(true);
      await picture(ada.page, `rankings-profile-${w}-${lang}.png`, w);
    });
    await ada.page.setViewportSize({ width: 1280, height: 860 });
    await ada.page.getByTestId("lang").click();
    await ada.page.locator("html[lang=en]").waitFor();

    // The export: with the session's token, as a file holding the account and the game.
    const [download] = await Promise.all([ada.page.waitForEvent("download"), ada.page.getByTestId("profile-export").click()]);
    const exported = JSON.parse(readFileSync((await download.path())!, "utf8"));
    expect(exported.account.name).toBe("Ada");
    expect(exported.games.map((g: { id: string }) => g.id)).toEqual([gameId]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    // Anyone else is refused it; Ben's profile to Ada has no export, and shows the game.
    expect((await fetch(`${hall.server.url}/api/players/Ada/export`)).status).toBe(403);
    await ada.page.evaluate(() => (window as Any).spieltisch.page({ kind: "player", name: "Ben" }));
    await ada.page.locator('[data-testid="profile-page"][data-name="Ben"][data-state="ready"]').waitFor();
    expect(await ada.page.getByTestId("profile-export").count()).toBe(0);
    expect(await ada.page.locator('[data-testid="profile-recent"] [data-testid="history-row"]').count()).toBe(1);
    // An account that does not exist.
    await ada.page.evaluate(() => (window as Any).spieltisch.page({ kind: "player", name: "Nobody" }));
    await ada.page.locator('[data-testid="page-error"][data-error="not_found"]').waitFor();

    // "My profile" from the account menu, and the game's replay from there.
    await ada.page.getByTestId("me").click();
    await ada.page.getByTestId("account-profile").click();
    await ada.page.locator('[data-testid="profile-page"][data-name="Ada"][data-state="ready"]').waitFor();
    await ada.page.locator('[data-testid="profile-recent"] [data-testid="replay-open"]').click();
    await ada.page.waitForURL(new RegExp(`#replay/${gameId}$`));
    await ada.page.getByTestId("replay-move").waitFor();
    // A reload of a profile's address shows it again.
    await ada.page.goto("/#player/Ada");
    await ada.page.locator('[data-testid="profile-page"][data-name="Ada"][data-state="ready"]').waitFor();

    // Play again: Ada back at the finished table proposes it, with /again.
    await ada.page.goto(`/?t=${old}`);
    await ada.page.getByTestId("result").waitFor();
    await ada.page.getByTestId("rematch-rotate").waitFor();
    await picture(ada.page, "rankings-again-1280-en.png", 1280);
    await say(ada.page, "/again");
    await expect.poll(() => tableRoom(ada.page)).not.toBe(old);
    const next = (await tableRoom(ada.page))!;
    await ada.page.locator('[data-testid="table"][data-status="waiting"]').waitFor();
    // Ada hosts and sits; Ben's seat is kept for him; the clock and the AI came along.
    await ada.page.locator(".seat .tag.you").waitFor();
    await ada.page.locator(`[data-testid="seat-kept"][data-player="${benId}"]`).waitFor();
    expect(await ada.page.getByTestId("seat-kept").textContent()).toBe("kept for Ben");
    expect(await ada.page.getByTestId("options-line").textContent()).toContain("clock 0.1 s / move");
    await picture(ada.page, "rankings-kept-1280-en.png", 1280);
    await ada.page.getByTestId("lang").click();
    await ada.page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => ada.page.getByTestId("seat-kept").textContent()).toBe("Benさんの席（確保中）");
    await picture(ada.page, "rankings-kept-390-ja.png", 390);
    await ada.page.getByTestId("lang").click();
    await ada.page.setViewportSize({ width: 1280, height: 860 });
    // Cleo, watching, is taken along as a watcher.
    await cleo.page.locator(`[data-testid="table"][data-room="${next}"]`).waitFor();
    await cleo.page.getByTestId("spectator").waitFor();

    // Ben, at the old table: the offer names Ada; pictures in both languages and sizes.
    const offer = ben.page.getByTestId("rematch-offer");
    await offer.waitFor();
    await expect.poll(() => offer.getByTestId("rematch-by").textContent()).toBe("Ada proposes a rematch");
    await clearNotices(ben.page);
    await inEachLanguageAndSize(ben.page, async (lang, w) => {
      if (lang === "ja") expect(await offer.getByTestId("rematch-by").textContent()).toBe("Adaさんが再戦を提案しています");
      const box = (await offer.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(w);
      await ben.page.evaluate(() => scrollTo(0, 0));
      await picture(ben.page, `rankings-offer-${w}-${lang}.png`, w);
    });
    await ben.page.setViewportSize({ width: 1280, height: 860 });
    await ben.page.getByTestId("lang").click();
    await ben.page.locator("html[lang=en]").waitFor();
    // Join: Ben sits in the seat kept for him, at the new table.
    await offer.getByTestId("rematch-join").click();
    await ben.page.locator(`[data-testid="table"][data-room="${next}"]`).waitFor();
    await ben.page.locator(".seat .tag.you").waitFor();
    await expect.poll(() => ada.page.getByTestId("seat-kept").count()).toBe(0);
    const seated = await ada.page.evaluate(() => {
      const s = (window as Any).spieltisch.store.state;
      return s.tables[s.current].room.seats.map((x: { player: string } | null) => x?.player ?? null);
    });
    expect(seated.filter((p: string | null) => p === adaId || p === benId)).toHaveLength(2);
    // The host starts.
    await ada.page.getByTestId("tool-start").click();
    for (const p of [ada.page, ben.page, cleo.page]) await p.locator(`[data-testid="table"][data-room="${next}"][data-status="playing"]`).waitFor();

    // Ben gives up again (had both, the game would stop as abandoned and not be rated):
    // Ada's chart has a line now.
    await say(ben.page, "/resign");
    await ada.page.getByTestId("result").waitFor({ timeout: 90_000 });
    await ada.page.getByTestId("me").click();
    await ada.page.getByTestId("account-profile").click();
    await ada.page.locator('[data-testid="profile-page"][data-name="Ada"][data-state="ready"]').waitFor();
    await expect.poll(() => ada.page.getByTestId("profile-played").first().textContent(), { timeout: 10_000 }).toBe("2");
    for (const [lang, w, h] of [["en", 1280, 800], ["ja", 390, 844]] as const) {
      if ((await ada.page.locator("html").getAttribute("lang")) !== lang) await ada.page.getByTestId("lang").click();
      await ada.page.setViewportSize({ width: w, height: h });
      await ada.page.locator('[data-testid="rating-chart"] .uplot canvas').first().waitFor();
      await picture(ada.page, `rankings-profile-chart-${w}-${lang}.png`, w);
    }

    for (const p of [ada, ben, cleo]) await p.ctx.close();
  }, 180_000); // two games the AI plays out, one move of Ada's every 0.1 s

  test("a table opened unrated says so; the host ticks it rated again", async (t) => {
    if (!hall.has(GAME)) t.skip();
    const { ctx, page } = await hall.person("Uma", "ja-JP");
    await page.getByTestId("create-rated").uncheck();
    await page.getByTestId("game-select").selectOption(GAME);
    await page.getByTestId("create").click();
    await page.getByTestId("table").waitFor();
    await page.getByTestId("table-unrated").waitFor();
    expect(await page.getByTestId("table-unrated").textContent()).toBe("レーティングなし");
    expect(await page.getByTestId("option-rated").isChecked()).toBe(false);
    await page.getByTestId("option-rated").check();
    await expect.poll(() => page.getByTestId("table-unrated").count()).toBe(0);
    await say(page, "/option rated off");
    await page.getByTestId("table-unrated").waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await picture(page, "rankings-unrated-390-ja.png", 390);
    await ctx.close();
  });
});
