// Presence at a running table: a player who closes the page shows as away (counting
// up), the AI stands in once their turn has waited past the table's grace (here 1 s,
// `--away-grace 1`), the host may let the AI play an away seat at once, and a player
// may resign (with an inline confirmation, or /resign). Screenshots of the players
// panel with an away seat and a stand-in seat go to client/test-results/.

import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { type Person, clearNotices, decideFirst, inEachLanguageAndSize, isMyTurn, openTable, say, screenshotPath, useHall } from "./harness";

const hall = useHall("0.02", ["--away-grace", "1"]);
const GAME = "carcassonne";

const presence = (page: Page, seat: number) => page.locator(`.seat[data-seat="${seat}"] [data-testid="presence"]`);
const presenceOf = (page: Page, seat: number) => presence(page, seat).getAttribute("data-presence");

/** A table of GAME opened by the first person (the host), everyone seated in order. */
async function seatedTable(people: Person[]): Promise<string> {
  const [host, ...rest] = people;
  await openTable(host.page, GAME);
  const room = (await host.page.getByTestId("table").getAttribute("data-room"))!;
  await host.page.locator(".seat .tag.you").waitFor();
  for (const p of rest) {
    await p.page.locator(`tr[data-room="${room}"] [data-testid="enter"]`).click();
    await p.page.getByTestId("tool-join").click();
    await p.page.locator(".seat .tag.you").waitFor();
  }
  return room;
}

async function start(people: Person[]): Promise<void> {
  await people[0].page.getByTestId("tool-start").click();
  for (const p of people) await p.page.locator('[data-testid="table"][data-status="playing"]').waitFor();
}

/** Whoever's page says it is their turn decides, until it is the first person's turn. */
async function untilTurnOf(people: Person[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await isMyTurn(people[0].page))) {
    if (Date.now() > deadline) throw new Error("the first person's turn did not come");
    let moved = false;
    for (const p of people.slice(1)) {
      if (await isMyTurn(p.page)) {
        await decideFirst(p.page);
        moved = true;
        break;
      }
    }
    if (!moved) await people[0].page.waitForTimeout(30);
  }
}

/** The seats' log entries the page holds, per seat. */
async function movesBySeat(page: Page, seat: number): Promise<number> {
  return page.evaluate((seat) => {
    type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
    const s = (window as Any).spieltisch.store.state;
    const log: { code: string; args?: Record<string, unknown> }[] = s.tables[s.current].view.log ?? [];
    return log.filter((e) => e.code !== "turn" && (e.args?.seat === seat || e.args?.player === seat)).length;
  }, seat);
}

