// An evening at the hall as players live it: the chat is remembered (a reload, a line
// said while you were away, someone who comes later); a dropped connection shows on the
// board, which takes no moves meanwhile, and presence is "not known" until you are back;
// the game log stays at its newest line when the language changes; Carcassonne's list
// of legal moves and its board played from the keyboard; a watcher has no "Your moves".
// Screenshots go to client/test-results/evening-*.png.

import { decode } from "@msgpack/msgpack";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { clearNotices, cutLine, decideFirst, inEachLanguageAndSize, isMyTurn, openTable, restoreLine, say, screenshotPath, useHall, version, waitMyTurn, waitVersionAbove } from "./harness";

const hall = useHall("0.02");
const GAME = "carcassonne";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A table of `game` opened by this page, seated (by the server when it seats the
 * opener, else with the join button), with `bots` AI players, started. */
async function playTable(page: Page, game: string, bots = 1): Promise<void> {
  await openTable(page, game);
  const you = page.locator(".seat .tag.you");
  await Promise.race([you.waitFor(), page.getByTestId("tool-join").waitFor()]);
  if (!(await you.count())) await page.getByTestId("tool-join").click();
  await you.waitFor();
  for (let i = 1; i <= bots; i++) {
    await page.getByTestId("tool-bot").click();
    await expect.poll(() => page.locator(".seat .tag.bot").count()).toBe(i);
  }
  await page.getByTestId("tool-start").click();
  await page.locator('[data-testid="table"][data-status="playing"]').waitFor();
}

const chatTexts = (page: Page) => page.getByTestId("chat-lines").locator(".line").allTextContents();

/** Whether the game log's box shows its newest line (scrolled to the bottom). */
function logAtBottom(page: Page): Promise<{ bottom: boolean; overflow: boolean }> {
  return page.getByTestId("log").evaluate((el) => ({
    bottom: el.scrollTop + el.clientHeight >= el.scrollHeight - 2,
    overflow: el.scrollHeight > el.clientHeight + 40,
  }));
}

/** Press Tab until the focused element is one with `testid` (at most `max` presses). */
async function tabTo(page: Page, testid: string, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if ((await page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? "")) === testid) return;
  }
  const seen = await page.evaluate((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    return { attrs: el ? [...el.attributes].map((a) => `${a.name}=${a.value}`) : null, active: document.activeElement?.outerHTML.slice(0, 200) };
  }, testid);
  throw new Error(`Tab never reached ${testid}: ${JSON.stringify(seen)}`);
}

