// A VerificationJob row as the API and the dashboard show it.
import type { VerificationJob } from "../../db/generated/client";
import { ADDRESS_STATUSES, type TVerificationCounts, type TVerificationJob } from "../../schemas/verification";
import { toIso } from "../../schemas/common";

export function countsOf(stored: unknown): TVerificationCounts {
  const source = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const counts = { valid: 0, risky: 0, invalid: 0, unknown: 0 };
  for (const status of ADDRESS_STATUSES) {
    const value = source[status];
    if (typeof value === "number" && Number.isFinite(value)) counts[status] = value;
  }
  return counts;
}

export function toVerificationJob(row: Omit<VerificationJob, "addresses">): TVerificationJob {
  return {
    id: row.id,
    status: row.status as TVerificationJob["status"],
    source: row.source as TVerificationJob["source"],
    targetsCompanies: row.targetsCompanies,
    total: row.total,
    checked: row.checked,
    counts: countsOf(row.counts),
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: toIso(row.startedAt),
    finishedAt: toIso(row.finishedAt),
  };
}

/** Every column but the address list (up to 100,000 addresses: read it only to check them). */
export const VERIFICATION_JOB_SUMMARY = {
  id: true,
  workspaceId: true,
  source: true,
  status: true,
  targetsCompanies: true,
  total: true,
  checked: true,
  counts: true,
  error: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
} as const;
