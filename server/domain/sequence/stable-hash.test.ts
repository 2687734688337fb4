import { describe, expect, it } from "vitest";
import { sha256Words, stableFraction, stableHash32 } from "./stable-hash";

const hex = (words: Uint32Array) => Array.from(words, (word) => word.toString(16).padStart(8, "0")).join("");

describe("the stable hash", () => {
  it("is SHA-256 (FIPS 180-2 test vectors), so the choices match the ones node:crypto made", () => {
    expect(hex(sha256Words(""))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(hex(sha256Words("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // Two blocks: the padding spills over.
    expect(hex(sha256Words("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))).toBe("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    expect(stableHash32("abc")).toBe(0xba7816bf);
  });
  it("gives a fraction in [0, 1) spread across the range", () => {
    const values = Array.from({ length: 200 }, (_, index) => stableFraction(`key-${index}`));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(values.filter((value) => value < 0.5).length).toBeGreaterThan(60);
    expect(values.filter((value) => value >= 0.5).length).toBeGreaterThan(60);
  });
});
