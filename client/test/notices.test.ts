// The notice queue: the same refusal again replaces its notice (counted), at most a
// few show, and each goes after a few seconds of its own.
import { describe, expect, it } from "vitest";
import { addNotice, NOTICE_ACTION_MS, NOTICE_MS, NOTICES_SHOWN, nextExpiry, unexpired } from "../src/notices";
import { type Notice, Store } from "../src/store";

let id = 0;
const notice = (code: string, at = 1000): Notice => ({ id: ++id, code, message: code, args: {}, at });

describe("the notice queue", () => {
  it("replaces a notice of the same code with the new one, counted", () => {
    let list = addNotice([], notice("not_your_turn", 1000));
    list = addNotice(list, notice("bad_option", 1100));
    const again = notice("not_your_turn", 1200);
    list = addNotice(list, again);
    expect(list.map((n) => n.code)).toEqual(["bad_option", "not_your_turn"]);
    expect(list[1].id).toBe(again.id);
    expect(list[1].at).toBe(1200);
    expect(list[1].count).toBe(2);
    list = addNotice(list, notice("not_your_turn", 1300));
    expect(list.map((n) => n.count ?? 1)).toEqual([1, 3]);
  });

  it("shows at most a few, the newest", () => {
    let list: Notice[] = [];
    for (const code of ["a", "b", "c", "d", "e"]) list = addNotice(list, notice(code));
    expect(NOTICES_SHOWN).toBeLessThanOrEqual(3);
    expect(list.map((n) => n.code)).toEqual(["c", "d", "e"].slice(-NOTICES_SHOWN));
  });

  it("lets each notice go after its own few seconds, a notice with buttons later", () => {
    expect(NOTICE_MS).toBeLessThanOrEqual(6000);
    const a = notice("not_your_turn", 0);
    const b = notice("account_required", 1000);
    const c = notice("bad_option", 2000);
    const list = [a, b, c];
    expect(nextExpiry([])).toBeNull();
    expect(nextExpiry(list)).toBe(NOTICE_MS);
    expect(unexpired(list, NOTICE_MS).map((n) => n.code)).toEqual(["account_required", "bad_option"]);
    expect(unexpired(list, 2000 + NOTICE_MS).map((n) => n.code)).toEqual(["account_required"]);
    expect(unexpired(list, 1000 + NOTICE_ACTION_MS)).toEqual([]);
  });

  it("three refusals in a row are gone within seconds, not one after another", () => {
    let list: Notice[] = [];
    list = addNotice(list, notice("not_your_turn", 0));
    list = addNotice(list, notice("bad_move", 100));
    list = addNotice(list, notice("not_host", 200));
    expect(unexpired(list, 200 + NOTICE_MS)).toEqual([]);
  });

  it("the store counts a repeated error instead of stacking it, and expires notices", () => {
    const store = new Store(() => undefined);
    for (let i = 0; i < 3; i++) store.handle({ t: "error", ref: i, code: "not_your_turn", message: "Not your turn", args: {} });
    store.handle({ t: "error", ref: 9, code: "not_host", message: "Only the host", args: {} });
    expect(store.state.notices.map((n) => [n.code, n.count ?? 1])).toEqual([
      ["not_your_turn", 3],
      ["not_host", 1],
    ]);
    store.expireNotices(Date.now() + NOTICE_MS + 1);
    expect(store.state.notices).toEqual([]);
  });
});
