import type { Actor } from "../../lib/actor";
import type { TWebhookEndpoint } from "../../schemas/webhook";
import { findWebhook } from "./find-webhook";
import { toWebhookEndpoint } from "./to-webhook-endpoint";

export async function getWebhook(actor: Actor, webhookId: string): Promise<TWebhookEndpoint> {
  return toWebhookEndpoint(await findWebhook(actor, webhookId));
}
