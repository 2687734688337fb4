// The browser tests move Herald's clock instead of waiting for it (server/runtime/test-control.ts):
// a worker's Herald runs on the wall clock plus an offset its tests push forward. After a move, the
// embedded executor runs at once whatever fell due (the minute's executor pass, a step's delay, a
// sender's rest between actions, an order's provisioning step); settle() waits for it to finish.
//
//   test("…", async ({ own, clock }) => { …; await clock.advance(5 * 60_000); … });
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { testControlToken } from "./herald-server.mjs";

export interface TestClock {
  /** Herald's time now. */
  now(): Promise<Date>;
  /**
   * Moves Herald's time `milliseconds` ahead, then waits until no job is due or running (the minute
   * passes crossed on the way fire once, at the end: a long jump is not a minute-by-minute replay).
   */
  advance(milliseconds: number): Promise<Date>;
  /** Waits until no job is due now or running. */
  settle(): Promise<void>;
  /**
   * Moves time a minute at a time, settling after each, until `check` passes (at most `limitMs` of
   * Herald's time): for what takes a few executor passes, such as a sender's rest and its next turn.
   */
  advanceUntil(check: () => unknown, options?: { stepMs?: number; limitMs?: number; message?: string }): Promise<void>;
}

async function call(baseURL: string, method: "GET" | "POST", action: string, body?: unknown): Promise<{ now: string }> {
  const token = testControlToken();
  if (!token) throw new Error("The browser tests' Herald runs without a test control token (playwright.config.ts sets HERALD_E2E_CONTROL_TOKEN)");
  const response = await fetch(`${baseURL}/api/test-control/${action}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Test control ${action} answered ${response.status}: ${text}`);
  return JSON.parse(text) as { now: string };
}

export function testClock(baseURL: string): TestClock {
  const clock: TestClock = {
    now: async () => new Date((await call(baseURL, "GET", "now")).now),
    settle: async () => {
      await call(baseURL, "POST", "settle");
    },
    advance: async (milliseconds) => {
      const { now } = await call(baseURL, "POST", "advance", { milliseconds });
      await clock.settle();
      return new Date(now);
    },
    advanceUntil: async (check, { stepMs = 60_000, limitMs = 60 * 60_000, message } = {}) => {
      for (let moved = 0; ; moved += stepMs) {
        await clock.settle();
        try {
          await check();
          return;
        } catch (error) {
          if (moved >= limitMs) {
            throw new Error(`${message ?? "The awaited state"} did not come within ${limitMs / 60_000} minutes of Herald's time`, { cause: error });
          }
        }
        await call(baseURL, "POST", "advance", { milliseconds: stepMs });
      }
    },
  };
  return clock;
}

export { expect };

const installed = new WeakSet<BrowserContext>();

/**
 * Sets the page's clock (its context's) to Herald's time, for pages that word a time relative to now
 * ("in 4 hours", "Expires in 4:59"): Herald's clock runs ahead of the wall clock once a test of the
 * worker moved it. The first call installs Playwright's clock (before the page loads, so the page
 * starts on it); time then flows as usual, and a later call after a move jumps it to Herald's again.
 */
export async function syncPageClock(page: Page, clock: TestClock): Promise<void> {
  const context = page.context();
  const now = await clock.now();
  if (installed.has(context)) {
    await page.clock.setSystemTime(now);
    return;
  }
  await page.clock.install({ time: now });
  installed.add(context);
}