describe("presence, stand-ins and resigning", () => {
  test("a player who leaves is away, then the AI stands in, and the game ends against it", async (t) => {
    if (!hall.has(GAME)) t.skip();
    const ada = await hall.person("Ada");
    const ben = await hall.person("Ben");
    await seatedTable([ada, ben]);
    // Before the start both are here.
    await expect.poll(() => presenceOf(ada.page, 0)).toBe("here");
    await expect.poll(() => presenceOf(ada.page, 1)).toBe("here");
    expect(await presence(ada.page, 1).textContent()).toBe("here");
    await start([ada, ben]);
    await untilTurnOf([ada, ben]);

    // Ben closes his page while Ada is to move: away, counting up, not yet stood in for
    // (the grace runs only on his turn), and Ada (the host) may let the AI play him.
    await ben.ctx.close();
    await expect.poll(() => presenceOf(ada.page, 1)).toBe("away");
    expect(await presence(ada.page, 1).textContent()).toBe("away for <1 min");
    expect(await presence(ada.page, 1).getAttribute("title")).toContain("Ben has left");
    await ada.page.locator('.seat[data-seat="1"] [data-testid="hand-to-ai"]').waitFor();
    expect(await ada.page.locator('.seat[data-seat="0"] [data-testid="hand-to-ai"]').count()).toBe(0);
    await ada.page.waitForTimeout(1_500);
    expect(await presenceOf(ada.page, 1)).toBe("away");

    // Ada ends her turn; Ben's turn waits past the grace and the AI stands in for him.
    const benBefore = await movesBySeat(ada.page, 1);
    while (await isMyTurn(ada.page)) await decideFirst(ada.page);
    await expect.poll(() => presenceOf(ada.page, 1), { timeout: 15_000 }).toBe("standin");
    expect(await presence(ada.page, 1).textContent()).toBe("AI stands in");
    expect(await ada.page.locator('[data-testid="hand-to-ai"]').count()).toBe(0);

    // Ada plays the whole game against the stand-in, to the result.
    const t0 = Date.now();
    let mine = 0;
    for (;;) {
      if (await ada.page.getByTestId("result").count()) break;
      if (await isMyTurn(ada.page)) {
        await decideFirst(ada.page);
        mine++;
      } else await ada.page.waitForTimeout(25);
      expect(mine, "Ada's decisions").toBeLessThan(400);
      expect(Date.now() - t0, "the game against the stand-in").toBeLessThan(150_000);
    }
    const benMoves = (await movesBySeat(ada.page, 1)) - benBefore;
    console.log(`[presence] the game ended after ${mine} decisions of Ada's in ${((Date.now() - t0) / 1000).toFixed(1)} s; ${benMoves} log entries of Ben's seat by the stand-in`);
    expect(benMoves).toBeGreaterThan(10);
    await ada.page.getByTestId("result").waitFor();
    expect(await presenceOf(ada.page, 1)).toBe("standin");
    expect(await ada.page.locator('[data-testid="result"] .ranking li').count()).toBe(2);
    await ada.page.screenshot({ path: screenshotPath("presence-result.png") });
    await ada.ctx.close();
  }, 200_000);

  test("the host lets the AI play an away seat; away and stand-in seats in both languages, wide and on a phone", async (t) => {
    if (!hall.has(GAME)) t.skip();
    const ida = await hall.person("Ida");
    const jon = await hall.person("Jon");
    const kim = await hall.person("Kimiko Nakamura");
    const people = [ida, jon, kim];
    await seatedTable(people);
    await start(people);
    await untilTurnOf(people);
    await jon.ctx.close();
    await kim.ctx.close();
    const page = ida.page;
    await expect.poll(() => presenceOf(page, 1)).toBe("away");
    await expect.poll(() => presenceOf(page, 2)).toBe("away");

    // The button hands Jon's seat to the AI at once; Kim stays away.
    await page.locator('.seat[data-seat="1"] [data-testid="hand-to-ai"]').click();
    await expect.poll(() => presenceOf(page, 1)).toBe("standin");
    expect(await presenceOf(page, 2)).toBe("away");
    await page.locator('.seat[data-seat="2"] [data-testid="hand-to-ai"]').waitFor();

    // The time away counts up from the server's away_since, looked at again every few
    // seconds (set back in the page's store, as if Kim had left two minutes ago).
    const setAway = (secondsAgo: number) =>
      page.evaluate((ago) => {
        type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
        const store = (window as Any).spieltisch.store;
        const room = store.state.tables[store.state.current].room;
        store.handle({ ...room, seats: room.seats.map((x: Any, i: number) => (x && i === 2 ? { ...x, away_since: Date.now() / 1000 - ago } : x)) });
      }, secondsAgo);
    await setAway(117);
    await expect.poll(() => presence(page, 2).textContent()).toBe("away for 1 min");
    await expect.poll(() => presence(page, 2).textContent(), { timeout: 12_000 }).toBe("away for 2 min");

    await inEachLanguageAndSize(page, async (lang, w) => {
      expect(await presence(page, 1).textContent()).toBe(lang === "en" ? "AI stands in" : "AI代行中");
      expect(await presence(page, 2).textContent()).toBe(lang === "en" ? "away for 2 min" : "離席中（2分）");
      expect(await page.locator('.seat[data-seat="2"] [data-testid="hand-to-ai"]').textContent()).toBe(lang === "en" ? "Let the AI play" : "AIに任せる");
      if (w === 390) {
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        // Every part of each seat's row stays inside the players panel.
        const out = await page.evaluate(() => {
          const panel = document.querySelector('[data-testid="players"]')!.getBoundingClientRect();
          return [...document.querySelectorAll(".seat *")]
            .filter((e) => {
              const r = e.getBoundingClientRect();
              return r.width > 0 && (r.right > panel.right + 0.5 || r.left < panel.left - 0.5);
            })
            .map((e) => e.className || e.tagName);
        });
        expect(out).toEqual([]);
        await page.getByTestId("players").scrollIntoViewIfNeeded();
      }
      // Two frames after the resize and the scroll, so the picture is of the settled page.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.screenshot({ path: screenshotPath(`presence-${w}-${lang}.png`) });
        });
    await page.setViewportSize({ width: 1280, height: 860 });
    if ((await page.locator("html").getAttribute("lang")) !== "en") await page.getByTestId("lang").click();
    await page.locator("html[lang=en]").waitFor();

    // Typed: /bot 3 during the game hands Kim's seat to the AI too; again is refused.
    await say(page, "/bot 3");
    await expect.poll(() => presenceOf(page, 2)).toBe("standin");
    await say(page, "/bot 3");
    await page.locator('.notice[data-code="seat_taken"]').waitFor();
    await clearNotices(page);
    await ida.ctx.close();
  }, 100_000);

  test("a player resigns after confirming; the seat shows resigned to everyone", async (t) => {
    if (!hall.has(GAME)) t.skip();
    const lou = await hall.person("Lou");
    const max = await hall.person("Max");
    const nia = await hall.person("Nia");
    const room = await seatedTable([lou, max]);
    // Before the start the server refuses, and the refusal shows like any other.
    await say(lou.page, "/resign");
    await lou.page.locator('.notice[data-code="not_started"]').waitFor();
    expect(await lou.page.getByTestId("tool-resign").count()).toBe(0);
    await clearNotices(lou.page);
    await start([lou, max]);

    // A watcher has no resign button, and /resign is refused.
    await nia.page.locator(`tr[data-room="${room}"] [data-testid="enter"]`).click();
    await nia.page.getByTestId("spectator").waitFor();
    expect(await nia.page.getByTestId("tool-resign").count()).toBe(0);
    await say(nia.page, "/resign");
    await nia.page.locator('.notice[data-code="not_seated"]').waitFor();

    // Max presses Resign: a small confirmation in the tools; "Keep playing" takes it back.
    const page = max.page;
    await page.getByTestId("tool-resign").click();
    await page.getByTestId("resign-confirm").waitFor();
    expect(await page.getByTestId("resign-confirm").textContent()).toContain("Give up this game?");
    await page.getByTestId("resign-no").click();
    expect(await page.getByTestId("resign-confirm").count()).toBe(0);
    expect(await presenceOf(lou.page, 1)).toBe("here");
    // In Japanese on a phone, for the picture; then resign for real.
    await page.getByTestId("lang").click();
    await page.locator("html[lang=ja]").waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("tool-resign").click();
    await page.getByTestId("resign-confirm").waitFor();
    expect(await page.getByTestId("resign-yes").textContent()).toBe("投了する");
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId("resign-confirm").scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("resign-confirm-390-ja.png") });
    await page.getByTestId("resign-yes").click();

    // Everyone sees the seat resigned; Max's page says the AI plays his seat, offers no
    // moves and no second resign, and the server refuses /resign again.
    for (const p of [lou.page, max.page, nia.page]) await expect.poll(() => presenceOf(p, 1)).toBe("resigned");
    expect(await presence(page, 1).textContent()).toBe("投了");
    expect(await presence(lou.page, 1).textContent()).toBe("resigned");
    expect(await presence(nia.page, 1).textContent()).toBe("resigned");
    await page.locator('[data-testid="turn"].resigned').waitFor();
    expect(await page.getByTestId("tool-resign").count()).toBe(0);
    expect(await page.getByTestId("place-spot").count()).toBe(0);
    await page.getByTestId("players").scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("resigned-390-ja.png") });
    await say(page, "/resign");
    await page.locator('.notice[data-code="bad_message"]').waitFor();

    // The AI plays Max's seat: after Lou's turn the game comes back to Lou.
    const maxBefore = await movesBySeat(lou.page, 1);
    for (let turn = 0; turn < 2; turn++) {
      const deadline = Date.now() + 20_000;
      while (!(await isMyTurn(lou.page))) {
        if (Date.now() > deadline) throw new Error("Lou's turn did not come back");
        await lou.page.waitForTimeout(30);
      }
      while (await isMyTurn(lou.page)) await decideFirst(lou.page);
    }
    await expect.poll(() => movesBySeat(lou.page, 1)).toBeGreaterThan(maxBefore);
    for (const p of [lou, max, nia]) await p.ctx.close();
  }, 100_000);
});
