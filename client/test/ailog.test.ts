// The log marks the entries the AI wrote for a person (room.ai_log), in both languages.
import { h } from "preact";
import { describe, expect, it } from "vitest";
import { lang } from "../src/i18n";
import { byAi, LogLines } from "../src/ui/table";
import { elements, text } from "./vnodes";

describe("the AI's moves in the log", () => {
  it("an index is the AI's inside a range [start, end) only", () => {
    const ranges = [
      [2, 4],
      [7, 8],
    ];
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].filter((i) => byAi(ranges, i))).toEqual([2, 3, 7]);
    expect(byAi([], 0)).toBe(false);
  });

  it("marks those entries, counting from the first entry even when the log is cut", () => {
    const log = Array.from({ length: 205 }, (_, i) => ({ code: "x", args: { i } }));

    for (const [l, word] of [
      ["en", "AI"],
      ["ja", "AI"],
    ] as const) {
      lang.set(l);
      const items = elements(h(LogLines, { log, names: (n: number) => `P${n}`, game: "demo", aiLog: [[203, 205]] })).filter((e) => e.type === "li");
      expect(items).toHaveLength(200); // the last 200: entries 5..204
      const marked = items.flatMap((e, i) => (e.props["data-ai"] === "1" ? [i + 5] : []));
      expect(marked).toEqual([203, 204]);
      expect(text(items[198])).toContain(word);
    }
  });
});
