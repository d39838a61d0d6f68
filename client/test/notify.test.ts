// Being told it is your turn, without a browser: when a turn "begins", the beep's switch
// kept in the browser, the hidden tab's notification (only once allowed and only while
// hidden), the hall's key as bytes, and the store keeping the hall's push answers.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Store } from "../src/store";

const storage = new Map<string, string>();
const memory = {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => void storage.set(k, v),
  removeItem: (k: string) => void storage.delete(k),
};

/** Fresh copies of the module, as a new page load would have. */
async function load() {
  vi.resetModules();
  return import("../src/notify");
}

class FakeNotification {
  static permission: NotificationPermission = "default";
  static made: { title: string; body?: string; tag?: string }[] = [];
  static asked = 0;
  static async requestPermission(): Promise<NotificationPermission> {
    FakeNotification.asked++;
    return FakeNotification.permission;
  }
  onclick: (() => void) | null = null;
  constructor(title: string, opts: { body?: string; tag?: string } = {}) {
    FakeNotification.made.push({ title, ...opts });
  }
  close(): void {}
}

class FakeAudio {
  static oscillators = 0;
  state = "running";
  currentTime = 0;
  destination = {};
  resume = async () => undefined;
  createOscillator() {
    FakeAudio.oscillators++;
    const node = { type: "", frequency: { value: 0 }, connect: (g: unknown) => g, start() {}, stop() {} };
    return node;
  }
  createGain() {
    return {
      gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
      connect: (d: unknown) => d,
    };
  }
}

beforeEach(() => {
  storage.clear();
  FakeNotification.permission = "default";
  FakeNotification.made = [];
  FakeNotification.asked = 0;
  FakeAudio.oscillators = 0;
  vi.stubGlobal("localStorage", memory);
  vi.stubGlobal("Notification", FakeNotification);
  vi.stubGlobal("AudioContext", FakeAudio);
  vi.stubGlobal("document", { visibilityState: "visible" });
  vi.stubGlobal("window", { focus() {} });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("turns", () => {
  it("a turn begins when it becomes ours at the table we are at, not when a table is first seen", async () => {
    const { turnWatcher } = await load();
    const began = turnWatcher();
    expect(began("r1", true)).toBe(false); // first seen, already ours (a reload)
    expect(began("r1", false)).toBe(false);
    expect(began("r1", true)).toBe(true);
    expect(began("r1", true)).toBe(false); // still ours: told once
    expect(began("r2", true)).toBe(false); // another table
    expect(began(null, false)).toBe(false);
  });

  it("the beep plays unless switched off, and the switch outlives the page", async () => {
    let notify = await load();
    notify.turnAlert("Go", "now", "r1");
    expect(FakeAudio.oscillators).toBeGreaterThan(0);
    notify.setSound(false);
    notify = await load(); // a reload
    expect(notify.soundOn.get()).toBe(false);
    FakeAudio.oscillators = 0;
    notify.turnAlert("Go", "now", "r1");
    expect(FakeAudio.oscillators).toBe(0);
  });

  it("a notification only once allowed on a click, and only while the tab is hidden", async () => {
    const notify = await load();
    expect(FakeNotification.asked).toBe(0); // nothing asked on load
    vi.stubGlobal("document", { visibilityState: "hidden" });
    notify.turnAlert("Carcassonne: your turn", "now", "r1");
    expect(FakeNotification.made).toEqual([]); // not asked for

    FakeNotification.permission = "denied";
    expect(await notify.setAlerts(true)).toBe(false);
    expect(FakeNotification.asked).toBe(1);
    notify.turnAlert("Carcassonne: your turn", "now", "r1");
    expect(FakeNotification.made).toEqual([]);

    FakeNotification.permission = "granted";
    expect(await notify.setAlerts(true)).toBe(true);
    notify.turnAlert("Carcassonne: your turn", "now", "r1");
    expect(FakeNotification.made).toEqual([{ title: "Carcassonne: your turn", body: "now", tag: "turn-r1" }]);

    vi.stubGlobal("document", { visibilityState: "visible" });
    notify.turnAlert("Carcassonne: your turn", "now", "r1");
    expect(FakeNotification.made.length).toBe(1); // the page is in sight: the beep says it
    expect((await load()).alertsOn.get()).toBe(true); // remembered
  });
});

describe("pushes", () => {
  it("the hall's key is the bytes of its base64url", async () => {
    const { fromB64url } = await load();
    expect([...fromB64url("BAEC_-8")]).toEqual([4, 1, 2, 255, 239]);
  });

  it("the store keeps the hall's key and the device's topics", () => {
    const store = new Store(() => undefined);
    expect(store.state.push.key).toBeUndefined();
    store.handle({ t: "push_key", key: "BKEY" });
    store.handle({ t: "push_topics", endpoint: "https://hall.example/push/1", topics: ["game_over"] });
    expect(store.state.push).toEqual({ key: "BKEY", endpoint: "https://hall.example/push/1", topics: ["game_over"] });
    store.handle({ t: "push_key", key: null });
    expect(store.state.push.key).toBeNull();
  });

  it("the device's choice is kept per player, and forgotten when it chose nothing", async () => {
    const notify = await load();
    notify.keepPush({ player: "p1", topics: ["your_turn"] });
    expect((await load()).storedPush()).toEqual({ player: "p1", topics: ["your_turn"] });
    notify.keepPush({ player: "p1", topics: [] });
    expect(notify.storedPush()).toBeNull();
  });
});
