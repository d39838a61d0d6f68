// Players' accounts without a browser: the password's bounds (the server's), the
// checks made before sending, the names after signing out, the refusals in both
// languages; the store (welcome with an account, the dialog's request and its
// refusal, signed_out); the connection (every welcome's token kept and used at the
// next hello, a sign-in as another player entering the tables afresh, signed_out
// forgetting the token and stopping the line); and the client's flows (a sign-in from
// the name form opening the line with a passing guest's name, signing out and coming
// back as a guest). (With a server and a browser: e2e/accounts.e2e.ts.)

import { decode, encode } from "@msgpack/msgpack";
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT_PASSWORD_MAX, ACCOUNT_PASSWORD_MIN, checkNewPassword, guestNameAfter, passingName, sameName } from "../src/account";
import { createClient } from "../src/client";
import { Connection, HELLO_ID, NAME_KEY, TOKEN_KEY } from "../src/connection";
import { errorText, lang } from "../src/i18n";
import type { ClientMessage } from "../src/protocol.gen";
import { Store } from "../src/store";
import { SignInOffer } from "../src/ui/account";
import { elements, text } from "./vnodes";

afterEach(() => lang.set("en"));

describe("the password's bounds and the form's checks", () => {
  it("are the server's (protocol/messages.py)", () => {
    const py = readFileSync(new URL("../../protocol/messages.py", import.meta.url), "utf8");
    expect(Number(/^ACCOUNT_PASSWORD_MIN = (\d+)/m.exec(py)?.[1])).toBe(ACCOUNT_PASSWORD_MIN);
    expect(Number(/^ACCOUNT_PASSWORD_MAX = (\d+)/m.exec(py)?.[1])).toBe(ACCOUNT_PASSWORD_MAX);
  });

  it("a new password: too short, too long (counted in characters), not typed the same twice", () => {
    const bounds = { code: "bad_password", args: { min: ACCOUNT_PASSWORD_MIN, max: ACCOUNT_PASSWORD_MAX } };
    expect(checkNewPassword("short", "short")).toEqual(bounds);
    expect(checkNewPassword("x".repeat(ACCOUNT_PASSWORD_MAX + 1), "x".repeat(ACCOUNT_PASSWORD_MAX + 1))).toEqual(bounds);
    expect(checkNewPassword("correct horse", "correct hose")).toEqual({ code: "password_mismatch", args: {} });
    expect(checkNewPassword("correct horse", "correct horse")).toBeNull();
    // Eight characters of the astral plane are eight, not sixteen UTF-16 units.
    const astral = "🎲".repeat(ACCOUNT_PASSWORD_MIN);
    expect(checkNewPassword(astral, astral)).toBeNull();
    expect(checkNewPassword("🎲".repeat(ACCOUNT_PASSWORD_MIN - 1), "🎲".repeat(ACCOUNT_PASSWORD_MIN - 1))).toEqual(bounds);
  });

  it("names as the hall compares them; the guest's name offered after signing out", () => {
    expect(sameName("Ａｄａ", "ada")).toBe(true);
    expect(sameName("Ada", "Adam")).toBe(false);
    expect(guestNameAfter("Ada", "ADA")).toBe(""); // the account's: not a guest's to take
    expect(guestNameAfter("Bob", "Ada")).toBe("Bob");
    expect(guestNameAfter(null, "Ada")).toBe("");
    expect(passingName("Guest", () => 0)).toBe("Guest 1000");
    expect(passingName("ゲスト", () => 0.9999)).toBe("ゲスト 9999");
  });
});

