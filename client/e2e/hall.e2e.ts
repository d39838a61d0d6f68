// The hall with any registered game: lobby, chat commands, the list of legal moves,
// the language switch and the connection state.

import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { openTable, playTable, screenshotPath, useHall, version, waitVersionAbove } from "./harness";

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

describe("the hall", () => {
  test("lobby, chat commands and a table played by the buttons of its legal moves", async () => {
    const others = hall.games.filter((g) => g.name !== "carcassonne").sort((a, b) => a.min_seats - b.min_seats);
    const generic = others.find((g) => g.name === "stone_age") ?? others[0];
    expect(generic, "a game besides Carcassonne").toBeDefined();
    const { ctx, page } = await hall.person("Hanna");
    await openTable(page, generic!.name);
    await expect.poll(() => page.url()).toContain("?t=");

    // Typed commands do what the buttons do; a wrong one explains itself.
    await page.getByTestId("chat-input").fill("/dance");
    await page.getByTestId("chat-input").press("Enter");
    await page.getByTestId("chat-lines").getByText("Unknown command /dance").waitFor();
    await page.getByTestId("chat-input").fill("/join");
    await page.getByTestId("chat-input").press("Enter");
    await page.locator('[data-testid="players"] [data-testid="seat-name"]', { hasText: "Hanna" }).waitFor();
    for (let i = 1; i < generic!.min_seats; i++) {
      await page.getByTestId("chat-input").fill("/bot");
      await page.getByTestId("chat-input").press("Enter");
      await expect.poll(() => page.locator(".seat .tag.bot").count()).toBe(i);
    }
    await page.getByTestId("chat-input").fill("hello table");
    await page.getByTestId("chat-input").press("Enter");
    await page.getByTestId("chat-lines").getByText("hello table").waitFor();
    await page.getByTestId("chat-input").fill("/start");
    await page.getByTestId("chat-input").press("Enter");
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

    // /leave takes us back to the hall, which lists the table as playing.
    await page.getByTestId("chat-input").fill("/leave");
    await page.getByTestId("chat-input").press("Enter");
    await page.locator(`[data-testid="room-list"] tr[data-status="playing"]`).first().waitFor();
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
      expect(await page.locator('[data-testid="players"] .seat').count()).toBe(game.min_seats);
      await ctx.close();
    }
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
