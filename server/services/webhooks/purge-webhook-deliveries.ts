import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { DELIVERY_RETENTION_MS } from "./delivery-policy";

/** Drops delivery rows (and their attempts) and dispatched outbox rows 7 days after creation. */
export async function purgeWebhookDeliveries(): Promise<{ deliveries: number; events: number }> {
  const cutoff = new Date(now().getTime() - DELIVERY_RETENTION_MS);
  const deliveries = await db.webhookDelivery.deleteMany({ where: { createdAt: { lt: cutoff } } });
  const events = await db.outboxEvent.deleteMany({ where: { createdAt: { lt: cutoff }, dispatchedAt: { not: null } } });
  return { deliveries: deliveries.count, events: events.count };
}
