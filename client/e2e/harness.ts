// Starts a real server on a free loopback port and Chromium (Debian's) headless, for
// one e2e file at a time (useHall), and the steps every board's test takes: a person
// in the hall, a table of a game with AI players, whose turn it is, the view's version.

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";

export const CLIENT_DIR = resolve(fileURLToPath(new URL("..", import.meta.url)));
export const REPO_DIR = resolve(CLIENT_DIR, "..");
export const RESULTS_DIR = join(CLIENT_DIR, "test-results");

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

export interface Server {
  url: string;
  proc: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** The server serves client/dist; build it when it is missing. */
export function ensureBuilt(): void {
  if (existsSync(join(CLIENT_DIR, "dist", "index.html"))) return;
  const r = spawnSync("npx", ["vite", "build"], { cwd: CLIENT_DIR, stdio: "inherit" });
  if (r.status !== 0) throw new Error("vite build failed");
}

// Servers still running when the test process ends (a test that timed out) go with it.
const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const p of running) p.kill("SIGKILL");
});

/** Start `python -m server` on a free port. Its finished games are kept in memory
 * (`--data :memory:`), so a run leaves no archive behind, unless `extra` names a
 * `--data` directory of its own. */
export async function startServer(extra: string[] = []): Promise<Server> {
  ensureBuilt();
  const port = await freePort();
  const python = process.env.SPIELTISCH_PYTHON ?? join(REPO_DIR, ".venv", "bin", "python");
  const data = extra.includes("--data") ? [] : ["--data", ":memory:"];
  const proc = spawn(python, ["-m", "server", "--host", "127.0.0.1", "--port", String(port), ...data, ...extra], {
    cwd: REPO_DIR,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(proc);
  proc.once("exit", () => running.delete(proc));
  let out = "";
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const r = await fetch(`${url}/api/games`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`server did not come up:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    proc,
    output: () => out,
    stop: () =>
      new Promise<void>((ok) => {
        if (proc.exitCode !== null) return ok();
        const timer = setTimeout(() => proc.kill("SIGKILL"), 5000);
        proc.once("exit", () => {
          clearTimeout(timer);
          ok();
        });
        proc.kill("SIGTERM");
      }),
  };
}

export interface Chrome {
  browser: Browser;
  close: () => Promise<void>;
}

export async function startChrome(): Promise<Chrome> {
  const dataDir = mkdtempSync(join(tmpdir(), "spieltisch-chromium-"));
  const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
  if (!existsSync(executablePath)) {
    throw new Error(`no browser at ${executablePath}: apt-get install -y chromium (or set CHROMIUM)`);
  }
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    // Playwright refuses --user-data-dir in args: it gives every launch a fresh
    // profile directory of its own and removes it on close. The browser's own
    // temporary files go to a directory of ours, removed on close too.
    env: { ...process.env, TMPDIR: dataDir },
  });
  return {
    browser,
    close: async () => {
      await browser.close().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface GameInfo {
  name: string;
  min_seats: number;
  max_seats: number;
  options: Record<string, unknown>;
}

export interface Person {
  ctx: BrowserContext;
  page: Page;
}

/** The server and the browser of one e2e file, there once its tests run. */
export interface Hall {
  server: Server;
  chrome: Chrome;
  /** The games the server offers (GET /api/games). */
  games: GameInfo[];
  /** Whether the server offers this game (a board's test skips itself when not). */
  has: (game: string) => boolean;
  /** A person in the hall with a name of their own, in a browser context of their own
   * (at a hall with a password, given on the hall's password form). */
  person: (name: string, locale?: string) => Promise<Person>;
  /** The hall's password, when the server was started with one. */
  password: string | null;
}

export interface HallOptions {
  /** Start the server with `--hall-password`: every visitor is asked for it. */
  hallPassword?: string;
}

/** The server of the file's tests, for the diagnostics of waitVersionAbove. */
let current: Server | undefined;

/** Start a server (AI players moving after `botDelay` seconds, and `extra` arguments of
 * its own, e.g. `["--away-grace", "1"]`; `options.hallPassword` for a hall that asks
 * for a password) and Chromium before the file's tests and stop both after them. Call
 * it once, at the top of an e2e file (or of a `describe`, for a server of its own). */
export function useHall(botDelay = "0.02", extra: string[] = [], options: HallOptions = {}): Hall {
  const password = options.hallPassword ?? null;
  const hall: Hall = {
    server: undefined as unknown as Server,
    chrome: undefined as unknown as Chrome,
    games: [],
    has: (game) => hall.games.some((g) => g.name === game),
    person: (name, locale) => newPerson(hall.chrome.browser, hall.server.url, name, locale, password),
    password,
  };
  const withPassword = password === null ? [] : ["--hall-password", password];
  beforeAll(async () => {
    hall.server = current = await startServer(["--bot-delay", botDelay, "--ai-budget", "0.05", ...withPassword, ...extra]);
    hall.chrome = await startChrome();
    hall.games = await (await fetch(`${hall.server.url}/api/games`)).json();
  });
  afterAll(async () => {
    await hall.chrome?.close();
    await hall.server?.stop();
    current = undefined;
  });
  return hall;
}

export async function newPerson(
  browser: Browser,
  baseURL: string,
  name: string,
  locale = "en-US",
  hallPassword: string | null = null,
): Promise<Person> {
  const ctx = await browser.newContext({ baseURL, locale, viewport: { width: 1280, height: 860 } });
  const page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  page.on("pageerror", (e) => console.error(`[${name}] page error:`, e.message));
  if (process.env.E2E_CONSOLE) page.on("console", (m) => console.log(`[${name}] ${m.text()}`));
  await page.goto("/");
  await page.getByTestId("name-input").fill(name);
  await page.getByTestId("name-go").click();
  if (hallPassword !== null) {
    await page.getByTestId("hall-password").fill(hallPassword);
    await page.getByTestId("hall-go").click();
  }
  await page.locator('[data-testid="conn"][data-state="open"]').waitFor();
  return { ctx, page };
}

/** From the hall: a new table of `game`, open on the page, its opener (this person)
 * seated in the first seat as the host. */
export async function openTable(page: Page, game: string): Promise<void> {
  await page.getByTestId("game-select").selectOption(game);
  await page.getByTestId("create").click();
  await page.getByTestId("table").waitFor();
  await page.locator('.seat[data-seat="0"] .tag.you').waitFor();
}

/** From the hall: a new table of `game`, this person seated and `bots` AI players beside
 * them (added one at a time), started; returns once it plays. */
export async function playTable(page: Page, game: string, bots = 1): Promise<void> {
  await openTable(page, game);
  for (let i = 1; i <= bots; i++) {
    await page.getByTestId("tool-bot").click();
    await expect.poll(() => page.locator(".seat .tag.bot").count()).toBe(i);
  }
  await page.getByTestId("tool-start").click();
  await page.locator('[data-testid="table"][data-status="playing"]').waitFor();
}

/** The seat this page plays, from the view the page holds (the test reads it; the
 * page does not need to). */
export async function mySeat(page: Page): Promise<number> {
  return page.evaluate(() => {
    type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
    const s = (window as Any).spieltisch.store.state;
    return s.tables[s.current].view.you as number;
  });
}

/** The table's view version as the page shows it. */
export async function version(page: Page): Promise<number> {
  return Number(await page.getByTestId("table").getAttribute("data-v"));
}

/** Wait until the page holds a newer view; on timeout say what the page was told. */
export async function waitVersionAbove(page: Page, v: number, server = current, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while ((await version(page)) <= v) {
    if (Date.now() > deadline) {
      const state = await page.evaluate(() => {
        type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
        const s = (window as Any).spieltisch.store.state;
        const tbl = s.current ? s.tables[s.current] : null;
        return JSON.stringify({ conn: s.conn, notices: s.notices, v: tbl?.v, resyncing: tbl?.resyncing, active: tbl?.view?.active, you: tbl?.view?.you });
      });
      throw new Error(`the view stayed at version ${v}: ${state}\n${server ? server.output().slice(-1500) : ""}`);
    }
    await page.waitForTimeout(25);
  }
}

/** Wait until the player to move is this page's (true) or the game is over (false).
 * `withMoves`: also until its list of legal moves has come. */
export async function waitMyTurn(page: Page, { timeout = 20_000, withMoves = false } = {}): Promise<boolean> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await page.getByTestId("result").count()) return false;
    if (
      (await page.locator('[data-testid="turn"].mine').count()) &&
      (!withMoves || (await page.locator('[data-testid="legal"] button').count()))
    )
      return true;
    if (Date.now() > deadline) throw new Error("my turn did not come");
    await page.waitForTimeout(30);
  }
}

export function screenshotPath(name: string): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  return join(RESULTS_DIR, name);
}

/** Type a line into the table's chat box and send it (chat, or a /command). */
export async function say(page: Page, text: string): Promise<void> {
  await page.getByTestId("chat-input").fill(text);
  await page.getByTestId("chat-input").press("Enter");
}

/** Dismiss every notice with its ✕, so that the picture shows the page as it settles. */
export async function clearNotices(page: Page): Promise<void> {
  while (await page.locator(".notice").count()) await page.locator(".notice .x").first().click();
}

/** Whether the page's player is on turn. */
export async function isMyTurn(page: Page): Promise<boolean> {
  return (await page.locator('[data-testid="turn"].mine').count()) > 0;
}

/** One decision: the first listed move, or on Carcassonne's board a lit square (turning
 * the tile until one lights), then no follower; returns once the view has moved on. */
export async function decideFirst(page: Page): Promise<void> {
  const v = await version(page);
  const legal = page.locator('[data-testid="legal"] button');
  if (await legal.count()) await legal.first().click();
  else if (await page.getByTestId("skip").count()) await page.getByTestId("skip").click();
  else {
    for (let i = 0; i < 4 && !(await page.getByTestId("place-spot").count()); i++) await page.getByTestId("rotate-right").click();
    await page.getByTestId("place-spot").first().click();
  }
  await waitVersionAbove(page, v);
}

/** Run ``body`` in both languages, wide and on a phone: the sizes the screens are
 * checked at. The page's language is switched with its own button. */
export async function inEachLanguageAndSize(
  page: Page,
  body: (lang: "en" | "ja", width: number, height: number) => Promise<void>,
): Promise<void> {
  const sizes = [
    ["en", 1280, 800],
    ["en", 390, 844],
    ["ja", 390, 844],
    ["ja", 1280, 800],
  ] as const;
  for (const [lang, w, h] of sizes) {
    if ((await page.locator("html").getAttribute("lang")) !== lang) {
      await page.getByTestId("lang").click();
      await page.locator(`html[lang=${lang}]`).waitFor();
    }
    await page.setViewportSize({ width: w, height: h });
    await body(lang, w, h);
  }
}

/** Cut the page's line to the server: its socket closes and every reconnection fails
 * (the client is pointed at a closed port) until `restoreLine`. */
export async function cutLine(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
    const c = (window as Any).spieltisch.conn;
    c.__url = c.__url ?? c.url;
    c.url = "ws://127.0.0.1:9/ws";
    c.ws?.close();
  });
  await page.locator('[data-testid="conn"][data-state="reconnecting"]').waitFor();
}

/** The line back: the hall's address again, and a reconnection at once. */
export async function restoreLine(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
    const c = (window as Any).spieltisch.conn;
    c.url = c.__url;
    c.reconnectNow();
  });
  await page.locator('[data-testid="conn"][data-state="open"]').waitFor();
}
