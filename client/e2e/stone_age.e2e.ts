// Stone Age on its own board: one person and an AI player; the person plays rounds
// by clicking the board itself, never the list of intent buttons below it, the way
// the seed page describes: people are placed by clicking a space once per person
// (a right click takes one back; on a phone the − and + beside it), then OK; a card,
// a building or a food shortfall is paid by clicking resources one at a time (OK
// once they pay, ✕ only while none is chosen). The card row has the dearest card
// leftmost. Rounds end with feeding, and the next one begins.

import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { mySeat, playTable, screenshotPath, useHall, version, waitMyTurn, waitVersionAbove } from "./harness";

const hall = useHall();

const GATHER = ["forest", "clay_pit", "quarry", "river", "hunting_grounds"];
const round = async (page: Page) => Number(await page.getByTestId("sa-board").getAttribute("data-round"));
const spaceOf = (page: Page, space: string) => page.locator(`[data-testid="sa-space"][data-space="${space}"]`);
const spaceBtn = (page: Page, action: string, space?: string) =>
  page.locator(`[data-testid="sa-space"][data-action="${action}"]${space ? `[data-space="${space}"]` : ""} [data-testid="sa-space-btn"]`);
const lang = async (page: Page) => (await page.locator("html").getAttribute("lang")) as "en" | "ja";

/** Mouse: the seed's left and right clicks on the space. Phone: the + and − beside it. */
type Hand = "mouse" | "phone";

type Did = { what: string; space?: string; people?: number; round?: number; paid?: number };

/** Pictures of what is on screen now in both languages and both sizes, coming back
 * to the language and size the test plays in; the half-made choice must survive. */
async function shots(page: Page, name: string, focus: string, back: { lang: "en" | "ja"; width: number }): Promise<void> {
  for (const [l, w, h] of [
    ["en", 1280, 800],
    ["ja", 1280, 800],
    ["en", 390, 844],
    ["ja", 390, 844],
  ] as const) {
    if ((await lang(page)) !== l) {
      await page.getByTestId("lang").click();
      await page.locator(`html[lang=${l}]`).waitFor();
    }
    await page.setViewportSize({ width: w, height: h });
    // What the player looks at: the space or window in the middle of the screen.
    await page.locator(focus).first().evaluate((el) => el.scrollIntoView({ block: "center" }));
    await page.screenshot({ path: screenshotPath(`stone_age-${name}-${l}-${w}.png`) });
  }
  if ((await lang(page)) !== back.lang) {
    await page.getByTestId("lang").click();
    await page.locator(`html[lang=${back.lang}]`).waitFor();
  }
  await page.setViewportSize({ width: back.width, height: back.width < 800 ? 844 : 860 });
}

/** The cards' spaces from left to right as drawn (by their boxes on screen). */
async function cardOrder(page: Page): Promise<string[]> {
  const cards = page.locator('.sa-spaces.cards [data-testid="sa-space"]');
  const boxes: { space: string; x: number; y: number }[] = [];
  for (let i = 0; i < (await cards.count()); i++) {
    const b = (await cards.nth(i).boundingBox())!;
    boxes.push({ space: (await cards.nth(i).getAttribute("data-space"))!, x: b.x, y: b.y });
  }
  return boxes.sort((a, b) => (Math.abs(a.y - b.y) > 20 ? a.y - b.y : a.x - b.x)).map((b) => b.space);
}

/** People on `space` by clicks: `want` of them, overshooting by one and taking it
 * back, checking on the way that the board shows the people being added. */
