// Accounts as players meet them: a guest claims their name from the header ("Sign in",
// then "Register") and stays signed in across a reload; another device, watching the
// player's table as a guest, signs in with the password (a wrong one first, refused in
// the dialog's words while the button shows it is working) and is the same player at
// the same seat; the password changed; signing out brings the name form back, where
// the account's name is refused for a guest with a way to sign in as it; signing out
// everywhere signs the other device out at once and leaves its token worth nothing; a first visit signs in
// from the name form. Deleting an account from its menu: a wrong password refused in
// the dialog, then the name form says the account was deleted; its name is free for a
// new guest (who may claim it again), and its finished game shows "former player". A
// hall that asks for accounts (`--accounts required`, when the server has it) offers
// to sign in from its refusal. Screenshots: client/test-results/accounts-*.png.

import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { inEachLanguageAndSize, openTable, type Person, REPO_DIR, say, screenshotPath, useHall } from "./harness";

const hall = useHall("0.02");

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "staple gun rainbow";

/** Two frames after a resize or a change, so the picture is of the settled page. */
const settle = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Who the page is: the welcome it holds and the token it keeps. */
function who(page: Page): Promise<{ player: string; name: string; account: string | null; token: string | null }> {
  return page.evaluate(() => {
    const me = (window as Any).spieltisch.store.state.me;
    return { player: me?.player, name: me?.name, account: me?.account ?? null, token: localStorage.getItem("spieltisch.token") };
  });
}

/** Everything the browser keeps for the hall (the password must be in none of it). */
function kept(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));
}

async function signedInAs(page: Page, account: string): Promise<void> {
  await page.locator(`[data-testid="me"][data-account="${account}"]`).waitFor();
  await page.locator('[data-testid="conn"][data-state="open"]').waitFor();
}

/** A browser context of its own (another device), at the hall's front page. */
async function device(browser: Browser, locale = "en-US", init?: { name: string }): Promise<Person> {
  const ctx = await browser.newContext({ baseURL: hall.server.url, locale, viewport: { width: 1280, height: 800 } });
  if (init) {
    await ctx.addInitScript((n) => {
      if (!localStorage.getItem("spieltisch.name")) localStorage.setItem("spieltisch.name", n);
    }, init.name);
  }
  const page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.goto("/");
  return { ctx, page };
}

/** The header's parts stay inside it, and the page no wider than the window. */
async function headerFits(page: Page, width: number): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const out = await page.evaluate(() => {
    const top = document.querySelector(".top")!.getBoundingClientRect();
    return [...document.querySelectorAll(".top > *, .top .me")]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.right > top.right + 0.5 || r.left < top.left - 0.5);
      })
      .map((e) => e.className || e.tagName);
  });
  expect(out).toEqual([]);
}

async function setLang(page: Page, lang: "en" | "ja"): Promise<void> {
  if ((await page.locator("html").getAttribute("lang")) === lang) return;
  await page.getByTestId("lang").click();
  await page.locator(`html[lang=${lang}]`).waitFor();
}

/** Sign in through the open dialog's "Sign in" form. */
async function submitSignIn(page: Page, name: string, password: string): Promise<void> {
  await page.getByTestId("signin-form").waitFor();
  await page.getByTestId("account-name").fill(name);
  await page.getByTestId("account-password-input").fill(password);
  await page.getByTestId("account-password-input").press("Enter");
}

