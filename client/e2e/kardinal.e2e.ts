// Kardinal & König on its own map board: one person and two AI players; the person
// plays whole turns by clicking cards in the hand, lit places on the map and the
// deck or a face-up card (never the list of intent buttons below the board), once a
// place before its cards; a watcher sees the pieces and no hand.

import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { mySeat, playTable, screenshotPath, useHall, version, waitMyTurn, waitVersionAbove } from "./harness";

const hall = useHall();

/** Whether the screenshot (cards chosen, places lit) has been taken. */
let shotTaken = false;
/** Whether a place has been clicked before its cards (see placeFirstThenCards). */
let placedFirst = false;

const litSpaces = (page: Page) => page.locator('[data-testid="space"][data-target]');
const litCountries = (page: Page) => page.locator('[data-testid="country"][data-target]');
const usableCards = (page: Page) => page.locator('[data-testid="hand-card"]:not([disabled])');

/** Choose hand cards until a space (or else a country) lights up, then click it.
 * Returns what was placed, or null when the hand pays for nothing on the map. */
async function placeByCards(page: Page, shot: boolean, preferCardinal = false): Promise<"cloister" | "cardinal" | null> {
  for (let first = 0; first < (await usableCards(page).count()); first++) {
    await usableCards(page).nth(first).click();
    // One card, or (when one alone lights nothing) a second one as a joker pair.
    if ((await litSpaces(page).count()) + (await litCountries(page).count()) === 0 && (await usableCards(page).count()) > 1) {
      const second = page.locator('[data-testid="hand-card"][aria-pressed="false"]:not([disabled])');
      if (await second.count()) await second.first().click();
    }
    const spaces = await litSpaces(page).count(),
      countries = await litCountries(page).count();
    const what = countries && (preferCardinal || !spaces) ? "cardinal" : spaces ? "cloister" : null;
    if (what) {
      if (shot && !shotTaken) {
        await page.screenshot({ path: screenshotPath("kardinal-board.png") });
        shotTaken = true;
      }
      const v = await version(page);
      await (what === "cloister" ? litSpaces(page) : litCountries(page)).first().click();
      await waitVersionAbove(page, v);
      return what;
    }
    // Nothing to pay for with these: put the cards back and try the next one.
    for (const c of await page.locator('[data-testid="hand-card"][aria-pressed="true"]').all()) await c.click();
  }
  return null;
}

/** The place first, then the cards. The test peeks at the listed intents (the page
 * does not need to) for a free space that two payments reach, a card or a joker pair;
 * clicking it lights no intent yet but offers the payments, and clicking the pair's
 * cards in the hand then sends the pair's intent. False when no such space is listed. */
async function placeFirstThenCards(page: Page, me: number): Promise<boolean> {
  const pick = await page.evaluate(() => {
    type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
    const s = (window as Any).spieltisch.store.state;
    const legal: Any[] = s.tables[s.current].view.legal ?? [];
    const pays = new Map<string, string[][]>();
    for (const i of legal) {
      if (i.t !== "place" || i.piece !== "cloister") continue;
      pays.set(i.space, [...(pays.get(i.space) ?? []), i.cards]);
    }
    for (const [space, options] of pays) {
      const pair = options.find((c) => c.length === 2);
      if (options.length > 1 && pair) return { space, card: pair[0] as string };
    }
    return null;
  });
  if (!pick) return false;
  const v = await version(page);
  await page.locator(`[data-testid="space"][data-space="${pick.space}"]`).click();
  await expect.poll(() => page.getByTestId("pay-option").count()).toBeGreaterThan(1);
  expect(await version(page)).toBe(v); // nothing sent yet
  await page.locator(`[data-testid="hand-card"][data-card="${pick.card}"]`).first().click();
  await page.locator(`[data-testid="hand-card"][data-card="${pick.card}"][aria-pressed="false"]`).first().click();
  await waitVersionAbove(page, v);
  await expect.poll(() => page.locator(`[data-space="${pick.space}"] [data-testid="cloister"][data-seat="${me}"]`).count()).toBe(1);
  placedFirst = true;
  return true;
}