async function placeByClicks(page: Page, space: string, want: number, hand: Hand, pictures: string | null): Promise<void> {
  const adding = spaceOf(page, space).getByTestId("sa-adding");
  const n = spaceOf(page, space).getByTestId("sa-placing-n");
  await spaceBtn(page, "place", space).click();
  await n.waitFor();
  expect(Number(await n.textContent())).toBe(1);
  const most = Number(await spaceOf(page, space).getByTestId("sa-count").last().getAttribute("data-n"));
  const target = Math.min(want, most);
  const more = spaceOf(page, space).getByTestId("sa-more");
  const fewer = spaceOf(page, space).getByTestId("sa-fewer");
  if (hand === "phone") {
    // Each big enough for a finger.
    for (const b of [more, fewer, spaceOf(page, space).getByTestId("sa-place-ok")]) {
      const box = (await b.boundingBox())!;
      expect(Math.min(box.width, box.height), "button size").toBeGreaterThanOrEqual(32);
    }
  }
  // Up to the most and once more (it stays there), then one back, then to the target.
  const forward = () => (hand === "mouse" ? spaceBtn(page, "place", space).click() : more.click());
  const back = () => (hand === "mouse" ? spaceBtn(page, "place", space).click({ button: "right" }) : fewer.click());
  for (let k = 1; k < most; k++) await forward();
  if (hand === "mouse") await forward();
  else expect(await more.isDisabled(), "+ stops at the most").toBe(true);
  await expect.poll(async () => Number(await n.textContent())).toBe(most);
  expect(await adding.count()).toBe(most);
  if (most > 1) {
    await back();
    await expect.poll(async () => Number(await n.textContent())).toBe(most - 1);
    expect(await adding.count()).toBe(most - 1);
  }
  for (let k = Number(await n.textContent()); k < target; k++) await forward();
  for (let k = Number(await n.textContent()); k > target; k--) await back();
  await expect.poll(async () => Number(await n.textContent())).toBe(target);
  expect(await adding.count()).toBe(target);
  if (pictures) await shots(page, pictures, `[data-testid="sa-space"][data-space="${space}"]`, { lang: await lang(page), width: hand === "phone" ? 390 : 1280 });
  expect(Number(await n.textContent()), "the choice survives a change of language and size").toBe(target);
  await spaceOf(page, space).getByTestId("sa-place-ok").click();
}

/** The payment window: resources clicked one at a time until OK shows, after taking
 * the first one back once (✕ shows again); ✕ when nothing can be paid. Returns how
 * many resources were paid (0 when left). */
async function payByClicks(page: Page, pictures: string | null, hand: Hand): Promise<number> {
  const win = page.getByTestId("sa-paywin");
  const add = win.locator('[data-testid="sa-pay-add"]:not([disabled])');
  const ok = win.getByTestId("sa-pay-ok");
  const x = win.getByTestId("sa-pay-x");
  const chosen = win.getByTestId("sa-pay-chosen");
  // The window comes into view by itself, as the seed's pops up.
  await expect
    .poll(() => win.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < window.innerHeight - 60))
    .toBe(true);
  if (!(await add.count())) {
    await x.click();
    return 0;
  }
  // Nothing chosen: ✕ but no OK.
  expect(await x.count()).toBe(1);
  expect(await ok.count()).toBe(0);
  await add.first().click();
  await expect.poll(() => chosen.count()).toBe(1);
  expect(await x.count(), "no ✕ once a resource is chosen").toBe(0);
  // Taken back: ✕ again.
  await chosen.first().click();
  await expect.poll(() => chosen.count()).toBe(0);
  expect(await x.count()).toBe(1);
  let n = 0;
  while (!(await ok.count())) {
    expect(await add.count(), "a resource can be added until the payment is complete").toBeGreaterThan(0);
    await add.first().click();
    n++;
    await expect.poll(() => chosen.count()).toBe(n);
  }
  if (hand === "phone") expect((await ok.boundingBox())!.height).toBeGreaterThanOrEqual(32);
  if (pictures) await shots(page, pictures, '[data-testid="sa-paywin"]', { lang: await lang(page), width: hand === "phone" ? 390 : 1280 });
  expect(await chosen.count(), "the choice survives a change of language and size").toBe(n);
  await ok.click();
  return n;
}

/** How the person places: "card" a card first (one click places on it), then four
 * people gathering (by clicks), then whatever is lit; "hoard" all five people
 * gathering resources and no food, so that the third round's feeding falls short. */
type Plan = "card" | "hoard";

/** One decision through the board, whatever is asked, placing by `plan`. Resolving:
 * gathering first, so that the card can be paid. */
