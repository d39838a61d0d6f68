// The turn clock: the host sets a short clock in the options panel (and typed, with
// /option clock), the hall's row and the table's options line say it in words, the
// countdown runs on the host's seat in the players panel, the host waits without moving
// until the AI makes the move for them (the seat's stand-in mark, then the log and the
// turn move on), and then moves on their next turn. Screenshots of the players panel
// with a running clock at 1280×800 and 390×844 in English and Japanese go to
// client/test-results/.

import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { clearNotices, decideFirst, inEachLanguageAndSize, isMyTurn, mySeat, openTable, say, screenshotPath, useHall, waitMyTurn } from "./harness";

// AI players wait half a second, so a stand-in's move shows for a moment.
const hall = useHall("0.5");
const GAME = "carcassonne";
const CLOCK = 4; // seconds per move: the first turn's bank holds 3 × 4 s, a later turn's 4 s

const clockOf = (page: Page, seat: number) => page.locator(`.seat[data-seat="${seat}"] [data-testid="seat-clock"]`);
const left = async (page: Page, seat: number) => Number(await clockOf(page, seat).getAttribute("data-left"));

/** The seat's log entries the page holds (its own moves, the stand-in's included). */
async function movesBySeat(page: Page, seat: number): Promise<number> {
  return page.evaluate((seat) => {
    type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
    const s = (window as Any).spieltisch.store.state;
    const log: { code: string; args?: Record<string, unknown> }[] = s.tables[s.current].view.log ?? [];
    return log.filter((e) => e.code !== "turn" && (e.args?.seat === seat || e.args?.player === seat)).length;
  }, seat);
}

