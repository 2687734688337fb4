// Checks a verification job's addresses (POST /verification/jobs, the dashboard's "Verify
// addresses", leads just added), one step per chunk of 2,000 so that a restart resumes where it
// stopped and GET /verification/jobs/{id} shows the progress after each chunk. A chunk that still
// fails after its retries (the database or the resolver gone) marks the job failed, in plain words.
import { checkVerificationJobChunk, CHUNK_SIZE } from "@/server/services/verification/check-verification-job-chunk";
import { failVerificationJob } from "@/server/services/verification/fail-verification-job";
import { FAILED_JOB_MESSAGE } from "@/server/services/verification/run-verification-job-here";
import { MAX_JOB_ADDRESSES } from "@/server/schemas/verification";
import { inngest } from "../client";
import { verificationJobRequested } from "../events";

/** Enough chunks for the largest job, plus one to spare. */
const MAX_CHUNKS = Math.ceil(MAX_JOB_ADDRESSES / CHUNK_SIZE) + 1;


export const verifyAddressJob = inngest.createFunction(
  {
    id: "verify-address-job",
    name: "Verify a job's addresses",
    triggers: [verificationJobRequested],
    // One job per workspace at a time (so one run per job), so a workspace that queues many large
    // lists holds up only its own; four at once across the installation.
    concurrency: [{ limit: 1, key: "event.data.workspaceId" }, { limit: 4 }],
    retries: 3,
  },
  async ({ event, step }) => {
    const { jobId } = event.data;
    for (let chunk = 1; chunk <= MAX_CHUNKS; chunk++) {
      let outcome;
      try {
        outcome = await step.run(`chunk-${chunk}`, () => checkVerificationJobChunk(jobId));
      } catch {
        await step.run("mark-failed", () => failVerificationJob(jobId, FAILED_JOB_MESSAGE));
        return { jobId, status: "failed" as const, chunks: chunk };
      }
      if (outcome.done) return { jobId, status: "done" as const, chunks: chunk, checked: outcome.checked };
    }
    await step.run("mark-failed", () => failVerificationJob(jobId, FAILED_JOB_MESSAGE));
    return { jobId, status: "failed" as const, chunks: MAX_CHUNKS };
  },
);
