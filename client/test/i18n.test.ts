import { describe, expect, it } from "vitest";
import "../src/games/carcassonne/strings";
import { dictionaries, fill, lang, listText, logLine, plural, translate } from "../src/i18n";

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
      "Ada and Ben score 4 points for a road.",
    );
    expect(logLine("carcassonne", { code: "score", args: { seats: [1], points: 1, kind: "road" } }, names)).toBe(
      "Ben scores 1 point for a road.",
    );
    expect(logLine("carcassonne", { code: "tile_placed", args: { seat: 0, tile: "city1", x: 3, y: -1, r: 90 } }, names)).toBe(
      "Ada places a tile.",
    );
    expect(logLine("nogame", { code: "big_move", args: { seat: 1, n: 3 } }, names)).toBe("big move (seat: Ben, n: 3)");
  });
  it("counts with the right noun, lists names as a sentence does, and starts a line with a capital", () => {
    const names = (n: number) => ["Ada", "Ben", "Cleo", "ada"][n];
    try {
      lang.set("en");
      expect(plural("n.points", 1)).toBe("1 point");
      expect(plural("n.points", 0)).toBe("0 points");
      expect(plural("n.points", 7)).toBe("7 points");
      expect(listText(["Ada"])).toBe("Ada");
      expect(listText(["Ada", "Ben", "Cleo"])).toBe("Ada, Ben and Cleo");
      expect(logLine("carcassonne", { code: "score", args: { seats: [0, 1, 2], points: 2, kind: "city" } }, names)).toBe(
        "Ada, Ben and Cleo score 2 points for a city.",
      );
      // A name stays as its owner spells it, even at the start of a line.
      expect(logLine("carcassonne", { code: "meeple_skipped", args: { seat: 3 } }, names)).toBe("ada places no follower.");
      lang.set("ja");
      expect(plural("n.points", 1)).toBe("1点");
      expect(plural("n.points", 7)).toBe("7点");
      expect(listText(["Ada", "Ben", "Cleo"])).toBe("Ada、Ben、Cleo");
      expect(logLine("carcassonne", { code: "score", args: { seats: [0], points: 1, kind: "road" } }, names)).toBe(
        "Adaが道で1点を獲得。",
      );
      expect(logLine("carcassonne", { code: "tile_placed", args: { seat: 0, tile: "city1", x: 3, y: -1, r: 90 } }, names)).toBe(
        "Adaがタイルを置きました。",
      );
      // The list of legal moves is the moves one can make now, not the hand (手).
      expect(translate("ja", "generic.legal")).toBe("選べる手");
    } finally {
      lang.set("en");
    }
  });
});
