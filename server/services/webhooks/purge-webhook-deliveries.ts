import { db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { DELIVERY_RETENTION_MS } from "./delivery-policy";

/**
 * Drops delivery rows (and their attempts) and dispatched outbox rows once older than their
 * workspace's delivery-log retention (Workspace.deliveryLogRetentionDays, 1 to 7 days; 7 by
 * default), and every such row after 7 days. A delivery still being retried is kept until the 7
 * days: a shorter log must not cut a delivery's retries short. `held` is an SQL condition on the
 * outbox event `e` that keeps it however old (the hourly job passes the CRM sync's: events a
 * connected CRM has not pushed yet, server/services/crm/crm-outbox-hold.ts).
 */
export async function purgeWebhookDeliveries(held: Prisma.Sql = Prisma.sql`FALSE`): Promise<{ deliveries: number; events: number }> {
  const at = now();
  const cutoff = new Date(at.getTime() - DELIVERY_RETENTION_MS);
  const early = await db.$executeRaw`
    DELETE FROM "WebhookDelivery" d USING "Workspace" w
    WHERE d."workspaceId" = w.id AND w."deliveryLogRetentionDays" < 7 AND d.status <> 'pending'
      AND d."createdAt" < (${at.toISOString()}::timestamptz AT TIME ZONE 'UTC') - make_interval(days => w."deliveryLogRetentionDays")`;
  const earlyEvents = await db.$executeRaw`
    DELETE FROM "OutboxEvent" e USING "Workspace" w
    WHERE e."workspaceId" = w.id AND w."deliveryLogRetentionDays" < 7 AND e."dispatchedAt" IS NOT NULL
      AND e."createdAt" < (${at.toISOString()}::timestamptz AT TIME ZONE 'UTC') - make_interval(days => w."deliveryLogRetentionDays")
      AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."outboxEventId" = e.id)
      AND NOT ${held}`;
  const deliveries = await db.webhookDelivery.deleteMany({ where: { createdAt: { lt: cutoff } } });
  const events = await db.$executeRaw`
    DELETE FROM "OutboxEvent" e
    WHERE e."createdAt" < (${cutoff.toISOString()}::timestamptz AT TIME ZONE 'UTC') AND e."dispatchedAt" IS NOT NULL
      AND NOT ${held}`;
  return { deliveries: early + deliveries.count, events: earlyEvents + events };
}
