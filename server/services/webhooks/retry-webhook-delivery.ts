import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import type { TWebhookDelivery } from "../../schemas/webhook";
import { notifyOutbox } from "../events/notify-outbox";
import { toWebhookDelivery } from "./to-webhook-delivery";

/**
 * Sends a failed delivery again: a new round of up to six attempts starts at once, with the same
 * delivery id (so receivers still deduplicate). Only failed deliveries can be retried.
 */
export async function retryWebhookDelivery(actor: Actor, deliveryId: string): Promise<TWebhookDelivery> {
  const delivery = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, workspaceId: actor.workspaceId },
    include: { endpoint: { select: { enabled: true } } },
  });
  if (!delivery) throw HeraldError.notFound("Delivery");
  if (delivery.test) {
    throw new HeraldError({ code: "delivery-not-failed", message: "A test delivery is not retried: send a new test from the endpoint instead." });
  }
  if (delivery.status !== "failed") {
    throw new HeraldError({ code: "delivery-not-failed", message: `Only failed deliveries can be retried; this one is ${delivery.status}.` });
  }
  if (!delivery.endpoint.enabled) {
    throw new HeraldError({ code: "endpoint-disabled", message: "The endpoint is disabled: enable it first, then retry." });
  }
  const claimed = await db.webhookDelivery.updateMany({
    where: { id: delivery.id, status: "failed" },
    data: { status: "pending", round: { increment: 1 }, roundAttempts: 0, nextAttemptAt: now(), requestedAt: null, lastError: null },
  });
  if (claimed.count === 0) throw new HeraldError({ code: "delivery-not-failed", message: "The delivery changed meanwhile; reload and try again." });
  // Not a commit to the outbox: a run must start even though the outbox may be empty. Started, not
  // awaited: the retry is committed either way (a lost notification is made up by the minute sweep).
  void notifyOutbox("retry");
  return toWebhookDelivery(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } }));
}
