import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db, getDb } from "../../db/client";
import { resetEnv } from "../../env";
import { CLIENT_ADDRESS_HEADER } from "../../http/client-address";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { logger } from "../../lib/logger";
import { callApi } from "../../test/call-api";
import { createTestApiKey, createTestWorkspace } from "../../test/factories";
import { forgetRowWrites, recordRowWrites, rowWrites } from "../../test/row-writes";
import { INVALID_KEYS_PER_ADDRESS } from "../api-keys/authenticate-api-key";

// Every row written to any table is recorded, so a test can say exactly what a series of requests wrote.
beforeAll(recordRowWrites);

afterEach(() => {
  delete process.env.HERALD_API_RATE_LIMIT_PER_MINUTE;
  resetEnv();
  setClock(systemClock);
  vi.restoreAllMocks();
});

async function keyForNewWorkspace() {
  const context = await createTestWorkspace();
  return createTestApiKey(context.actor);
}

const get = (key: string | undefined, address: string) =>
  callApi("GET", "/workspace", { key, headers: { [CLIENT_ADDRESS_HEADER]: address } });

describe("per-key request limit and last use", () => {
  it("writes nothing per request: 30 calls in a minute write the key's last use once", async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 5, 9, 0, 0));
    setClock(clock);
    const { key, apiKey } = await keyForNewWorkspace();
    await forgetRowWrites();

    for (let i = 0; i < 30; i++) {
      const response = await get(key, "192.0.2.1");
      expect(response.status).toBe(200);
      clock.advance(1000);
    }
    expect(await rowWrites()).toEqual([{ table_name: "ApiKey", op: "UPDATE" }]);
    const stored = await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(stored.lastUsedAt).toEqual(new Date(Date.UTC(2026, 0, 5, 9, 0, 0)));

    // A minute after the recorded use, one more write refreshes it (after the response).
    clock.advance(31_000);
    expect((await get(key, "192.0.2.1")).status).toBe(200);
    await vi.waitFor(async () => expect(await rowWrites()).toHaveLength(2));
    const refreshed = await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(refreshed.lastUsedAt).toEqual(clock.now());
  });

  it("still limits each key per minute, with the rate-limit headers and Retry-After", async () => {
    process.env.HERALD_API_RATE_LIMIT_PER_MINUTE = "5";
    resetEnv();
    const clock = new ManualClock(Date.UTC(2026, 0, 5, 10, 0, 15));
    setClock(clock);
    const { key } = await keyForNewWorkspace();
    const other = await keyForNewWorkspace();

    for (let remaining = 4; remaining >= 0; remaining--) {
      const response = await get(key, "192.0.2.2");
      expect(response.status).toBe(200);
      expect(response.headers.get("x-ratelimit-limit")).toBe("5");
      expect(response.headers.get("x-ratelimit-remaining")).toBe(String(remaining));
      expect(response.headers.get("x-ratelimit-reset")).toBe(String(Date.UTC(2026, 0, 5, 10, 1, 0) / 1000));
    }
    const refused = await get(key, "192.0.2.2");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("45");
    expect(refused.body?.error).toMatchObject({ code: "rate-limited", message: expect.stringContaining("5 per minute") });
    // Another key has its own budget.
    expect((await get(other.key, "192.0.2.2")).status).toBe(200);

    clock.advance(45_000);
    const nextMinute = await get(key, "192.0.2.2");
    expect(nextMinute.status).toBe(200);
    expect(nextMinute.headers.get("x-ratelimit-remaining")).toBe("4");
  });
});

describe("invalid API keys per address", () => {
  it(`refuses an address with 429 after ${INVALID_KEYS_PER_ADDRESS} invalid keys, before looking any key up`, async () => {
    const { key } = await keyForNewWorkspace();
    const warn = vi.spyOn(logger, "warn");
    const attacker = "203.0.113.50";

    // A missing key is not a guess and does not count.
    for (let i = 0; i < 3; i++) expect((await get(undefined, attacker)).status).toBe(401);
    for (let i = 0; i < INVALID_KEYS_PER_ADDRESS; i++) {
      expect((await get(`hk_guess-${i}`, attacker)).status).toBe(401);
    }
    expect(warn).toHaveBeenCalledWith("Invalid API keys throttled", expect.objectContaining({ address: attacker }));

    const lookUp = vi.spyOn(getDb(), "$queryRaw");
    const refused = await get(`hk_guess-next`, attacker);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body?.error).toEqual({
      code: "rate-limited",
      message: expect.stringContaining("Too many invalid API keys from your address"),
    });
    // Even a valid key from that address waits: nothing is looked up.
    expect((await get(key, attacker)).status).toBe(429);
    expect(lookUp).not.toHaveBeenCalled();

    // Other addresses are not affected.
    expect((await get(key, "203.0.113.51")).status).toBe(200);
    expect((await get("hk_wrong", "203.0.113.51")).status).toBe(401);
  });

  it("lets the address in again once its window has passed", async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 6, 9, 0, 0));
    setClock(clock);
    const { key } = await keyForNewWorkspace();
    const address = "203.0.113.60";
    for (let i = 0; i < INVALID_KEYS_PER_ADDRESS; i++) await get(`hk_guess-${i}`, address);
    expect((await get(key, address)).status).toBe(429);
    clock.advance(5 * 60_000);
    expect((await get(key, address)).status).toBe(200);
  });
});
