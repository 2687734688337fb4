import { inngest } from "@/inngest/client";
import { campaignsKicked } from "@/inngest/events";
import { jobRunnerConfigured } from "@/inngest/connection";
import { now } from "../../lib/clock";
import { logger } from "../../lib/logger";

/**
 * Kicks within one second share an event id, so a burst of them (a script adding leads in batches)
 * starts one pass (Inngest dedupes by id). The window is short because a kick deduped against a
 * pass that already read the campaigns is lost until the next minute's pass: with ten seconds, a
 * campaign activated a few seconds after another one waited up to a minute for its first action.
 */
export const KICK_WINDOW_MS = 1_000;

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
