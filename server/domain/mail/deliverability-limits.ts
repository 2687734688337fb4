// The deliverability test's limits (spec: 1 running and 10 a day per mailbox; not arrived after 10
// minutes). Pure: the service fetches the day's tests and applies these.

export const DELIVERABILITY_TESTS_PER_DAY = 10;
export const DELIVERABILITY_DAY_MS = 24 * 60 * 60 * 1000;
/** After this long at the seed without the e-mail, it counts as not arrived. */
export const NOT_ARRIVED_AFTER_MS = 10 * 60 * 1000;
/** How often the run looks at the seed while waiting. */
export const SEED_CHECK_INTERVAL_MS = 30 * 1000;
/** A test still running this long after it started lost its run (a crash): it is finished as failed. */
export const STALE_TEST_AFTER_MS = 15 * 60 * 1000;
export const STALE_TEST_MESSAGE = "The test stopped before it finished (Herald was interrupted): run it again.";

/** A running test whose run was lost: past STALE_TEST_AFTER_MS it reads as failed, before any start finishes it. */
export function isStaleDeliverabilityTest(test: { status: string; startedAt: Date }, at: Date): boolean {
  return test.status === "running" && at.getTime() - test.startedAt.getTime() >= STALE_TEST_AFTER_MS;
}

/**
 * Seconds until another test may start, or null when one may now. The day is a rolling 24 hours
 * (not the calendar day): the limit frees up when the oldest of the last 24 hours' tests leaves
 * the window, the same moment whatever the mailbox's time zone.
 */
export function deliverabilityRetryAfterSeconds(startsInWindow: Date[], at: Date): number | null {
  const recent = startsInWindow.filter((start) => at.getTime() - start.getTime() < DELIVERABILITY_DAY_MS).sort((a, b) => a.getTime() - b.getTime());
  if (recent.length < DELIVERABILITY_TESTS_PER_DAY) return null;
  // The (n-9)th newest must leave before a 10th slot frees up.
  const freeing = recent[recent.length - DELIVERABILITY_TESTS_PER_DAY]!;
  return Math.max(1, Math.ceil((freeing.getTime() + DELIVERABILITY_DAY_MS - at.getTime()) / 1000));
}
