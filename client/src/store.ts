// Everything the client knows, fed by server messages. No network here: the store
// is given a `send` function, which keeps it testable without a socket.

import type { ChatEntry, ChatLine, ClientMessage, GameSummary, HallChatEntry, HallChatLine, Person, ReplayData, Room, RoomSummary, ServerMessage, TurnRoom, Welcome } from "./protocol.gen";
import type { AccountMode } from "./account";
import { applyPatch } from "./patch";
import { addNotice, unexpired } from "./notices";
import type { Page } from "./rankings";
import { applyRoomChanges, LOBBY_LIMIT, type LobbyFilter, newestFirst, NO_FILTER } from "./rooms";

export type View = Record<string, unknown> & {
  game?: string;
  you?: number | null;
  active?: number[];
  legal?: Record<string, unknown>[];
  scores?: number[];
  log?: { code: string; args: Record<string, unknown> }[];
  result?: { scores: number[]; ranks: number[] } | null;
};

export interface RoomState {
  room: Room | null;
  view: View | null;
  v: number;
  chat: ChatLine[];
  /** A resync is on its way; patches are ignored until the snapshot arrives. */
  resyncing: boolean;
}

export type ConnState = "connecting" | "open" | "reconnecting" | "offline";

export interface Notice {
  id: number;
  code: string;
  message: string;
  /** The values the server gave to word the reason with (`error.args`). */
  args: Record<string, unknown>;
  at: number;
  /** How many times this code came while its notice showed (absent: once). */
  count?: number;
}

/** The replay on screen: the archived game asked for and whose view (null: a
 * spectator's); `data` is the last answer for this game, kept while another seat's
 * view is on its way so the screen does not blank. */
export interface ReplayState {
  game: string;
  seat: number | null;
  data: ReplayData | null;
  /** The server's refusal (`unknown_game`), shown on the replay screen. */
  error: string | null;
}

/** The hall's finished games, newest first: everyone's and the player's own; null
 * until the server has answered. */
export interface HistoryLists {
  all: GameSummary[] | null;
  mine: GameSummary[] | null;
}

export interface GameInfo {
  name: string;
  min_seats: number;
  max_seats: number;
  options: Record<string, unknown>;
  /** The options in words (a server older than this field sends none). */
  described?: OptionSpec[];
}

/** One option of a game as the server describes it (`GET /api/games`, `described`):
 * the words come with the game, so a new option needs no change of the client. */
export interface OptionSpec {
  key: string;
  kind: "bool" | "int" | "choice" | "text";
  default: unknown;
  label: { en: string; ja: string };
  choices?: { value: unknown; label: { en: string; ja: string } }[] | null;
  min?: number | null;
  max?: number | null;
  hidden?: boolean;
  /** The yes/no options that must all be on for this one to mean anything (the
   * dragon's timing needs the dragon's expansion): hidden while one is off. */
  requires?: string[] | null;
}

/** A private table that would not let us in (or that we clicked in the lobby), and
 * what it takes: the lobby asks for its password, or says to ask for the invitation. */
export interface Locked {
  room: string;
  game: string | null;
  /** The table takes a password (else only its invitation link opens it). */
  password: boolean;
  /** The table refused the key we gave (false: we gave none, or have not tried). */
  refused: boolean;
}

/** The account dialog: its form, the request on its way (its message id; the answer is
 * a `welcome`, or an `error` with that `ref`), and the last refusal, said in the dialog. */
export interface AccountForm {
  mode: AccountMode;
  pending: number | null;
  error: Notice | null;
  /** The name to offer in the form (the one the hall refused as an account's, say). */
  name: string | null;
}

/** The hall's meeting place (`hall`): its chat, and who is here by player id (null
 * until the server has said). */
export interface HallState {
  chat: HallChatLine[];
  people: Record<string, Person> | null;
}

/** Play again, per finished table: whether we proposed its rematch (`rematch`), and
 * how we answered the offer of another player's (`join`, `decline`). */
