// Kardinal & König on its own map board: one person and two AI players; the person
// plays whole turns by clicking cards in the hand, lit places on the map and the
// deck or a face-up card (never the list of intent buttons below the board), once a
// place before its cards; a watcher sees the pieces and no hand.

import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { mySeat, type Person, playTable, screenshotPath, useHall, version, waitMyTurn, waitVersionAbove } from "./harness";

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

/** A person in the hall on a touch screen (a context with `hasTouch`). */
async function touchPerson(name: string): Promise<Person> {
  const ctx = await hall.chrome.browser.newContext({ baseURL: hall.server.url, viewport: NARROW, hasTouch: true });
  const page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  page.on("pageerror", (e) => console.error(`[${name}] page error:`, e.message));
  await page.goto("/");
  await page.getByTestId("name-input").fill(name);
  await page.getByTestId("name-go").click();
  await page.locator('[data-testid="conn"][data-state="open"]').waitFor();
  return { ctx, page };
}

const NARROW = { width: 360, height: 780 };
const WIDE = { width: 1280, height: 800 };
const TOUCH_PX = 32;

/** The places the listed intents put a piece on, as "space:<id>" / "country:<id>",
 * read from the view (the test's own list to check the board against). */
async function legalPlaces(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
    const s = (window as Any).spieltisch.store.state;
    const out = new Set<string>();
    for (const i of s.tables[s.current].view.legal ?? []) {
      if (i.t !== "place") continue;
      out.add(i.piece === "cloister" ? `space:${i.space}` : `country:${i.country}`);
    }
    return [...out].sort();
  });
}

const placeSelector = (key: string) => {
  const [kind, id] = key.split(":");
  return kind === "space" ? `[data-testid="space"][data-space="${id}"]` : `[data-testid="country"][data-country="${id}"]`;
};

/** A lit place's touch target on screen, scrolled into view first when it is out of
 * the window or cut off by the map's frame (a phone), as a finger would scroll. */
async function targetBox(page: Page, key: string): Promise<{ x: number; y: number; width: number; height: number }> {
  return page.evaluate((sel) => {
    const g = document.querySelector(sel)!;
    const hitEl = g.querySelector(".kk-hit")!;
    let b = hitEl.getBoundingClientRect();
    // Out of the window, or cut off by the map's frame (a phone): bring it to the middle.
    const frame = g.closest('[data-testid="kk-map"]')!.getBoundingClientRect();
    const out = (r: DOMRect, top: number, left: number, bottom: number, right: number) =>
      r.top < top || r.left < left || r.bottom > bottom || r.right > right;
    if (out(b, 0, 0, innerHeight, innerWidth) || out(b, frame.top, frame.left, frame.bottom, frame.right)) {
      g.scrollIntoView({ block: "center", inline: "center" });
      b = hitEl.getBoundingClientRect();
    }
    return { x: b.left, y: b.top, width: b.width, height: b.height };
  }, placeSelector(key));
}

/** Taps every place in `keys` with the touch screen at the centre of its target, once
 * scrolled into view, and says what each tap hit (the probe records the lit place a
 * click lands in and stops it there, so nothing is played). Also each target's size
 * on screen and the least distance between two targets' centres. */
async function tapEach(page: Page, keys: string[]): Promise<{ hit: Record<string, string>; smallest: number; closest: number }> {
  await page.evaluate(() => ((window as unknown as { kkProbe: string[] }).kkProbe = []));
  const hit: Record<string, string> = {};
  let smallest = Infinity;
  const vp = page.viewportSize()!;
  for (const key of keys) {
    const box = await targetBox(page, key);
    smallest = Math.min(smallest, box.width, box.height);
    const x = box.x + box.width / 2,
      y = box.y + box.height / 2;
    expect(x > 0 && y > 0 && x < vp.width && y < vp.height, `${key} on screen`).toBe(true);
    await page.touchscreen.tap(x, y);
  }
  const probe = () => page.evaluate(() => (window as unknown as { kkProbe: string[] }).kkProbe);
  await expect.poll(async () => (await probe()).length).toBe(keys.length);
  (await probe()).forEach((got, i) => (hit[keys[i]] = got));
  // Centres of every lit target, in the map's own frame (scrolling moves them alike).
  const centres = await page.locator("[data-target] .kk-hit").evaluateAll((els) =>
    els.map((e) => {
      const b = e.getBoundingClientRect();
      return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
    }),
  );
  let closest = Infinity;
  for (let i = 0; i < centres.length; i++)
    for (let j = i + 1; j < centres.length; j++)
      closest = Math.min(closest, Math.hypot(centres[i].x - centres[j].x, centres[i].y - centres[j].y));
  return { hit, smallest, closest };
}

