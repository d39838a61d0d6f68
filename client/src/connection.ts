// The websocket: MessagePack frames, hello with the stored token (and the hall's
// password, when it asks for one), reconnect with backoff, and re-entering the open
// table (with its key, at a private table) so a reload or a dropped line resumes the
// same seat. Accounts: every `welcome` brings a token to keep (a sign-in's new one
// too); a sign-in as another player enters the tables again afresh; `signed_out`
// forgets the token and stops the line until the name form says hello again.

import { encode } from "@msgpack/msgpack";
import { decodeFrame } from "./compact";
import { TableKeys } from "./privacy";
import type { ClientMessage, Enter, Hello, ServerMessage, Welcome } from "./protocol.gen";
import { roomsMessage } from "./rooms";
import { STRINGS_ID } from "./strings.gen";
import type { Store } from "./store";

export const TOKEN_KEY = "spieltisch.token";
export const NAME_KEY = "spieltisch.name";
/** The `id` of every `hello`: the other messages count from 1, so an `error` with
 * this `ref` refuses the hello (its name). */
export const HELLO_ID = 0;
/** The requests about the account: answered by `welcome` (or `signed_out`), or refused. */
const ACCOUNT_REQUESTS = new Set(["register", "login", "logout", "password", "delete_account"]);

export interface Session {
  name: string;
  token: string | null;
  lang: "ja" | "en";
  /** The hall's password, when this browser knows one. */
  password?: string | null;
}

/** Delay before reconnect attempt `n` (0-based): 0.5 s doubling to 8 s, with jitter
 * so that a restarted server is not hit by every client in the same instant. */
export function backoff(n: number, rand: () => number = Math.random): number {
  const base = Math.min(8000, 500 * 2 ** Math.min(n, 4));
  return Math.round(base * (0.75 + 0.5 * rand()));
}

export class Connection {
  private ws: WebSocket | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pinger: ReturnType<typeof setInterval> | null = null;
  private queue: ClientMessage[] = [];
  private ready = false;
  private nextId = 1;
  private stopped = false;
  /** The player id of the last welcome (null before one, and once signed out). */
  private player: string | null = null;
  /** Rooms this client wants to be in; re-entered after every welcome. */
  readonly rooms = new Set<string>();
  /** The keys of private tables (invitations or passwords), sent with every enter. */
  readonly keys = new TableKeys();
  wantsLobby = true;

