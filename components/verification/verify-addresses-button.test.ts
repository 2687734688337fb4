// The words of a verification job's progress and result.
import { describe, expect, it } from "vitest";
import type { TVerificationJob } from "@/server/schemas/verification";
import { jobProgressText } from "./verify-addresses-button";

const job = (fields: Partial<TVerificationJob>): TVerificationJob => ({
  id: "vjb_1",
  status: "running",
  source: "dashboard",
  targetsCompanies: true,
  total: 10_000,
  checked: 2_310,
  counts: { valid: 2_000, risky: 200, invalid: 100, unknown: 10 },
  error: null,
  createdAt: "2026-12-04T10:00:00.000Z",
  startedAt: "2026-12-04T10:00:01.000Z",
  finishedAt: null,
  ...fields,
});

describe("jobProgressText", () => {
  it("says how far a running job is, then what it found, or why it stopped", () => {
    expect(jobProgressText(job({}))).toBe("Checking 2,310 of 10,000 addresses…");
    expect(jobProgressText(job({ status: "queued", checked: 0 }))).toBe("Checking 0 of 10,000 addresses…");
    expect(jobProgressText(job({ status: "done", checked: 10_000, counts: { valid: 9_100, risky: 500, invalid: 400, unknown: 0 } }))).toBe(
      "10,000 addresses checked: 9,100 valid, 500 risky, 400 invalid.",
    );
    expect(jobProgressText(job({ status: "done", total: 1, checked: 1, counts: { valid: 0, risky: 0, invalid: 0, unknown: 1 } }))).toBe(
      "1 address checked: 0 valid, 0 risky, 0 invalid, 1 unknown (try again later).",
    );
    expect(jobProgressText(job({ status: "failed", error: "Checking stopped." }))).toBe("Checking stopped.");
  });
});
