// Names as a person reads them: two seats of one name told apart, errors worded in the
// reader's language from the server's `args` (seats counted from 1), and every hub
// code with words in both languages. (The name form's limit and refusal: e2e/names.e2e.ts.)

import { afterEach, describe, expect, it } from "vitest";
import { dictionaries, errorText, lang } from "../src/i18n";
import { ERROR_CODES, NAME_MAX } from "../src/protocol.gen";
import { distinctNames, listedName, sharedNames } from "../src/ui/names";
import { seatNames } from "../src/ui/table";

afterEach(() => lang.set("en"));

describe("same names at one table", () => {
  it("the second and third holder of a name are numbered; other names and empty seats stay", () => {
    const seats = [{ name: "Ada" }, null, { name: "Ben" }, { name: "Ada" }, { name: "Ada" }];
    expect(distinctNames(seats)).toEqual(["Ada", null, "Ben", "Ada (2)", "Ada (3)"]);
  });
  it("a number someone is already called is skipped", () => {
    expect(distinctNames([{ name: "Ada" }, { name: "Ada (2)" }, { name: "Ada" }])).toEqual(["Ada", "Ada (2)", "Ada (3)"]);
  });
  it("the panel, the log and the turn banner name seats through seatNames", () => {
    const names = seatNames([{ name: "AI 1" }, { name: "AI 1" }, null]);
    expect([0, 1, 2].map(names)).toEqual(["AI 1", "AI 1 (2)", "Seat 3"]);
  });
});

describe("a deleted account's name", () => {
  it("is a former player's in the reader's language, in a seat and in a list of speakers", () => {
    const seats = [{ name: "Ben", player: "p1" }, { name: "former player", player: "p2" }];
    expect(distinctNames(seats)).toEqual(["Ben", "former player"]);
    expect(listedName({ name: "former player", player: "p2" }, new Set())).toBe("former player");
    lang.set("ja");
    expect(distinctNames(seats)).toEqual(["Ben", "退会したプレイヤー"]);
    const said = { name: "former player", player: "p2" };
    expect(listedName(said, new Set())).toBe("退会したプレイヤー");
    // Two former players in one list are told apart by their tags, as guests are.
    const other = { name: "former player", player: "p3" };
    const shared = sharedNames([said, other]);
    expect(listedName(said, shared)).toMatch(/^退会したプレイヤー · [0-9A-Z]{4}$/);
    expect(listedName(said, shared)).not.toBe(listedName(other, shared));
  });
});

describe("refusals in the reader's language", () => {
  it("a seat that does not exist, counted from 1, in both languages", () => {
    const args = { seat: 9, seats: 6 };
    const message = "There is no seat 9; seats are 1 to 6.";
    expect(errorText("bad_message", message, args)).toBe("There is no seat 9; seats are 1 to 6.");
    lang.set("ja");
    expect(errorText("bad_message", message, args)).toBe("9番席はありません。席は1〜6番です。");
  });
  it("the sentence that uses the most of the args wins", () => {
    lang.set("ja");
    expect(errorText("seat_taken", "", { seat: 1, name: "Ada" })).toBe("1番席にはAdaさんが座っています。");
    expect(errorText("seat_taken", "", { seat: 2 })).toBe("2番席はふさがっています。");
    expect(errorText("seat_taken", "", { seat: 2, player: "Ben" })).toBe("Benさんは在席中で、2番席を自分で打っています。");
    expect(errorText("bad_option", "", { level: "clever", levels: "random, greedy, strong" })).toBe(
      "「clever」というAIの強さはありません。強さ: random, greedy, strong",
    );
    expect(errorText("bad_message", "", { name_max: NAME_MAX })).toBe(`名前は1〜${NAME_MAX}文字で、空白だけにはできません。`);
  });
  it("without args: the code's sentence; in English the server's own; an unknown code by its message", () => {
    lang.set("ja");
    expect(errorText("not_host", "Only the host may add an AI player.")).toBe(dictionaries.ja["err.not_host"]);
    expect(errorText("bad_message", "Say hello first.", { nothing_known: 1 })).toBe(dictionaries.ja["err.bad_message"]);
    expect(errorText("brand_new_code", "Something new.")).toBe("Something new.");
    lang.set("en");
    expect(errorText("not_host", "Only the host may add an AI player.")).toBe("Only the host may add an AI player.");
    expect(errorText("not_host", "")).toBe(dictionaries.en["err.not_host"]);
  });
  it("every hub code has a sentence in both languages", () => {
    for (const code of [...ERROR_CODES, "internal_error"]) {
      expect(dictionaries.en[`err.${code}`], code).toBeTruthy();
      expect(dictionaries.ja[`err.${code}`], code).toBeTruthy();
    }
  });
});