/** One step of my turn, chosen by what the board offers. */
async function step(page: Page, me: number, shot: boolean, preferCardinal: boolean): Promise<string> {
  const v = await version(page);
  const deck = page.locator('[data-testid="deck"]:not([disabled])');
  const display = page.locator('[data-testid="display-card"]:not([disabled])');
  if (await deck.count()) {
    await deck.click();
  } else if (await display.count()) {
    await display.first().click();
  } else {
    if (!placedFirst && (await placeFirstThenCards(page, me))) return "cloister";
    const placed = await placeByCards(page, shot, preferCardinal);
    if (placed) return placed;
    if (await page.getByTestId("exchange").count()) {
      await usableCards(page).first().click();
      await page.getByTestId("exchange").click();
    } else if (await page.getByTestId("end-turn").count()) {
      await page.getByTestId("end-turn").click();
    } else {
      await page.getByTestId("pass").click();
    }
  }
  await waitVersionAbove(page, v);
  return "other";
}

describe("Kardinal & König in the browser", () => {
  test("turns played on the map: cards, places, drawing", async (t) => {
    if (!hall.has("kardinal")) t.skip();
    const began = Date.now();
    const { ctx, page } = await hall.person("Kai");
    // The board is meant to be readable on a 1280×800 screen without zooming.
    await page.setViewportSize({ width: 1280, height: 800 });
    await playTable(page, "kardinal", 2);

    // The whole map is drawn from the catalogue: 50 spaces, 9 countries.
    await expect.poll(() => page.locator('[data-testid="space"]').count()).toBe(50);
    expect(await page.locator('[data-testid="country"]').count()).toBe(9);
    // The start player is drawn at random: the list of moves comes with our turn.
    expect(await waitMyTurn(page, { withMoves: true })).toBe(true);
    expect(await page.locator('[data-testid="legal"]').count()).toBe(1);
    const me = await mySeat(page);
    const startVersion = await version(page);

    let cloisters = 0,
      cardinals = 0,
      turns = 0;
    while (turns < 4 && (await waitMyTurn(page))) {
      // A turn: place (by cards, then the map), then draw until the turn passes on.
      for (let steps = 0; steps < 8 && (await page.locator('[data-testid="turn"].mine').count()); steps++) {
        // From the third turn on, a cardinal wherever a card can send one.
        const what = await step(page, me, turns >= 1, turns >= 2);
        if (what === "cloister") cloisters++;
        if (what === "cardinal") cardinals++;
      }
      turns++;
    }
    expect(turns).toBeGreaterThanOrEqual(3);
    expect(await version(page)).toBeGreaterThan(startVersion);
    if (cloisters > 0) {
      await expect.poll(() => page.locator(`[data-testid="cloister"][data-seat="${me}"]`).count()).toBeGreaterThan(0);
    }
    expect(cloisters).toBeGreaterThan(0);
    // Everybody's pieces are on the map: the AI players built too.
    expect(await page.locator('[data-testid="cloister"]').count()).toBeGreaterThan(cloisters);
    if (cardinals > 0) {
      await expect.poll(() => page.locator(`[data-testid="cardinals"][data-seat="${me}"]`).count()).toBeGreaterThan(0);
    }
    if (!shotTaken) await page.screenshot({ path: screenshotPath("kardinal-board.png") });
    // A watcher sees the same map and pieces, and no hand at all.
    const room = (await page.getByTestId("table").getAttribute("data-room"))!;
    const wen = await hall.person("Wen");
    await wen.page.locator(`tr[data-room="${room}"] [data-testid="enter"]`).click();
    await wen.page.getByTestId("spectator").waitFor();
    await expect.poll(() => wen.page.locator('[data-testid="space"]').count()).toBe(50);
    await expect.poll(() => wen.page.locator(`[data-testid="cloister"][data-seat="${me}"]`).count()).toBeGreaterThan(0);
    expect(await wen.page.getByTestId("hand-card").count()).toBe(0);
    expect(await wen.page.locator('[data-testid="space"][data-target]').count()).toBe(0);
    await wen.ctx.close();

    // The same board in Japanese (the words of strings.ts), then back.
    await page.getByTestId("lang").click();
    await page.getByText("表向きのカードと山札").waitFor();
    await page.screenshot({ path: screenshotPath("kardinal-board-ja.png") });
    await page.getByTestId("lang").click();
    await page.getByText("Face-up cards and deck").waitFor();
    console.log(
      `[kardinal] ${turns} turns on the map: ${cloisters} cloisters, ${cardinals} cardinals; ` +
        `a place clicked before its cards: ${placedFirst ? "yes" : "no such choice came up"}`,
    );
    expect(Date.now() - began).toBeLessThan(40_000);
    await ctx.close();
  });
});
