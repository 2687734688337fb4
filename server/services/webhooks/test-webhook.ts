import { randomUUID } from "node:crypto";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { decryptSecret } from "../../lib/encryption";
import { WEBHOOK_TEST_EVENT, type TEventEnvelope } from "../../schemas/events";
import type { TWebhookTestResult } from "../../schemas/webhook";
import { findWebhook } from "./find-webhook";
import { sendWebhookRequest } from "./send-webhook-request";
import { signWebhook } from "./webhook-signature";

/**
 * Sends a `webhook.test` delivery at once and reports what the receiver answered. Never retried,
 * not logged as a delivery, and it does not touch the endpoint's failure streak. Works on a
 * disabled endpoint too, so a fix can be checked before enabling it again.
 */
export async function testWebhook(actor: Actor, webhookId: string): Promise<TWebhookTestResult> {
  const endpoint = await findWebhook(actor, webhookId);
  const deliveryId = `dlv_test_${randomUUID().replace(/-/g, "")}`;
  const envelope: TEventEnvelope = {
    event: WEBHOOK_TEST_EVENT,
    workspaceId: actor.workspaceId,
    createdAt: now().toISOString(),
    data: { webhookId: endpoint.id, message: "This is a test delivery from Herald. Answer with any 2xx within 8 seconds." },
  };
  const body = JSON.stringify(envelope);
  const response = await sendWebhookRequest({
    url: endpoint.url,
    body,
    headers: {
      "x-herald-event": WEBHOOK_TEST_EVENT,
      "x-herald-delivery": deliveryId,
      ...signWebhook({ secret: decryptSecret(endpoint.secretEncrypted), body, deliveryId, timestamp: now() }),
    },
  });
  return {
    delivered: response.ok,
    responseStatus: response.status,
    durationMs: response.durationMs,
    error: response.error,
    deliveryId,
  };
}
