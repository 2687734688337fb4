import { db } from "../../db/client";
import { now } from "../../lib/clock";

/** A pending delivery whose run has not woken long after its due time is taken to be lost. */
const STUCK_AFTER_MS = 30 * 60 * 1000;

export interface DeliveryRequest {
  deliveryId: string;
  workspaceId: string;
  round: number;
  /** Unique per request of a round: the job runner ignores a repeated event id, so a retry of the
   * request after a crash does not start a second run. */
  eventId: string;
}

/** Pending deliveries that need a delivery run: new ones, manual retries, and lost ones. */
export async function findDeliveriesToRequest(limit = 500): Promise<DeliveryRequest[]> {
  const stuckBefore = new Date(now().getTime() - STUCK_AFTER_MS);
  const rows = await db.webhookDelivery.findMany({
    where: {
      status: "pending",
      OR: [{ requestedAt: null }, { requestedAt: { lt: stuckBefore }, nextAttemptAt: { lt: stuckBefore } }],
    },
    select: { id: true, workspaceId: true, round: true, requestCount: true },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  return rows.map((row) => ({
    deliveryId: row.id,
    workspaceId: row.workspaceId,
    round: row.round,
    eventId: `${row.id}-r${row.round}-q${row.requestCount + 1}`,
  }));
}
