// The hall with any registered game: lobby, chat commands, the list of legal moves,
// the language switch and the connection state.

import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { clearNotices, inEachLanguageAndSize, openTable, playTable, say, screenshotPath, useHall, version, waitMyTurn, waitVersionAbove } from "./harness";

const hall = useHall("0.05");

/** Press the first legal intent until the view moves on. A press made on a view a
 * patch behind (another seat acted at the same moment) is refused by the server with
 * a notice; the next press is made on the fresh view. */
async function moveOnce(page: Page): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const before = await version(page);
    await page.locator('[data-testid="legal"] button').first().click();
    try {
      await waitVersionAbove(page, before, hall.server, attempt < 2 ? 5_000 : 15_000);
      return;
    } catch (e) {
      if (attempt >= 2) throw e;
    }
  }
}

/** One move of the person's, on Carcassonne's board (rotate until the tile fits, place
 * it, no follower) or by the first button of the legal moves of any other game. */
async function anyMove(page: Page): Promise<void> {
  if (await page.locator('[data-testid="legal"] button').count()) return moveOnce(page);
  for (let i = 0; i < 4 && (await page.getByTestId("rotate-right").count()) && !(await page.getByTestId("place-spot").count()); i++) {
    await page.getByTestId("rotate-right").click();
  }
  const v = await version(page);
  if (await page.getByTestId("place-spot").count()) await page.getByTestId("place-spot").first().click();
  else if (await page.getByTestId("skip").count()) await page.getByTestId("skip").click();
  else return;
  await waitVersionAbove(page, v, hall.server);
}