describe("an evening at the hall", () => {
  test("the chat is kept: after a reload, for lines said while away, and for whoever comes later", async (t) => {
    if (!hall.has(GAME)) t.skip();
    const ada = await hall.person("Ada");
    await playTable(ada.page, GAME, 1);
    const room = (await ada.page.getByTestId("table").getAttribute("data-room"))!;
    await say(ada.page, "good evening");
    await say(ada.page, "who wants a rematch later?");
    await expect.poll(() => chatTexts(ada.page)).toEqual(["Ada: good evening", "Ada: who wants a rematch later?"]);

    // A reload: the page asks for the table again and gets its conversation back.
    await ada.page.reload();
    await ada.page.locator('[data-testid="table"][data-status="playing"]').waitFor();
    await expect.poll(() => chatTexts(ada.page)).toEqual(["Ada: good evening", "Ada: who wants a rematch later?"]);

    // Ben comes to watch later and sees what was said before he came.
    const ben = await hall.person("Ben");
    await ben.page.goto(`/?t=${room}`);
    await ben.page.getByTestId("spectator").waitFor();
    await expect.poll(() => chatTexts(ben.page)).toEqual(["Ada: good evening", "Ada: who wants a rematch later?"]);

    // Ada's line drops; what Ben says meanwhile reaches her once she is back, once.
    await cutLine(ada.page);
    await say(ben.page, "me! (said while Ada was away)");
    await ben.page.getByTestId("chat-lines").getByText("me! (said while Ada was away)").waitFor();
    expect(await chatTexts(ada.page)).not.toContain("Ben: me! (said while Ada was away)");
    await restoreLine(ada.page);
    await expect.poll(() => chatTexts(ada.page)).toEqual(["Ada: good evening", "Ada: who wants a rematch later?", "Ben: me! (said while Ada was away)"]);
    await say(ada.page, "great");
    await expect.poll(() => chatTexts(ben.page)).toEqual([
      "Ada: good evening",
      "Ada: who wants a rematch later?",
      "Ben: me! (said while Ada was away)",
      "Ada: great",
    ]);
    await inEachLanguageAndSize(ben.page, async (lang, w) => {
      await ben.page.getByTestId("chat-lines").scrollIntoViewIfNeeded();
      await ben.page.screenshot({ path: screenshotPath(`evening-chat-kept-${w}-${lang}.png`) });
    });
    await ada.ctx.close();
    await ben.ctx.close();
  });

  test("while the line is down the board says so, takes no moves and presence is not known", async (t) => {
    if (!hall.has(GAME)) t.skip();
    const { ctx, page } = await hall.person("Cleo");
    await playTable(page, GAME, 1);
    expect(await waitMyTurn(page)).toBe(true);
    await page.getByTestId("place-spot").first().waitFor().catch(() => undefined);
    const v = await version(page);
    const sent: (string | Buffer)[] = [];
    page.on("websocket", (ws) => ws.on("framesent", (f) => sent.push(f.payload)));

    await cutLine(page);
    const turn = page.getByTestId("turn");
    await expect.poll(() => turn.getAttribute("data-offline")).toBe("1");
    expect(await turn.textContent()).toContain("Connection lost");
    expect(await page.locator('[data-testid="turn"].mine').count()).toBe(0);
    // Nothing to click: no lit squares, no follower spots, no buttons of moves.
    expect(await page.getByTestId("place-spot").count()).toBe(0);
    expect(await page.getByTestId("meeple-spot").count()).toBe(0);
    expect(await page.locator('[data-testid="legal"] button').count()).toBe(0);
    // A move made anyway (a stale click, a key) is refused here, not lost on the way.
    const legal = await page.evaluate(() => {
      const s = (window as Any).spieltisch.store.state;
      return s.tables[s.current].view.legal[0];
    });
    await page.evaluate((intent) => {
      const c = (window as Any).spieltisch;
      c.act(c.store.state.current, intent);
    }, legal);
    // Presence: not known while we are the one offline, greyed.
    await expect.poll(() => page.locator('.seat[data-seat="0"] [data-testid="presence"]').getAttribute("data-presence")).toBe("unknown");
    expect(await page.getByTestId("players").getAttribute("data-offline")).toBe("1");
    await clearNotices(page);
    await inEachLanguageAndSize(page, async (lang, w) => {
      if (lang === "ja") expect(await turn.textContent()).toContain("接続が切れました");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await page.screenshot({ path: screenshotPath(`evening-offline-${w}-${lang}.png`) });
      await page.getByTestId("players").scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`evening-offline-players-${w}-${lang}.png`) });
    });
    await page.getByTestId("lang").click(); // back to English
    await page.locator("html[lang=en]").waitFor();
    await page.setViewportSize({ width: 1280, height: 860 });

    // Back: the same turn, its moves offered again; the move made offline never went.
    await restoreLine(page);
    await page.locator('[data-testid="turn"].mine').waitFor();
    expect(await version(page)).toBe(v);
    expect(sent.filter((p) => typeof p !== "string" && (decode(p) as { t?: string }).t === "act").length).toBe(0);
    await expect.poll(() => page.locator('.seat[data-seat="0"] [data-testid="presence"]').getAttribute("data-presence")).toBe("here");
    await decideFirst(page);
    await ctx.close();
  });

  test("Carcassonne: the list of legal moves below the board, the board from the keyboard, the log at its newest line", async (t) => {
    if (!hall.has(GAME)) t.skip();
    const { ctx, page } = await hall.person("Dora");
    await playTable(page, GAME, 1);
    expect(await waitMyTurn(page)).toBe(true);

    // The list: one group per square, a button per rotation, as many as listed intents.
    const legal = () =>
      page.evaluate(() => {
        const s = (window as Any).spieltisch.store.state;
        return s.tables[s.current].view.legal as { t: string; x?: number; y?: number }[];
      });
    const list = page.locator('.carc-moves [data-testid="legal"]');
    await list.waitFor();
    const places = (await legal()).filter((i) => i.t === "place");
    expect(await list.locator("button").count()).toBe(places.length);
    expect(await list.locator(".legal-group").count()).toBe(new Set(places.map((p) => `${p.x},${p.y}`)).size);
    await inEachLanguageAndSize(page, async (lang, w) => {
      await list.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`evening-carc-moves-${w}-${lang}.png`) });
    });
    await page.getByTestId("lang").click();
    await page.locator("html[lang=en]").waitFor();
    await page.setViewportSize({ width: 1280, height: 860 });

    // The board from the keyboard: Tab to a lit square, Enter places the tile there;
    // Tab to a follower's square, Space puts a follower on it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo(page, "place-spot");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toMatch(/^Place the tile at \(-?\d+, -?\d+\), turned \d+°$/);
    await page.screenshot({ path: screenshotPath("evening-carc-focus-1280-en.png") });
    let v = await version(page);
    await page.keyboard.press("Enter");
    await waitVersionAbove(page, v);
    const codes = () =>
      page.evaluate(() => {
        const s = (window as Any).spieltisch.store.state;
        return (s.tables[s.current].view.log as { code: string }[]).map((e) => e.code);
      });
    expect((await codes()).at(-1)).toBe("tile_placed");
    if (await page.getByTestId("meeple-spot").count()) {
      await tabTo(page, "meeple-spot");
      v = await version(page);
      await page.keyboard.press(" ");
      await waitVersionAbove(page, v);
      expect(await codes()).toContain("meeple_placed");
    } else {
      await page.getByTestId("skip").click();
    }

    // A turn by the list alone, from the keyboard: focus its first button, press Enter;
    // at the follower step ✕ comes first, pressed with Space.
    expect(await waitMyTurn(page)).toBe(true);
    await list.locator("button").first().focus();
    v = await version(page);
    await page.keyboard.press("Enter");
    await waitVersionAbove(page, v);
    if ((await legal()).some((i) => i.t === "pass")) {
      const first = list.locator("button").first();
      expect(await first.textContent()).toContain("No follower");
      await first.focus();
      v = await version(page);
      const logged = (await codes()).length;
      await page.keyboard.press(" ");
      await waitVersionAbove(page, v);
      // The AI player moves 20 ms later: its tile may already follow the skip.
      expect((await codes()).slice(logged)[0]).toBe("meeple_skipped");
    }

    // Play on until the log overflows its box; it shows its newest line, and still does
    // after the language changes (the lines are written anew, their heights change).
    for (let i = 0; i < 40 && !(await logAtBottom(page)).overflow; i++) {
      if (await isMyTurn(page)) await decideFirst(page);
      else await page.waitForTimeout(30);
    }
    expect((await logAtBottom(page)).overflow).toBe(true);
    expect(await waitMyTurn(page)).toBe(true); // nothing new comes in while we look
    await expect.poll(async () => (await logAtBottom(page)).bottom).toBe(true);
    // Each language at each size, the language switched last (a phone held sideways is
    // not this test's business).
    for (const [w, h] of [
      [390, 844],
      [1280, 800],
    ]) {
      await page.setViewportSize({ width: w, height: h });
      for (const lang of ["ja", "en"]) {
        await page.getByTestId("lang").click();
        await page.locator(`html[lang=${lang}]`).waitFor();
        await expect.poll(async () => (await logAtBottom(page)).bottom, { timeout: 2_000 }).toBe(true);
        await page.getByTestId("log").scrollIntoViewIfNeeded();
        await page.screenshot({ path: screenshotPath(`evening-log-${w}-${lang}.png`) });
      }
    }
    await ctx.close();
  });

  test("a watcher sees no “Your moves”, at Carcassonne and below any other board", async (t) => {
    if (!hall.has(GAME)) t.skip();
    const other = hall.games.find((g) => g.name === "stone_age") ?? hall.games.find((g) => g.name !== GAME);
    for (const game of [GAME, other!.name]) {
      const host = await hall.person(`Eve-${game}`.slice(0, 20));
      await playTable(host.page, game, 1);
      const room = (await host.page.getByTestId("table").getAttribute("data-room"))!;
      await waitMyTurn(host.page, { withMoves: true });
      expect(await host.page.getByText("Your moves").count()).toBe(1);
      const watcher = await hall.person(`Finn-${game}`.slice(0, 20));
      await watcher.page.goto(`/?t=${room}`);
      await watcher.page.getByTestId("spectator").waitFor();
      await watcher.page.locator('[data-testid="table"][data-status="playing"]').waitFor();
      await watcher.page.getByTestId("log").locator("li").first().waitFor();
      expect(await watcher.page.getByText("Your moves").count()).toBe(0);
      expect(await watcher.page.getByText("Nothing to do right now.").count()).toBe(0);
      expect(await watcher.page.locator('[data-testid="legal"]').count()).toBe(0);
      // Below a board of its own the state tree stays hidden for the watcher too.
      if (game !== GAME) expect(await watcher.page.locator(".generic-view").isVisible()).toBe(false);
      await inEachLanguageAndSize(watcher.page, async (lang, w) => {
        expect(await watcher.page.getByText(lang === "ja" ? "選べる手" : "Your moves").count()).toBe(0);
        if (game === GAME) await watcher.page.screenshot({ path: screenshotPath(`evening-watcher-${w}-${lang}.png`) });
      });
      await host.ctx.close();
      await watcher.ctx.close();
    }
  });
});