describe("Kardinal & König on a touch screen", () => {
  test("every legal place of a game in progress takes a tap at 360 and 1280 px; alliances on the map", async (t) => {
    if (!hall.has("kardinal")) t.skip();
    const { ctx, page } = await touchPerson("Tomo");
    await playTable(page, "kardinal", 2);
    const me = await mySeat(page);
    // Each click on a lit place is noted and stopped before the board sees it.
    await page.evaluate(() => {
      const w = window as unknown as { kkProbe: string[] | null };
      w.kkProbe = null;
      window.addEventListener(
        "click",
        (e) => {
          if (!w.kkProbe) return;
          const lit = (e.target as Element).closest?.("[data-target]");
          const key = lit ? (lit.getAttribute("data-space") ? `space:${lit.getAttribute("data-space")}` : `country:${lit.getAttribute("data-country")}`) : `none:${(e.target as Element).tagName}`;
          w.kkProbe.push(key);
          e.stopPropagation();
          e.preventDefault();
        },
        true,
      );
    });

    // The 15 alliances are on the map: a line and a numbered square each.
    await expect.poll(() => page.locator('[data-testid="alliance"]').count()).toBe(15);
    expect(await page.locator(".kk-alliance").count()).toBe(15);
    expect(await page.locator('[data-testid="alliance"][data-alliance="1"]').getAttribute("data-countries")).toBe("england frankreich");

    const tapped = { space: 0, country: 0 };
    let turns = 0;
    let shots = false;
    while (turns < 8 && (tapped.country === 0 || turns < 2) && (await waitMyTurn(page, { withMoves: true }))) {
      await page.locator('[data-testid="hand-card"]').first().waitFor();
      const keys = await legalPlaces(page);
      if (keys.length && (await page.locator('[data-testid="hand-card"][aria-pressed="true"]').count()) === 0) {
        // With no card chosen, every legal place is lit, and only those.
        const lit = await page.locator("[data-target]").evaluateAll((els) =>
          els.map((e) => (e.getAttribute("data-space") ? `space:${e.getAttribute("data-space")}` : `country:${e.getAttribute("data-country")}`)).sort(),
        );
        expect(lit).toEqual(keys);
        for (const size of [NARROW, WIDE]) {
          await page.setViewportSize(size);
          const { hit, smallest, closest } = await tapEach(page, keys);
          for (const key of keys) expect(hit[key], `a tap on ${key} at ${size.width} px`).toBe(key);
          expect(smallest, `the smallest target at ${size.width} px`).toBeGreaterThanOrEqual(TOUCH_PX);
          expect(closest, `the closest two targets at ${size.width} px`).toBeGreaterThanOrEqual(TOUCH_PX);
          // The page itself never scrolls sideways: the map's frame does.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        }
        for (const key of keys) tapped[key.startsWith("space") ? "space" : "country"]++;
        await page.evaluate(() => ((window as unknown as { kkProbe: string[] | null }).kkProbe = null));
        if (!shots) {
          for (const [size, name] of [
            [NARROW, "kardinal-touch-360"],
            [WIDE, "kardinal-touch-1280"],
          ] as const) {
            await page.setViewportSize(size);
            await page.getByTestId("kk-map").scrollIntoViewIfNeeded();
            await page.screenshot({ path: screenshotPath(`${name}-en.png`) });
            await page.getByTestId("lang").click();
            await page.locator("html[lang=ja]").waitFor();
            await page.getByTestId("kk-map").scrollIntoViewIfNeeded();
            await page.screenshot({ path: screenshotPath(`${name}-ja.png`) });
            await page.getByTestId("lang").click();
            await page.locator("html[lang=en]").waitFor();
          }
          // On the phone, "Whole map" fits the map into its frame to look over, and
          // the button brings the tappable size back.
          await page.setViewportSize(NARROW);
          const fits = () =>
            page.getByTestId("kk-map").evaluate((frame) => frame.querySelector("svg")!.getBoundingClientRect().width <= frame.clientWidth + 1);
          expect(await fits()).toBe(false);
          await page.getByTestId("kk-zoom").click();
          await expect.poll(fits).toBe(true);
          await page.getByTestId("kk-map").scrollIntoViewIfNeeded();
          await page.screenshot({ path: screenshotPath("kardinal-touch-360-whole-en.png") });
          await page.getByTestId("kk-zoom").click();
          await expect.poll(fits).toBe(false);
          shots = true;

          // And one tap for real, on the phone: the board takes it and places the
          // cloister (straight away, or once one of its payments is tapped too).
          const space = keys.find((k) => k.startsWith("space:"));
          if (space) {
            const v = await version(page);
            const box = await targetBox(page, space);
            await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
            await expect.poll(async () => (await version(page)) > v || (await page.getByTestId("pay-option").count()) > 0).toBe(true);
            if ((await version(page)) === v) await page.getByTestId("pay-option").first().tap();
            await waitVersionAbove(page, v);
            const id = space.slice("space:".length);
            await expect.poll(() => page.locator(`[data-space="${id}"] [data-testid="cloister"][data-seat="${me}"]`).count()).toBe(1);
          }
        }
      }
      await page.setViewportSize(WIDE);
      // Play the turn on (cloisters first, so that countries take cardinals soon).
      for (let steps = 0; steps < 8 && (await page.locator('[data-testid="turn"].mine').count()); steps++) {
        await step(page, me, false, false);
      }
      turns++;
    }
    console.log(`[kardinal] tapped ${tapped.space} spaces and ${tapped.country} coats of arms over ${turns} turns, at 360 and 1280 px`);
    expect(tapped.space).toBeGreaterThan(0);
    expect(tapped.country).toBeGreaterThan(0);
    await ctx.close();
  });
});