export interface RematchNote {
  asked: boolean;
  answer: "join" | "decline" | null;
}

/** The session was signed out (`signed_out`): the name form comes back for a guest. */
export interface SignedOutState {
  everywhere: boolean;
  /** Signed out by another device of the account (everywhere, a new password, deleted). */
  elsewhere: boolean;
  /** The account it was signed in to (its name is not a guest's to take). */
  account: string | null;
  /** The answer to our `delete_account`: the account is no more (its name is free). */
  deleted: boolean;
}

export interface Snapshot {
  conn: ConnState;
  /** Who we are: the last `welcome` (its `account` is the account's name when signed
   * in, null for a guest). */
  me: Welcome | null;
  /** The lobby's tables as the server keeps them: the newest first, at most `LOBBY_LIMIT`. */
  rooms: RoomSummary[];
  /** How many tables match the lobby's filter, those beyond the list's limit too. */
  roomsTotal: number;
  lobbyFilter: LobbyFilter;
  locked: Locked | null;
  games: GameInfo[];
  current: string | null;
  tables: Record<string, RoomState>;
  history: HistoryLists;
  replay: ReplayState | null;
  /** A page of its own on screen: a game's ranking or a player's profile. */
  page: Page | null;
  /** What we did about each finished table's rematch (src/rematch.ts reads it). */
  rematch: Record<string, RematchNote>;
  notices: Notice[];
  /** The server refused the name of our `hello` (its reason): the name form comes
   * back, and the connection waits for another name. */
  nameRefusal: Notice | null;
  /** The hall asks for a password and has not taken ours (none yet, or a wrong one):
   * the password form shows, and the connection waits for a password. */
  hallRefusal: Notice | null;
  /** The account dialog, when open. */
  accountForm: AccountForm | null;
  /** Signed out, and not yet a guest again. */
  signedOut: SignedOutState | null;
  hall: HallState;
  /** The turn-based tables waiting for a move of ours (`turns`); null until the server
   * has said. */
  turns: TurnRoom[] | null;
  /** Web Push at this hall (src/notify.ts): `key` is its VAPID key (undefined until
   * asked, null when the hall sends no pushes); `topics`, what this device is told about
   * as the hall last answered (null: not said this session). */
  push: { key?: string | null; endpoint: string | null; topics: string[] | null };
  /** Timing of the last patch applied, in ms (patch only; the redraw is measured by the UI). */
  lastPatchMs: number;
}

type Listener = (s: Snapshot) => void;

const CHAT_KEEP = 200;

export class Store {
  state: Snapshot = {
    conn: "connecting",
    me: null,
    rooms: [],
    roomsTotal: 0,
    lobbyFilter: NO_FILTER,
    locked: null,
    games: [],
    current: null,
    tables: {},
    history: { all: null, mine: null },
    replay: null,
    page: null,
    rematch: {},
    notices: [],
    nameRefusal: null,
    hallRefusal: null,
    accountForm: null,
    signedOut: null,
    hall: { chat: [], people: null },
    turns: null,
    push: { endpoint: null, topics: null },
    lastPatchMs: 0,
  };
  private listeners = new Set<Listener>();
  private noticeId = 0;

  constructor(private send: (msg: ClientMessage) => void) {}

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private set(patch: Partial<Snapshot>): void {
    this.state = { ...this.state, ...patch };
    for (const fn of this.listeners) fn(this.state);
  }

  private table(room: string): RoomState {
    return this.state.tables[room] ?? { room: null, view: null, v: -1, chat: [], resyncing: false };
  }

  private setTable(room: string, next: RoomState): void {
    this.set({ tables: { ...this.state.tables, [room]: next } });
  }

  setConn(conn: ConnState): void {
    if (conn !== this.state.conn) this.set({ conn });
  }

  setGames(games: GameInfo[]): void {
    this.set({ games });
  }

  setCurrent(room: string | null): void {
    this.set({ current: room });
  }

