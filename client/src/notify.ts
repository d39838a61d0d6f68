// Being told that it is your turn. In a game in real time: a short beep (WebAudio, no
// file to load; its off switch is remembered in this browser), the tab's title (app.tsx),
// and a browser notification while the tab is hidden (once allowed: the permission is
// asked on a click in the settings card, never on load). For turn-based tables and
// finished games: Web Push to this device through the service worker (public/sw.js),
// which shows the hall's pushes even with every tab closed.

import { signal } from "./signal";

export const SOUND_KEY = "spieltisch.sound";
export const ALERTS_KEY = "spieltisch.alerts";
/** The push topics this device chose, and for which player, as last answered. */
export const PUSH_KEY = "spieltisch.push";

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage refused (private mode): the switch lasts for this page */
  }
}

/** The beep on your turn: on unless switched off in this browser. */
export const soundOn = signal(read(SOUND_KEY) !== "off");
/** A notification while the tab is hidden: off until asked for (with the permission). */
export const alertsOn = signal(read(ALERTS_KEY) === "on");

export function setSound(on: boolean): void {
  write(SOUND_KEY, on ? null : "off");
  soundOn.set(on);
}

/** What the browser says of notifications: "unsupported" when it has none. */
export function permission(): NotificationPermission | "unsupported" {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

/** Turn the hidden-tab notification on (asking for the permission: call it from a
 * click) or off. Returns whether it is on now. */
export async function setAlerts(on: boolean): Promise<boolean> {
  if (on) {
    if (permission() === "unsupported") return false;
    const granted = (await Notification.requestPermission()) === "granted";
    on = granted;
  }
  write(ALERTS_KEY, on ? "on" : null);
  alertsOn.set(on);
  return on;
}

let audio: AudioContext | null = null;

/** A short two-note chime, quiet; nothing when the browser has no WebAudio. */
export function beep(): void {
  const Ctx = typeof AudioContext === "undefined" ? null : AudioContext;
  if (!Ctx) return;
  try {
    audio ??= new Ctx();
    // Made before any click, the context starts suspended; a player has clicked by
    // the time a turn comes back to them, and then it resumes.
    if (audio.state === "suspended") void audio.resume();
    const now = audio.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      const at = now + i * 0.12;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.2);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.22);
    }
  } catch {
    /* no sound is no harm */
  }
}

export function tabHidden(): boolean {
  return typeof document !== "undefined" && document.visibilityState === "hidden";
}

/** Tell the player it became their turn: the beep, and while the tab is hidden a
 * notification (a click on it brings the tab back). */
export function turnAlert(title: string, body: string, room: string): void {
  if (soundOn.get()) beep();
  if (!alertsOn.get() || !tabHidden() || permission() !== "granted") return;
  try {
    const n = new Notification(title, { body, tag: `turn-${room}` });
    n.onclick = () => {
      window.focus();
      n.close();
    };
  } catch {
    /* a browser that shows notifications only from a service worker */
  }
}

/** Watches whose turn it is, table by table: true once when it becomes the player's
 * turn at the same table (not when a table is first seen, nor when switching tables). */
export function turnWatcher(): (room: string | null, mine: boolean) => boolean {
  let last: { room: string | null; mine: boolean } = { room: null, mine: false };
  return (room, mine) => {
    const began = room !== null && room === last.room && mine && !last.mine;
    last = { room, mine };
    return began;
  };
}

// --- Web Push -------------------------------------------------------------------

export function pushSupported(): boolean {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator && typeof PushManager !== "undefined";
}

/** The bytes of unpadded base64url (the hall's VAPID key, as `applicationServerKey`). */
export function fromB64url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export interface PushChoice {
  player: string;
  topics: string[];
  /** The device's endpoint, to unsubscribe it on signing out. */
  endpoint?: string | null;
}

export function storedPush(): PushChoice | null {
  try {
    const raw = read(PUSH_KEY);
    return raw ? (JSON.parse(raw) as PushChoice) : null;
  } catch {
    return null;
  }
}

export function keepPush(choice: PushChoice | null): void {
  write(PUSH_KEY, choice && choice.topics.length ? JSON.stringify(choice) : null);
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register("/sw.js");
  return navigator.serviceWorker.ready;
}

export type PushOutcome = { ok: true; subscription: PushSubscriptionJSON } | { ok: false; why: "denied" | "failed" };

/** This device's push subscription with the hall's key (asking for the permission
 * first: call it from a click), to send in `push_subscribe`. */
export async function pushSubscription(key: string): Promise<PushOutcome> {
  if (permission() === "unsupported" || !pushSupported()) return { ok: false, why: "failed" };
  if ((await Notification.requestPermission()) !== "granted") return { ok: false, why: "denied" };
  try {
    const reg = await registration();
    const sub =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromB64url(key) as BufferSource }));
    return { ok: true, subscription: sub.toJSON() };
  } catch {
    return { ok: false, why: "failed" };
  }
}

/** This device's subscription, if it has one (no permission asked). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  try {
    const reg = await navigator.serviceWorker.getRegistration("/");
    return reg ? await reg.pushManager.getSubscription() : null;
  } catch {
    return null;
  }
}
