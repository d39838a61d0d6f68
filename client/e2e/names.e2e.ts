// Names and refusals as players meet them: a name the hall refuses (too long, kept in
// the browser) brings the name form back with the reason instead of "connecting…"
// forever, and the name changes from the header with the same session; the opener of a
// table sits in its first seat as host and may add AI players at once; refusals count
// seats from 1 and are worded in the reader's language; notices sit above the board,
// cover neither the players panel nor the turn mark, and close with their ✕; two
// people of one name are told apart (guests by their tags), and long names (24 wide characters, one long
// word) end in "…" without widening the page. Screenshots: client/test-results/names-*.png.

import type { Browser, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { playerTag } from "../src/ui/names";
import { cutLine, inEachLanguageAndSize, newPerson, openTable, type Person, restoreLine, say, screenshotPath, useHall } from "./harness";

const hall = useHall("0.02");
const NAME_MAX = 24; // protocol/messages.py; the page must take no more

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A page whose browser kept a name from before (the name box once took 32). */
async function withStoredName(browser: Browser, name: string, locale: string): Promise<Person> {
  const ctx = await browser.newContext({ baseURL: hall.server.url, locale, viewport: { width: 1280, height: 800 } });
  await ctx.addInitScript((n) => {
    if (!localStorage.getItem("spieltisch.name")) localStorage.setItem("spieltisch.name", n);
  }, name);
  const page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto("/");
  return { ctx, page };
}

/** Two frames after a resize or a change, so the picture is of the settled page. */
const settle = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Whether two elements' boxes overlap. */
async function overlap(page: Page, a: string, b: string): Promise<boolean> {
  return page.evaluate(
    ([a, b]) => {
      const r = document.querySelector(a)!.getBoundingClientRect();
      const s = document.querySelector(b)!.getBoundingClientRect();
      return r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom;
    },
    [a, b],
  );
}

/** The page is no wider than the window, and every part of each seat's row and of the
 * header stays inside its box. */
async function fitsSideways(page: Page, width: number): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const out = await page.evaluate(() => {
    const inside = (sel: string, box: string) => {
      const b = document.querySelector(box)!.getBoundingClientRect();
      return [...document.querySelectorAll(sel)]
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && (r.right > b.right + 0.5 || r.left < b.left - 0.5);
        })
        .map((e) => `${sel}: ${e.className || e.tagName}`);
    };
    return [...inside(".seat *", '[data-testid="players"]'), ...inside(".top > *", ".top")];
  });
  expect(out).toEqual([]);
}

