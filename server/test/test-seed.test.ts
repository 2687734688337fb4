import { describe, expect, it } from "vitest";
import { parseSeed, seededRandom } from "./test-seed";

describe("test seeds", () => {
  it("repeats the same numbers for the same seed, and others for another", () => {
    const draw = (seed: number) => Array.from({ length: 5 }, seededRandom(seed).next);
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    for (const value of draw(7)) expect(value >= 0 && value < 1).toBe(true);
  });

  it("draws integers within [min, max)", () => {
    const random = seededRandom(1);
    const values = Array.from({ length: 500 }, () => random.int(1500, 4000));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(1500);
    expect(Math.max(...values)).toBeLessThan(4000);
    expect(new Set(values).size).toBeGreaterThan(100);
  });

  it("takes a seed from the environment only when it is a whole number in range", () => {
    expect(parseSeed(undefined)).toBeNull();
    expect(parseSeed(" ")).toBeNull();
    expect(parseSeed("123456")).toBe(123456);
    expect(() => parseSeed("abc")).toThrow(/HERALD_TEST_SEED must be a whole number/);
    expect(() => parseSeed("-1")).toThrow(/HERALD_TEST_SEED/);
    expect(() => parseSeed("4294967296")).toThrow(/HERALD_TEST_SEED/);
  });
});
