// POST /verification/jobs and the dashboard's "Verify addresses": a background job over up to
// 100,000 addresses, answered at once with its progress (202); poll it by id.
import { jobRunnerConfigured } from "@/inngest/connection";
import type { Actor } from "../../lib/actor";
import { requireRole } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TStartVerificationJobInput, TVerificationJob } from "../../schemas/verification";
import { createVerificationJob } from "./create-verification-job";
import { toVerificationJob } from "./to-verification-job";

export async function startVerificationJob(actor: Actor, input: TStartVerificationJobInput, source: "api" | "dashboard" = "api"): Promise<TVerificationJob> {
  requireRole(actor, "member", "verify addresses");
  if (!jobRunnerConfigured()) {
    throw new HeraldError({
      code: "unavailable",
      message: "Verifying many addresses runs as a background job, and no job runner is configured (start Herald with its runtime, or set INNGEST_* settings).",
    });
  }
  const job = await createVerificationJob({ workspaceId: actor.workspaceId, emails: input.emails, targetsCompanies: input.targetsCompanies ?? true, source });
  return toVerificationJob(job!);
}
