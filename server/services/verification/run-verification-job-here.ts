// A verification job run in this process, for a Herald started without a job runner (scripts, a
// bare `next start`): the same chunks as inngest/functions/verify-address-job.ts, one after the
// other, without waiting for them; an error marks the job failed. Herald's runtime always has a
// job runner (the embedded executor), so this is the exception.
import { logger } from "../../lib/logger";
import { checkVerificationJobChunk } from "./check-verification-job-chunk";
import { failVerificationJob } from "./fail-verification-job";

export const FAILED_JOB_MESSAGE =
  "Checking stopped because of an error on Herald's side (its database or DNS resolver did not answer). The addresses checked so far are kept; start the check again to finish the rest.";

export async function runVerificationJobHere(jobId: string): Promise<void> {
  try {
    for (;;) if ((await checkVerificationJobChunk(jobId)).done) return;
  } catch (error) {
    logger.warn("A verification job run in this process stopped", { jobId, error });
    await failVerificationJob(jobId, FAILED_JOB_MESSAGE).catch(() => undefined);
  }
}
