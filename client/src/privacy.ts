// Private tables and a hall that asks for a password: the keys this tab holds, the
// invitation link, and the hall's password kept in the browser.
//
// A private table is entered with a key (its invitation secret or its password,
// `enter.key`). The key of each table is kept for the tab (sessionStorage), so a
// reload or a dropped line re-enters with it; once at the table, the table's own
// invitation (`room.invite`) takes its place, as a password may change.
//
// The invitation link is the table's address (`/?t=ROOM`) with the secret in the
// hash, `#key=SECRET`: the hash never goes to the server with a page load, and the
// address bar drops it once the key is kept.

/** Where the hall's password is kept (localStorage): a club's browser says it once. */
export const HALL_PASSWORD_KEY = "spieltisch.hall_password";
/** A table's key in sessionStorage: `spieltisch.key.<room>`. */
export const TABLE_KEY_PREFIX = "spieltisch.key.";
/** The longest table password the server takes (generated from the protocol). */
export { PASSWORD_MAX } from "./protocol.gen";

/** The part of Storage the keys need (a Map stands in where there is no storage). */
export interface KeyStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function sessionStore(): KeyStorage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The keys of the private tables this tab has been given, by table. Kept in memory
 * too: storage may be refused (private mode) or full. */
export class TableKeys {
  private held = new Map<string, string>();

  constructor(private storage: () => KeyStorage | null = sessionStore) {}

  get(room: string): string | null {
    const kept = this.held.get(room);
    if (kept !== undefined) return kept;
    try {
      return this.storage()?.getItem(TABLE_KEY_PREFIX + room) ?? null;
    } catch {
      return null;
    }
  }

  set(room: string, key: string): void {
    if (!key) return this.forget(room);
    this.held.set(room, key);
    try {
      this.storage()?.setItem(TABLE_KEY_PREFIX + room, key);
    } catch {
      /* kept in memory only */
    }
  }

  forget(room: string): void {
    this.held.delete(room);
    try {
      this.storage()?.removeItem(TABLE_KEY_PREFIX + room);
    } catch {
      /* nothing kept */
    }
  }
}

/** A table's address: `/?t=ROOM` (the client's routing, client.ts). */
export function tablePath(room: string): string {
  return `/?t=${encodeURIComponent(room)}`;
}

/** The invitation link of a private table: its address with the key in the hash,
 * `https://hall.example/?t=ROOM#key=SECRET`. */
export function inviteLink(origin: string, room: string, key: string): string {
  return `${origin.replace(/\/+$/, "")}${tablePath(room)}#key=${encodeURIComponent(key)}`;
}

/** The key an address carries: `#key=…` (an invitation link), or `?key=…` from a link
 * written by hand; null when there is none. */
export function linkKey(search: string, hash: string): string | null {
  const fromHash = new URLSearchParams(hash.replace(/^#/, "")).get("key");
  const key = fromHash ?? new URLSearchParams(search).get("key");
  return key ? key : null;
}

/** The hall's password given on this page, where storage is refused (private mode). */
let givenHallPassword: string | null = null;

/** The hall's password kept in this browser, or null. */
export function storedHallPassword(): string | null {
  try {
    return localStorage.getItem(HALL_PASSWORD_KEY) || givenHallPassword;
  } catch {
    return givenHallPassword;
  }
}

export function keepHallPassword(password: string): void {
  givenHallPassword = password || null;
  try {
    localStorage.setItem(HALL_PASSWORD_KEY, password);
  } catch {
    /* the page asks again next time */
  }
}

/** An address of the hall's HTTP API with the hall's password, when one is known
 * (`?password=…`; the archive's downloads ask for it at a hall that has one). */
export function withHallPassword(url: string, password: string | null): string {
  if (!password) return url;
  return `${url}${url.includes("?") ? "&" : "?"}password=${encodeURIComponent(password)}`;
}
