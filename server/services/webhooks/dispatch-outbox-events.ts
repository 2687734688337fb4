import { db, Prisma } from "../../db/client";
import { now } from "../../lib/clock";
import type { TEventEnvelope } from "../../schemas/events";

const BATCH = 500;
const CLASSIFIED_EVENTS = new Set(["message.received", "email.received"]);

/**
 * Turns undispatched outbox rows into one delivery per subscribed, enabled endpoint, and marks the rows
 * dispatched, in one transaction. Rows locked by a concurrent dispatcher are skipped, not waited for.
 */
export async function dispatchOutboxEvents(): Promise<{ events: number; deliveries: number }> {
  let events = 0;
  let deliveries = 0;
  for (;;) {
    const batch = await db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<Array<{ id: string; workspaceId: string; event: string; data: unknown; createdAt: Date }>>`
        SELECT id, "workspaceId", event, data, "createdAt" FROM "OutboxEvent"
        WHERE "dispatchedAt" IS NULL ORDER BY "createdAt", id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`;
      if (!rows.length) return { events: 0, deliveries: 0 };
      const workspaceIds = [...new Set(rows.map((row) => row.workspaceId))];
      const endpoints = await tx.webhookEndpoint.findMany({
        where: { workspaceId: { in: workspaceIds }, enabled: true },
        select: { id: true, workspaceId: true, url: true, events: true, classifyReplies: true },
      });
      const createdAt = now();
      const data: Prisma.WebhookDeliveryCreateManyInput[] = [];
      for (const row of rows) {
        const payload: TEventEnvelope = {
          event: row.event,
          workspaceId: row.workspaceId,
          createdAt: row.createdAt.toISOString(),
          data: row.data as Record<string, unknown>,
        };
        for (const endpoint of endpoints) {
          if (endpoint.workspaceId !== row.workspaceId || !endpoint.events.includes(row.event)) continue;
          // A reply's classification goes only to endpoints that asked for it (classifyReplies).
          const body = CLASSIFIED_EVENTS.has(row.event) && !endpoint.classifyReplies ? { ...payload, data: { ...payload.data, classification: null } } : payload;
          data.push({
            workspaceId: row.workspaceId,
            webhookId: endpoint.id,
            outboxEventId: row.id,
            event: row.event,
            url: endpoint.url,
            payload: body as Prisma.InputJsonValue,
            createdAt,
          });
        }
      }
      const created = data.length ? await tx.webhookDelivery.createMany({ data, skipDuplicates: true }) : { count: 0 };
      await tx.outboxEvent.updateMany({ where: { id: { in: rows.map((row) => row.id) } }, data: { dispatchedAt: createdAt } });
      return { events: rows.length, deliveries: created.count };
    });
    events += batch.events;
    deliveries += batch.deliveries;
    if (batch.events < BATCH) return { events, deliveries };
  }
}
