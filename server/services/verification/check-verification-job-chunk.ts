// One chunk of a verification job (one step of inngest/functions/verify-address-job.ts): the next
// CHUNK_SIZE addresses after `checked`, verified (stored as for a campaign that targets companies),
// saved, and the job's `checked` and `counts` moved on in the same transaction, so its progress is
// what is stored. A step run again after it committed simply takes the next chunk.
import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { verificationFor } from "../../domain/verification/verification-policy";
import { saveAddressVerifications } from "./save-address-verifications";
import { countsOf, VERIFICATION_JOB_SUMMARY } from "./to-verification-job";
import { verifyAddresses } from "./verify-addresses";
import type { MailDomainCache } from "./look-up-mail-domain";
import type { DnsResolver } from "../../providers/dns";

/** Addresses per step: a few seconds of work on a warm domain cache, and a progress update as often. */
export const CHUNK_SIZE = 2_000;

export interface ChunkOutcome {
  done: boolean;
  checked: number;
  total: number;
}

export interface ChunkOptions {
  chunkSize?: number;
  resolver?: DnsResolver;
  cache?: MailDomainCache;
}

export async function checkVerificationJobChunk(jobId: string, options: ChunkOptions = {}): Promise<ChunkOutcome> {
  const job = await db.verificationJob.findUnique({ where: { id: jobId }, select: VERIFICATION_JOB_SUMMARY });
  if (!job) return { done: true, checked: 0, total: 0 };
  if (job.status === "done" || job.status === "failed" || job.checked >= job.total) {
    return { done: true, checked: job.checked, total: job.total };
  }
  const size = options.chunkSize ?? CHUNK_SIZE;
  // Postgres arrays are 1-based and slices inclusive: the addresses after the first `checked`.
  const [slice] = await db.$queryRaw<Array<{ chunk: string[] | null }>>`
    SELECT addresses[${job.checked + 1}:${job.checked + size}] AS chunk FROM "VerificationJob" WHERE id = ${jobId}`;
  const addresses = slice?.chunk ?? [];
  const startedAt = job.startedAt ?? now();
  if (!job.startedAt || job.status === "queued") {
    await db.verificationJob.update({ where: { id: jobId }, data: { status: "running", startedAt } });
  }

  const results = await verifyAddresses({ workspaceId: job.workspaceId, addresses, targetsCompanies: true, resolver: options.resolver, cache: options.cache });
  const counts = countsOf(job.counts);
  for (const result of results) counts[verificationFor(result, job.targetsCompanies).status]++;
  const checked = Math.min(job.total, job.checked + Math.max(addresses.length, 1));
  const done = checked >= job.total;
  const at = now();

  await db.$transaction(async (tx) => {
    await saveAddressVerifications(job.workspaceId, results, at, tx);
    // Guarded by the `checked` read above: a duplicate run of the same chunk counts nothing twice.
    await tx.verificationJob.updateMany({
      where: { id: jobId, checked: job.checked },
      data: { checked, counts, status: done ? "done" : "running", finishedAt: done ? at : null },
    });
  });
  return { done, checked, total: job.total };
}