async function act(page: Page, done: Did[], hand: Hand, plan: Plan, pictures: { place: boolean; pay: boolean }): Promise<Did> {
  const v = await version(page);
  const now = await round(page);
  let did: Did;
  if (await page.getByTestId("sa-tools-ok").count()) {
    // Add the first tool when the list allows it alone, else none.
    const tool = page.locator('[data-testid="sa-tool"]:not([disabled])');
    if (await tool.count()) await tool.first().click();
    if (!(await page.getByTestId("sa-tools-ok").isEnabled())) await tool.first().click();
    await page.getByTestId("sa-tools-ok").click();
    did = { what: "tools" };
  } else if (await page.locator('[data-testid="sa-pick-die"]:not([disabled])').count()) {
    await page.locator('[data-testid="sa-pick-die"]:not([disabled])').first().click();
    did = { what: "die" };
  } else if (await page.getByTestId("sa-paywin").count()) {
    const kind = (await page.getByTestId("sa-paywin").getAttribute("data-kind"))!;
    const paid = await payByClicks(page, pictures.pay ? `${hand}-pay-${kind}` : null, hand);
    did = { what: paid ? "pay" : "leave", space: kind, paid };
  } else if (await page.getByTestId("sa-take-pay").count()) {
    await page.getByTestId("sa-take-pay").first().click();
    did = { what: "take" };
  } else if (await spaceBtn(page, "resolve").count()) {
    let space: string | null = null;
    for (const g of GATHER) if (!space && (await spaceBtn(page, "resolve", g).count())) space = g;
    if (!space) space = (await page.locator('[data-testid="sa-space"][data-action="resolve"]').first().getAttribute("data-space"))!;
    await spaceBtn(page, "resolve", space).click();
    did = { what: "resolve", space };
  } else {
    const thisRound = done.filter((d) => d.what === "place" && d.round === now);
    // Cost 2 first: two resources to click one at a time (four gatherers in the
    // forest almost surely bring them).
    const cards = ["card_2", "card_1", "card_3", "card_4"];
    let space: string | null = null;
    const gather = plan === "hoard" ? GATHER.filter((g) => g !== "hunting_grounds") : GATHER;
    if (!thisRound.length && plan === "card") for (const c of cards) if (!space && (await spaceBtn(page, "place", c).count())) space = c;
    if (!space && !thisRound.some((d) => GATHER.includes(d.space!)))
      for (const g of gather) if (!space && (await spaceBtn(page, "place", g).count())) space = g;
    if (!space) for (const s of ["tool_maker", "hut", "field"]) if (!space && (await spaceBtn(page, "place", s).count())) space = s;
    if (!space) space = (await page.locator('[data-testid="sa-space"][data-action="place"]').first().getAttribute("data-space"))!;
    const mine = spaceOf(page, space).locator(`[data-testid="sa-person"][data-seat="${await mySeat(page)}"]`);
    if (GATHER.includes(space)) {
      await placeByClicks(page, space, plan === "hoard" ? 5 : 4, hand, pictures.place ? `${hand}-place` : null);
      pictures.place = false;
    } else {
      // A space with one way to use it (a card, a building, the village) takes it at once.
      await spaceBtn(page, "place", space).click();
    }
    await waitVersionAbove(page, v);
    const people = await mine.count();
    did = { what: "place", space, people, round: now };
  }
  if (did.what === "pay") pictures.pay = false;
  await waitVersionAbove(page, v);
  return did;
}

/** Plays this person's decisions until `until` holds or the third round is over. */
async function play(page: Page, hand: Hand, plan: Plan, until: (done: Did[]) => boolean, pictures = { place: true, pay: true }): Promise<Did[]> {
  const done: Did[] = [];
  while (!until(done) && (await round(page)) <= 4 && done.length < 80) {
    if (!(await waitMyTurn(page, { withMoves: true }))) break;
    done.push(await act(page, done, hand, plan, pictures));
    if (await page.getByTestId("result").count()) break;
  }
  console.log(`[stone_age ${hand}] ${done.map((d) => d.what + (d.space ? ` ${d.space}` : "") + (d.people ? `×${d.people}` : "") + (d.paid ? ` (${d.paid})` : "")).join(", ")}`);
  return done;
}

