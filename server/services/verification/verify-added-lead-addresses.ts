// Leads were just added (CSV or API to a campaign or a list, a LinkedIn search import, the company
// database): their addresses without a fresh verification are checked in the background, in one job
// (source "leads-added") per call, none when nothing needs checking. Called after the write commits.
// Best effort, as the other jobs asked for on a write: without a job runner, or when it cannot be
// reached, adding leads still succeeds, and the campaign checks the addresses before its first e-mail.
import { jobRunnerConfigured } from "@/inngest/connection";
import { logger } from "../../lib/logger";
import { createVerificationJob } from "./create-verification-job";

export async function verifyAddedLeadAddresses(workspaceId: string, emails: Iterable<string | null | undefined>): Promise<void> {
  if (!jobRunnerConfigured()) return;
  try {
    await createVerificationJob({ workspaceId, emails, targetsCompanies: true, source: "leads-added", skipFresh: true });
  } catch (error) {
    logger.warn("Could not start the verification of leads just added; their campaign checks them before its first e-mail", { workspaceId, error });
  }
}
