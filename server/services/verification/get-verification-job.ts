// GET /verification/jobs/{id}: a job's progress and counts.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TVerificationJob } from "../../schemas/verification";
import { toVerificationJob, VERIFICATION_JOB_SUMMARY } from "./to-verification-job";

export async function getVerificationJob(actor: Actor, jobId: string): Promise<TVerificationJob> {
  const row = await db.verificationJob.findFirst({ where: { id: jobId, workspaceId: actor.workspaceId }, select: VERIFICATION_JOB_SUMMARY });
  if (!row) throw HeraldError.notFound("Verification job");
  return toVerificationJob(row);
}
