// Every finished game is archived and can be replayed: a player starts a Carcassonne
// game against a random AI player on the shortest clock and never moves, so the AI
// plays their seat to the end (had they resigned, the game would stop as abandoned);
// back in the hall the game is under "Recent games" and "My games" (and not under
// another person's); its replay (`#replay/<id>`) steps with the buttons, the slider and
// the keys, shows the board read-only, switches whose view it shows, survives a reload,
// and downloads its record. A bogus id says so in both languages. Screenshots of the
// hall's lists and of the replay at 1280×800 and 390×844 in English and Japanese go to
// client/test-results/.

import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { clearNotices, inEachLanguageAndSize, openTable, say, screenshotPath, useHall } from "./harness";

// AI players move at once; a game whose person's clock runs out at every turn ends
// within seconds.
const hall = useHall("0");
const GAME = "carcassonne";

const moveText = (page: Page) => page.getByTestId("replay-move").textContent();
const move = async (page: Page) => Number(await page.getByTestId("replay").getAttribute("data-move"));
const tilesOnBoard = (page: Page) => page.locator('[data-testid="carc-board"] .placed').count();

/** Set the slider as a drag would: its value, then the input event. */
async function slide(page: Page, k: number): Promise<void> {
  await page.getByTestId("replay-slider").evaluate((el, v) => {
    (el as HTMLInputElement).value = String(v);
    el.dispatchEvent(new Event("input", { bubbles: true }));
  }, k);
}

/** The page's wide or narrow picture, taken once the page has settled and checked not to
 * stick out sideways on a phone. */
async function picture(page: Page, name: string, width: number): Promise<void> {
  if (width <= 400) await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: screenshotPath(name) });
}

/** Record the types of the messages the page sends from now on. */
async function recordSent(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
    const w = window as Any;
    const conn = w.spieltisch.conn;
    const send = conn.send.bind(conn);
    w.sentTypes = [];
    conn.send = (m: { t: string }) => {
      w.sentTypes.push(m.t);
      return send(m);
    };
  });
}
const sentTypes = (page: Page) => page.evaluate(() => (window as unknown as { sentTypes: string[] }).sentTypes);

