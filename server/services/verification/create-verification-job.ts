// Creates a verification job (issue 37, point 1) and asks the job runner to run it
// (inngest/functions/verify-address-job.ts). The addresses are stored lower-cased and distinct,
// those with a fresh stored result first: they count as checked at once (with their status in
// `counts`), and the run starts at `checked`, so it never asks DNS about them again. A job whose
// every address is fresh is done when it is created.
import { inngest } from "@/inngest/client";
import { verificationJobRequested } from "@/inngest/events";
import { db } from "../../db/client";
import type { VerificationJob } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { verificationFor } from "../../domain/verification/verification-policy";
import { MAX_JOB_ADDRESSES } from "../../schemas/verification";
import { distinctAddresses, findFreshVerifications, freshSince } from "./fresh-verifications";
import { countsOf } from "./to-verification-job";

export interface CreateVerificationJobInput {
  workspaceId: string;
  emails: Iterable<string | null | undefined>;
  /** For the job's counts and results: whether free webmail counts as risky. Checks are stored as for companies. */
  targetsCompanies: boolean;
  source: "api" | "leads-added" | "dashboard";
  /** Only the addresses without a fresh result (leads added): none left, no job (null). */
  skipFresh?: boolean;
  /** Ask the job runner to run it (default); false when the caller runs it itself. */
  send?: boolean;
}

export async function createVerificationJob(input: CreateVerificationJobInput): Promise<VerificationJob | null> {
  const addresses = distinctAddresses(input.emails).slice(0, MAX_JOB_ADDRESSES);
  const at = now();
  const fresh = await findFreshVerifications(input.workspaceId, addresses, await freshSince(input.workspaceId));
  const stale = addresses.filter((address) => !fresh.has(address));
  if (input.skipFresh && !stale.length) return null;
  const ordered = input.skipFresh ? stale : [...fresh.keys(), ...stale];
  const counts = countsOf({});
  if (!input.skipFresh) for (const stored of fresh.values()) counts[verificationFor(stored, input.targetsCompanies).status]++;
  const checked = ordered.length - stale.length;
  const done = checked === ordered.length;

  const job = await db.verificationJob.create({
    data: {
      workspaceId: input.workspaceId,
      source: input.source,
      status: done ? "done" : "queued",
      addresses: ordered,
      targetsCompanies: input.targetsCompanies,
      total: ordered.length,
      checked,
      counts,
      createdAt: at,
      finishedAt: done ? at : null,
    },
  });
  if (!done && input.send !== false) await inngest.send(verificationJobRequested.create({ jobId: job.id, workspaceId: input.workspaceId }));
  return job;
}