  constructor(
    private store: Store,
    private session: () => Session,
    private url: string = defaultUrl(),
  ) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
  }

  /** Send now when welcomed, else after the next welcome (in order). */
  send(msg: ClientMessage): number {
    const id = this.nextId++;
    const withId = { ...msg, id } as ClientMessage;
    if (this.ready && this.ws?.readyState === WebSocket.OPEN) this.ws.send(encode(withId));
    // A queued move would carry a stale version: moves are made again on the fresh view.
    else if (msg.t !== "resync" && msg.t !== "ping" && msg.t !== "act" && msg.t !== "enter") this.queue.push(withId);
    return id;
  }

  /** Come to a table (with `key`, a private table's invitation or password, which is
   * kept for the tab and sent again with every re-entering). */
  enter(room: string, key?: string | null): void {
    if (key) this.keys.set(room, key);
    this.rooms.add(room);
    this.wantsLobby = false;
    if (this.ready) this.send(this.enterMessage(room, undefined));
  }

  /** `enter` with the table's key when one is held (no `key` field otherwise). */
  private enterMessage(room: string, v: number | null | undefined): Enter {
    const msg: Enter = { t: "enter", room };
    if (v !== undefined) msg.v = v;
    const key = this.keys.get(room);
    if (key) msg.key = key;
    return msg;
  }

  leave(room: string): void {
    this.rooms.delete(room);
    this.send({ t: "leave", room });
  }

  /** Show the lobby: its tables as the store's filter says, updates as changes. A new
   * filter is sent the same way (the server replaces the old one). */
  lobby(): void {
    this.wantsLobby = true;
    if (this.ready) this.send(roomsMessage(this.store.state.lobbyFilter));
  }

  get isReady(): boolean {
    return this.ready;
  }

  private open(): void {
    this.store.setConn(this.attempts === 0 ? "connecting" : "reconnecting");
    this.ready = false;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this.retry();
      return;
    }
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    ws.onopen = () => {
      const s = this.session();
      const hello: Hello = { t: "hello", name: s.name, token: s.token, lang: s.lang, compact: STRINGS_ID, id: HELLO_ID };
      if (s.password) hello.password = s.password;
      ws.send(encode(hello));
    };
    ws.onmessage = (ev) => {
      let msg: ServerMessage;
      try {
        msg = (typeof ev.data === "string" ? JSON.parse(ev.data) : decodeFrame(new Uint8Array(ev.data))) as ServerMessage;
      } catch {
        return;
      }
      if (msg.t === "welcome") {
        // A welcome on a welcomed line answers register, login or password.
        const again = this.ready;
        this.welcomed(msg);
        this.store.handle(msg);
        if (again) this.store.accountDone();
        return;
      }
      if (msg.t === "signed_out") {
        this.store.handle(msg);
        this.signedOut();
        return;
      }
      // At a private table, its own invitation opens it from now on (a password may change).
      if (msg.t === "room" && msg.invite) this.keys.set(msg.room, msg.invite);
      if (msg.t === "error" && msg.ref === HELLO_ID && !this.ready) return this.refused(msg);
      this.store.handle(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.ready = false;
      if (this.pinger) clearInterval(this.pinger);
      // A request about the account may never be answered now: the form may try again.
      this.queue = this.queue.filter((m) => !ACCOUNT_REQUESTS.has(m.t));
      this.store.accountLost();
      if (!this.stopped) this.retry();
      else this.store.setConn("offline");
    };
    ws.onerror = () => ws.close();
  }

  private welcomed(msg: Welcome): void {
    // Every welcome's token, a sign-in's new one too: the next hello goes with it.
    try {
      localStorage.setItem(TOKEN_KEY, msg.token);
    } catch {
      /* private mode: the session lasts as long as the page */
    }
    const again = this.ready;
    // Signed in as another player (or come back as a new guest): the views held were
    // someone else's, and the server has left this line's tables; enter them afresh.
    const changed = this.player !== null && this.player !== msg.player;
    this.player = msg.player;
    this.attempts = 0;
    this.ready = true;
    this.store.setConn("open");
    if (changed) this.store.dropViews();
    else if (again) return; // registered, or a new password: the same player at the same tables
    else this.store.resetViews();
    const ws = this.ws!;
    if (this.wantsLobby) ws.send(encode(roomsMessage(this.store.state.lobbyFilter)));
    // The hall's chat and who is here, on every screen (a table names its watchers from it).
    ws.send(encode({ t: "hall" }));
    // The turn-based tables waiting for our move, on every screen (the header's list).
    ws.send(encode({ t: "turns" }));
    // With the version we hold, the server sends just the patches we missed.
    for (const room of this.rooms) {
      const held = this.store.state.tables[room];
      const v = held?.view ? held.v : null;
      ws.send(encode(this.enterMessage(room, v)));
    }
    const queued = this.queue;
    this.queue = [];
    for (const m of queued) ws.send(encode(m));
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = setInterval(() => {
      if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(encode({ t: "ping" }));
    }, 20_000);
  }

  /** Signed out: the token works no more and the line is as before its hello. It
   * stays down until the name form gives a guest's name (reconnectNow). */
  private signedOut(): void {
    try {
      localStorage.removeItem(TOKEN_KEY);
    } catch {
      /* no storage */
    }
    this.player = null;
    this.ready = false;
    this.stopped = true;
    this.queue = [];
    if (this.pinger) clearInterval(this.pinger);
    this.ws?.close();
  }

  /** The hall refused our name, or its password: trying again with it would be
   * refused forever, so the line stays down until the name or the password changes
   * (reconnectNow). */
  private refused(msg: { code: string; message: string; args?: Record<string, unknown> }): void {
    this.stopped = true;
    if (msg.code === "hall_password") this.store.refuseHall(msg);
    else this.store.refuseName(msg);
    this.ws?.close();
  }

  private retry(): void {
    this.store.setConn("reconnecting");
    const delay = backoff(this.attempts++);
    this.timer = setTimeout(() => this.open(), delay);
  }

  /** For tests and the "reconnect now" button. */
  reconnectNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.stopped = false;
    this.attempts = 0;
    if (this.ws) this.ws.close();
    else this.open();
  }
}

function defaultUrl(): string {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${location.host}/ws`;
}
