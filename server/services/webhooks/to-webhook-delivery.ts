import type { WebhookDelivery, WebhookDeliveryAttempt } from "../../db/generated/client";
import { toIso } from "../../schemas/common";
import type { TEventEnvelope } from "../../schemas/events";
import type { TDeliveryAttempt, TWebhookDelivery } from "../../schemas/webhook";

export function toWebhookDelivery(row: WebhookDelivery): TWebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhookId,
    event: row.event,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    lastError: row.lastError,
    nextAttemptAt: toIso(row.nextAttemptAt),
    createdAt: row.createdAt.toISOString(),
    deliveredAt: toIso(row.deliveredAt),
    payload: row.payload as TEventEnvelope,
    test: row.test,
  };
}

export function toDeliveryAttempt(row: WebhookDeliveryAttempt): TDeliveryAttempt {
  return {
    round: row.round,
    number: row.number,
    ok: row.ok,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    error: row.error,
    durationMs: row.durationMs,
    startedAt: row.startedAt.toISOString(),
  };
}