describe("history and replays", () => {
  test("a finished game is listed, replayed move by move, from each seat, and after a reload", async (t) => {
    if (!hall.has(GAME)) t.skip();
    const ada = await hall.person("Ada");
    const page = ada.page;
    // Before any game: the lists are there, and empty.
    await page.getByTestId("history-empty").waitFor();

    // A game against a random AI player; Ada's clock runs out at every turn, so the AI
    // plays her seat to the end.
    await openTable(page, GAME);
    await say(page, "/option clock 0.1");
    await page.locator(".seat .tag.you").waitFor();
    await page.getByTestId("bot-level").selectOption("random");
    await page.getByTestId("tool-bot").click();
    await expect.poll(() => page.locator(".seat .tag.bot").count()).toBe(1);
    await page.getByTestId("tool-start").click();
    await page.locator('[data-testid="table"][data-status="playing"]').waitFor();
    const t0 = Date.now();
    await page.getByTestId("result").waitFor({ timeout: 90_000 });
    console.log(`[replay] the AI finished the game in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    // Back in the hall: the game under Recent games and My games, Ada starred or not.
    await page.getByTestId("back").click();
    const rows = page.locator('[data-testid="history-list"] [data-testid="history-row"]');
    await expect
      .poll(async () => {
        await page.getByTestId("history-refresh").click();
        return rows.count();
      })
      .toBe(1);
    const row = rows.first();
    const id = (await row.getAttribute("data-id"))!;
    expect(await row.getAttribute("data-game")).toBe(GAME);
    const listed = await row.textContent();
    expect(listed).toContain("Carcassonne");
    expect(listed).toContain("Ada");
    expect(listed).toContain("random");
    expect(await row.getByTestId("history-ended").textContent()).toBe("just now");
    expect(await row.locator(".history-players li.winner").count()).toBeGreaterThan(0);
    expect(await row.locator(".history-players li.winner").first().textContent()).toMatch(/^★ /);
    await page.getByTestId("history-mine").click();
    await page.locator('[data-testid="history-list"][data-mine="true"]').waitFor();
    expect(await page.locator(`[data-testid="history-row"][data-id="${id}"]`).count()).toBe(1);

    // Someone else has it under Recent games, not under My games.
    const ben = await hall.person("Ben", "ja-JP");
    await ben.page.locator(`[data-testid="history-row"][data-id="${id}"]`).waitFor();
    await ben.page.getByTestId("history-mine").click();
    expect(await ben.page.getByTestId("history-empty").textContent()).toBe("ここで最後まで遊んだ対局はまだありません。");
    await ben.ctx.close();

    await clearNotices(page);
    await inEachLanguageAndSize(page, async (lang, w) => {
      expect(await page.getByTestId("history-mine").textContent()).toBe(lang === "en" ? "My games" : "自分の対局");
      expect(await page.getByTestId("replay-open").first().textContent()).toBe(lang === "en" ? "Replay" : "再生");
      await page.getByTestId("history").scrollIntoViewIfNeeded();
      await picture(page, `history-${w}-${lang}.png`, w);
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId("lang").click();
    await page.locator("html[lang=en]").waitFor();

    // The replay: its own address, move 0 of N.
    await page.locator(`[data-testid="history-row"][data-id="${id}"] [data-testid="replay-open"]`).click();
    await page.locator(`[data-testid="replay"][data-id="${id}"]`).waitFor();
    expect(new URL(page.url()).hash).toBe(`#replay/${encodeURIComponent(id)}`);
    const moves = Number(await page.getByTestId("replay").getAttribute("data-moves"));
    expect(moves).toBeGreaterThan(20);
    expect(await moveText(page)).toBe(`Move 0 of ${moves}`);
    await page.getByTestId("carc-board").waitFor();
    const atStart = await tilesOnBoard(page);
    expect(await page.getByTestId("replay-first").isDisabled()).toBe(true);
    expect(await page.getByTestId("replay-back").isDisabled()).toBe(true);
    // The players with their final places and scores.
    expect(await page.locator('[data-testid="replay-players"] [data-testid="final"]').count()).toBe(2);

    // Forward and back, the keys, the slider, last and first.
    await recordSent(page);
    await page.getByTestId("replay-forward").click();
    expect(await moveText(page)).toBe(`Move 1 of ${moves}`);
    await page.getByTestId("replay-forward").click();
    await page.getByTestId("replay-forward").click();
    expect(await move(page)).toBe(3);
    await expect.poll(() => tilesOnBoard(page)).toBeGreaterThan(atStart);
    await page.getByTestId("replay-back").click();
    expect(await move(page)).toBe(2);
    await page.keyboard.press("ArrowRight");
    expect(await move(page)).toBe(3);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    expect(await move(page)).toBe(1);
    const half = Math.floor(moves / 2);
    await slide(page, half);
    expect(await moveText(page)).toBe(`Move ${half} of ${moves}`);
    const atHalf = await tilesOnBoard(page);
    expect(atHalf).toBeGreaterThan(atStart);
    // The slider with the keyboard steps once per key (not twice with the page's keys).
    await page.getByTestId("replay-slider").focus();
    await page.keyboard.press("ArrowRight");
    expect(await move(page)).toBe(half + 1);
    await page.getByTestId("replay-last").click();
    expect(await moveText(page)).toBe(`Move ${moves} of ${moves}`);
    expect(await page.getByTestId("replay-forward").isDisabled()).toBe(true);
    expect(await tilesOnBoard(page)).toBeGreaterThan(atHalf);
    await page.getByTestId("result").waitFor();
    await page.keyboard.press("Home");
    expect(await move(page)).toBe(0);
    expect(await tilesOnBoard(page)).toBe(atStart);
    await page.keyboard.press("End");
    expect(await move(page)).toBe(moves);
    await page.getByTestId("replay-first").click();
    expect(await move(page)).toBe(0);
    // Going back gives the very board going forward gave.
    await slide(page, 7);
    const forwardBoard = await page.getByTestId("carc-board").innerHTML();
    await slide(page, 30);
    for (let i = 0; i < 23; i++) await page.getByTestId("replay-back").click();
    expect(await move(page)).toBe(7);
    expect(await page.getByTestId("carc-board").innerHTML()).toBe(forwardBoard);

    // Read-only: nothing on the board to place, clicks and keys send no move.
    await slide(page, 9);
    for (const spot of ["place-spot", "meeple-spot", "skip", "rotate-left"]) expect(await page.getByTestId(spot).count(), spot).toBe(0);
    await page.getByTestId("carc-board").click({ position: { x: 200, y: 150 } });
    await page.keyboard.press("2");
    await page.keyboard.press("a");
    expect((await sentTypes(page)).filter((m) => m !== "ping")).toEqual([]);
    // The log beside the board is the game's, as far as this move.
    expect(await page.locator('[data-testid="log"] li').count()).toBeGreaterThan(0);

    // The seat switch: Ada's own view at the same move, then the AI's, then a spectator's.
    await page.locator('[data-testid="replay-seat"][data-seat="0"]').click();
    await page.locator('[data-testid="replay"][data-seat="0"]').waitFor();
    expect(await move(page)).toBe(9);
    expect(await page.locator('[data-testid="replay-seat"][data-seat="0"]').getAttribute("aria-pressed")).toBe("true");
    expect(await page.locator('[data-testid="replay-players"] .seat[data-seat="0"] .tag.you').textContent()).toBe("shown");
    await page.locator('[data-testid="replay-seat"][data-seat="1"]').click();
    await page.locator('[data-testid="replay"][data-seat="1"]').waitFor();
    await page.locator('[data-testid="replay-seat"][data-seat=""]').click();
    await page.locator('[data-testid="replay"][data-seat=""]').waitFor();
    expect((await sentTypes(page)).filter((m) => m !== "ping")).toEqual(["replay", "replay", "replay"]);

    // The record as JSON, from the link.
    const href = (await page.getByTestId("replay-download").getAttribute("href"))!;
    expect(href).toBe(`/api/archive/${encodeURIComponent(id)}.json`);
    expect(await page.getByTestId("replay-download").getAttribute("download")).toBe(`${id}.json`);
    const record = await fetch(hall.server.url + href);
    expect(record.status).toBe(200);
    expect(record.headers.get("content-type")).toContain("json");
    await record.json();

    // The copy-link button puts the replay's address on the clipboard.
    await ada.ctx.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByTestId("replay-copy").click();
    expect(await page.getByTestId("replay-copied").textContent()).toBe("Link copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await page.getByTestId("replay-copied").waitFor({ state: "detached" });

    // Screenshots mid-game, as Ada saw it, wide and on a phone, in both languages.
    await page.locator('[data-testid="replay-seat"][data-seat="0"]').click();
    await page.locator('[data-testid="replay"][data-seat="0"]').waitFor();
    await slide(page, half);
    await inEachLanguageAndSize(page, async (lang, w) => {
      expect(await moveText(page)).toBe(lang === "en" ? `Move ${half} of ${moves}` : `${half}手目 / 全${moves}手`);
      expect(await page.getByTestId("replay-download").textContent()).toBe(lang === "en" ? "Download record (JSON)" : "棋譜をダウンロード (JSON)");
      // The players' two figures are said in words (a title shows on no touch screen).
      expect(await page.getByTestId("replay-legend").textContent()).toBe(
        lang === "en" ? "Score at this move · place and score at the end" : "この手の時点の得点・終了時の順位と得点",
      );
      await page.evaluate(() => scrollTo(0, 0));
      await picture(page, `replay-${w}-${lang}.png`, w);
      if (w <= 400) {
        // On a phone the controls, the seat switch and the players stay inside the page.
        const out = await page.evaluate(() =>
          [...document.querySelectorAll('[data-testid="replay-controls"] *, [data-testid="replay-players"] *')]
            .filter((e) => {
              const r = e.getBoundingClientRect();
              return r.width > 0 && (r.right > innerWidth + 0.5 || r.left < -0.5);
            })
            .map((e) => e.className || e.tagName),
        );
        expect(out).toEqual([]);
        await page.getByTestId("replay-players").scrollIntoViewIfNeeded();
        await picture(page, `replay-side-${w}-${lang}.png`, w);
      }
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId("lang").click();
    await page.locator("html[lang=en]").waitFor();

    // A reload of the address shows the same replay, from the start.
    await page.reload();
    await page.locator(`[data-testid="replay"][data-id="${id}"]`).waitFor();
    expect(await moveText(page)).toBe(`Move 0 of ${moves}`);
    await page.getByTestId("carc-board").waitFor();
    expect(await tilesOnBoard(page)).toBe(atStart);
    await page.getByTestId("replay-last").click();
    await page.getByTestId("result").waitFor();

    // Back to the lobby with the button, and the browser's back button to the replay.
    await page.getByTestId("back").click();
    await page.getByTestId("history").waitFor();
    expect(new URL(page.url()).hash).toBe("");
    await page.goBack();
    await page.locator(`[data-testid="replay"][data-id="${id}"]`).waitFor();
    await ada.ctx.close();
  }, 180_000);

  test("a replay address with an unknown id says so, in both languages", async () => {
    const kim = await hall.person("Kim");
    const page = await kim.ctx.newPage();
    await page.goto("/#replay/no-such-game");
    await page.getByTestId("replay-error").waitFor();
    expect(await page.getByTestId("replay-error").getAttribute("data-code")).toBe("unknown_game");
    expect(await page.getByTestId("replay-error").textContent()).toBe(
      "There is no finished game “no-such-game” in the archive. The link may be wrong, or the game is not over yet.",
    );
    expect(await page.locator(".notice").count()).toBe(0);
    await page.getByTestId("lang").click();
    await page.locator("html[lang=ja]").waitFor();
    expect(await page.getByTestId("replay-error").textContent()).toBe(
      "「no-such-game」という終わった対局は記録にありません。リンクが間違っているか、まだ対局中です。",
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await picture(page, "replay-unknown-390-ja.png", 390);
    await page.getByTestId("back").click();
    await page.getByTestId("history").waitFor();
    await kim.ctx.close();
  });
});
