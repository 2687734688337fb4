import type { WebhookDelivery, WebhookEndpoint } from "../../db/generated/client";
import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { decryptSecret } from "../../lib/encryption";
import { MAX_ATTEMPTS_PER_ROUND, retryDelaySeconds } from "./delivery-policy";
import { recordEndpointStreak } from "./record-endpoint-streak";
import { removeGoneRestHook } from "./remove-gone-rest-hook";
import { GONE_REASON } from "./rest-hook-origin";
import { sendWebhookRequest, type WebhookResponse } from "./send-webhook-request";
import { signWebhook } from "./webhook-signature";

export type AttemptOutcome =
  | { state: "delivered" }
  | { state: "retry"; nextAttemptAt: string }
  | { state: "failed"; reason: string }
  /** Nothing to do: delivered already, deleted, or superseded by a manual retry. */
  | { state: "skipped"; reason: string };

export interface MadeAttempt {
  number: number;
  startedAt: Date;
  finishedAt: Date;
  response: WebhookResponse;
  status: "delivered" | "failed" | "pending";
  nextAttemptAt: Date | null;
}

export function disabledEndpointReason(endpoint: Pick<WebhookEndpoint, "disabledReason">): string {
  return `Endpoint disabled${endpoint.disabledReason ? `: ${endpoint.disabledReason}` : ""}`;
}

/** POSTs the delivery's next attempt, signed, and decides what it means for the delivery. */
export async function makeAttempt(
  delivery: Pick<WebhookDelivery, "id" | "event" | "url" | "payload" | "roundAttempts">,
  endpoint: Pick<WebhookEndpoint, "secretEncrypted">,
): Promise<MadeAttempt> {
  const number = delivery.roundAttempts + 1;
  const body = JSON.stringify(delivery.payload);
  const startedAt = now();
  const response = await sendWebhookRequest({
    url: delivery.url,
    body,
    headers: {
      "x-herald-event": delivery.event,
      "x-herald-delivery": delivery.id,
      ...signWebhook({ secret: decryptSecret(endpoint.secretEncrypted), body, deliveryId: delivery.id, timestamp: startedAt }),
    },
  });
  const finishedAt = now();
  const exhausted = !response.ok && number >= MAX_ATTEMPTS_PER_ROUND;
  const nextAttemptAt = response.ok || exhausted ? null : new Date(finishedAt.getTime() + retryDelaySeconds(number) * 1000);
  return { number, startedAt, finishedAt, response, status: response.ok ? "delivered" : exhausted ? "failed" : "pending", nextAttemptAt };
}

/** The attempt's log row. */
export function attemptRow(deliveryId: string, round: number, attempt: MadeAttempt) {
  const { response } = attempt;
  return {
    deliveryId,
    round,
    number: attempt.number,
    ok: response.ok,
    responseStatus: response.status,
    responseBody: response.body,
    error: response.error,
    durationMs: response.durationMs,
    startedAt: attempt.startedAt,
  };
}

export function attemptOutcome(attempt: MadeAttempt): AttemptOutcome {
  if (attempt.status === "delivered") return { state: "delivered" };
  if (attempt.status === "failed") return { state: "failed", reason: attempt.response.error ?? "failed" };
  return { state: "retry", nextAttemptAt: attempt.nextAttemptAt!.toISOString() };
}

/**
 * Makes the next attempt of a delivery and records it: the attempt row, the delivery's state and the
 * endpoint's failure streak (which disables the endpoint at 25). Marked delivered only on a 2xx.
 * (First attempts go through attemptWebhookBatch; this makes the retries.)
 */
export async function attemptWebhookDelivery(deliveryId: string, round: number): Promise<AttemptOutcome> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { endpoint: true } });
  if (!delivery) return { state: "skipped", reason: "The delivery no longer exists" };
  if (delivery.round !== round) return { state: "skipped", reason: `Superseded by round ${delivery.round}` };
  if (delivery.status !== "pending") return { state: "skipped", reason: `Already ${delivery.status}` };
  const { endpoint } = delivery;
  if (!endpoint.enabled) {
    const reason = disabledEndpointReason(endpoint);
    await db.webhookDelivery.update({ where: { id: delivery.id }, data: { status: "failed", lastError: reason, nextAttemptAt: null } });
    return { state: "failed", reason };
  }

  const attempt = await makeAttempt(delivery, endpoint);
  const { response } = attempt;
  await db.$transaction([
    db.webhookDeliveryAttempt.create({ data: attemptRow(deliveryId, round, attempt) }),
    db.webhookDelivery.update({
      where: { id: deliveryId },
      data: {
        attempts: { increment: 1 },
        roundAttempts: { increment: 1 },
        responseStatus: response.status,
        lastError: response.error,
        status: attempt.status,
        deliveredAt: response.ok ? attempt.finishedAt : null,
        nextAttemptAt: attempt.nextAttemptAt,
      },
    }),
    recordEndpointStreak({
      webhookId: endpoint.id,
      anySuccess: response.ok,
      trailingFailures: response.ok ? 0 : 1,
      lastError: response.error,
      finishedAt: attempt.finishedAt,
    }),
  ]);
  if (await removeGoneRestHook(endpoint, { url: delivery.url, status: response.status })) return { state: "failed", reason: GONE_REASON };
  return attemptOutcome(attempt);
}