describe("accounts", () => {
  let adaPlayer = "";
  let room = "";

  test("a guest claims their name from the header, stays signed in across a reload; another device signs in as the same player", async () => {
    const { ctx, page } = await hall.person("Ada");
    const guest = await who(page);
    expect(guest.account).toBeNull();
    adaPlayer = guest.player;

    // The header: the name and "Sign in", wide and on a phone (there in the name's menu,
    // with "Change your name"), in both languages.
    await inEachLanguageAndSize(page, async (lang, w) => {
      await headerFits(page, w);
      if (w > 700) await page.getByTestId("signin").waitFor();
      else {
        expect(await page.getByTestId("signin").isVisible()).toBe(false);
        await page.getByTestId("me").click();
        await page.getByTestId("menu-signin").waitFor();
        await page.getByTestId("menu-rename").waitFor();
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
      }
      await settle(page);
      await page.screenshot({ path: screenshotPath(`accounts-header-guest-${w}-${lang}.png`), clip: { x: 0, y: 0, width: w, height: 260 } });
      if (w <= 700) {
        await page.keyboard.press("Escape");
        await expect.poll(() => page.getByTestId("account-menu").count()).toBe(0);
      }
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await setLang(page, "en");

    // "Sign in", then "Register": the name comes filled in.
    const openRegister = async () => {
      await page.getByTestId("signin").click();
      await page.getByTestId("account-dialog").waitFor();
      await page.getByTestId("account-tab-register").click();
      await page.getByTestId("register-form").waitFor();
    };
    await openRegister();
    expect(await page.getByTestId("account-name").inputValue()).toBe("Ada");
    expect(await page.getByTestId("account-name").getAttribute("autocomplete")).toBe("username");
    expect(await page.getByTestId("account-new-password").getAttribute("autocomplete")).toBe("new-password");
    expect(await page.getByTestId("account-repeat").getAttribute("autocomplete")).toBe("new-password");
    expect(await page.getByTestId("account-new-password").getAttribute("type")).toBe("password");
    // Every field has its label.
    for (const id of ["account-name", "account-new-password", "account-repeat"]) {
      const labelled = await page.getByTestId(id).evaluate((e) => (e as HTMLInputElement).labels?.[0]?.textContent ?? "");
      expect(labelled, id).not.toBe("");
    }

    // Two passwords not the same: said in the dialog, nothing sent, the fields emptied.
    await page.getByTestId("account-new-password").fill(PASSWORD);
    await page.getByTestId("account-repeat").fill(PASSWORD + "!");
    await page.getByTestId("account-repeat").press("Enter");
    expect(await page.getByTestId("account-error").textContent()).toBe("The two passwords are not the same.");
    expect(await page.getByTestId("account-new-password").inputValue()).toBe("");
    expect(await page.getByTestId("account-repeat").inputValue()).toBe("");
    // Too short, before sending.
    await page.getByTestId("account-new-password").fill("short");
    await page.getByTestId("account-repeat").fill("short");
    await page.getByTestId("account-repeat").press("Enter");
    expect(await page.getByTestId("account-error").textContent()).toBe("A password is 8 to 256 characters.");

    // The dialog is modal: Cancel closes it (so does Escape).
    await page.getByTestId("account-cancel").click();
    expect(await page.getByTestId("account-dialog").count()).toBe(0);
    await openRegister();
    await page.keyboard.press("Escape");
    expect(await page.getByTestId("account-dialog").count()).toBe(0);

    // The dialog, wide and on a phone, in both languages, with a refusal shown (opened
    // from the header's "Sign in" wide, from the name's menu on a phone).
    for (const [lang, w, h] of [["en", 1280, 800], ["en", 390, 844], ["ja", 390, 844], ["ja", 1280, 800]] as const) {
      await setLang(page, lang);
      await page.setViewportSize({ width: w, height: h });
      if (w > 700) await page.getByTestId("signin").click();
      else {
        await page.getByTestId("me").click();
        await page.getByTestId("menu-register").click();
      }
      await page.getByTestId("account-tab-register").click();
      await page.getByTestId("account-new-password").fill("short");
      await page.getByTestId("account-repeat").fill("short");
      await page.getByTestId("account-repeat").press("Enter");
      expect(await page.getByTestId("account-error").textContent()).toBe(lang === "en" ? "A password is 8 to 256 characters." : "パスワードは8〜256文字にしてください。");
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
      const box = (await page.getByTestId("account-dialog").boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(w);
      await settle(page);
      await page.screenshot({ path: screenshotPath(`accounts-register-${w}-${lang}.png`) });
      await page.getByTestId("account-close").click();
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await setLang(page, "en");
    await openRegister();

    // Claimed: the same player, a new token, the account's mark in the header.
    await page.getByTestId("account-new-password").fill(PASSWORD);
    await page.getByTestId("account-repeat").fill(PASSWORD);
    await page.getByTestId("account-repeat").press("Enter");
    await signedInAs(page, "Ada");
    expect(await page.getByTestId("account-dialog").count()).toBe(0);
    const registered = await who(page);
    expect(registered).toMatchObject({ player: adaPlayer, name: "Ada", account: "Ada" });
    expect(registered.token).not.toBe(guest.token);
    expect(await page.getByTestId("signin").count()).toBe(0);
    expect(await kept(page)).not.toContain(PASSWORD);

    // The account's menu, wide and on a phone, in both languages.
    await inEachLanguageAndSize(page, async (lang, w) => {
      await headerFits(page, w);
      await page.getByTestId("me").click();
      await page.getByTestId("account-menu").waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
      const box = (await page.getByTestId("account-menu").boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(w);
      await settle(page);
      await page.screenshot({ path: screenshotPath(`accounts-menu-${w}-${lang}.png`), clip: { x: 0, y: 0, width: w, height: 360 } });
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByTestId("account-menu").count()).toBe(0);
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await setLang(page, "en");

    // A reload: still signed in, the same player.
    await page.reload();
    await signedInAs(page, "Ada");
    expect(await who(page)).toMatchObject({ player: adaPlayer, account: "Ada", token: registered.token });

    // Ada opens a table; someone on another device watches it as a guest, then signs in.
    await openTable(page, hall.has("carcassonne") ? "carcassonne" : hall.games[0].name);
    room = (await page.getByTestId("table").getAttribute("data-room"))!;
    const other = await device(hall.chrome.browser, "en-US", { name: "Visitor" });
    const p2 = other.page;
    await p2.goto(`/?t=${room}`);
    await p2.getByTestId("spectator").waitFor();
    const visitor = await who(p2);
    expect(visitor.account).toBeNull();

    // A wrong password: the button shows it is working, then the words in the dialog
    // (once in each language: the account takes a few wrong tries before it waits).
    for (const lang of ["en", "ja"] as const) {
      await setLang(p2, lang);
      await p2.getByTestId("signin").click();
      await p2.getByTestId("account-tab-signin").waitFor();
      expect(await p2.getByTestId("account-password-input").getAttribute("autocomplete")).toBe("current-password");
      await submitSignIn(p2, "ADA", "not the password");
      await p2.locator('[data-testid="account-go"][data-pending="1"]').waitFor();
      expect(await p2.getByTestId("account-go").isDisabled()).toBe(true);
      if (lang === "en") await p2.screenshot({ path: screenshotPath("accounts-signin-pending-1280-en.png") });
      await p2.getByTestId("account-error").waitFor();
      expect(await p2.getByTestId("account-password-input").inputValue()).toBe("");
      expect(await p2.getByTestId("account-go").getAttribute("data-pending")).toBe("0");
      expect(await p2.getByTestId("account-error").textContent()).toBe(lang === "en" ? "That name and password do not match an account." : "名前かパスワードが違います。");
      expect(await p2.locator('.notice[data-code="bad_login"]').count()).toBe(0); // in the dialog, not a notice
      for (const w of [1280, 390]) {
        await p2.setViewportSize({ width: w, height: w > 700 ? 800 : 844 });
        await settle(p2);
        await p2.screenshot({ path: screenshotPath(`accounts-signin-refused-${w}-${lang}.png`) });
      }
      await p2.setViewportSize({ width: 1280, height: 800 });
      await p2.getByTestId("account-close").click();
    }
    await setLang(p2, "en");
    await p2.getByTestId("signin").click();

    // The right one (the name in another case): the same player, at the same seat.
    await submitSignIn(p2, "ada", PASSWORD);
    await signedInAs(p2, "Ada");
    expect(await who(p2)).toMatchObject({ player: adaPlayer, name: "Ada", account: "Ada" });
    await p2.locator('.seat[data-seat="0"] .tag.you').waitFor();
    expect(await p2.getByTestId("spectator").count()).toBe(0);
    expect(await kept(p2)).not.toContain(PASSWORD);
    // Ada's own games: "My games" asks as the account's player (the list answers).
    await p2.getByTestId("back").click();
    await p2.getByTestId("history-mine").click();
    await expect.poll(() => p2.evaluate(() => (window as Any).spieltisch.store.state.history.mine !== null)).toBe(true);
    await other.ctx.close();
    await ctx.close();
  });

  test("the password changed; signing out brings the name form; the account's name is refused for a guest, with a way to sign in", async () => {
    const a = await device(hall.chrome.browser);
    const page = a.page;
    await page.getByTestId("name-form").waitFor();
    // A first visit signs in from the name form.
    await page.getByTestId("name-signin").click();
    await submitSignIn(page, "Ada", PASSWORD);
    await signedInAs(page, "Ada");
    expect((await who(page)).player).toBe(adaPlayer);
    expect(await page.getByTestId("name-form").count()).toBe(0);

    // Change the password: the old one wrong first, then right.
    await page.getByTestId("me").click();
    await page.getByTestId("account-password").click();
    await page.getByTestId("password-form").waitFor();
    expect(await page.getByTestId("account-old").getAttribute("autocomplete")).toBe("current-password");
    expect(await page.getByTestId("account-new-password").getAttribute("autocomplete")).toBe("new-password");
    const before = (await who(page)).token;
    await page.getByTestId("account-old").fill("not the password");
    await page.getByTestId("account-new-password").fill(NEW_PASSWORD);
    await page.getByTestId("account-repeat").fill(NEW_PASSWORD);
    await page.getByTestId("account-repeat").press("Enter");
    await page.getByTestId("account-error").waitFor();
    expect(await page.getByTestId("account-error").textContent()).toBe("That is not your current password.");
    for (const id of ["account-old", "account-new-password", "account-repeat"]) expect(await page.getByTestId(id).inputValue()).toBe("");
    for (const w of [1280, 390]) {
      await page.setViewportSize({ width: w, height: 800 });
      await settle(page);
      await page.screenshot({ path: screenshotPath(`accounts-password-${w}-en.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId("account-old").fill(PASSWORD);
    await page.getByTestId("account-new-password").fill(NEW_PASSWORD);
    await page.getByTestId("account-repeat").fill(NEW_PASSWORD);
    await page.getByTestId("account-repeat").press("Enter");
    await expect.poll(() => page.getByTestId("account-dialog").count()).toBe(0);
    const after = await who(page);
    expect(after).toMatchObject({ player: adaPlayer, account: "Ada" });
    expect(after.token).not.toBe(before);
    expect(await kept(page)).not.toContain(NEW_PASSWORD);

    // Another device signs in with the new password.
    const b = await device(hall.chrome.browser, "ja-JP");
    await b.page.getByTestId("name-signin").click();
    await submitSignIn(b.page, "Ada", NEW_PASSWORD);
    await signedInAs(b.page, "Ada");

    // Sign out (this device only): the name form for a guest, without the account's name.
    await page.getByTestId("me").click();
    await page.getByTestId("account-signout").click();
    await page.getByTestId("signed-out").waitFor();
    expect(await page.getByTestId("signed-out").textContent()).toBe("You have signed out. Choose a name to go on as a guest, or sign in again.");
    expect(await page.getByTestId("name-input").inputValue()).toBe("");
    expect(await page.evaluate(() => localStorage.getItem("spieltisch.token"))).toBeNull();
    expect(await page.getByTestId("me").count()).toBe(0);
    for (const w of [1280, 390]) {
      await page.setViewportSize({ width: w, height: 800 });
      await settle(page);
      await page.screenshot({ path: screenshotPath(`accounts-signed-out-${w}-en.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // The account's name as a guest's: refused, with "Sign in as Ada".
    await page.getByTestId("name-input").fill("ada");
    await page.getByTestId("name-go").click();
    await page.getByTestId("name-refused").waitFor();
    expect(await page.getByTestId("name-refused").textContent()).toBe("The name “Ada” belongs to an account: sign in, or choose another name.");
    expect(await page.getByTestId("name-signin").textContent()).toContain("Sign in as Ada");
    await setLang(page, "ja");
    expect(await page.getByTestId("name-refused").textContent()).toBe("「Ada」はアカウントとして登録されています。ログインするか、別の名前にしてください。");
    for (const w of [1280, 390]) {
      await page.setViewportSize({ width: w, height: 800 });
      await settle(page);
      await page.screenshot({ path: screenshotPath(`accounts-name-registered-${w}-ja.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await setLang(page, "en");
    // Another name is a guest's as ever.
    await page.getByTestId("name-input").fill("Ada's friend");
    await page.getByTestId("name-go").click();
    await page.locator('[data-testid="conn"][data-state="open"]').waitFor();
    await page.getByTestId("signin").waitFor();
    const friend = await who(page);
    expect(friend).toMatchObject({ name: "Ada's friend", account: null });
    expect(friend.player).not.toBe(adaPlayer);

    // Sign in again from the refusal of a kept name (this browser goes by "Ada").
    const c = await device(hall.chrome.browser, "en-US", { name: "Ada" });
    await c.page.getByTestId("name-refused").waitFor();
    await c.page.getByTestId("name-signin").click();
    expect(await c.page.getByTestId("account-name").inputValue()).toBe("Ada");
    await c.page.getByTestId("account-password-input").fill(NEW_PASSWORD);
    await c.page.getByTestId("account-password-input").press("Enter");
    await signedInAs(c.page, "Ada");
    expect((await who(c.page)).player).toBe(adaPlayer);

    // Sign out everywhere: the other device, still connected, is signed out at once
    // (it says why), and its token is worth nothing at its next hello.
    await c.page.getByTestId("me").click();
    await c.page.getByTestId("account-signout-all").click();
    await c.page.getByTestId("signed-out").waitFor();
    expect(await c.page.getByTestId("signed-out").textContent()).toBe(
      "You have signed out on every device. Choose a name to go on as a guest, or sign in again.",
    );
    await b.page.getByTestId("signed-out").waitFor();
    expect(await b.page.getByTestId("signed-out").textContent()).toContain("この端末の「Ada」はログアウトされました");
    expect(await b.page.getByTestId("me").count()).toBe(0);
    for (const w of [1280, 390]) {
      await b.page.setViewportSize({ width: w, height: 800 });
      await settle(b.page);
      await b.page.screenshot({ path: screenshotPath(`accounts-signed-out-elsewhere-${w}-ja.png`) });
    }
    await setLang(b.page, "en");
    expect(await b.page.getByTestId("signed-out").textContent()).toMatch(/^“Ada” was signed out here: the account was signed out everywhere/);
    await b.page.screenshot({ path: screenshotPath("accounts-signed-out-elsewhere-390-en.png") });
    await setLang(b.page, "ja");
    await b.page.setViewportSize({ width: 1280, height: 800 });
    await b.page.reload();
    await b.page.getByTestId("name-refused").waitFor();
    expect(await b.page.getByTestId("name-refused").textContent()).toBe("「Ada」はアカウントとして登録されています。ログインするか、別の名前にしてください。");
    expect(await b.page.getByTestId("name-signin").textContent()).toContain("Adaとしてログイン");
    for (const p of [a, b, c]) await p.ctx.close();
  });

  test("deleting the account: a wrong password refused in the dialog, then the name form says so; the name is free again, its game shows \"former player\"", async () => {
    const { ctx, page } = await hall.person("Zoe");
    const register = async () => {
      await page.getByTestId("signin").click();
      await page.getByTestId("account-tab-register").click();
      await page.getByTestId("register-form").waitFor();
      await page.getByTestId("account-new-password").fill(PASSWORD);
      await page.getByTestId("account-repeat").fill(PASSWORD);
      await page.getByTestId("account-repeat").press("Enter");
      await signedInAs(page, "Zoe");
    };
    await register();
    const zoe = await who(page);

    // A finished game of Zoe's: her clock runs out at every turn, so a random AI plays
    // her seat to the end.
    const game = hall.has("carcassonne") ? "carcassonne" : null;
    if (game) {
      await openTable(page, game);
      await say(page, "/option clock 0.1");
      await page.getByTestId("bot-level").selectOption("random");
      await page.getByTestId("tool-bot").click();
      await expect.poll(() => page.locator(".seat .tag.bot").count()).toBe(1);
      await page.getByTestId("tool-start").click();
      await page.locator('[data-testid="table"][data-status="playing"]').waitFor();
      await page.getByTestId("result").waitFor({ timeout: 90_000 });
      await page.getByTestId("back").click();
    }

    // "Delete my account…" in the menu, after "Export my data".
    const openDelete = async () => {
      await page.getByTestId("me").click();
      const items = await page.locator('[data-testid="account-menu"] [role="menuitem"]').evaluateAll((es) => es.map((e) => e.getAttribute("data-testid")));
      expect(items.indexOf("account-delete")).toBe(items.indexOf("account-export") + 1);
      await page.getByTestId("account-delete").click();
      await page.getByTestId("delete-form").waitFor();
    };
    await openDelete();
    expect(await page.getByTestId("account-dialog").getAttribute("data-mode")).toBe("delete");
    const field = page.getByTestId("account-delete-password");
    expect(await field.getAttribute("autocomplete")).toBe("current-password");
    expect(await field.getAttribute("type")).toBe("password");
    expect(await field.evaluate((e) => (e as HTMLInputElement).labels?.[0]?.textContent ?? "")).not.toBe("");
    const warning = await page.getByTestId("delete-warning").textContent();
    expect(warning).toContain("the name “Zoe” is free again");
    expect(warning).toContain("“former player”");
    await page.getByTestId("delete-export").waitFor();
    expect(await page.getByTestId("account-go").isDisabled()).toBe(true); // no password yet
    // Cancel keeps the account.
    await page.getByTestId("account-cancel").click();
    expect(await page.getByTestId("account-dialog").count()).toBe(0);
    expect((await who(page)).account).toBe("Zoe");

    // A wrong password: the red button busy, then refused in the dialog (in each language).
    for (const lang of ["en", "ja"] as const) {
      await setLang(page, lang);
      await openDelete();
      await field.fill("not the password");
      await field.press("Enter");
      await page.locator('[data-testid="account-go"][data-pending="1"]').waitFor();
      expect(await page.getByTestId("account-go").isDisabled()).toBe(true);
      if (lang === "en") {
        expect(await page.getByTestId("account-go").textContent()).toBe("Deleting…");
        await page.screenshot({ path: screenshotPath("accounts-delete-pending-1280-en.png") });
      }
      await page.getByTestId("account-error").waitFor();
      expect(await page.getByTestId("account-error").textContent()).toBe(lang === "en" ? "That is not your password." : "パスワードが違います。");
      expect(await field.inputValue()).toBe("");
      expect(await page.locator('.notice[data-code="bad_login"]').count()).toBe(0); // in the dialog, not a notice
      expect((await who(page)).account).toBe("Zoe");
      for (const [w, h] of [[1280, 800], [390, 844]] as const) {
        await page.setViewportSize({ width: w, height: h });
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
        const box = (await page.getByTestId("account-dialog").boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(w);
        await settle(page);
        await page.screenshot({ path: screenshotPath(`accounts-delete-${w}-${lang}.png`) });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId("account-close").click();
    }
    await setLang(page, "en");

    // The right password: signed out, back at the name form, which says the account is gone.
    await openDelete();
    await field.fill(PASSWORD);
    await page.getByTestId("account-go").click();
    await page.getByTestId("signed-out").waitFor();
    expect(await page.getByTestId("signed-out").textContent()).toBe(
      "Your account “Zoe” has been deleted and you are signed out everywhere. Choose a name to go on as a guest.",
    );
    expect(await page.getByTestId("account-dialog").count()).toBe(0);
    expect(await page.getByTestId("name-input").inputValue()).toBe("");
    expect(await page.getByTestId("me").count()).toBe(0);
    expect(await page.evaluate(() => [localStorage.getItem("spieltisch.token"), localStorage.getItem("spieltisch.name")])).toEqual([null, null]);
    expect(await kept(page)).not.toContain(PASSWORD);
    for (const [lang, w, h] of [["en", 1280, 800], ["ja", 390, 844]] as const) {
      await setLang(page, lang);
      await page.setViewportSize({ width: w, height: h });
      await settle(page);
      await page.screenshot({ path: screenshotPath(`accounts-deleted-${w}-${lang}.png`) });
    }
    expect(await page.getByTestId("signed-out").textContent()).toBe(
      "アカウント「Zoe」を削除し、すべての端末からログアウトしました。ゲストとして続けるには名前を決めてください。",
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    await setLang(page, "en");

    // The name is free: a new guest takes it (an account's name would be refused)...
    await page.getByTestId("name-input").fill("Zoe");
    await page.getByTestId("name-go").click();
    await page.locator('[data-testid="conn"][data-state="open"]').waitFor();
    await page.getByTestId("signin").waitFor();
    const guest = await who(page);
    expect(guest).toMatchObject({ name: "Zoe", account: null });
    expect(guest.player).not.toBe(zoe.player);

    // ...and the finished game is still there for the others, with "former player" for Zoe.
    if (game) {
      const row = page.locator('[data-testid="history-list"][data-mine="false"] [data-testid="history-row"]').first();
      await expect
        .poll(async () => {
          await page.getByTestId("history-refresh").click();
          return (await row.count()) ? await row.locator(".history-players").textContent() : "";
        })
        .toContain("former player");
      expect(await row.locator(".history-players").textContent()).not.toContain("Zoe");
      await setLang(page, "ja");
      expect(await row.locator(".history-players").textContent()).toContain("退会したプレイヤー");
      await setLang(page, "en");
    }

    // ...and may claim it again: a new account, not the deleted one.
    await register();
    expect(await who(page)).toMatchObject({ name: "Zoe", account: "Zoe", player: guest.player });
    await ctx.close();
  });
});

/** Whether this server takes `--accounts` (the hall that asks for an account). */
function serverHasAccountsFlag(): boolean {
  const python = process.env.SPIELTISCH_PYTHON ?? join(REPO_DIR, ".venv", "bin", "python");
  const r = spawnSync(python, ["-m", "server", "--help"], { cwd: REPO_DIR, encoding: "utf8" });
  return /--accounts\b/.test(r.stdout ?? "");
}

describe.skipIf(!serverHasAccountsFlag())("a hall that asks for an account", () => {
  const required = useHall("0.02", ["--accounts", "required"]);
  test("a guest may watch; opening a table is refused with an offer to sign in or register", async () => {
    const { ctx, page } = await required.person("Cleo");
    await page.getByTestId("create").click();
    const notice = page.locator('.notice[data-code="account_required"]');
    await notice.waitFor();
    await notice.getByTestId("notice-signin").waitFor();
    await setLang(page, "ja");
    expect(await notice.locator(".text").textContent()).toContain("このホールで遊んだりチャットしたりするには、ログインか登録が必要です。");
    await setLang(page, "en");
    for (const w of [1280, 390]) {
      await page.setViewportSize({ width: w, height: 800 });
      await settle(page);
      await page.screenshot({ path: screenshotPath(`accounts-required-${w}-en.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await notice.getByTestId("notice-register").click();
    await page.getByTestId("register-form").waitFor();
    expect(await page.getByTestId("account-name").inputValue()).toBe("Cleo");
    await page.getByTestId("account-new-password").fill(PASSWORD);
    await page.getByTestId("account-repeat").fill(PASSWORD);
    await page.getByTestId("account-repeat").press("Enter");
    await signedInAs(page, "Cleo");
    await openTable(page, required.has("carcassonne") ? "carcassonne" : required.games[0].name);
    await ctx.close();
  });
});
