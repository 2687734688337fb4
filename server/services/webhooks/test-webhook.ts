import { randomUUID } from "node:crypto";
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { decryptSecret } from "../../lib/encryption";
import { toJsonColumn } from "../../lib/json-column";
import { WEBHOOK_TEST_EVENT, type TEventEnvelope } from "../../schemas/events";
import type { TWebhookTestResult } from "../../schemas/webhook";
import { attemptRow, type MadeAttempt } from "./attempt-webhook-delivery";
import { findWebhook } from "./find-webhook";
import { sendWebhookRequest } from "./send-webhook-request";
import { signWebhook } from "./webhook-signature";

/**
 * Sends a `webhook.test` delivery at once and reports what the receiver answered. Never retried and
 * it does not touch the endpoint's failure streak (the spec), but it is logged as a delivery marked
 * `test`, with its one attempt, so the log shows what a receiver answered to it. Works on a
 * disabled endpoint too, so a fix can be checked before enabling it again.
 */
export async function testWebhook(actor: Actor, webhookId: string): Promise<TWebhookTestResult> {
  const endpoint = await findWebhook(actor, webhookId);
  const deliveryId = `dlv_test_${randomUUID().replace(/-/g, "")}`;
  const startedAt = now();
  const envelope: TEventEnvelope = {
    event: WEBHOOK_TEST_EVENT,
    workspaceId: actor.workspaceId,
    createdAt: startedAt.toISOString(),
    data: { webhookId: endpoint.id, message: "This is a test delivery from Herald. Answer with any 2xx within 8 seconds." },
  };
  const body = JSON.stringify(envelope);
  const response = await sendWebhookRequest({
    url: endpoint.url,
    body,
    headers: {
      "x-herald-event": WEBHOOK_TEST_EVENT,
      "x-herald-delivery": deliveryId,
      ...signWebhook({ secret: decryptSecret(endpoint.secretEncrypted), body, deliveryId, timestamp: startedAt }),
    },
  });
  const finishedAt = now();
  const attempt: MadeAttempt = { number: 1, startedAt, finishedAt, response, status: response.ok ? "delivered" : "failed", nextAttemptAt: null };
  await db.webhookDelivery.create({
    data: {
      id: deliveryId,
      workspaceId: actor.workspaceId,
      webhookId: endpoint.id,
      event: WEBHOOK_TEST_EVENT,
      url: endpoint.url,
      payload: toJsonColumn(envelope),
      status: attempt.status === "delivered" ? "delivered" : "failed",
      attempts: 1,
      roundAttempts: 1,
      responseStatus: response.status,
      lastError: response.error,
      // Never pending, so no delivery run is ever requested for it.
      requestedAt: startedAt,
      createdAt: startedAt,
      deliveredAt: response.ok ? finishedAt : null,
      test: true,
      attemptsLog: { create: [withoutDelivery(attemptRow(deliveryId, 1, attempt))] },
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

function withoutDelivery<T extends { deliveryId: string }>(row: T): Omit<T, "deliveryId"> {
  const { deliveryId: _deliveryId, ...rest } = row;
  return rest;
}
