import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TWebhookDeliveryDetail } from "../../schemas/webhook";
import { toDeliveryAttempt, toWebhookDelivery } from "./to-webhook-delivery";

export async function getWebhookDelivery(actor: Actor, deliveryId: string): Promise<TWebhookDeliveryDetail> {
  const row = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, workspaceId: actor.workspaceId },
    include: { attemptsLog: { orderBy: [{ startedAt: "asc" }, { round: "asc" }, { number: "asc" }] } },
  });
  if (!row) throw HeraldError.notFound("Delivery");
  return { ...toWebhookDelivery(row), attemptHistory: row.attemptsLog.map(toDeliveryAttempt) };
}