  /** Show the replay of `game` from `seat`'s side (null: a spectator's). */
  openReplay(game: string, seat: number | null): void {
    const held = this.state.replay;
    const data = held?.game === game ? held.data : null;
    this.set({ replay: { game, seat, data, error: null } });
  }

  closeReplay(): void {
    if (this.state.replay) this.set({ replay: null });
  }

  /** Show a ranking or a profile (null: none). */
  setPage(page: Page | null): void {
    if (page !== this.state.page) this.set({ page });
  }

  /** We proposed to play again at this finished table: its rematch, once told, is
   * where we go. */
  rematchAsked(room: string): void {
    this.set({ rematch: { ...this.state.rematch, [room]: { asked: true, answer: this.state.rematch[room]?.answer ?? null } } });
  }

  /** Our answer to the offer of this finished table's rematch. */
  rematchAnswered(room: string, answer: "join" | "decline"): void {
    this.set({ rematch: { ...this.state.rematch, [room]: { asked: this.state.rematch[room]?.asked ?? false, answer } } });
  }

  forget(room: string): void {
    const tables = { ...this.state.tables };
    delete tables[room];
    this.set({ tables, current: this.state.current === room ? null : this.state.current });
  }

  notify(code: string, message: string, args: Record<string, unknown> = {}): void {
    const n: Notice = { id: ++this.noticeId, code, message, args, at: Date.now() };
    this.set({ notices: addNotice(this.state.notices, n) });
  }

  /** Our `hello` was refused (an unusable name); null once a new name is chosen. Who
   * we were is not who we are any more (a session signed out meanwhile, say). */
  refuseName(error: { code: string; message: string; args?: Record<string, unknown> } | null): void {
    const refusal = error && { id: ++this.noticeId, code: error.code, message: error.message, args: error.args ?? {}, at: Date.now() };
    // The account dialog closes: the form behind it says why.
    this.set(refusal ? { nameRefusal: refusal, me: null, accountForm: null } : { nameRefusal: null });
  }

  /** Open the account dialog at `mode` (`name`: the name to offer), or switch its form;
   * a refusal shown is forgotten. */
  openAccount(mode: AccountMode, name: string | null = null): void {
    const held = this.state.accountForm;
    this.set({ accountForm: { mode, pending: held?.pending ?? null, error: null, name: name ?? held?.name ?? null } });
  }

  closeAccount(): void {
    if (this.state.accountForm) this.set({ accountForm: null });
  }

  /** A `register`, `login`, `password`, `delete_account` or `logout` went with this
   * id: the dialog waits. */
  accountSent(id: number): void {
    const held = this.state.accountForm;
    if (held) this.set({ accountForm: { ...held, pending: id, error: null } });
  }

  /** A `welcome` on a welcomed line: the answer to `register`, `login` or `password`
   * (the connection tells it from the hello's): the dialog closes. */
  accountDone(): void {
    if (this.state.accountForm?.pending != null) this.set({ accountForm: null });
  }

  /** The line dropped with a request on its way: its answer may never come. */
  accountLost(): void {
    const held = this.state.accountForm;
    if (held?.pending != null) this.set({ accountForm: { ...held, pending: null } });
  }

  /** A guest again: the name form's note is no longer needed. */
  clearSignedOut(): void {
    if (this.state.signedOut) this.set({ signedOut: null });
  }

  /** The views held were someone else's (signed in as another player, or signed out):
   * what was seen of each table is forgotten, and entering again brings it afresh. */
  dropViews(): void {
    const tables: Record<string, RoomState> = {};
    for (const [k, t] of Object.entries(this.state.tables)) tables[k] = { ...t, room: null, view: null, v: -1, resyncing: false };
    this.set({ tables });
  }

  /** Our `hello` was refused for the hall's password; null once another is given. */
  refuseHall(error: { code: string; message: string; args?: Record<string, unknown> } | null): void {
    const refusal = error && { id: ++this.noticeId, code: error.code, message: error.message, args: error.args ?? {}, at: Date.now() };
    this.set(refusal ? { hallRefusal: refusal, accountForm: null } : { hallRefusal: null });
  }

