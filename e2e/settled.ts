// "The page has finished loading its data": the page's load event, then no fetch in flight for
// QUIET_MS. Playwright's `networkidle` waits for 500 ms without any request, which over the 50-odd
// pages the security-headers and phone checks visit added half a minute of waiting to the suite.
// The dashboard loads its data with fetch (tRPC, React Server Components), which this counts from
// before the page's first script (`trackFetches`, once per page, before its first navigation).
import type { Page } from "@playwright/test";

const QUIET_MS = 150;

declare global {
  interface Window {
    __fetches?: { inFlight: number; lastSettled: number };
  }
}

export async function trackFetches(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const fetches = { inFlight: 0, lastSettled: performance.now() };
    window.__fetches = fetches;
    const fetch = window.fetch.bind(window);
    window.fetch = (...args: Parameters<typeof window.fetch>) => {
      fetches.inFlight += 1;
      return fetch(...args).finally(() => {
        fetches.inFlight -= 1;
        fetches.lastSettled = performance.now();
      });
    };
  });
}

/** Waits for the page's load event and then for its fetches to settle (see trackFetches). */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.waitForFunction(
    (quiet) => {
      const fetches = window.__fetches;
      if (!fetches) throw new Error("settled() needs trackFetches(page) before the page's first navigation");
      return fetches.inFlight === 0 && performance.now() - fetches.lastSettled >= quiet;
    },
    QUIET_MS,
    { polling: 50 },
  );
}
