import { describe, expect, it } from "vitest";
import { backoff } from "../src/connection";

describe("backoff", () => {
  it("grows and is capped", () => {
    const mid = () => 0.5;
    expect(backoff(0, mid)).toBe(500);
    expect(backoff(1, mid)).toBe(1000);
    expect(backoff(3, mid)).toBe(4000);
    expect(backoff(10, mid)).toBe(8000);
    expect(backoff(50, () => 1)).toBeLessThanOrEqual(10000);
    expect(backoff(0, () => 0)).toBeGreaterThan(0);
  });
});
