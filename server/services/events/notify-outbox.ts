import { inngest } from "@/inngest/client";
import { jobRunnerConfigured } from "@/inngest/connection";
import { outboxCommitted } from "@/inngest/events";
import { logger } from "../../lib/logger";

/** Commits within this window share one notification (one dispatch run instead of many). */
const COALESCE_MS = 20;

let scheduled: Promise<void> | null = null;

/**
 * Asks the dispatcher to deliver what was just committed to the outbox. Notifications are
 * coalesced: the one sent for a commit leaves after it, at most 20 ms later, and covers every commit
 * before it. Best effort: if the job runner cannot be reached, the dispatcher's minute sweep
 * delivers the events anyway.
 */
export function notifyOutbox(reason = "commit"): Promise<void> {
  if (!jobRunnerConfigured()) return Promise.resolve();
  scheduled ??= new Promise((resolve) => setTimeout(resolve, COALESCE_MS)).then(async () => {
    scheduled = null;
    try {
      await inngest.send(outboxCommitted.create({ reason }));
    } catch (error) {
      logger.warn("Could not notify the outbox dispatcher; the minute sweep will deliver", { error });
    }
  });
  return scheduled;
}
