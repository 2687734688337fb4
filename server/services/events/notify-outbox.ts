import { inngest } from "@/inngest/client";
import { jobRunnerConfigured } from "@/inngest/connection";
import { outboxCommitted } from "@/inngest/events";
import { db } from "../../db/client";
import { logger } from "../../lib/logger";

/** Commits within this window share one notification. */
const COALESCE_MS = 20;

let scheduled: Promise<void> | null = null;
/** A notification that must start a run even with the outbox empty (a retry, the startup sweep). */
let forced: string | null = null;
/** The id of the last notification this process sent: the job runner would ignore it again. */
let lastSentId: string | null = null;

/**
 * Asks the dispatcher to deliver what was just committed to the outbox. Best effort: if the job
 * runner cannot be reached, the dispatcher's minute sweep delivers the events anyway.
 *
 * Notifications coalesce twice. In-process, the one sent for a commit leaves at most 20 ms after it
 * and covers every commit before it. Across processes and over time, a commit's notification carries
 * the event id `outbox-<oldest undispatched row>`, and the job runner starts one run per event id:
 * until a dispatch pass commits, every commit names the same row and they share one run, instead of
 * queueing a run each (a working run's passes change the row named, so at most one run is queued per
 * pass; it finds nothing to do and ends after one query pair). Nothing is missed: the row named
 * was undispatched after this commit, so whichever run dispatches it commits after this commit, and
 * dispatch-outbox runs until a pass finds the outbox empty (which then includes this commit). With
 * nothing undispatched, every commit before this moment is already dispatched: no run is needed.
 * Any other reason (a manual retry, startup) always starts a run.
 */
export function notifyOutbox(reason = "commit"): Promise<void> {
  if (!jobRunnerConfigured()) return Promise.resolve();
  if (reason !== "commit") forced ??= reason;
  scheduled ??= new Promise((resolve) => setTimeout(resolve, COALESCE_MS)).then(async () => {
    scheduled = null;
    const force = forced;
    forced = null;
    try {
      if (force) {
        await inngest.send(outboxCommitted.create({ reason: force }));
        return;
      }
      const oldest = await oldestUndispatchedEvent();
      if (oldest === undefined) return;
      const id = oldest ? `outbox-${oldest}` : null;
      if (id && id === lastSentId) return;
      await inngest.send(outboxCommitted.create({ reason }, id ? { id } : undefined));
      lastSentId = id;
    } catch (error) {
      logger.warn("Could not notify the outbox dispatcher; the minute sweep will deliver", { error });
    }
  });
  return scheduled;
}

/** The oldest undispatched outbox row's id; undefined when there is none; null when it could not be read. */
async function oldestUndispatchedEvent(): Promise<string | null | undefined> {
  try {
    const row = await db.outboxEvent.findFirst({ where: { dispatchedAt: null }, orderBy: { createdAt: "asc" }, select: { id: true } });
    return row?.id;
  } catch (error) {
    // Without the key, a plain notification still starts a run (the job runner cannot coalesce it).
    logger.warn("Could not read the outbox before notifying; notifying without coalescing", { error });
    return null;
  }
}
