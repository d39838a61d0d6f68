// Wires the store, the connection and the address bar together. The UI gets one
// `Client` and calls its methods; nothing in the UI touches the socket.

import { type AccountMode, passingName, sameName } from "./account";
import { parseCommand } from "./commands";
import { Connection, NAME_KEY, TOKEN_KEY } from "./connection";
import { lang, t } from "./i18n";
import { keepPush, storedPush } from "./notify";
import { keepHallPassword, linkKey, storedHallPassword, tablePath } from "./privacy";
import type { ClientMessage, RoomSummary } from "./protocol.gen";
import {
  exportFileName,
  exportUrl,
  isOwn,
  type Leaderboard,
  leaderboardUrl,
  type LoadError,
  loadError,
  type Page,
  pageFromHash,
  pageHash,
  type Profile,
  profileUrl,
  requestHeaders,
  samePage,
} from "./rankings";
import { type RematchOffer, rematchMove } from "./rematch";
import { replayFromHash, replayHash } from "./replay";
import type { LobbyFilter } from "./rooms";
import { signal } from "./signal";
import { type GameInfo, Store } from "./store";

export interface Client {
  store: Store;
  conn: Connection;
  name: ReturnType<typeof signal<string | null>>;
  start(): void;
  setName(name: string): void;
  /** Say hello again with the hall's password (kept in this browser). */
  setHallPassword(password: string): void;
  send(msg: ClientMessage): void;
  /** The account dialog at `mode` (`name`: the name to offer), or closed (null). */
  account(mode: AccountMode | null, name?: string | null): void;
  /** Sign in (`login`), claim a name (`register`), change the password; the dialog
   * waits for the answer. From the name form, a guest's hello goes first. */
  signIn(name: string, password: string): void;
  register(name: string, password: string): void;
  changePassword(old: string, password: string): void;
  /** Delete the signed-in account (`delete_account`, with its password): answered by
   * `signed_out`, after which the name form says the account was deleted. */
  deleteAccount(password: string): void;
  /** Sign out (of this browser, or of every device): the name form comes back. */
  signOut(everywhere: boolean): void;
  /** A guest leaves a shared device: the hall forgets the session (`logout`) and this
   * browser the guest's name and token, so the next person here starts as a new guest
   * (and gets none of this one's pushes). */
  forgetMe(): void;
  create(game: string, options: Record<string, unknown>): void;
  /** Go to a table; `key` opens a private one (its invitation or password). */
  open(room: string, key?: string | null): void;
  /** A table of the lobby's list: a private one we hold no key for and that takes a
   * password asks for it first; any other is opened. */
  openListed(room: RoomSummary): void;
  /** Show the lobby's tables of one game and state (null: all). */
  filterLobby(filter: LobbyFilter): void;
  toLobby(): void;
  /** Ask for the hall's finished games: everyone's and this player's own. */
  history(): void;
  /** Show a finished game's replay, from `seat`'s side (null: a spectator's). */
  replay(game: string, seat?: number | null): void;
  leave(room: string): void;
  /** Show a game's ranking or a player's profile (`#ranking/<game>`, `#player/<name>`). */
  page(page: Page): void;
  /** A game's ranking (`fresh`: not the one fetched a moment ago for the lobby). */
  leaderboard(game: string, fresh?: boolean): Promise<Loaded<Leaderboard>>;
  /** A signed-in player's profile; one's own with the session's token (private
   * tables' games included). */
  profile(name: string): Promise<Loaded<Profile>>;
  /** Download everything the hall keeps of the signed-in player, as a JSON file;
   * false when the hall would not give it. */
  exportData(): Promise<boolean>;
  /** Play again at a finished table (`rotate`: everyone one seat on). */
  rematch(room: string, rotate?: boolean): void;
  /** Answer another player's rematch: sit in the seat kept for us, or decline it. */
  joinRematch(offer: RematchOffer): void;
  declineRematch(offer: RematchOffer): void;
  act(room: string, intent: Record<string, unknown>): void;
  chat(room: string | null, text: string): void;
  /** Say a line in the hall's chat. */
  hallChat(text: string): void;
  catalogue(game: string): Promise<unknown>;
}

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

