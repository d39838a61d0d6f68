import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { encode } from "@msgpack/msgpack";
import { describe, expect, it } from "vitest";
import { decodeFrame } from "../src/compact";
import { STRINGS } from "../src/strings.gen";

const vectorsPath = fileURLToPath(new URL("../../protocol/compact_vectors.json", import.meta.url));
const vectors = JSON.parse(readFileSync(vectorsPath, "utf8")) as { plain: unknown; compact: string }[];

function bytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16));
}

describe("compact patches", () => {
  it("has vectors, and a table to decode them with", () => {
    expect(vectors.length).toBeGreaterThan(5);
    expect(STRINGS.length).toBeGreaterThan(100);
  });

  vectors.forEach((v, i) => {
    it(`decodes vector ${i} to the plain message`, () => {
      const compact = bytes(v.compact);
      expect(decodeFrame(compact)).toEqual(v.plain);
      // The point of the form: never longer than the plain message.
      expect(compact.length).toBeLessThanOrEqual(encode(v.plain).length);
    });
  });

  it("decodes a plain frame as itself", () => {
    const plain = { t: "patch", room: "r1", v: 3, ops: [["s", ["x"], true]] };
    expect(decodeFrame(encode(plain))).toEqual(plain);
  });

  it("refuses an index the table does not have", () => {
    // {index 60000: 1}: a map key past the end of the table.
    expect(() => decodeFrame(Uint8Array.from([0x81, 0xcd, 0xea, 0x60, 0x01]))).toThrow();
  });
});
