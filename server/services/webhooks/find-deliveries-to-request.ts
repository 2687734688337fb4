import { db } from "../../db/client";
import { now } from "../../lib/clock";

/** A pending delivery whose run has not woken long after its due time is taken to be lost. */
const STUCK_AFTER_MS = 30 * 60 * 1000;

export interface DeliveryRequest {
  deliveryId: string;
  workspaceId: string;
  webhookId: string;
  round: number;
  /** Unique per request of a round (it counts requests): the job runner ignores a repeated event id,
   * so re-sending the same request starts no second run, while a lost delivery's new request does. */
  eventId: string;
}

/** Pending deliveries that need a delivery run: new ones, manual retries, and lost ones. */
export const REQUEST_BATCH = 500;

export async function findDeliveriesToRequest(limit = REQUEST_BATCH): Promise<DeliveryRequest[]> {
  const current = now().getTime();
  const stuckBefore = new Date(current - STUCK_AFTER_MS);
  const rows = await db.webhookDelivery.findMany({
    where: {
      status: "pending",
      OR: [
        { requestedAt: null },
        // A run lost before its first attempt has no nextAttemptAt yet (a null is never "less than").
        { requestedAt: { lt: stuckBefore }, OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lt: stuckBefore } }] },
      ],
    },
    select: { id: true, workspaceId: true, webhookId: true, round: true, requestCount: true },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  return rows.map((row) => ({
    deliveryId: row.id,
    workspaceId: row.workspaceId,
    webhookId: row.webhookId,
    round: row.round,
    eventId: `${row.id}-r${row.round}-q${row.requestCount + 1}`,
  }));
}
