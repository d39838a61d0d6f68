// Private tables and the hall's password, without a browser: the invitation link and
// the key it carries, the keys kept per table, the archive's address with the hall's
// password, the form's options, the lock in the lobby, and the refusals in both
// languages. (With a server and a browser: e2e/private.e2e.ts.)

import { afterEach, describe, expect, it } from "vitest";
import { dictionaries, errorText, lang } from "../src/i18n";
import { inviteLink, type KeyStorage, linkKey, TableKeys, tablePath, withHallPassword } from "../src/privacy";
import { recordUrl, replayFromHash } from "../src/replay";
import { LockBadge, privateOptions } from "../src/ui/privacy";
import { elements, text } from "./vnodes";

afterEach(() => lang.set("en"));

function memory(): KeyStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}

describe("the invitation link", () => {
  it("is the table's address with the key in the hash", () => {
    expect(tablePath("r 1")).toBe("/?t=r%201");
    expect(inviteLink("https://hall.example", "abc", "s3cr/t+=")).toBe("https://hall.example/?t=abc#key=s3cr%2Ft%2B%3D");
    expect(inviteLink("http://127.0.0.1:8000/", "abc", "k")).toBe("http://127.0.0.1:8000/?t=abc#key=k");
  });

  it("gives its key back, whatever characters it has", () => {
    for (const key of ["plain", "s3cr/t+=", "日本語 パス", "a&b=c#d"]) {
      const url = new URL(inviteLink("https://hall.example", "room-1", key));
      expect(new URLSearchParams(url.search).get("t")).toBe("room-1");
      expect(linkKey(url.search, url.hash)).toBe(key);
    }
  });

  it("reads a key written in the query too, and none from other addresses", () => {
    expect(linkKey("?t=abc&key=q", "")).toBe("q");
    expect(linkKey("?t=abc&key=q", "#key=h")).toBe("h"); // the link's own place wins
    expect(linkKey("?t=abc", "")).toBeNull();
    expect(linkKey("?t=abc&key=", "#key=")).toBeNull();
    expect(linkKey("", "#replay/g1")).toBeNull();
    // A replay's address is not mistaken for a key, nor a key for a replay.
    expect(replayFromHash("#key=abc")).toBeNull();
  });
});

describe("the keys kept per table", () => {
  it("keeps, replaces and forgets a table's key in the tab's storage", () => {
    const store = memory();
    const keys = new TableKeys(() => store);
    expect(keys.get("r1")).toBeNull();
    keys.set("r1", "pw");
    expect(store.items.get("spieltisch.key.r1")).toBe("pw");
    keys.set("r1", "invite");
    expect(keys.get("r1")).toBe("invite");
    // A reload: a new holder reads the key the tab kept.
    expect(new TableKeys(() => store).get("r1")).toBe("invite");
    keys.forget("r1");
    expect(keys.get("r1")).toBeNull();
    expect(store.items.size).toBe(0);
    keys.set("r2", "");
    expect(keys.get("r2")).toBeNull();
  });

  it("holds keys in memory where storage is refused", () => {
    const refusing: KeyStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    const keys = new TableKeys(() => refusing);
    keys.set("r1", "pw");
    expect(keys.get("r1")).toBe("pw");
    keys.forget("r1");
    expect(keys.get("r1")).toBeNull();
    expect(new TableKeys(() => null).get("r1")).toBeNull();
  });
});

describe("the hall's password", () => {
  it("goes with an archive's download when one is known", () => {
    expect(recordUrl("g1")).toBe("/api/archive/g1.json");
    expect(recordUrl("g1", null)).toBe("/api/archive/g1.json");
    expect(recordUrl("g 1", "club & co")).toBe("/api/archive/g%201.json?password=club%20%26%20co");
    expect(withHallPassword("/api/x?a=1", "p")).toBe("/api/x?a=1&password=p");
  });

  it("is refused in words, the wrong one told apart, in both languages", () => {
    expect(errorText("hall_password", "", { wrong: true })).toBe("That is not the hall's password.");
    expect(errorText("hall_password", "", { wrong: false })).toBe("This hall asks for a password.");
    lang.set("ja");
    expect(errorText("hall_password", "That is not the hall's password.", { wrong: true })).toBe("ホールのパスワードが違います。");
    expect(errorText("hall_password", "This hall asks for a password.", { wrong: false })).toBe(dictionaries.ja["err.hall_password"]);
  });
});

describe("private tables", () => {
  it("the form's choice goes into create's options", () => {
    expect(privateOptions({ private: false, password: "ignored" })).toEqual({});
    expect(privateOptions({ private: true, password: "" })).toEqual({ private: true });
    expect(privateOptions({ private: true, password: "pw" })).toEqual({ private: true, password: "pw" });
  });

  it("the lobby's lock says private, or password, in both languages", () => {
    expect(elements(LockBadge({ room: { private: false, password: false } }))).toEqual([]);
    const locked = LockBadge({ room: { private: true, password: false } });
    expect(text(locked)).toBe("private");
    expect(elements(locked)[0].props.title).toBe(dictionaries.en["lobby.private_hint"]);
    expect(text(LockBadge({ room: { private: true, password: true } }))).toBe("password");
    lang.set("ja");
    expect(text(LockBadge({ room: { private: true, password: false } }))).toBe("非公開");
    expect(text(LockBadge({ room: { private: true, password: true } }))).toBe("パスワード");
  });

  it("a refusal at a private table says what opens it, in both languages", () => {
    const invite = "This table is private: ask its host for the invitation link.";
    expect(errorText("private_table", invite, { password: false })).toBe(invite);
    expect(errorText("private_table", "", { password: true })).toBe(dictionaries.en["err.private_table.password"]);
    lang.set("ja");
    expect(errorText("private_table", invite, { password: false })).toBe("このテーブルは非公開です。ホストに招待リンクをもらってください。");
    expect(errorText("private_table", "", { password: true })).toBe("このテーブルは非公開です。パスワードか招待リンクで入ってください。");
    expect(errorText("too_many_tables", "", { tables: 5 })).toContain("5卓");
  });
});