// The table lives in the query (`/?t=ID`) and a replay in the hash (`/#replay/ID`),
// so a reload asks the server for `/` and never depends on how it answers other paths.
// An invitation link adds a private table's key in the hash (`/?t=ID#key=SECRET`).
function roomFromPath(): string | null {
  return new URLSearchParams(location.search).get("t");
}

/** How many finished games each list of the hall shows. */
export const HISTORY_LIMIT = 20;

/** An answer of the hall's HTTP API, or why there is none. */
export type Loaded<T> = { ok: true; data: T } | { ok: false; error: LoadError };

/** How long the lobby's short ranking of a game is not fetched again, in ms. */
const LEADERBOARD_FRESH_MS = 15_000;

async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<Loaded<T>> {
  try {
    const r = await fetch(url, { headers });
    if (!r.ok) return { ok: false, error: loadError(r.status) };
    return { ok: true, data: (await r.json()) as T };
  } catch {
    return { ok: false, error: "failed" };
  }
}

export function createClient(): Client {
  const name = signal<string | null>(stored(NAME_KEY));
  /** The name of a hello that only opens the line for a sign-in from the name form
   * (the browser has no name the hall takes); never kept. */
  let passing: string | null = null;
  let conn: Connection;
  const store = new Store((m) => conn.send(m));
  conn = new Connection(store, () => ({
    name: passing ?? name.get() ?? "",
    token: stored(TOKEN_KEY),
    lang: lang.get(),
    password: storedHallPassword(),
  }));
  let awaitingCreate = false;
  const catalogues = new Map<string, Promise<unknown>>();

  // One move per version: a second click on the same view (a double click) is not
  // sent; a refusal frees the table for another try.
  const sentAt = new Map<string, number>();
  let lastConn = store.state.conn;
  store.subscribe((st) => {
    // A move sent just before the line dropped may never have arrived.
    if (st.conn !== lastConn) sentAt.clear();
    // Nor may a replay asked for; ask again once welcomed (the first time, too: a
    // replay opened from its address is asked for when the connection is ready).
    if (st.conn !== lastConn && st.conn === "open") askReplay();
    lastConn = st.conn;
  });

  // Signed in: the account's name is the one this browser goes by (a reload says hello
  // with it; the hall gives a signed-in player the account's name whatever hello says).
  store.subscribe((st) => {
    const me = st.me;
    if (!me?.account) return;
    passing = null;
    if (name.get() !== me.name) {
      keepName(me.name);
      name.set(me.name);
    }
  });

  // The account deleted: this browser no longer goes by its name (a reload asks for a
  // name again rather than coming back as a guest of the deleted account's name).
  store.subscribe((st) => {
    const out = st.signedOut;
    if (!out?.deleted || out.account === null) return;
    const n = name.get();
    if (n !== null && sameName(n, out.account)) {
      try {
        localStorage.removeItem(NAME_KEY);
      } catch {
        /* no storage */
      }
      name.set(null);
    }
  });

  // A stale address (a table that has gone) leads back to the hall.
  let seenNotice = 0;
  store.subscribe((st) => {
    const last = st.notices[st.notices.length - 1];
    if (!last || last.id === seenNotice) return;
    seenNotice = last.id;
    sentAt.clear();
    const cur = st.current;
    if (last.code === "unknown_room" && cur !== null && !st.tables[cur]?.room) {
      conn.rooms.delete(cur);
      go(null);
      conn.lobby();
    }
    // A private table that does not let us in: the key we gave (if any) is wrong. Back
    // to the lobby, which asks for its password or says to ask for the invitation.
    if (last.code === "private_table" && cur !== null && !st.tables[cur]?.room) {
      const refused = conn.keys.get(cur) !== null;
      conn.rooms.delete(cur);
      conn.keys.forget(cur);
      const game = st.rooms.find((r) => r.room === cur)?.game ?? null;
      store.lock({ room: cur, game, password: last.args.password === true, refused });
      go(null);
      conn.lobby();
    }
  });

  // The creator of a table is put in it by the server; follow it there.
  store.subscribe(() => {
    if (!awaitingCreate) return;
    const me = store.state.me?.player;
    for (const [room, tbl] of Object.entries(store.state.tables)) {
      if (tbl.room && tbl.room.host === me && !conn.rooms.has(room)) {
        awaitingCreate = false;
        conn.rooms.add(room);
        conn.wantsLobby = false;
        go(room);
        break;
      }
    }
  });

  function keepName(n: string): void {
    try {
      localStorage.setItem(NAME_KEY, n);
    } catch {
      /* no storage */
    }
  }

  /** A request about the account: sent when the line is welcomed, else after the
   * next welcome. Without a name the hall takes (none yet, refused, signed out), the
   * line opens first with a passing guest's name. */
  function accountRequest(msg: ClientMessage): void {
    const st = store.state;
    if (!conn.isReady && (name.get() === null || st.nameRefusal !== null || st.signedOut !== null)) {
      passing ??= passingName(t("account.passing_name"));
      if (name.get() === null && !started) {
        started = true;
        follow();
        conn.start();
      } else conn.reconnectNow();
    }
    store.accountSent(conn.send(msg));
  }
  let started = false;

  function navigate(path: string): void {
    if (location.pathname + location.search + location.hash !== path) history.pushState({}, "", path);
  }

  function go(room: string | null): void {
    navigate(room === null ? "/" : tablePath(room));
    store.closeReplay();
    store.setPage(null);
    store.setCurrent(room);
  }

  /** Ask for the replay on screen, unless it is here already or refused; a message
   * sent before the welcome would wait in the queue and go twice, so only when ready. */
  function askReplay(): void {
    const r = store.state.replay;
    if (!r || r.error || (r.data && r.data.seat === r.seat) || !conn.isReady) return;
    conn.send({ t: "replay", game: r.game, seat: r.seat });
  }

  function follow(): void {
    const page = pageFromHash(location.hash);
    if (page !== null) {
      store.setCurrent(null);
      store.closeReplay();
      if (!samePage(store.state.page, page)) store.setPage(page);
      return;
    }
    store.setPage(null);
    const game = replayFromHash(location.hash);
    if (game !== null) {
      store.setCurrent(null);
      if (store.state.replay?.game !== game) store.openReplay(game, null);
      askReplay();
      return;
    }
    const room = roomFromPath();
    // An invitation link: keep its key for the tab, and take it out of the address bar
    // (the table's plain address reloads with the key kept).
    const key = room !== null ? linkKey(location.search, location.hash) : null;
    if (room !== null && key !== null) history.replaceState(history.state, "", tablePath(room));
    store.closeReplay();
    store.setCurrent(room);
    if (room !== null) conn.enter(room, key);
    else conn.lobby();
  }

  // Play again: the proposer goes to the new table (and takes a seat kept there, when
  // two proposed at once), a watcher of the table on screen goes along, and any other
  // player's client comes to the new table in the background to offer it; once it has
  // nothing for us, it is left again (src/rematch.ts).
  const rematchDone = new Set<string>();
  store.subscribe((st) => {
    for (const from of Object.keys(st.tables)) {
      const move = rematchMove(st, from, rematchDone);
      if (!move) continue;
      rematchDone.add(from);
      if (move.kind === "follow") {
        leaveQuietly(from);
        client.open(move.to);
        if (move.sit) conn.send({ t: "sit", room: move.to, seat: null });
      } else if (move.kind === "peek") {
        // In the background: the lobby, when it is on screen, stays asked for.
        const lobby = conn.wantsLobby;
        conn.enter(move.to);
        conn.wantsLobby = lobby;
      } else leaveQuietly(move.to);
      return; // the store changed: the next call looks at the rest
    }
  });

  /** Leave a table without leaving the screen on show. */
  function leaveQuietly(room: string): void {
    if (!conn.rooms.has(room) && !store.state.tables[room]) return;
    conn.leave(room);
    store.forget(room);
  }

  function authToken(): string | null {
    return stored(TOKEN_KEY);
  }

  const boards = new Map<string, { at: number; answer: Promise<Loaded<Leaderboard>> }>();
  // A game over at a table we are at may have moved its ranking: ask again next time.
  const over = new Set<string>();
  store.subscribe((st) => {
    for (const [room, tbl] of Object.entries(st.tables)) {
      if (tbl.room?.status !== "finished" || over.has(room)) continue;
      over.add(room);
      boards.delete(tbl.room.game);
    }
  });

  const client: Client = {
    store,
    conn,
    name,
    start() {
      addEventListener("popstate", follow);
      // A replay's address typed or pasted over another one; popstate may have
      // followed it already.
      addEventListener("hashchange", () => {
        // An invitation link pasted over the same table's address only changes the hash.
        if (
          replayFromHash(location.hash) !== (store.state.replay?.game ?? null) ||
          !samePage(pageFromHash(location.hash), store.state.page) ||
          linkKey("", location.hash)
        )
          follow();
      });
      fetch("/api/games")
        .then((r) => (r.ok ? r.json() : []))
        .then((games: GameInfo[]) => store.setGames(games))
        .catch(() => store.setGames([]));
      if (name.get()) {
        started = true;
        follow();
        conn.start();
      }
    },
    setName(n: string) {
      const first = !started;
      const refused = store.state.nameRefusal !== null || store.state.signedOut !== null || passing !== null;
      // The same name again changes nothing, unless the hall refused it (or it is a
      // guest's name again after signing out, or after a sign-in that was not made).
      if (n === name.get() && !refused) return;
      store.refuseName(null);
      store.clearSignedOut();
      passing = null;
      keepName(n);
      name.set(n);
      if (first) {
        started = true;
        follow();
        conn.start();
      } else conn.reconnectNow();
    },
    account(mode, offer = null) {
      if (mode === null) store.closeAccount();
      else store.openAccount(mode, offer);
    },
    signIn(n, password) {
      accountRequest({ t: "login", name: n, password });
    },
    register(n, password) {
      accountRequest({ t: "register", name: n, password });
    },
    changePassword(old, password) {
      accountRequest({ t: "password", old, new: password });
    },
    deleteAccount(password) {
      accountRequest({ t: "delete_account", password });
    },
    signOut(everywhere) {
      if (!conn.isReady) return;
      // Whoever uses this browser next gets none of the account's pushes.
      const pushes = storedPush();
      if (pushes?.endpoint) conn.send({ t: "push_unsubscribe", endpoint: pushes.endpoint });
      keepPush(null);
      store.accountSent(conn.send({ t: "logout", everywhere }));
    },
    forgetMe() {
      if (!conn.isReady) return;
      client.signOut(false);
      for (const key of [NAME_KEY, TOKEN_KEY]) {
        try {
          localStorage.removeItem(key);
        } catch {
          /* no storage */
        }
      }
      name.set(null);
    },
    setHallPassword(password: string) {
      keepHallPassword(password);
      store.refuseHall(null);
      conn.reconnectNow();
    },
    send(msg) {
      conn.send(msg);
    },
    create(game, options) {
      awaitingCreate = true;
      conn.send({ t: "create", game, options });
    },
    open(room, key = null) {
      // A question about a private table's key is answered, or left for another table.
      if (store.state.locked) store.lock(null);
      go(room);
      conn.enter(room, key);
    },
    openListed(r) {
      if (r.private && r.password && !conn.keys.get(r.room)) {
        store.lock({ room: r.room, game: r.game, password: true, refused: false });
        return;
      }
      client.open(r.room);
    },
    filterLobby(filter) {
      store.setLobbyFilter(filter);
      conn.lobby();
    },
    toLobby() {
      go(null);
      conn.lobby();
    },
    history() {
      conn.send({ t: "history", mine: false, limit: HISTORY_LIMIT });
      conn.send({ t: "history", mine: true, limit: HISTORY_LIMIT });
    },
    replay(game, seat = null) {
      navigate(`/${replayHash(game)}`);
      store.setCurrent(null);
      store.setPage(null);
      store.openReplay(game, seat);
      askReplay();
    },
    leave(room) {
      // A rematch peeked at for this table's offer goes with it.
      const to = store.state.tables[room]?.room?.rematch;
      conn.leave(room);
      store.forget(room);
      if (to && store.state.current !== to) leaveQuietly(to);
      go(null);
      conn.lobby();
    },
    page(page) {
      navigate(`/${pageHash(page)}`);
      store.closeReplay();
      store.setCurrent(null);
      store.setPage(page);
    },
    leaderboard(game, fresh = false) {
      const held = boards.get(game);
      if (!fresh && held && Date.now() - held.at < LEADERBOARD_FRESH_MS) return held.answer;
      const answer = getJson<Leaderboard>(leaderboardUrl(game), requestHeaders(false, null, storedHallPassword()));
      boards.set(game, { at: Date.now(), answer });
      return answer;
    },
    profile(n) {
      const own = isOwn(n, store.state.me?.account);
      return getJson<Profile>(profileUrl(n), requestHeaders(own, authToken(), storedHallPassword()));
    },
    async exportData() {
      const account = store.state.me?.account;
      if (!account) return false;
      try {
        const r = await fetch(exportUrl(account), { headers: requestHeaders(true, authToken(), storedHallPassword()) });
        if (!r.ok) throw new Error(String(r.status));
        const blob = await r.blob();
        const url = URL.createObjectURL(blob);
        const a = document.createElement("a");
        a.href = url;
        a.download = exportFileName(r.headers.get("content-disposition"), account);
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
        return true;
      } catch {
        store.notify("export_failed", "");
        return false;
      }
    },
    rematch(room, rotate = false) {
      store.rematchAsked(room);
      conn.send(rotate ? { t: "rematch", room, rotate: true } : { t: "rematch", room });
    },
    joinRematch(offer) {
      store.rematchAnswered(offer.from, "join");
      leaveQuietly(offer.from);
      client.open(offer.to);
      conn.send({ t: "sit", room: offer.to, seat: null });
    },
    declineRematch(offer) {
      store.rematchAnswered(offer.from, "decline");
      // Declining frees the seat kept for us; the background visit ends with it.
      if (offer.seated || offer.seat !== null || !store.state.tables[offer.to]?.room) conn.send({ t: "stand", room: offer.to });
      leaveQuietly(offer.to);
    },
    act(room, intent) {
      const tbl = store.state.tables[room];
      // Offline, a move is refused here rather than lost: the table says the line is
      // down and offers no moves; once back, the fresh view offers them again.
      if (!tbl || sentAt.get(room) === tbl.v || !conn.isReady) return;
      sentAt.set(room, tbl.v);
      conn.send({ t: "act", room, v: tbl.v, intent });
    },
    chat(room, text) {
      const info = room ? store.state.tables[room]?.room : null;
      const parsed = parseCommand(text, { room, options: info?.options ?? null, private: info?.private ?? false });
      const local = (line: string) => {
        if (room) store.handle({ t: "chat", room, from: "", text: line, at: Date.now() / 1000, player: null, account: false, tag: null });
        else store.notify("command", line);
      };
      switch (parsed.kind) {
        case "chat":
          if (parsed.text && room) conn.send({ t: "chat", room, text: parsed.text });
          break;
        case "send":
          if (parsed.msg.t === "rematch") client.rematch(parsed.msg.room, parsed.msg.rotate === true);
          else conn.send(parsed.msg);
          break;
        case "leave":
          client.leave(parsed.room);
          break;
        case "help":
          local(t("cmd.help"));
          break;
        case "error":
          local(t(parsed.key, parsed.args));
          break;
      }
    },
    hallChat(text) {
      const line = text.trim();
      if (line) conn.send({ t: "hall_chat", text: line });
    },
    catalogue(game) {
      let p = catalogues.get(game);
      if (!p) {
        p = fetch(`/games/${encodeURIComponent(game)}/catalogue.json`).then((r) => (r.ok ? r.json() : null));
        catalogues.set(game, p);
      }
      return p;
    },
  };
  return client;
}
