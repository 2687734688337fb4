import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { ShiftedClock } from "../lib/clock";
import { createTestControl, type TestControlOptions } from "./test-control";

const TOKEN = "a-test-control-token-of-32-chars-at-least";

let server: Server | null = null;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** A real HTTP server with the control in front, as main.ts puts it; other paths answer 418. */
async function serve(options: Partial<TestControlOptions> = {}) {
  const clock = options.clock ?? new ShiftedClock();
  const control = createTestControl({ token: TOKEN, clock, drain: null, settleNotifications: async () => undefined, ...options });
  server = createServer((request, response) => {
    if (!control(request, response)) response.writeHead(418).end();
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = (method: string, path: string, body?: unknown, token = TOKEN) =>
    fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}` }, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) });
  return { clock, call };
}

describe("the browser tests' test control", () => {
  it("moves Herald's clock forward by what it is told, and wakes what listens to the clock", async () => {
    const { clock, call } = await serve();
    let woken = 0;
    clock.onChange(() => woken++);
    const before = Date.now();
    const response = await call("POST", "/api/test-control/advance", { milliseconds: 3 * 3600_000 });
    expect(response.status).toBe(200);
    const { now } = (await response.json()) as { now: string };
    expect(new Date(now).getTime() - before).toBeGreaterThanOrEqual(3 * 3600_000);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThanOrEqual(3 * 3600_000 - 50);
    expect(woken).toBe(1);
    const read = (await (await call("GET", "/api/test-control/now")).json()) as { now: string };
    expect(new Date(read.now).getTime()).toBeGreaterThanOrEqual(new Date(now).getTime());
  });

  it("refuses a request without the token, or with another, and moves nothing", async () => {
    const { clock, call } = await serve();
    const without = await fetch(`http://127.0.0.1:${(server!.address() as AddressInfo).port}/api/test-control/advance`, { method: "POST", body: JSON.stringify({ milliseconds: 60_000 }) });
    expect(without.status).toBe(401);
    expect((await call("POST", "/api/test-control/advance", { milliseconds: 60_000 }, `${TOKEN.slice(0, -1)}x`)).status).toBe(401);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1_000);
  });

  it("never moves time backwards, nor by what is not a whole number of milliseconds", async () => {
    const { clock, call } = await serve();
    for (const body of [{ milliseconds: -1 }, { milliseconds: 1.5 }, { milliseconds: "60000" }, {}, { milliseconds: 31 * 24 * 3600_000 }, "not json"]) {
      const response = await call("POST", "/api/test-control/advance", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/milliseconds|JSON/);
    }
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1_000);
    expect(() => clock.advance(-5)).toThrow(/forward only/);
  });

  it("settles: waits for outbox notifications and the executor's drain, twice over", async () => {
    const calls: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const { call } = await serve({
      settleNotifications: async () => void calls.push("notifications"),
      drain: async () => {
        calls.push("drain");
        if (calls.length === 2) await released;
      },
    });
    const settling = call("POST", "/api/test-control/settle");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual(["notifications", "drain"]);
    release();
    expect((await settling).status).toBe(200);
    expect(calls).toEqual(["notifications", "drain", "notifications", "drain"]);
  });

  it("answers only its own paths, and names what it answers on an unknown action", async () => {
    const { call } = await serve();
    expect((await call("GET", "/api/v1/campaigns")).status).toBe(418);
    const unknown = await call("POST", "/api/test-control/rewind", { milliseconds: 1 });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain("advance");
    expect((await call("GET", "/api/test-control/advance")).status).toBe(404);
  });
});

describe("HERALD_TEST_CONTROL_TOKEN", () => {
  it("is accepted on a loopback-only Herald", () => {
    expect(parseEnv({ HERALD_TEST_CONTROL_TOKEN: TOKEN, HOST: "127.0.0.1" }).HERALD_TEST_CONTROL_TOKEN).toBe(TOKEN);
    expect(parseEnv({ HERALD_TEST_CONTROL_TOKEN: TOKEN, HOST: "::1", HERALD_URL: "http://localhost:3000" }).HERALD_TEST_CONTROL_TOKEN).toBe(TOKEN);
  });

  it("is refused by a start that listens beyond loopback (the default) or has a public address, and when short", () => {
    expect(() => parseEnv({ HERALD_TEST_CONTROL_TOKEN: TOKEN })).toThrow(/HERALD_TEST_CONTROL_TOKEN: is for the browser tests only and needs HOST=127\.0\.0\.1 \(Herald listens on 0\.0\.0\.0\)/);
    expect(() => parseEnv({ HERALD_TEST_CONTROL_TOKEN: TOKEN, HOST: "192.168.1.20" })).toThrow(/browser tests only/);
    expect(() => parseEnv({ HERALD_TEST_CONTROL_TOKEN: TOKEN, HOST: "127.0.0.1", HERALD_URL: "https://herald.example.com" })).toThrow(/public HERALD_URL/);
    expect(() => parseEnv({ HERALD_TEST_CONTROL_TOKEN: "short", HOST: "127.0.0.1" })).toThrow(/at least 32 characters/);
  });
});
