import { inngest } from "@/inngest/client";
import { campaignsKicked } from "@/inngest/events";
import { logger } from "../../lib/logger";
import { jobRunnerConfigured } from "../events/notify-outbox";

/** Asks the campaign executor for a pass now (it also runs every minute). Best effort. */
export async function kickCampaignExecutor(reason: string): Promise<void> {
  if (!jobRunnerConfigured()) return;
  try {
    await inngest.send(campaignsKicked.create({ reason }));
  } catch (error) {
    logger.warn("Could not wake the campaign executor; its minute pass will run anyway", { error });
  }
}
