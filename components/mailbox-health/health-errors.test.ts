import { describe, expect, it } from "vitest";
import { formatRetryAfter, healthErrorText } from "./health-errors";

describe("healthErrorText", () => {
  it("shows the server's message, with when to try again after a 429", () => {
    const limited = { message: "This mailbox ran its 10 deliverability tests today.", data: { heraldCode: "rate-limited", retryAfterSeconds: 3 * 3600 } };
    expect(healthErrorText(limited)).toBe("This mailbox ran its 10 deliverability tests today. Try again in 3 hours.");
    const running = { message: "A deliverability test of this mailbox is still running.", data: { heraldCode: "test-running", retryAfterSeconds: null } };
    expect(healthErrorText(running)).toBe("A deliverability test of this mailbox is still running.");
  });

  it("does not repeat the wait when the server's message already says it", () => {
    const limited = { message: "rep@acme.test ran 10 deliverability tests in the last 24 hours, the most allowed: the next one can start in 23 hours.", data: { heraldCode: "rate-limited", retryAfterSeconds: 23 * 3600 } };
    expect(healthErrorText(limited)).toBe(limited.message);
  });

  it("words waits in hours, minutes or seconds", () => {
    expect(formatRetryAfter(30)).toBe("in 30 seconds");
    expect(formatRetryAfter(60)).toBe("in a minute");
    expect(formatRetryAfter(600)).toBe("in 10 minutes");
    expect(formatRetryAfter(3600)).toBe("in an hour");
    expect(formatRetryAfter(7200)).toBe("in 2 hours");
  });
});
