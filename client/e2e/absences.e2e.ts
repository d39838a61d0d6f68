// Leaving a running game and who moved, as players meet them. Ada and Ben play
// Carcassonne; Ben presses Leave: a confirmation first, then the AI takes his seat at
// once — his seat says "left · AI plays", the lobby says "left" instead of "you", and
// the log marks the moves the AI made for him. The host sets the AI's pace. Then Ada
// leaves too: every person has left, so the game stops and the hall lists it as
// abandoned, with no winner. Screenshots absences-*.png at 1280 and 390 px, English and
// Japanese, in client/test-results/.

import { expect, test } from "vitest";
import { decideFirst, inEachLanguageAndSize, isMyTurn, openTable, type Person, say, screenshotPath, useHall } from "./harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

// The AI standing in for Ben moves at once.
const hall = useHall("0");
const GAME = "carcassonne";

async function seatedAndStarted(host: Person, guest: Person): Promise<string> {
  await openTable(host.page, GAME);
  const room = (await host.page.getByTestId("table").getAttribute("data-room"))!;
  await guest.page.locator(`tr[data-room="${room}"] [data-testid="enter"]`).click();
  await guest.page.getByTestId("tool-join").click();
  await guest.page.locator(".seat .tag.you").waitFor();
  await host.page.getByTestId("tool-start").click();
  for (const p of [host, guest]) await p.page.locator('[data-testid="table"][data-status="playing"]').waitFor();
  return room;
}

test("a player who leaves is replaced at once and marked; when all have left, the game is abandoned", async (t) => {
  if (!hall.has(GAME)) t.skip();
  const ada = await hall.person("Ada");
  const ben = await hall.person("Ben");
  const room = await seatedAndStarted(ada, ben);

  // Ben presses Leave: asked first; "Stay" keeps him at the table.
  await ben.page.getByTestId("tool-leave").click();
  await ben.page.getByTestId("leave-confirm").waitFor();
  expect(await ben.page.getByTestId("leave-confirm").textContent()).toContain("The AI plays your seat");
  await ben.page.getByTestId("leave-no").click();
  expect(await ben.page.getByTestId("leave-confirm").count()).toBe(0);
  await inEachLanguageAndSize(ben.page, async (lang, w) => {
    if (w !== 390) return;
    await ben.page.getByTestId("tool-leave").click();
    await ben.page.getByTestId("leave-confirm").scrollIntoViewIfNeeded();
    expect(await ben.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await ben.page.screenshot({ path: screenshotPath(`absences-leave-confirm-390-${lang}.png`) });
    await ben.page.getByTestId("leave-no").click();
  });
  await ben.page.getByTestId("tool-leave").click();
  await ben.page.getByTestId("leave-yes").click();
  // In the hall: the lobby says Ben left the game, not "you".
  const row = ben.page.locator(`tr[data-room="${room}"]`);
  await row.locator(".tag.left").waitFor();
  expect(await row.locator(".tag.you").count()).toBe(0);

  // Ada's table: Ben's seat says the AI plays it; the AI moves for him as soon as it is
  // his turn (Ada plays hers), and the log marks those entries.
  await expect.poll(() => ada.page.locator('.seat [data-presence="left"]').count()).toBe(1);
  const deadline = Date.now() + 30_000;
  while ((await ada.page.locator('[data-testid="log"] li[data-ai="1"]').count()) === 0) {
    if (Date.now() > deadline) throw new Error("no move of the AI's for Ben was marked");
    if (await isMyTurn(ada.page)) await decideFirst(ada.page);
    else await ada.page.waitForTimeout(50);
  }
  const marked = await ada.page.evaluate(() => {
    const s = (window as Any).spieltisch.store.state;
    return s.tables[s.current].room.ai_log;
  });
  expect(marked.length).toBeGreaterThan(0);

  // The host sets the AI's pace (in the table's options, folded during the game); the
  // options line says so.
  await ada.page.locator(".table-options > summary").click();
  await ada.page.getByTestId("ai-pace").selectOption("thorough");
  await expect.poll(() => ada.page.getByTestId("options-line").textContent()).toContain("AI pace: thorough");
  await say(ada.page, "/option ai_pace fast");
  await expect.poll(() => ada.page.getByTestId("options-line").textContent()).toContain("AI pace: fast");

  await inEachLanguageAndSize(ada.page, async (lang, w) => {
    expect(await ada.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
    await ada.page.locator('[data-testid="log"] li[data-ai="1"]').last().scrollIntoViewIfNeeded();
    await ada.page.screenshot({ path: screenshotPath(`absences-ai-marked-${w}-${lang}.png`) });
    await ada.page.getByTestId("players").scrollIntoViewIfNeeded();
    await ada.page.screenshot({ path: screenshotPath(`absences-left-seat-${w}-${lang}.png`) });
  });
  await ada.page.setViewportSize({ width: 1280, height: 800 });
  if ((await ada.page.locator("html").getAttribute("lang")) !== "en") await ada.page.getByTestId("lang").click();
  await ada.page.locator("html[lang=en]").waitFor();

  // Ada leaves too: nobody who plays is left, so the game stops as abandoned.
  await ada.page.getByTestId("tool-leave").click();
  await ada.page.getByTestId("leave-yes").click();
  await ada.page.locator(`tr[data-room="${room}"][data-status="finished"]`).waitFor();
  await expect
    .poll(async () => {
      await ada.page.getByTestId("history-refresh").click();
      return ada.page.getByTestId("history-abandoned").count();
    })
    .toBe(1);
  expect(await ada.page.locator('[data-testid="history-list"] .star').count()).toBe(0);
  await inEachLanguageAndSize(ada.page, async (lang, w) => {
    await ada.page.getByTestId("history-abandoned").scrollIntoViewIfNeeded();
    expect(await ada.page.getByTestId("history-abandoned").textContent()).toBe(lang === "en" ? "abandoned" : "放棄");
    await ada.page.screenshot({ path: screenshotPath(`absences-abandoned-${w}-${lang}.png`) });
  });
  for (const p of [ada, ben]) await p.ctx.close();
}, 120_000);
