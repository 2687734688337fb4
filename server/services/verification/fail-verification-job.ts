// Marks a verification job failed when its run gave up (after its retries), keeping the addresses
// it checked; `error` is shown to people as it is.
import { db } from "../../db/client";
import { now } from "../../lib/clock";

export async function failVerificationJob(jobId: string, error: string): Promise<void> {
  await db.verificationJob.updateMany({ where: { id: jobId, status: { in: ["queued", "running"] } }, data: { status: "failed", error, finishedAt: now() } });
}