  /** Show the lobby's tables of this game and state (the connection asks for them). */
  setLobbyFilter(filter: LobbyFilter): void {
    this.set({ lobbyFilter: filter });
  }

  /** A private table asks for its key (null: the question is closed). */
  lock(locked: Locked | null): void {
    this.set({ locked });
  }

  dismiss(id: number): void {
    this.set({ notices: this.state.notices.filter((n) => n.id !== id) });
  }

  /** The notices whose time is up (at `now`) go. */
  expireNotices(now = Date.now()): void {
    const left = unexpired(this.state.notices, now);
    if (left.length !== this.state.notices.length) this.set({ notices: left });
  }

  /** Called on every (re)connection: views may have moved on while we were away. */
  resetViews(): void {
    const tables: Record<string, RoomState> = {};
    for (const [k, t] of Object.entries(this.state.tables)) tables[k] = { ...t, resyncing: false };
    this.set({ tables });
  }

  handle(msg: ServerMessage): void {
    switch (msg.t) {
      case "welcome":
        // Signed in, the name form (a name refused as an account's, or signed out) is done.
        this.set({ me: msg, ...(msg.account !== null ? { nameRefusal: null, signedOut: null } : {}) });
        break;
      case "signed_out": {
        const form = this.state.accountForm;
        // The answer to the dialog's `delete_account`: the account is gone.
        const deleted = form?.mode === "delete" && form.pending != null;
        this.set({
          me: null,
          turns: null,
          signedOut: { everywhere: msg.everywhere, elsewhere: msg.elsewhere, account: this.state.me?.account ?? null, deleted },
          accountForm: form?.pending != null ? null : form,
        });
        this.dropViews();
        break;
      }
      case "room_list":
        this.set({ rooms: newestFirst(msg.rooms).slice(0, LOBBY_LIMIT), roomsTotal: msg.total ?? msg.rooms.length });
        break;
      case "room_changes":
        this.set({ rooms: applyRoomChanges(this.state.rooms, msg, LOBBY_LIMIT), roomsTotal: msg.total });
        break;
      case "room": {
        const t = this.table(msg.room);
        // In: a question about its key is answered.
        if (this.state.locked?.room === msg.room) this.state = { ...this.state, locked: null };
        // A started table renumbers its seats; the view that follows is a snapshot.
        this.setTable(msg.room, { ...t, room: msg });
        break;
      }
      case "snapshot": {
        const t = this.table(msg.room);
        this.setTable(msg.room, { ...t, view: msg.view as View, v: msg.v, resyncing: false });
        break;
      }
      case "patch":
        this.patch(msg.room, msg.v, msg.ops);
        break;
      case "chat": {
        const t = this.table(msg.room);
        // A line said as we entered may come in the chat log and live: show it once.
        if (t.chat.some((c) => sameLine(c, msg))) break;
        this.setTable(msg.room, { ...t, chat: [...t.chat, msg].slice(-CHAT_KEEP) });
        break;
      }
      case "chat_log": {
        const t = this.table(msg.room);
        this.setTable(msg.room, { ...t, chat: mergeChatLog(msg.room, msg.lines, t.chat) });
        break;
      }
      case "history":
        this.set({ history: { ...this.state.history, [msg.mine ? "mine" : "all"]: msg.games } });
        break;
      case "replay": {
        const held = this.state.replay;
        // An answer for a replay no longer on screen, or for a seat since switched
        // away from, is dropped.
        if (held && held.game === msg.summary.id && held.seat === msg.seat) this.set({ replay: { ...held, data: msg, error: null } });
        break;
      }
      case "error":
        // The answer to the account's request: said in its dialog.
        if (msg.ref !== null && msg.ref === this.state.accountForm?.pending) {
          const error: Notice = { id: ++this.noticeId, code: msg.code, message: msg.message, args: msg.args ?? {}, at: Date.now() };
          this.set({ accountForm: { ...this.state.accountForm, pending: null, error } });
          break;
        }
        // The replay screen says it in place of the game; elsewhere it is a notice.
        if (msg.code === "unknown_game" && this.state.replay) this.set({ replay: { ...this.state.replay, error: msg.code } });
        else this.notify(msg.code, msg.message, msg.args ?? {});
        break;
      case "hall_chat": {
        const hall = this.state.hall;
        // A line said as we joined may come in the log and live: show it once.
        if (hall.chat.some((c) => sameHallLine(c, msg))) break;
        this.set({ hall: { ...hall, chat: [...hall.chat, msg].slice(-CHAT_KEEP) } });
        break;
      }
      case "hall_chat_log":
        this.set({ hall: { ...this.state.hall, chat: mergeHallLog(msg.lines, this.state.hall.chat) } });
        break;
      case "present":
        this.set({ hall: { ...this.state.hall, people: Object.fromEntries(msg.people.map((p) => [p.player, p])) } });
        break;
      case "present_changes": {
        const people = { ...(this.state.hall.people ?? {}) };
        for (const gone of msg.gone) delete people[gone];
        for (const p of msg.people) people[p.player] = p;
        this.set({ hall: { ...this.state.hall, people } });
        break;
      }
      case "turns":
        this.set({ turns: msg.rooms });
        break;
      case "push_key":
        this.set({ push: { ...this.state.push, key: msg.key } });
        break;
      case "push_topics":
        this.set({ push: { ...this.state.push, endpoint: msg.endpoint, topics: msg.topics } });
        break;
      case "pong":
        break;
    }
  }