describe("Stone Age in the browser, as the seed page plays it", () => {
  test("with the mouse at 1280 px: the dearest card leftmost, people placed by clicks, payments clicked together", async (t) => {
    if (!hall.has("stone_age")) t.skip();
    const { ctx, page } = await hall.person("Ayla");
    await playTable(page, "stone_age");

    // The table: five gathering spaces, the village, two building stacks (two
    // players), four civilization cards, a supply per seat, and the legal list.
    await page.getByTestId("sa-board").waitFor();
    const spaces = page.getByTestId("sa-space");
    await expect.poll(() => spaces.count()).toBe(5 + 3 + 2 + 4);
    expect(await page.locator(".sa-spaces.buildings [data-testid='sa-space']").count()).toBe(2);
    expect(await page.locator("[data-testid='sa-space'] .sa-card").count()).toBe(4);
    expect(await page.getByTestId("sa-supply").count()).toBe(2);
    expect(await page.locator('.sa-spaces.buildings .sa-building:not([data-kind="?"])').count()).toBe(2);
    // The card row as on the seed's board: cost 4 leftmost, cost 1 rightmost.
    expect(await cardOrder(page)).toEqual(["card_4", "card_3", "card_2", "card_1"]);
    expect(await page.locator('.sa-spaces.cards [data-testid="sa-space"] .sa-space-name').allTextContents()).toEqual(["cost 4", "cost 3", "cost 2", "cost 1"]);
    const me = await mySeat(page);
    const food = page.locator(`[data-testid="sa-supply"][data-seat="${me}"] [data-testid="sa-res"][data-good="food"] .sa-chip-n`);
    expect(Number(await food.textContent())).toBe(12);

    const done = await play(page, "mouse", "card", (d) => d.some((x) => x.what === "pay" && x.paid! >= 2) && d.filter((x) => x.what === "place").length >= 4);
    // The first round ended with feeding.
    await page.locator('[data-testid="log"] li', { hasText: "Ayla feeds the people" }).first().waitFor();
    // People placed by left clicks and a right click: as many as chosen (the board
    // shows them; the test read them from it after OK).
    const gathered = done.filter((d) => d.what === "place" && GATHER.includes(d.space!));
    expect(gathered.length).toBeGreaterThan(0);
    for (const d of gathered) expect(d.people).toBeGreaterThanOrEqual(1);
    expect(gathered[0].people).toBe(4);
    // Paid by clicking resources one at a time, two of them at least once.
    expect(done.some((d) => d.what === "pay" && d.paid! >= 2)).toBe(true);
    await page.locator('[data-testid="log"] li', { hasText: /buys the civilization card|builds|feeds the people with/ }).first().waitFor();
    // The row is the same in Japanese.
    await page.getByTestId("lang").click();
    await page.getByText("資源獲得場").waitFor();
    expect(await cardOrder(page)).toEqual(["card_4", "card_3", "card_2", "card_1"]);
    await page.screenshot({ path: screenshotPath("stone_age-board-ja.png"), fullPage: true });
    await page.getByTestId("lang").click();
    // The heading (the status line may say "gathering: choose tools" too).
    await page.getByText("Gathering", { exact: true }).waitFor();
    await page.screenshot({ path: screenshotPath("stone_age-board.png"), fullPage: true });
    await ctx.close();
  });

  test("on a phone at 390 px in Japanese: + and − beside the space, resources tapped one at a time", async (t) => {
    if (!hall.has("stone_age")) t.skip();
    const { ctx, page } = await hall.person("Kaito", "ja-JP");
    await page.setViewportSize({ width: 390, height: 844 });
    if ((await lang(page)) !== "ja") await page.getByTestId("lang").click();
    await page.locator("html[lang=ja]").waitFor();
    await playTable(page, "stone_age");
    await page.getByTestId("sa-board").waitFor();
    // Narrow, the row wraps, but it still reads from the dearest card.
    expect(await cardOrder(page)).toEqual(["card_4", "card_3", "card_2", "card_1"]);

    const done = await play(page, "phone", "card", (d) => d.some((x) => x.what === "pay") && d.filter((x) => x.what === "place").length >= 2);
    const gathered = done.filter((d) => d.what === "place" && GATHER.includes(d.space!));
    expect(gathered[0]?.people).toBe(4);
    expect(done.some((d) => d.what === "pay" && d.paid! >= 1)).toBe(true);
    // The page never grew wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await ctx.close();
  });

  test("a food shortfall paid by clicking resources one at a time", async (t) => {
    if (!hall.has("stone_age")) t.skip();
    const { ctx, page } = await hall.person("Bram");
    await playTable(page, "stone_age");
    await page.getByTestId("sa-board").waitFor();
    // Five people gathering resources each round and none hunting: 12 food, less 5 a
    // round, leaves 2 for the third round's 5, 3 short.
    const done = await play(page, "mouse", "hoard", (d) => d.some((x) => x.space === "feed"), { place: false, pay: true });
    const fed = done.find((d) => d.space === "feed");
    expect(fed, "a feeding shortfall was asked about").toBeDefined();
    expect(fed!.paid).toBe(3);
    await page.locator('[data-testid="log"] li', { hasText: "Bram feeds the rest with" }).first().waitFor();
    await ctx.close();
  });
});
