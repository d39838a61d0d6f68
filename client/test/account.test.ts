// Players' accounts without a browser: the password's bounds (the server's), the
// checks made before sending, the names after signing out, the refusals in both
// languages; the store (welcome with an account, the dialog's request and its
// refusal, signed_out); the connection (every welcome's token kept and used at the
// next hello, a sign-in as another player entering the tables afresh, signed_out
// forgetting the token and stopping the line); and the client's flows (a sign-in from
// the name form opening the line with a passing guest's name, signing out and coming
// back as a guest); deleting the account (the dialog's form and its send, the refusals
// in its words, the note after signed_out, the name forgotten). (With a server and a
// browser: e2e/accounts.e2e.ts.)

import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT_PASSWORD_MAX, ACCOUNT_PASSWORD_MIN, checkNewPassword, guestNameAfter, passingName, sameName } from "../src/account";
import { createClient } from "../src/client";
import { Connection, HELLO_ID, NAME_KEY, TOKEN_KEY } from "../src/connection";
import { errorText, lang } from "../src/i18n";
import { PUSH_KEY } from "../src/notify";
import type { ClientMessage } from "../src/protocol.gen";
import { Store } from "../src/store";
import { SignInOffer, signedOutNote } from "../src/ui/account";
import { DeleteAccountView, refusalText } from "../src/ui/accountdialog";
import { FORMER_PLAYER } from "../src/ui/names";
import { elements, text } from "./vnodes";
import { FakeSocket } from "./socket";

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
    ["not_signed_in", {}, "Sign in first: only an account has a password.", "先にログインしてください。パスワードがあるのはアカウントだけです。"],
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
    store.handle({ t: "signed_out", everywhere: true, elsewhere: false });
    expect(store.state.me).toBeNull();
    expect(store.state.signedOut).toEqual({ everywhere: true, elsewhere: false, account: "Ada", deleted: false });
    expect(store.state.tables.r1).toMatchObject({ view: null, v: -1 });
    store.handle({ ...guest, name: "Bob", player: "p2" });
    expect(store.state.signedOut).toEqual({ everywhere: true, elsewhere: false, account: "Ada", deleted: false }); // the client clears it with a name
    store.clearSignedOut();
    expect(store.state.signedOut).toBeNull();
  });
});

