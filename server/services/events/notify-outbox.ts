import { inngest } from "@/inngest/client";
import { outboxCommitted } from "@/inngest/events";
import { logger } from "../../lib/logger";

/** Whether an Inngest server (or the embedded executor) is configured to receive events. */
export function jobRunnerConfigured(): boolean {
  return Boolean(process.env.INNGEST_EVENT_KEY || process.env.INNGEST_DEV || process.env.INNGEST_BASE_URL);
}

/**
 * Asks the dispatcher to deliver what was just committed to the outbox. Best effort: if the job
 * runner cannot be reached, the dispatcher's minute sweep delivers the events anyway.
 */
export async function notifyOutbox(reason = "commit"): Promise<void> {
  if (!jobRunnerConfigured()) return;
  try {
    await inngest.send(outboxCommitted.create({ reason }));
  } catch (error) {
    logger.warn("Could not notify the outbox dispatcher; the minute sweep will deliver", { error });
  }
}
