import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { applyPatch, PatchError } from "../src/patch";

const vectorsPath = fileURLToPath(new URL("../../protocol/patch_vectors.json", import.meta.url));
const vectors = JSON.parse(readFileSync(vectorsPath, "utf8")) as { a: unknown; b: unknown; ops: unknown[] }[];

describe("applyPatch on the shared vectors", () => {
  it("has vectors to check", () => {
    expect(vectors.length).toBeGreaterThan(10);
  });
  vectors.forEach((vec, i) => {
    it(`vector ${i}`, () => {
      const before = JSON.stringify(vec.a);
      const out = applyPatch(vec.a, vec.ops);
      expect(out).toEqual(vec.b);
      // Copy-on-write: the input tree is left as it was.
      expect(JSON.stringify(vec.a)).toBe(before);
    });
  });
});

describe("applyPatch", () => {
  it("keeps untouched subtrees by identity", () => {
    const a = { board: [{ x: 0 }, { x: 1 }], scores: [0, 0] };
    const b = applyPatch(a, [["s", ["scores", 1], 4]]) as typeof a;
    expect(b.board).toBe(a.board);
    expect(b.scores).not.toBe(a.scores);
    expect(b.scores).toEqual([0, 4]);
  });
  it("deletes list elements and map keys", () => {
    expect(applyPatch({ l: [1, 2, 3], k: 1 }, [["d", ["l", 0]], ["d", ["k"]]])).toEqual({ l: [2, 3] });
  });
  it("refuses ops that do not fit", () => {
    expect(() => applyPatch({}, [["s", ["a", "b"], 1]])).toThrow(PatchError);
    expect(() => applyPatch([1], [["s", [1], 1]])).toThrow(PatchError);
    expect(() => applyPatch([1], [["s", ["0"], 1]])).toThrow(PatchError);
    expect(() => applyPatch({ a: 1 }, [["a", ["a"], [1]]])).toThrow(PatchError);
    expect(() => applyPatch({}, [["d", []]])).toThrow(PatchError);
    expect(() => applyPatch({}, [["x", []]])).toThrow(PatchError);
    expect(() => applyPatch({}, [["d", ["missing"]]])).toThrow(PatchError);
  });
});