describe("the refusals in the reader's language", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["name_taken", {}, "That name already belongs to an account. Choose another.", "その名前はすでにアカウントとして登録されています。別の名前にしてください。"],
    ["name_registered", { name: "Ada" }, "The name “Ada” belongs to an account: sign in, or choose another name.", "「Ada」はアカウントとして登録されています。ログインするか、別の名前にしてください。"],
    ["bad_password", { min: 8, max: 256 }, "A password is 8 to 256 characters.", "パスワードは8〜256文字にしてください。"],
    ["bad_login", {}, "That name and password do not match an account.", "名前かパスワードが違います。"],
    ["too_many_attempts", { minutes: 15 }, "Too many tries. Wait 15 minutes, then try again.", "試行回数が多すぎます。15分待ってからもう一度お試しください。"],
    ["not_signed_in", {}, "Sign in first: only an account has a password.", "パスワードを変更するにはログインしてください。"],
    ["account_required", {}, "This hall asks you to sign in or register to play and chat. As a guest you may watch.", "このホールで遊んだりチャットしたりするには、ログインか登録が必要です。ゲストは観戦できます。"],
    ["password_mismatch", {}, "The two passwords are not the same.", "2つのパスワードが一致しません。"],
  ];
  it("each code, from its args, in English and Japanese", () => {
    for (const [code, args, en, ja] of cases) {
      lang.set("en");
      expect(errorText(code, "", args), code).toBe(en);
      lang.set("ja");
      expect(errorText(code, "the server's words", args), code).toBe(ja);
    }
  });

  it("the name form offers to sign in, as the account whose name was refused", () => {
    const client = { account: vi.fn() } as unknown as Parameters<typeof SignInOffer>[0]["client"];
    const offer = SignInOffer({ client, account: "Ada" });
    expect(text(offer)).toContain("Sign in as Ada");
    const button = elements(offer).find((e) => e.props["data-testid"] === "name-signin")!;
    (button.props.onClick as () => void)();
    expect(client.account).toHaveBeenCalledWith("signin", "Ada");
    lang.set("ja");
    expect(text(SignInOffer({ client, account: "Ada" }))).toContain("Adaとしてログイン");
    expect(text(SignInOffer({ client, account: null }))).toBe("アカウントをお持ちですか？ ログイン");
  });
});

const guest = { t: "welcome", token: "tok-guest", player: "p1", name: "Ada", server: "1", compact: false, account: null } as const;
const signedIn = { ...guest, token: "tok-account", account: "Ada" } as const;

describe("the store", () => {
  function setup() {
    const sent: ClientMessage[] = [];
    return { store: new Store((m) => sent.push(m)), sent };
  }

  it("remembers the account from welcome; signed in, a name refused as the account's is done with", () => {
    const { store } = setup();
    store.handle(guest);
    expect(store.state.me?.account).toBeNull();
    store.refuseName({ code: "name_registered", message: "", args: { name: "Ada" } });
    expect(store.state.me).toBeNull(); // not welcomed as anybody now
    store.handle(signedIn);
    expect(store.state.me).toMatchObject({ account: "Ada", token: "tok-account" });
    expect(store.state.nameRefusal).toBeNull();
  });

  it("the dialog's request: its refusal is said in the dialog, not as a notice; the answer closes it", () => {
    const { store } = setup();
    store.handle(guest);
    store.openAccount("signin", "Ada");
    expect(store.state.accountForm).toEqual({ mode: "signin", pending: null, error: null, name: "Ada" });
    store.accountSent(7);
    expect(store.state.accountForm?.pending).toBe(7);
    store.handle({ t: "error", ref: 7, code: "bad_login", message: "wrong", args: {} });
    expect(store.state.accountForm).toMatchObject({ pending: null, error: { code: "bad_login" } });
    expect(store.state.notices).toEqual([]);
    // Another message's refusal is a notice as ever.
    store.handle({ t: "error", ref: 3, code: "not_host", message: "", args: {} });
    expect(store.state.notices.map((n) => n.code)).toEqual(["not_host"]);
    // Switching forms forgets the refusal; the answer (a welcome on the line) closes it.
    store.openAccount("register");
    expect(store.state.accountForm).toMatchObject({ mode: "register", error: null, name: "Ada" });
    store.accountSent(8);
    store.accountDone();
    expect(store.state.accountForm).toBeNull();
  });

  it("a refused hello (the name, the hall's password) closes the dialog: the form behind says why", () => {
    const { store } = setup();
    store.openAccount("signin");
    store.accountSent(1);
    store.refuseHall({ code: "hall_password", message: "", args: { wrong: false } });
    expect(store.state.accountForm).toBeNull();
    store.refuseHall(null);
    store.openAccount("signin");
    store.refuseName({ code: "name_registered", message: "", args: { name: "Guest 1234" } });
    expect(store.state.accountForm).toBeNull();
  });

  it("signed_out: nobody, the account remembered for the name form, the views forgotten", () => {
    const { store } = setup();
    store.handle(signedIn);
    store.handle({ t: "snapshot", room: "r1", v: 4, view: { hand: [1, 2] } });
    store.handle({ t: "signed_out", everywhere: true });
    expect(store.state.me).toBeNull();
    expect(store.state.signedOut).toEqual({ everywhere: true, account: "Ada" });
    expect(store.state.tables.r1).toMatchObject({ view: null, v: -1 });
    store.handle({ ...guest, name: "Bob", player: "p2" });
    expect(store.state.signedOut).toEqual({ everywhere: true, account: "Ada" }); // the client clears it with a name
    store.clearSignedOut();
    expect(store.state.signedOut).toBeNull();
  });
});