describe("the turn clock", () => {
  test("the host sets a clock, it runs down on their seat, the AI moves when it runs out, and they play on", async (t) => {
    if (!hall.has(GAME)) t.skip();
    const ada = await hall.person("Ada");
    const ben = await hall.person("Ben", "ja-JP");
    const page = ada.page;
    await openTable(page, GAME);
    const room = (await page.getByTestId("table").getAttribute("data-room"))!;
    await page.locator(".seat .tag.you").waitFor();
    await page.getByTestId("bot-level").selectOption("random");
    await page.getByTestId("tool-bot").click();
    await expect.poll(() => page.locator(".seat .tag.bot").count()).toBe(1);

    // The options panel offers the clock: none at first, then a preset, then typed.
    const choice = page.getByTestId("option-clock");
    expect(await choice.inputValue()).toBe("0");
    expect(await choice.locator("option").allTextContents()).toEqual(["none", "30 s", "60 s", "120 s", "300 s", "other…"]);
    await choice.selectOption("60");
    await expect.poll(() => page.getByTestId("options-line").textContent()).toContain("clock 60 s / move");
    await say(page, "/option clock 120");
    await expect.poll(() => choice.inputValue()).toBe("120");
    await expect.poll(() => page.getByTestId("options-line").textContent()).toContain("clock 120 s / move");
    // Out of range: the server refuses, and the refusal shows as a notice.
    await say(page, "/option clock 5000");
    await page.locator('.notice[data-code="bad_option"]').waitFor();
    await clearNotices(page);
    // A short clock through "other…" and its field of seconds.
    await choice.selectOption("other");
    await page.getByTestId("option-clock-seconds").fill(String(CLOCK));
    await page.getByTestId("option-clock-seconds").press("Tab");
    await expect.poll(() => page.getByTestId("options-line").textContent()).toContain(`clock ${CLOCK} s / move`);
    expect(await choice.inputValue()).toBe("other");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("tools").scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId("tools").screenshot({ path: screenshotPath("clock-options-390-en.png") });
    await page.setViewportSize({ width: 1280, height: 860 });
    // The hall's row says it too, in the reader's language.
    await ben.page.locator(`tr[data-room="${room}"] .opt-word[data-option="clock"]`, { hasText: `持ち時間 1手${CLOCK}秒` }).waitFor();
    await ben.page.locator(`tr[data-room="${room}"]`).screenshot({ path: screenshotPath("clock-hall-row-ja.png") });
    // The hall's form offers the clock for a new table as well.
    expect(await ben.page.getByTestId("option-clock").locator("option").allTextContents()).toEqual(["なし", "30秒", "60秒", "120秒", "300秒", "その他…"]);
    await ben.page.locator(".card.create").screenshot({ path: screenshotPath("clock-hall-form-ja.png") });
    // Before the start there is no clock on the seats.
    expect(await page.locator('[data-testid="seat-clock"]').count()).toBe(0);

    // Watch the store for the host's seat being stood in for, however briefly.
    await page.getByTestId("tool-start").click();
    await page.locator('[data-testid="table"][data-status="playing"]').waitFor();
    expect(await choice.isDisabled()).toBe(true);
    const me = await mySeat(page);
    await page.evaluate((me) => {
      type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
      const w = window as Any;
      w.clockSeen = { standin: 0, standinRunning: false };
      w.spieltisch.store.subscribe((s: Any) => {
        const seat = s.tables[s.current]?.room?.seats?.[me];
        if (seat?.standin) w.clockSeen.standin++;
      });
    }, me);
    expect(await waitMyTurn(page)).toBe(true);

    // The countdown runs on the host's seat: it goes down between two looks.
    await clockOf(page, me).waitFor();
    await expect.poll(() => clockOf(page, me).getAttribute("data-running")).toBe("true");
    const a = await left(page, me);
    await page.waitForTimeout(600);
    const b = await left(page, me);
    console.log(`[clock] host's seat: ${a.toFixed(1)} s, then ${b.toFixed(1)} s 0.6 s later`);
    expect(a).toBeLessThanOrEqual(3 * CLOCK);
    expect(b).toBeLessThan(a);
    expect(b).toBeGreaterThan(a - 1.5);
    expect(await clockOf(page, me).textContent()).toMatch(/^0:\d\d(\.\d)?$/);
    // The other seat's clock stands still while it waits.
    expect(await clockOf(page, 1 - me).getAttribute("data-running")).toBe("false");

    // Pictures of the players panel with the clock running, wide and on a phone.
    await inEachLanguageAndSize(page, async (lang, w) => {
      expect(await page.getByTestId("options-line").textContent()).toContain(lang === "en" ? `clock ${CLOCK} s / move` : `持ち時間 1手${CLOCK}秒`);
      if (w === 390) {
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        const out = await page.evaluate(() => {
          const panel = document.querySelector('[data-testid="players"]')!.getBoundingClientRect();
          return [...document.querySelectorAll(".seat, .seat *")]
            .filter((e) => {
              const r = e.getBoundingClientRect();
              return r.width > 0 && (r.right > panel.right + 0.5 || r.left < panel.left - 0.5);
            })
            .map((e) => e.className || e.tagName);
        });
        expect(out).toEqual([]);
      }
      await page.getByTestId("players").scrollIntoViewIfNeeded();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const running = await clockOf(page, me).getAttribute("data-running");
      console.log(`[clock] ${w}-${lang}: ${await clockOf(page, me).textContent()} (running: ${running})`);
      await page.screenshot({ path: screenshotPath(`clock-${w}-${lang}.png`) });
      await page.getByTestId("players").screenshot({ path: screenshotPath(`clock-players-${w}-${lang}.png`) });
        });
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByTestId("lang").click();
    await page.locator("html[lang=en]").waitFor();

    // Under 10 s the clock is urgent (red), and it never shows below zero.
    await expect.poll(() => clockOf(page, me).getAttribute("class"), { timeout: 15_000 }).toContain("urgent");
    expect(await clockOf(page, me).textContent()).toMatch(/^0:0\d\.\d$/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("players").scrollIntoViewIfNeeded();
    await page.getByTestId("players").screenshot({ path: screenshotPath("clock-urgent-390-en.png") });
    await page.setViewportSize({ width: 1280, height: 860 });

    // The host does not move: the bank runs out, the AI stands in for this move, the
    // log and the turn move on, and the mark goes once the move is made.
    const before = await movesBySeat(page, me);
    await expect.poll(() => page.evaluate(() => (window as unknown as { clockSeen: { standin: number } }).clockSeen.standin), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => movesBySeat(page, me), { timeout: 15_000 }).toBeGreaterThan(before);
    await expect.poll(() => isMyTurn(page), { timeout: 15_000 }).toBe(false);
    console.log(`[clock] the stand-in made ${(await movesBySeat(page, me)) - before} log entries for the host's seat`);
    const mark = await page.locator(`.seat[data-seat="${me}"] [data-testid="presence"]`).getAttribute("data-presence");
    expect(["standin", "here"]).toContain(mark);

    // Their next turn: a move's worth in the bank, running; they move in time themselves.
    expect(await waitMyTurn(page)).toBe(true);
    await expect.poll(() => page.locator(`.seat[data-seat="${me}"] [data-testid="presence"]`).getAttribute("data-presence")).toBe("here");
    await expect.poll(() => clockOf(page, me).getAttribute("data-running")).toBe("true");
    expect(await left(page, me)).toBeLessThanOrEqual(CLOCK);
    const seen = await page.evaluate(() => (window as unknown as { clockSeen: { standin: number } }).clockSeen.standin);
    const mine = await movesBySeat(page, me);
    while (await isMyTurn(page)) await decideFirst(page);
    expect(await movesBySeat(page, me)).toBeGreaterThan(mine);
    // Not stood in for this time; the clock stopped with time to spare once it was over.
    expect(await page.evaluate(() => (window as unknown as { clockSeen: { standin: number } }).clockSeen.standin)).toBe(seen);
    await expect.poll(() => clockOf(page, me).getAttribute("data-running")).toBe("false");
    expect(await left(page, me)).toBeGreaterThan(0);
    await page.getByTestId("players").screenshot({ path: screenshotPath("clock-after-move.png") });
    await ada.ctx.close();
    await ben.ctx.close();
  }, 100_000);
});
