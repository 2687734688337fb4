// The events a test file's code sends to Inngest, captured instead of sent: Herald counts as having a
// job runner (an event key is set), inngest.send records each payload and answers as the event API
// would. For the tests of work that starts jobs (verification jobs).
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { inngest } from "@/inngest/client";

/** The payloads sent so far in the current test (emptied after each). */
export function useSentEvents<T = unknown>(eventKey: string): T[] {
  const sent: T[] = [];
  // Set before each test: a test may delete it to see Herald without a job runner.
  beforeEach(() => {
    process.env.INNGEST_EVENT_KEY = eventKey;
  });
  beforeAll(() => {
    vi.spyOn(inngest, "send").mockImplementation(async (payload) => {
      sent.push(payload as T);
      return { ids: ["event-1"] };
    });
  });
  afterAll(() => {
    delete process.env.INNGEST_EVENT_KEY;
    vi.restoreAllMocks();
  });
  afterEach(() => {
    sent.length = 0;
  });
  return sent;
}