describe("the hall", () => {
  test("lobby, chat commands and a table played by the buttons of its legal moves", async () => {
    const others = hall.games.filter((g) => g.name !== "carcassonne").sort((a, b) => a.min_seats - b.min_seats);
    const generic = others.find((g) => g.name === "stone_age") ?? others[0];
    expect(generic, "a game besides Carcassonne").toBeDefined();
    const { ctx, page } = await hall.person("Hanna");
    await openTable(page, generic!.name);
    await expect.poll(() => page.url()).toContain("?t=");

    // Typed commands do what the buttons do; a wrong one explains itself.
    await say(page, "/dance");
    await page.getByTestId("chat-lines").getByText("Unknown command /dance").waitFor();
    await say(page, "/join");
    await page.locator('[data-testid="players"] [data-testid="seat-name"]', { hasText: "Hanna" }).waitFor();
    for (let i = 1; i < generic!.min_seats; i++) {
      await say(page, "/bot");
      await expect.poll(() => page.locator(".seat .tag.bot").count()).toBe(i);
    }
    await say(page, "hello table");
    await page.getByTestId("chat-lines").getByText("hello table").waitFor();
    await say(page, "/start");
    await page.locator('[data-testid="table"][data-status="playing"]').waitFor();

    // Below every board, each legal intent is a button too; play a few.
    for (let i = 0; i < 4; i++) {
      const buttons = page.locator('[data-testid="legal"] button');
      await buttons.first().waitFor();
      await moveOnce(page);
    }
    await expect(page.locator('[data-testid="log"] li').count()).resolves.toBeGreaterThan(0);

    // Drop the line mid-game: the client reconnects, re-enters with the version it
    // holds, and its patched view equals a fresh snapshot of the same version.
    await page.evaluate(() => (window as unknown as { spieltisch: { conn: { ws: WebSocket } } }).spieltisch.conn["ws"].close());
    await page.locator('[data-testid="conn"][data-state="open"]').waitFor();
    await moveOnce(page);
    await page.locator('[data-testid="turn"].mine').waitFor();
    // A move by someone else may land between the two reads; then look again.
    let same = { sameVersion: false, equal: false, replaced: false };
    for (let attempt = 0; attempt < 5 && !same.sameVersion; attempt++) {
      same = await page.evaluate(async () => {
        type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
        const c = (window as Any).spieltisch;
        const room = c.store.state.current;
        const held = c.store.state.tables[room];
        c.conn.send({ t: "resync", room });
        for (let i = 0; i < 100 && c.store.state.tables[room].view === held.view; i++) await new Promise((r) => setTimeout(r, 20));
        const fresh = c.store.state.tables[room];
        return { sameVersion: fresh.v === held.v, equal: JSON.stringify(fresh.view) === JSON.stringify(held.view), replaced: fresh.view !== held.view };
      });
    }
    expect(same).toEqual({ sameVersion: true, equal: true, replaced: true });

    // Japanese, switched live; back to English.
    await page.getByTestId("lang").click();
    await page.getByText("ゲームログ").waitFor();
    await page.getByTestId("lang").click();
    await page.getByText("Game log").waitFor();

    // /leave takes us back to the hall. The only person left the game: it stops, and
    // the hall lists the table as finished and the game as abandoned.
    await say(page, "/leave");
    await page.locator(`[data-testid="room-list"] tr[data-status="finished"]`).first().waitFor();
    await expect
      .poll(async () => {
        await page.getByTestId("history-refresh").click();
        return page.getByTestId("history-abandoned").count();
      })
      .toBeGreaterThan(0);
    await page.screenshot({ path: screenshotPath("hall-lobby.png") });
    await ctx.close();
  });

  test("every game plays through the buttons of its legal moves", async () => {
    const others = hall.games.filter((g) => g.name !== "carcassonne");
    for (const game of others) {
      const { ctx, page } = await hall.person(`G-${game.name}`.slice(0, 20));
      await playTable(page, game.name, game.min_seats - 1);
      for (let move = 0; move < 3; move++) {
        const buttons = page.locator('[data-testid="legal"] button');
        await Promise.race([buttons.first().waitFor({ timeout: 20_000 }), page.getByTestId("result").waitFor({ timeout: 20_000 })]);
        if (await page.getByTestId("result").count()) break;
        await moveOnce(page);
      }
      // Alhambra's Dirk has a row in the panel but no seat.
      expect(await page.locator('[data-testid="players"] .seat:not(.al-dirk-seat)').count()).toBe(game.min_seats);
      await ctx.close();
    }
  });

  test("AI players by level: the panel's choice and /bot, labels, thinking, both languages", async () => {
    // A game with room for a person and two AI players (Carcassonne's page keeps to a
    // phone's width; Kingsburg's board is wider than 390 px).
    const game = ["carcassonne", "kingsburg"].find(hall.has) ?? hall.games.find((g) => g.max_seats >= 3)?.name;
    expect(game, "a game for three").toBeDefined();
    const { ctx, page } = await hall.person("Lea");
    await openTable(page, game!);
    await page.locator(".seat .tag.you").waitFor();
    // Count every moment a seat shows that it thinks (brief here: --ai-budget 0.05).
    await page.evaluate(() => {
      const w = window as unknown as { thinkingSeen: number };
      w.thinkingSeen = 0;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="thinking"]')) w.thinkingSeen++;
      }).observe(document.body, { subtree: true, childList: true });
    });

    // Beside "Add AI": the level, strong unless chosen, each level with its tooltip.
    const choice = page.getByTestId("bot-level");
    expect(await choice.inputValue()).toBe("strong");
    const titles = await choice.locator("option").evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, (o as HTMLOptionElement).title]));
    expect(titles.map(([v]) => v)).toEqual(["random", "greedy", "strong"]);
    for (const [, title] of titles) expect(title.length).toBeGreaterThan(10);
    await choice.selectOption("random");
    await page.getByTestId("tool-bot").click();
    const level = (seat: number) => page.locator(`.seat[data-seat="${seat}"] [data-testid="seat-level"]`);
    await level(1).waitFor();
    expect(await level(1).getAttribute("data-level")).toBe("random");

    // Typed: a seat and a level; an unknown level is the server's to refuse.
    await say(page, "/bot 3 greedy");
    await level(2).waitFor();
    expect(await level(2).getAttribute("data-level")).toBe("greedy");
    await say(page, "/bot 4 clever");
    await page.locator('.notice[data-code="bad_option"]', { hasText: "clever" }).waitFor();
    expect(await page.locator(".seat .tag.bot").count()).toBe(2);
    await clearNotices(page);

    // The labels: "AI 1 · random", "AI 2 · greedy", the level's tooltip on it.
    const label = async (seat: number) =>
      `${await page.locator(`.seat[data-seat="${seat}"] [data-testid="seat-name"]`).textContent()} ${await level(seat).textContent()}`;
    expect(await label(1)).toMatch(/^AI \d · random$/);
    expect(await label(2)).toMatch(/^AI \d · greedy$/);
    expect(await level(2).getAttribute("title")).toContain("one step ahead");
    await page.getByTestId("lang").click();
    await page.locator("html[lang=ja]").waitFor();
    expect(await label(1)).toMatch(/^AI \d · ランダム$/);
    expect(await label(2)).toMatch(/^AI \d · 貪欲$/);
    expect(await choice.locator("option:checked").textContent()).toBe("ランダム");
    await say(page, "/bot 4 clever");
    await page.locator(".notice", { hasText: "「clever」というAIの強さはありません" }).waitFor();
    await page.getByTestId("lang").click();
    await page.locator("html[lang=en]").waitFor();

    // The waiting table with the level choice beside "Add AI", wide in English and on a
    // phone in Japanese.
    await clearNotices(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: screenshotPath("bots-waiting-1280-en.png") });
    await page.getByTestId("lang").click();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId("tools").scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("bots-waiting-390-ja.png") });
    await page.getByTestId("lang").click();
    await page.locator("html[lang=en]").waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });

    // Started, the AI players move: their turns show in the log (or their seats were
    // seen thinking); the person moves whenever it is their turn.
    await page.getByTestId("tool-start").click();
    await page.locator('[data-testid="table"][data-status="playing"]').waitFor();
    const aiMoved = async () =>
      (await page.evaluate(() => (window as unknown as { thinkingSeen: number }).thinkingSeen)) > 0 ||
      (await page.locator('[data-testid="log"] li:not([data-code="turn"]):not([data-code^="game_start"])', { hasText: /AI \d/ }).count()) > 0;
    const until = Date.now() + 30_000;
    while (!(await aiMoved()) && Date.now() < until) {
      if (await page.locator('[data-testid="turn"].mine').count()) await anyMove(page);
      await page.waitForTimeout(100);
    }
    const log = await page.locator('[data-testid="log"] li').evaluateAll((ls) => ls.map((l) => `${l.getAttribute("data-code")}: ${l.textContent}`));
    expect(await aiMoved(), log.join("\n")).toBe(true);
    console.log(`[bots] thinking marks seen: ${await page.evaluate(() => (window as unknown as { thinkingSeen: number }).thinkingSeen)}`);
    // The levels stay beside the names in play.
    expect(await label(1)).toMatch(/ · random$/);
    expect(await label(2)).toMatch(/ · greedy$/);

    // Screenshots of the panel with the bots, one seat shown thinking (set in the page's
    // store while the table waits for the person: with --ai-budget 0.05 a real mark
    // lasts too briefly to photograph).
    await waitMyTurn(page);
    const showThinking = () =>
      page.evaluate(() => {
        type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
        const store = (window as Any).spieltisch.store;
        const room = store.state.tables[store.state.current].room;
        store.handle({ ...room, seats: room.seats.map((x: Any, i: number) => (x && i === 2 ? { ...x, thinking: true } : x)) });
      });
    await clearNotices(page);
    await inEachLanguageAndSize(page, async (lang, w) => {
      await showThinking();
      await page.locator('.seat[data-seat="2"] [data-testid="thinking"]').waitFor({ timeout: 2_000 });
      if (w === 390) {
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        // Each seat's row stays inside the panel.
        const out = await page.evaluate(() => {
          const panel = document.querySelector('[data-testid="players"]')!.getBoundingClientRect();
          return [...document.querySelectorAll(".seat *")].filter((e) => {
            const r = e.getBoundingClientRect();
            return r.width > 0 && (r.right > panel.right + 0.5 || r.left < panel.left - 0.5);
          }).length;
        });
        expect(out).toBe(0);
        await page.getByTestId("players").scrollIntoViewIfNeeded();
      }
      await page.screenshot({ path: screenshotPath(`bots-${w}-${lang}.png`) });
        });
    await page.setViewportSize({ width: 1280, height: 860 });
    await ctx.close();
  });

  test("a dropped connection shows and recovers by itself", async () => {
    const { ctx, page } = await hall.person("Ivo");
    await page.evaluate(() => {
      const c = (window as unknown as { spieltisch: { conn: { ws: WebSocket } } }).spieltisch;
      c.conn["ws"].close();
    });
    await page.locator('[data-testid="conn"][data-state="reconnecting"]').waitFor();
    await page.locator('[data-testid="conn"][data-state="open"]').waitFor();
    const token = await page.evaluate(() => localStorage.getItem("spieltisch.token"));
    expect(token).toBeTruthy();
    await ctx.close();
  });

  test("the language follows the browser", async () => {
    const { ctx, page } = await hall.person("Yuki", "ja-JP");
    await page.getByText("テーブル一覧").waitFor();
    await ctx.close();
  });
});