// A stand-in socket: records what the client sends and lets the test answer.
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  binaryType = "";
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: ArrayBuffer }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(data: Uint8Array) {
    this.sent.push(decode(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(msg: Record<string, unknown>) {
    const bytes = encode(msg);
    this.onmessage?.({ data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer });
  }
  last(t: string) {
    return [...this.sent].reverse().find((m) => m.t === t);
  }
}

const storage = new Map<string, string>();
function stubBrowser() {
  vi.useFakeTimers();
  FakeSocket.all = [];
  storage.clear();
  vi.stubGlobal("WebSocket", FakeSocket);
  const mem = (m: Map<string, string>) => ({
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  });
  vi.stubGlobal("localStorage", mem(storage));
  vi.stubGlobal("sessionStorage", mem(new Map()));
}

describe("the connection", () => {
  beforeEach(stubBrowser);
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function setup() {
    let conn: Connection;
    const store = new Store((m) => conn.send(m));
    conn = new Connection(store, () => ({ name: "Ada", token: storage.get(TOKEN_KEY) ?? null, lang: "en" }), "ws://x/ws");
    conn.start();
    const ws = FakeSocket.all[0];
    ws.open();
    return { store, conn, ws };
  }

  it("keeps the token of every welcome: a sign-in's new one goes with the next hello", () => {
    const { store, conn, ws } = setup();
    ws.receive(guest);
    expect(storage.get(TOKEN_KEY)).toBe("tok-guest");
    store.openAccount("register");
    store.accountSent(conn.send({ t: "register", name: "Ada", password: "correct horse" }));
    expect(ws.last("register")).toMatchObject({ name: "Ada", password: "correct horse" });
    ws.receive(signedIn);
    expect(storage.get(TOKEN_KEY)).toBe("tok-account");
    expect(store.state.me?.account).toBe("Ada");
    expect(store.state.accountForm).toBeNull();
    // The password is in no storage.
    expect([...storage.values()].join(" ")).not.toContain("correct horse");
    ws.close();
    vi.advanceTimersByTime(1000);
    FakeSocket.all[1].open();
    expect(FakeSocket.all[1].sent[0]).toMatchObject({ t: "hello", token: "tok-account", id: HELLO_ID });
  });

  it("registered (the same player): the tables are not entered again", () => {
    const { conn, ws } = setup();
    ws.receive(guest);
    conn.enter("r1");
    ws.receive({ t: "snapshot", room: "r1", v: 5, view: {} });
    const before = ws.sent.length;
    ws.receive(signedIn);
    expect(ws.sent.length).toBe(before);
  });

  it("signed in as another player: the tables entered again afresh, the lobby asked again", () => {
    const { store, conn, ws } = setup();
    ws.receive(guest);
    conn.enter("r1");
    ws.receive({ t: "snapshot", room: "r1", v: 5, view: { hand: ["guest's"] } });
    store.openAccount("signin");
    store.accountSent(conn.send({ t: "login", name: "Ben", password: "correct horse" }));
    const before = ws.sent.length;
    ws.receive({ ...signedIn, player: "p9", name: "Ben", account: "Ben" });
    expect(store.state.tables.r1).toMatchObject({ view: null, v: -1 });
    expect(ws.sent.slice(before)).toContainEqual({ t: "enter", room: "r1", v: null });
    expect(store.state.me).toMatchObject({ player: "p9", account: "Ben" });
    expect(store.state.accountForm).toBeNull();
  });

  it("a refused sign-in is said in the dialog; a request lost with the line frees the form", () => {
    const { store, conn, ws } = setup();
    ws.receive(guest);
    store.openAccount("signin");
    const id = conn.send({ t: "login", name: "Ada", password: "not it at all" });
    store.accountSent(id);
    ws.receive({ t: "error", ref: id, code: "too_many_attempts", message: "", args: { minutes: 15 } });
    expect(store.state.accountForm).toMatchObject({ pending: null, error: { code: "too_many_attempts", args: { minutes: 15 } } });
    expect(store.state.notices).toEqual([]);
    store.accountSent(conn.send({ t: "login", name: "Ada", password: "again, wrong" }));
    ws.close();
    expect(store.state.accountForm?.pending).toBeNull();
  });

  it("signed_out: the token forgotten, the line stopped until a guest's hello", () => {
    const { store, conn, ws } = setup();
    ws.receive(signedIn);
    conn.send({ t: "logout", everywhere: false });
    expect(ws.last("logout")).toMatchObject({ everywhere: false });
    ws.receive({ t: "signed_out", everywhere: false });
    expect(storage.has(TOKEN_KEY)).toBe(false);
    expect(store.state.signedOut).toEqual({ everywhere: false, account: "Ada" });
    expect(store.state.conn).toBe("offline");
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    // A guest's name: hello again, without a token.
    conn.reconnectNow();
    FakeSocket.all[1].open();
    expect(FakeSocket.all[1].sent[0]).toMatchObject({ t: "hello", token: null });
  });
});

describe("the client's flows", () => {
  beforeEach(() => {
    stubBrowser();
    vi.stubGlobal("location", { protocol: "http:", host: "hall.test", pathname: "/", search: "", hash: "" });
    vi.stubGlobal("history", { pushState: () => undefined, replaceState: () => undefined, state: {} });
    vi.stubGlobal("addEventListener", () => undefined);
    vi.stubGlobal("fetch", () => Promise.resolve({ ok: false, json: () => Promise.resolve([]) }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("a sign-in on a first visit: hello with a passing guest's name, then login; the account's name kept", () => {
    const client = createClient();
    client.start();
    expect(FakeSocket.all).toHaveLength(0); // no name yet: the name form
    client.account("signin");
    client.signIn("ada", "correct horse");
    const ws = FakeSocket.all[0];
    ws.open();
    expect(ws.sent[0]).toMatchObject({ t: "hello", name: expect.stringMatching(/^Guest \d{4}$/), token: null });
    expect(client.store.state.accountForm?.pending).not.toBeNull();
    ws.receive({ ...guest, name: ws.sent[0].name, player: "p-guest" });
    expect(ws.last("login")).toMatchObject({ name: "ada", password: "correct horse" });
    expect(client.store.state.accountForm).not.toBeNull(); // the hello's welcome is not the answer
    ws.receive({ ...signedIn, player: "p1" });
    expect(client.store.state.accountForm).toBeNull();
    expect(client.name.get()).toBe("Ada");
    expect(storage.get(NAME_KEY)).toBe("Ada");
    expect(storage.get(TOKEN_KEY)).toBe("tok-account");
  });

  it("a name refused as an account's: sign in from the form", () => {
    storage.set(NAME_KEY, "Ada");
    const client = createClient();
    client.start();
    FakeSocket.all[0].open();
    FakeSocket.all[0].receive({ t: "error", ref: HELLO_ID, code: "name_registered", message: "", args: { name: "Ada" } });
    expect(client.store.state.nameRefusal?.code).toBe("name_registered");
    client.account("signin", "Ada");
    client.signIn("Ada", "correct horse");
    const ws = FakeSocket.all[1];
    ws.open();
    expect(ws.sent[0].name).toMatch(/^Guest \d{4}$/);
    ws.receive({ ...guest, name: ws.sent[0].name, player: "p-guest" });
    expect(client.store.state.nameRefusal).not.toBeNull(); // the form stays until signed in
    ws.receive(signedIn);
    expect(client.store.state.nameRefusal).toBeNull();
    expect(client.store.state.me?.account).toBe("Ada");
  });

  it("signing out: logout, the name form as a guest, then hello with the new name and no token", () => {
    storage.set(NAME_KEY, "Ada");
    storage.set(TOKEN_KEY, "tok-account");
    const client = createClient();
    client.start();
    const ws = FakeSocket.all[0];
    ws.open();
    expect(ws.sent[0]).toMatchObject({ t: "hello", token: "tok-account" });
    ws.receive(signedIn);
    client.signOut(true);
    expect(ws.last("logout")).toMatchObject({ everywhere: true });
    ws.receive({ t: "signed_out", everywhere: true });
    expect(client.store.state.signedOut).toEqual({ everywhere: true, account: "Ada" });
    expect(storage.has(TOKEN_KEY)).toBe(false);
    client.setName("Bob");
    expect(client.store.state.signedOut).toBeNull();
    const again = FakeSocket.all[1];
    again.open();
    expect(again.sent[0]).toMatchObject({ t: "hello", name: "Bob", token: null });
    again.receive({ ...guest, name: "Bob", player: "p2", token: "tok-bob" });
    expect(client.store.state.me).toMatchObject({ name: "Bob", account: null });
    expect(storage.get(TOKEN_KEY)).toBe("tok-bob");
  });
});