describe("deleting the account", () => {
  type ViewProps = Parameters<typeof DeleteAccountView>[0];
  function view(over: Partial<ViewProps> = {}) {
    const props: ViewProps = {
      account: "Ada",
      password: "correct horse",
      setPassword: vi.fn(),
      pending: false,
      refusal: null,
      exporting: false,
      onExport: vi.fn(),
      onDelete: vi.fn(),
      titleId: "account-title-delete",
      onCancel: vi.fn(),
      ...over,
    };
    const tree = DeleteAccountView(props);
    const els = elements(tree);
    const byId = (id: string) => els.find((e) => e.props["data-testid"] === id)!;
    const submit = () => (byId("delete-form").props.onSubmit as (e: { preventDefault: () => void }) => void)({ preventDefault: () => undefined });
    return { props, tree, els, byId, submit };
  }

  it("the dialog warns what it means, in both languages, and offers the export first", () => {
    lang.set("en");
    const { tree, byId, props } = view();
    const warning = text(byId("delete-warning"));
    expect(warning).toContain("This cannot be undone.");
    expect(warning).toContain("the name “Ada” is free again");
    expect(warning).toContain("your ratings leave the rankings");
    expect(warning).toContain("show you as “former player”");
    expect(text(tree)).toContain("Export my data");
    (byId("delete-export").props.onClick as () => void)();
    expect(props.onExport).toHaveBeenCalledOnce();
    expect(byId("delete-export").props.type).toBe("button"); // not the form's submit
    const field = byId("account-delete-password");
    expect(field.props).toMatchObject({ type: "password", autoComplete: "current-password", value: "correct horse" });
    const go = byId("account-go");
    expect(go.props.class).toBe("danger");
    expect(text(go)).toBe("Delete my account");
    expect(text(byId("account-cancel"))).toBe("Cancel");
    lang.set("ja");
    const ja = view();
    expect(text(ja.byId("delete-warning"))).toContain("「Ada」という名前は空きになり");
    expect(text(ja.byId("delete-warning"))).toContain("「退会したプレイヤー」と表示されます");
    expect(text(ja.byId("account-go"))).toBe("アカウントを削除する");
    expect(text(ja.tree)).toContain("自分のデータを書き出す");
  });

  it("sends the password once and empties the field; nothing without a password or while waiting", () => {
    const { props, submit } = view();
    submit();
    expect(props.onDelete).toHaveBeenCalledWith("correct horse");
    expect(props.setPassword).toHaveBeenCalledWith("");
    const empty = view({ password: "" });
    expect(empty.byId("account-go").props.disabled).toBe(true);
    empty.submit();
    expect(empty.props.onDelete).not.toHaveBeenCalled();
    lang.set("en");
    const waiting = view({ pending: true });
    expect(waiting.byId("account-go").props).toMatchObject({ disabled: true, "data-pending": "1" });
    expect(text(waiting.byId("account-go"))).toBe("Deleting…");
    waiting.submit();
    expect(waiting.props.onDelete).not.toHaveBeenCalled();
    const refused = view({ refusal: "That is not your password." });
    expect(text(refused.byId("account-error"))).toBe("That is not your password.");
  });

  it("the refusals in the dialog's words, in both languages", () => {
    const form = (code: string, args: Record<string, unknown> = {}) => ({
      mode: "delete" as const,
      pending: null,
      name: null,
      error: { id: 1, code, message: "the server's words", args, at: 0 },
    });
    const cases: [string, Record<string, unknown>, string, string][] = [
      ["bad_login", {}, "That is not your password.", "パスワードが違います。"],
      ["too_many_attempts", { minutes: 15 }, "Too many tries. Wait 15 minutes, then try again.", "試行回数が多すぎます。15分待ってからもう一度お試しください。"],
      ["not_signed_in", {}, "Sign in first: only an account has a password.", "先にログインしてください。パスワードがあるのはアカウントだけです。"],
    ];
    for (const [code, args, en, ja] of cases) {
      lang.set("en");
      expect(refusalText(form(code, args), null), code).toBe(en);
      lang.set("ja");
      expect(refusalText(form(code, args), null), code).toBe(ja);
    }
  });

  it("the store: the refusal in the dialog, not a notice; signed_out as its answer is the account deleted", () => {
    const store = new Store(() => undefined);
    store.handle(signedIn);
    store.openAccount("delete");
    store.accountSent(5);
    store.handle({ t: "error", ref: 5, code: "bad_login", message: "", args: {} });
    expect(store.state.accountForm).toMatchObject({ mode: "delete", pending: null, error: { code: "bad_login" } });
    expect(store.state.notices).toEqual([]);
    store.accountSent(6);
    store.handle({ t: "signed_out", everywhere: true, elsewhere: false });
    expect(store.state.signedOut).toEqual({ everywhere: true, elsewhere: false, account: "Ada", deleted: true });
    expect(store.state.accountForm).toBeNull();
    expect(store.state.me).toBeNull();
    // The dialog open but nothing sent (signed out from elsewhere): not a deletion.
    const other = new Store(() => undefined);
    other.handle(signedIn);
    other.openAccount("delete");
    other.handle({ t: "signed_out", everywhere: true, elsewhere: false });
    expect(other.state.signedOut?.deleted).toBe(false);
  });

  it("the name form's note: deleted, signed out here, signed out everywhere, in both languages", () => {
    lang.set("en");
    expect(signedOutNote({ everywhere: true, elsewhere: false, account: "Ada", deleted: true })).toBe(
      "Your account “Ada” has been deleted and you are signed out everywhere. Choose a name to go on as a guest.",
    );
    expect(signedOutNote({ everywhere: false, elsewhere: false, account: "Ada", deleted: false })).toBe("You have signed out. Choose a name to go on as a guest, or sign in again.");
    expect(signedOutNote({ everywhere: true, elsewhere: false, account: "Ada", deleted: false })).toContain("on every device");
    lang.set("ja");
    expect(signedOutNote({ everywhere: true, elsewhere: false, account: "Ada", deleted: true })).toBe(
      "アカウント「Ada」を削除し、すべての端末からログアウトしました。ゲストとして続けるには名前を決めてください。",
    );
    expect(signedOutNote({ everywhere: true, elsewhere: true, account: "Ada", deleted: false })).toContain("この端末の「Ada」はログアウトされました（すべての端末からのログアウト、パスワードの変更");
    lang.set("en");
    expect(signedOutNote({ everywhere: true, elsewhere: true, account: "Ada", deleted: false })).toMatch(/^“Ada” was signed out here: the account was signed out everywhere, its password was changed or it was deleted\./);
  });

  it("a guest who left the device: the note says the next person starts afresh, in both languages", () => {
    const store = new Store(() => undefined);
    store.handle(guest);
    store.handle({ t: "signed_out", everywhere: false, elsewhere: false });
    const out = store.state.signedOut!;
    expect(out.account).toBeNull();
    lang.set("en");
    expect(signedOutNote(out)).toMatch(/^This device has forgotten you: whoever comes next starts as a new guest/);
    lang.set("ja");
    expect(signedOutNote(out)).toMatch(/^この端末からあなたの情報を消しました/);
    lang.set("en");
  });

  it("signed out by another device: the store says so, and a deletion from there is not ours", () => {
    const store = new Store(() => undefined);
    store.handle(signedIn);
    store.openAccount("delete"); // open here, nothing sent: the other device deleted it
    store.handle({ t: "signed_out", everywhere: true, elsewhere: true });
    expect(store.state.signedOut).toEqual({ everywhere: true, elsewhere: true, account: "Ada", deleted: false });
    expect(store.state.me).toBeNull();
  });

  it("a deleted account is called as the hall calls it (server/room/record.py)", () => {
    const py = readFileSync(new URL("../../server/room/record.py", import.meta.url), "utf8");
    expect(/^FORMER = "([^"]*)"/m.exec(py)?.[1]).toBe(FORMER_PLAYER);
  });
});


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
    ws.receive({ t: "signed_out", everywhere: false, elsewhere: false });
    expect(storage.has(TOKEN_KEY)).toBe(false);
    expect(store.state.signedOut).toEqual({ everywhere: false, elsewhere: false, account: "Ada", deleted: false });
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

  it("signing out takes this device's pushes off the account first", () => {
    storage.set(NAME_KEY, "Ada");
    storage.set(PUSH_KEY, JSON.stringify({ player: "p1", topics: ["your_turn"], endpoint: "https://hall.example/push/1" }));
    const client = createClient();
    client.start();
    const ws = FakeSocket.all[0];
    ws.open();
    ws.receive({ ...signedIn, player: "p1" });
    ws.take();
    client.signOut(false);
    expect(ws.take()).toEqual([
      { t: "push_unsubscribe", endpoint: "https://hall.example/push/1" },
      { t: "logout", everywhere: false },
    ]);
    expect(storage.has(PUSH_KEY)).toBe(false);
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

  it("deleting the account: delete_account with the password, refused in the dialog, then signed out with the name forgotten", () => {
    storage.set(NAME_KEY, "Ada");
    storage.set(TOKEN_KEY, "tok-account");
    const client = createClient();
    client.start();
    const ws = FakeSocket.all[0];
    ws.open();
    ws.receive(signedIn);
    client.account("delete");
    client.deleteAccount("not it at all");
    const first = ws.last("delete_account")!;
    expect(first).toMatchObject({ t: "delete_account", password: "not it at all" });
    expect(client.store.state.accountForm).toMatchObject({ mode: "delete", pending: first.id });
    ws.receive({ t: "error", ref: first.id, code: "bad_login", message: "", args: {} });
    expect(client.store.state.accountForm).toMatchObject({ mode: "delete", pending: null, error: { code: "bad_login" } });
    expect(client.store.state.notices).toEqual([]);
    client.deleteAccount("correct horse");
    expect(ws.last("delete_account")).toMatchObject({ password: "correct horse" });
    ws.receive({ t: "signed_out", everywhere: true, elsewhere: false });
    expect(client.store.state.signedOut).toEqual({ everywhere: true, elsewhere: false, account: "Ada", deleted: true });
    expect(client.store.state.accountForm).toBeNull();
    expect(storage.has(TOKEN_KEY)).toBe(false);
    // The browser no longer goes by the deleted account's name, and kept no password.
    expect(storage.has(NAME_KEY)).toBe(false);
    expect(client.name.get()).toBeNull();
    expect([...storage.values()].join(" ")).not.toContain("correct horse");
    // The name is free: a guest may take it.
    client.setName("Ada");
    expect(client.store.state.signedOut).toBeNull();
    const again = FakeSocket.all[1];
    again.open();
    expect(again.sent[0]).toMatchObject({ t: "hello", name: "Ada", token: null });
  });

  it("a deletion lost with the line frees the dialog to try again", () => {
    storage.set(NAME_KEY, "Ada");
    storage.set(TOKEN_KEY, "tok-account");
    const client = createClient();
    client.start();
    const ws = FakeSocket.all[0];
    ws.open();
    ws.receive(signedIn);
    client.account("delete");
    client.deleteAccount("correct horse");
    expect(client.store.state.accountForm?.pending).not.toBeNull();
    ws.close();
    expect(client.store.state.accountForm).toMatchObject({ mode: "delete", pending: null });
    vi.advanceTimersByTime(10_000);
    FakeSocket.all[1].open();
    FakeSocket.all[1].receive(signedIn);
    expect(FakeSocket.all[1].last("delete_account")).toBeUndefined(); // not sent again by itself
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
    ws.receive({ t: "signed_out", everywhere: true, elsewhere: false });
    expect(client.store.state.signedOut).toEqual({ everywhere: true, elsewhere: false, account: "Ada", deleted: false });
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
