import { describe, expect, it } from "vitest";
import { databasePoolSize } from "./pool-size";

describe("databasePoolSize", () => {
  it("follows the turns at once (a fifth of them, at least 10) unless HERALD_DATABASE_POOL_SIZE says otherwise", () => {
    expect(databasePoolSize({ HERALD_TURN_CONCURRENCY: 16 })).toBe(10);
    expect(databasePoolSize({ HERALD_TURN_CONCURRENCY: 50 })).toBe(10);
    expect(databasePoolSize({ HERALD_TURN_CONCURRENCY: 100 })).toBe(20);
    expect(databasePoolSize({ HERALD_TURN_CONCURRENCY: 100, HERALD_DATABASE_POOL_SIZE: 8 })).toBe(8);
  });
});
