import { inngest } from "@/inngest/client";
import { jobRunnerConfigured } from "@/inngest/connection";
import { outboxCommitted } from "@/inngest/events";
import { db } from "../../db/client";
import { logger } from "../../lib/logger";

/** Commits within this window share one notification. */
const COALESCE_MS = 20;

interface Notifications {
  /** The notification waiting out its coalescing window: a commit now is covered by it. */
  scheduled: Promise<void> | null;
  /** A notification that must start a run even with the outbox empty (a retry, the startup sweep). */
  forced: string | null;
  /** The id of the last notification this process sent: the job runner would ignore it again. */
  lastSentId: string | null;
  /** Every notification not finished yet (waiting or sending), for settleOutboxNotifications(). */
  inFlight: Set<Promise<void>>;
}

// Kept on globalThis: the runtime (bundled on its own) and the Next.js route handlers it serves run
// in one process but load their own copies of this module, and shutdown must see the handlers'.
const SLOT = Symbol.for("herald.outbox-notifications");
const holder = globalThis as typeof globalThis & { [SLOT]?: Notifications };

function notifications(): Notifications {
  holder[SLOT] ??= { scheduled: null, forced: null, lastSentId: null, inFlight: new Set() };
  return holder[SLOT];
}

/**
 * Asks the dispatcher to deliver what was just committed to the outbox. Best effort: if the job
 * runner cannot be reached, the failure is logged and the dispatcher's minute sweep delivers the
 * events anyway. The promise never rejects, so callers need not (and withOutbox does not) wait for
 * it: a change already committed is never answered with an error for its notification.
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
  const state = notifications();
  if (reason !== "commit") state.forced ??= reason;
  if (state.scheduled) return state.scheduled;
  const notification = new Promise((resolve) => setTimeout(resolve, COALESCE_MS))
    .then(() => send(state, reason))
    .catch((error: unknown) => {
      logger.warn("Could not notify the outbox dispatcher; the minute sweep will deliver", { error });
    });
  state.scheduled = notification;
  state.inFlight.add(notification);
  void notification.finally(() => state.inFlight.delete(notification));
  return notification;
}

/** Sends the notification once its coalescing window is over; a commit from now on schedules another. */
async function send(state: Notifications, reason: string): Promise<void> {
  state.scheduled = null;
  const force = state.forced;
  state.forced = null;
  if (force) {
    await inngest.send(outboxCommitted.create({ reason: force }));
    return;
  }
  const oldest = await oldestUndispatchedEvent();
  if (oldest === undefined) return;
  const id = oldest ? `outbox-${oldest}` : null;
  if (id && id === state.lastSentId) return;
  await inngest.send(outboxCommitted.create({ reason }, id ? { id } : undefined));
  state.lastSentId = id;
}

/** How many outbox notifications this process has started and not finished. */
export function outboxNotificationsInFlight(): number {
  return notifications().inFlight.size;
}

/**
 * Resolves once every outbox notification this process started has been sent (or its failure
 * logged), including those started while waiting. Shutdown waits for it before closing the job
 * runner's connection and the database; tests wait for it instead of sleeping.
 */
export async function settleOutboxNotifications(): Promise<void> {
  const { inFlight } = notifications();
  while (inFlight.size) await Promise.all(inFlight);
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