  private patch(room: string, v: number, ops: unknown[]): void {
    const t = this.table(room);
    if (t.resyncing) return;
    if (t.view === null || v !== t.v + 1) {
      if (t.view !== null && v <= t.v) return; // an old patch we already hold
      this.resync(room, t);
      return;
    }
    const started = now();
    let view: View;
    try {
      view = applyPatch(t.view, ops) as View;
    } catch {
      this.resync(room, t);
      return;
    }
    const lastPatchMs = now() - started;
    this.state = { ...this.state, lastPatchMs };
    this.setTable(room, { ...t, view, v });
  }

  private resync(room: string, t: RoomState): void {
    this.setTable(room, { ...t, resyncing: true });
    this.send({ t: "resync", room });
  }
}

function sameLine(a: ChatEntry, b: ChatEntry): boolean {
  return a.at === b.at && a.from === b.from && a.text === b.text;
}

/** The table's chat after a `chat_log`: its lines replace the ones held (a reload, a
 * dropped connection: lines said meanwhile arrive), except the client's own notes
 * (commands' answers, `from` empty) and live lines newer than the log's last, which
 * came while the log was on its way. */
export function mergeChatLog(room: string, lines: ChatEntry[], held: ChatLine[]): ChatLine[] {
  const log: ChatLine[] = lines.map((l) => ({ t: "chat", room, ...l }));
  const last = log.length ? log[log.length - 1].at : -Infinity;
  const kept = held.filter((c) => (c.from === "" || c.at > last) && !log.some((l) => sameLine(l, c)));
  return [...log, ...kept].sort((a, b) => a.at - b.at).slice(-CHAT_KEEP);
}

function sameHallLine(a: HallChatEntry, b: HallChatEntry): boolean {
  return a.at === b.at && a.player === b.player && a.text === b.text;
}

/** The hall's chat after a `hall_chat_log`: its lines replace the ones held, but for
 * live lines newer than the log's last (they came while the log was on its way). */
export function mergeHallLog(lines: HallChatEntry[], held: HallChatLine[]): HallChatLine[] {
  const log: HallChatLine[] = lines.map((l) => ({ t: "hall_chat", ...l }));
  const last = log.length ? log[log.length - 1].at : -Infinity;
  const kept = held.filter((c) => c.at > last && !log.some((l) => sameHallLine(l, c)));
  return [...log, ...kept].sort((a, b) => a.at - b.at).slice(-CHAT_KEEP);
}

function now(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}
