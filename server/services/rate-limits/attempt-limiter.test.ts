import { describe, expect, it } from "vitest";
import { AttemptLimiter } from "./attempt-limiter";

const MINUTE = 60_000;

describe("AttemptLimiter", () => {
  it("allows `limit` hits in a window, then refuses until the window ends", () => {
    const limiter = new AttemptLimiter({ limit: 3, windowMs: 5 * MINUTE, maxKeys: 100 });
    const start = 1_000_000;
    expect([0, 1, 2].map((i) => limiter.hit("a", start + i).allowed)).toEqual([true, true, true]);
    const refused = limiter.hit("a", start + 3);
    expect(refused).toMatchObject({ allowed: false, count: 4, limit: 3 });
    expect(limiter.check("a", start + MINUTE)).toMatchObject({ allowed: false, retryAfterSeconds: 4 * 60 });
    // Another key has its own count.
    expect(limiter.check("b", start + MINUTE).allowed).toBe(true);
    // The window started at the first hit; after it a new one begins.
    expect(limiter.check("a", start + 5 * MINUTE).allowed).toBe(true);
    expect(limiter.hit("a", start + 5 * MINUTE)).toMatchObject({ allowed: true, count: 1 });
  });

  it("check counts nothing and says whether one more hit would pass", () => {
    const limiter = new AttemptLimiter({ limit: 2, windowMs: MINUTE, maxKeys: 100 });
    expect(limiter.check("a", 0).allowed).toBe(true);
    limiter.hit("a", 0);
    expect(limiter.check("a", 1)).toMatchObject({ allowed: true, count: 1 });
    limiter.hit("a", 2);
    expect(limiter.check("a", 3)).toMatchObject({ allowed: false, count: 2 });
  });

  it("forgive takes one hit back and reset forgets the key", () => {
    const limiter = new AttemptLimiter({ limit: 2, windowMs: MINUTE, maxKeys: 100 });
    limiter.hit("a", 0);
    limiter.hit("a", 0);
    limiter.forgive("a");
    expect(limiter.check("a", 1).allowed).toBe(true);
    limiter.hit("a", 1);
    limiter.reset("a");
    expect(limiter.check("a", 2)).toMatchObject({ allowed: true, count: 0 });
  });

  it("aligns windows to a given start and takes a per-call limit", () => {
    const limiter = new AttemptLimiter({ limit: 1, windowMs: MINUTE, maxKeys: 100 });
    const state = limiter.hit("key", 90_000, { limit: 5, windowStart: 60_000 });
    expect(state).toMatchObject({ allowed: true, limit: 5, resetAt: 120_000, retryAfterSeconds: 30 });
  });

  it("keeps at most maxKeys keys, dropping ended windows first and then the oldest", () => {
    const limiter = new AttemptLimiter({ limit: 1, windowMs: MINUTE, maxKeys: 3 });
    limiter.hit("old", 0);
    limiter.hit("a", 30_000);
    limiter.hit("b", 40_000);
    // "old" has ended by now and makes room.
    limiter.hit("c", 61_000);
    expect(limiter.size).toBe(3);
    expect(limiter.check("old", 61_000).count).toBe(0);
    expect(limiter.check("a", 61_000).count).toBe(1);
    // Full of live windows: the oldest ("a") goes.
    limiter.hit("d", 62_000);
    expect(limiter.size).toBe(3);
    expect(limiter.check("a", 62_000).count).toBe(0);
    expect(["b", "c", "d"].map((key) => limiter.check(key, 62_000).count)).toEqual([1, 1, 1]);
    for (let i = 0; i < 1000; i++) limiter.hit(`flood-${i}`, 63_000);
    expect(limiter.size).toBe(3);
  });
});