describe("names and refusals", () => {
  test("a refused name brings the form back with the reason; the name changes from the header", async () => {
    const long = "Bartholomew Fitzgerald-Smythe"; // 29 characters: the old box took it
    expect(long.length).toBeGreaterThan(NAME_MAX);
    const en = await withStoredName(hall.chrome.browser, long, "en-US");
    const page = en.page;
    await page.getByTestId("name-refused").waitFor();
    expect(await page.getByTestId("name-refused").textContent()).toBe(`A name is 1 to ${NAME_MAX} characters, and not only spaces.`);
    expect(await page.getByTestId("conn").getAttribute("data-state")).toBe("offline");
    // The box takes no more than the hall: the kept name comes back cut to fit.
    const input = page.getByTestId("name-input");
    expect(await input.getAttribute("maxlength")).toBe(String(NAME_MAX));
    expect(await input.inputValue()).toBe(long.slice(0, NAME_MAX));
    await input.press("End");
    await input.pressSequentially("xyz");
    expect((await input.inputValue()).length).toBe(NAME_MAX);
    for (const w of [1280, 390]) {
      await page.setViewportSize({ width: w, height: 800 });
      await settle(page);
      await page.screenshot({ path: screenshotPath(`names-refused-${w}-en.png`) });
    }
    await input.fill("Bartholomew");
    await page.getByTestId("name-go").click();
    await page.locator('[data-testid="conn"][data-state="open"]').waitFor();
    await page.getByTestId("create").waitFor();
    expect(await page.getByTestId("me").textContent()).toBe("Bartholomew");

    // Clicking one's name opens the form with it (wide: on a phone it opens a menu with
    // "Change your name" and "Sign in", e2e/accounts.e2e.ts); Cancel changes nothing.
    await page.setViewportSize({ width: 1280, height: 800 });
    const before = await page.evaluate(() => ({
      token: localStorage.getItem("spieltisch.token"),
      player: (window as Any).spieltisch.store.state.me.player,
    }));
    await page.getByTestId("me").click();
    expect(await page.getByTestId("name-input").inputValue()).toBe("Bartholomew");
    await page.getByTestId("name-cancel").click();
    expect(await page.getByTestId("name-form").count()).toBe(0);
    // A new name: the same session (token and player id), the new name in the header.
    await page.getByTestId("me").click();
    await page.getByTestId("name-input").fill("Bart");
    await page.getByTestId("name-go").click();
    await expect.poll(() => page.getByTestId("me").textContent()).toBe("Bart");
    await page.locator('[data-testid="conn"][data-state="open"]').waitFor();
    await expect.poll(() => page.evaluate(() => (window as Any).spieltisch.store.state.me?.name)).toBe("Bart");
    const after = await page.evaluate(() => ({
      token: localStorage.getItem("spieltisch.token"),
      player: (window as Any).spieltisch.store.state.me.player,
    }));
    expect(after).toEqual(before);
    await en.ctx.close();

    // In Japanese, the reason is Japanese.
    const ja = await withStoredName(hall.chrome.browser, "長".repeat(NAME_MAX + 2), "ja-JP");
    await ja.page.getByTestId("name-refused").waitFor();
    expect(await ja.page.getByTestId("name-refused").textContent()).toBe(`名前は1〜${NAME_MAX}文字で、空白だけにはできません。`);
    for (const w of [1280, 390]) {
      await ja.page.setViewportSize({ width: w, height: 800 });
      await settle(ja.page);
      await ja.page.screenshot({ path: screenshotPath(`names-refused-${w}-ja.png`) });
    }
    await ja.page.getByTestId("name-go").click();
    await ja.page.locator('[data-testid="conn"][data-state="open"]').waitFor();
    expect(await ja.page.getByTestId("me").textContent()).toBe("長".repeat(NAME_MAX));
    await ja.ctx.close();
  });

  test("a guest leaves a shared computer: the next person there starts as a new guest", async () => {
    const kim = await newPerson(hall.chrome.browser, hall.server.url, "Kim");
    const page = kim.page;
    const who = () =>
      page.evaluate(() => ({
        token: localStorage.getItem("spieltisch.token"),
        name: localStorage.getItem("spieltisch.name"),
        player: (window as Any).spieltisch.store.state.me?.player ?? null,
      }));
    const before = await who();
    expect(before.player).toBeTruthy();
    // The name form (on a phone, through the name's menu) offers it; asked, it says
    // what it costs; "Keep me" changes nothing.
    const nameForm = async (width: number) => {
      await page.getByTestId("me").click();
      if (width < 700) await page.getByTestId("menu-rename").click();
      await page.getByTestId("name-form").waitFor();
    };
    await inEachLanguageAndSize(page, async (lang, width) => {
      await nameForm(width);
      if (width < 700) await page.screenshot({ path: screenshotPath(`names-forget-offer-${width}-${lang}.png`) });
      await page.getByTestId("forget-me").click();
      await page.getByTestId("forget-me-ask").waitFor();
      expect(await page.getByTestId("forget-me-ask").textContent()).toContain(lang === "en" ? "“Kim”" : "「Kim」");
      await settle(page);
      await page.screenshot({ path: screenshotPath(`names-forget-${width}-${lang}.png`) });
      await page.getByTestId("forget-me-keep").click();
      expect(await page.getByTestId("forget-me-ask").count()).toBe(0);
      await page.getByTestId("name-cancel").click();
    });
    expect(await who()).toEqual(before);
    // Not while the line is down: the hall must hear it, or the session would live on.
    await cutLine(page);
    await nameForm(1280);
    await page.getByTestId("forget-me").click();
    expect(await page.getByTestId("forget-me-go").isDisabled()).toBe(true);
    expect(await page.getByTestId("forget-me-offline").textContent()).toBe("接続されていません。サーバーに伝える必要があるため、接続が戻るまでお待ちください。");
    await page.getByTestId("forget-me-keep").click();
    await page.getByTestId("name-cancel").click();
    await restoreLine(page);
    // Forgotten: the first visit's form, empty, says so; the browser keeps neither name
    // nor token.
    await page.setViewportSize({ width: 390, height: 844 });
    await nameForm(390);
    await page.getByTestId("forget-me").click();
    await page.getByTestId("forget-me-go").click();
    await page.getByTestId("signed-out").waitFor();
    expect(await page.getByTestId("signed-out").textContent()).toMatch(/^この端末からあなたの情報を消しました/);
    expect(await page.getByTestId("name-input").inputValue()).toBe("");
    expect(await page.evaluate(() => [localStorage.getItem("spieltisch.name"), localStorage.getItem("spieltisch.token")])).toEqual([null, null]);
    await settle(page);
    await page.screenshot({ path: screenshotPath("names-forgotten-390-ja.png") });
    // The next person is someone new, with a session of their own.
    await page.getByTestId("name-input").fill("Lee");
    await page.getByTestId("name-go").click();
    await page.locator('[data-testid="conn"][data-state="open"]').waitFor();
    await expect.poll(() => page.evaluate(() => (window as Any).spieltisch.store.state.me?.name ?? null)).toBe("Lee");
    const after = await who();
    expect(after.player).not.toBe(before.player);
    expect(after.token).not.toBe(before.token);
    await kim.ctx.close();
  });

  test("the opener sits and may add AI players; refusals count seats from 1 in both languages, above the board, with a ✕", async () => {
    const game = hall.has("carcassonne") ? "carcassonne" : hall.games[0].name;
    const seats = hall.games.find((g) => g.name === game)!.max_seats;
    const { ctx, page } = await hall.person("Ada");
    await openTable(page, game);
    // The opener is seated in seat 1 (index 0) and is the host: Add AI and Start, no Join.
    await page.locator('.seat[data-seat="0"] .tag.host').waitFor();
    expect(await page.getByTestId("tool-join").count()).toBe(0);
    await page.getByTestId("tool-bot").waitFor();
    await page.getByTestId("tool-start").waitFor();
    expect(await page.getByTestId("spectator").count()).toBe(0);

    // A seat that does not exist, counted as people count: from 1.
    await say(page, `/join ${seats + 3}`);
    const notice = page.locator('.notice[data-code="bad_message"]');
    await notice.waitFor();
    expect(await notice.locator(".text").textContent()).toBe(`There is no seat ${seats + 3}; seats are 1 to ${seats}.`);
    await page.getByTestId("lang").click();
    await page.locator("html[lang=ja]").waitFor();
    expect(await notice.locator(".text").textContent()).toBe(`${seats + 3}番席はありません。席は1〜${seats}番です。`);
    await page.getByTestId("lang").click();
    await page.locator("html[lang=en]").waitFor();
    // ✕ closes it.
    await notice.locator(".x").click();
    expect(await page.locator(".notice").count()).toBe(0);

    // An AI player and the start; then a refusal during play stays clear of the
    // players panel and of the turn mark, wide and on a phone, in both languages.
    await page.getByTestId("bot-level").selectOption("random");
    await page.getByTestId("tool-bot").click();
    await expect.poll(() => page.locator(".seat .tag.bot").count()).toBe(1);
    await page.getByTestId("tool-start").click();
    await page.locator('[data-testid="table"][data-status="playing"]').waitFor();
    await page.getByTestId("turn").waitFor();
    await inEachLanguageAndSize(page, async (lang, w) => {
      if (!(await page.locator(".notice").count())) {
        await say(page, "/join 2");
        await page.locator('.notice[data-code="already_started"]').waitFor();
      }
      expect(await page.locator(".notice .text").first().textContent()).toBe(lang === "en" ? "The game has already started." : "ゲームはすでに始まっています。");
      expect(await overlap(page, ".notice", '[data-testid="players"]')).toBe(false);
      expect(await overlap(page, ".notice", '[data-testid="turn"]')).toBe(false);
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
      await page.evaluate(() => window.scrollTo(0, 0));
      await settle(page);
      await page.screenshot({ path: screenshotPath(`names-notice-${w}-${lang}.png`) });
    });
    await page.locator(".notice .x").first().click();
    expect(await page.locator(".notice").count()).toBe(0);
    await ctx.close();
  });

  test("two people of one name are told apart; long names end in … and never widen the page", async () => {
    const game = hall.has("carcassonne") ? "carcassonne" : hall.games.find((g) => g.max_seats >= 4)!.name;
    const wide = "寿限無".repeat(8); // 24 wide characters
    const word = "Wolfeschlegelsteinhausen"; // one word of 24 letters
    expect([wide.length, word.length]).toEqual([NAME_MAX, NAME_MAX]);
    const host = await newPerson(hall.chrome.browser, hall.server.url, wide, "ja-JP");
    const people = [host, await hall.person(word), await hall.person("Ada"), await hall.person("Ada")];
    await openTable(host.page, game);
    const room = (await host.page.getByTestId("table").getAttribute("data-room"))!;
    for (const p of people.slice(1)) {
      await p.page.locator(`tr[data-room="${room}"] [data-testid="enter"]`).click();
      await p.page.getByTestId("tool-join").click();
      await p.page.locator(".seat .tag.you").waitFor();
    }
    const shown = (page: Page) => page.locator('[data-testid="players"] [data-testid="seat-name"]').allTextContents();
    // The two Adas (guests) are told apart by their tags, the same in every browser.
    const ids: string[] = await Promise.all(people.map((p) => p.page.evaluate(() => (window as Any).spieltisch.store.state.me.player)));
    const ada = (i: number) => `Ada · ${playerTag(ids[i])}`;
    expect(ada(2)).not.toBe(ada(3));
    for (const p of people) await expect.poll(() => shown(p.page)).toEqual([wide, word, ada(2), ada(3)]);
    // Each Ada sees herself by the "you" mark too.
    expect(await people[3].page.locator('.seat[data-seat="3"] .tag.you').count()).toBe(1);
    await host.page.getByTestId("tool-start").click();
    await host.page.locator('[data-testid="table"][data-status="playing"]').waitFor();

    const page = host.page;
    await inEachLanguageAndSize(page, async (lang, w) => {
      await fitsSideways(page, w);
      if (w === 390) {
        // Ellipsized rather than wrapped or cut off: the whole name is in the tooltip.
        const me = await page.getByTestId("me").evaluate((e) => ({ cut: e.scrollWidth > e.clientWidth, style: getComputedStyle(e).textOverflow }));
        expect(me).toEqual({ cut: true, style: "ellipsis" });
        expect(await page.locator('.seat[data-seat="0"] [data-testid="seat-name"]').getAttribute("title")).toBe(wide);
        await page.getByTestId("players").scrollIntoViewIfNeeded();
      } else await page.evaluate(() => window.scrollTo(0, 0));
      await settle(page);
      await page.screenshot({ path: screenshotPath(`names-long-${w}-${lang}.png`) });
    });
    // The one long word, on its own page, on a phone.
    const other = people[1].page;
    await other.setViewportSize({ width: 390, height: 844 });
    await fitsSideways(other, 390);
    await other.getByTestId("players").scrollIntoViewIfNeeded();
    await settle(other);
    await other.screenshot({ path: screenshotPath("names-long-word-390-en.png") });
    for (const p of people) await p.ctx.close();
  }, 120_000);
});
