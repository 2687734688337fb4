// POST /verification/jobs and the dashboard's "Verify addresses": a background job over up to
// 100,000 addresses, answered at once with its progress (202); poll it by id. Without a job runner
// the job runs in this process instead (run-verification-job-here.ts).
import { jobRunnerConfigured } from "@/inngest/connection";
import type { Actor } from "../../lib/actor";
import { requireRole } from "../../lib/actor";
import type { TStartVerificationJobInput, TVerificationJob } from "../../schemas/verification";
import { createVerificationJob } from "./create-verification-job";
import { runVerificationJobHere } from "./run-verification-job-here";
import { toVerificationJob } from "./to-verification-job";

export async function startVerificationJob(actor: Actor, input: TStartVerificationJobInput, source: "api" | "dashboard" = "api"): Promise<TVerificationJob> {
  requireRole(actor, "member", "verify addresses");
  const runner = jobRunnerConfigured();
  const job = (await createVerificationJob({ workspaceId: actor.workspaceId, emails: input.emails, targetsCompanies: input.targetsCompanies ?? true, source, send: runner }))!;
  if (!runner && job.status === "queued") void runVerificationJobHere(job.id);
  return toVerificationJob(job);
}
