import { inngest } from "@/inngest/client";
import { campaignsKicked } from "@/inngest/events";
import { jobRunnerConfigured } from "@/inngest/connection";
import { now } from "../../lib/clock";
import { logger } from "../../lib/logger";

/** Kicks within one window share an event id, so a burst of them starts one pass (Inngest dedupes by id). */
const KICK_WINDOW_MS = 10_000;

/** Asks the campaign executor for a pass now (it also runs every minute). Best effort. */
export async function kickCampaignExecutor(reason: string): Promise<void> {
  if (!jobRunnerConfigured()) return;
  try {
    const window = Math.floor(now().getTime() / KICK_WINDOW_MS);
    await inngest.send(campaignsKicked.create({ reason }, { id: `campaigns-kicked-${window}` }));
  } catch (error) {
    logger.warn("Could not wake the campaign executor; its minute pass will run anyway", { error });
  }
}
