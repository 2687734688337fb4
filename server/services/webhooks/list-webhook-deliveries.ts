import { db, Prisma } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TListDeliveriesQuery, TWebhookDelivery } from "../../schemas/webhook";
import { toWebhookDelivery } from "./to-webhook-delivery";

/** The workspace's deliveries across its endpoints, newest first, with the spec's filters. */
export async function listWebhookDeliveries(actor: Actor, query: TListDeliveriesQuery): Promise<{ deliveries: TWebhookDelivery[]; total: number }> {
  const { event, status, webhookId, limit, offset } = query;
  const where: Prisma.WebhookDeliveryWhereInput = { workspaceId: actor.workspaceId, event, status, webhookId };
  const [rows, total] = await Promise.all([
    db.webhookDelivery.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit, skip: offset }),
    db.webhookDelivery.count({ where }),
  ]);
  return { deliveries: rows.map(toWebhookDelivery), total };
}
