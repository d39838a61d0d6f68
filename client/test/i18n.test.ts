import { describe, expect, it } from "vitest";
import "../src/games/carcassonne/strings";
import { dictionaries, fill, logLine, translate } from "../src/i18n";

describe("strings", () => {
  it("every key exists in both languages", () => {
    const en = Object.keys(dictionaries.en).sort();
    const ja = Object.keys(dictionaries.ja).sort();
    expect(ja).toEqual(en);
  });
  it("both languages use the same placeholders per key", () => {
    const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(dictionaries.en)) {
      expect(holes(dictionaries.ja[key]), key).toEqual(holes(dictionaries.en[key]));
    }
  });
  it("fills placeholders and leaves unknown ones visible", () => {
    expect(fill("{a} and {b}", { a: 1 })).toBe("1 and {b}");
    expect(translate("ja", "table.seat", { n: 2 })).toBe("2番席");
  });
  it("renders log entries with names, translated values, and a fallback", () => {
    const names = (n: number) => ["Ada", "Ben"][n];
    expect(logLine("carcassonne", { code: "score", args: { seats: [0, 1], points: 4, kind: "road" } }, names)).toBe(
      "Ada, Ben score 4 for a road.",
    );
    expect(logLine("nogame", { code: "big_move", args: { seat: 1, n: 3 } }, names)).toBe("big move (seat: Ben, n: 3)");
  });
});
