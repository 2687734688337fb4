import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { decryptSecret } from "../../lib/encryption";
import { DISABLE_AFTER_CONSECUTIVE_FAILURES, MAX_ATTEMPTS_PER_ROUND, retryDelaySeconds } from "./delivery-policy";
import { sendWebhookRequest } from "./send-webhook-request";
import { signWebhook } from "./webhook-signature";

export type AttemptOutcome =
  | { state: "delivered" }
  | { state: "retry"; nextAttemptAt: string }
  | { state: "failed"; reason: string }
  /** Nothing to do: delivered already, deleted, or superseded by a manual retry. */
  | { state: "skipped"; reason: string };

/**
 * Makes the next attempt of a delivery and records it: the attempt row, the delivery's state and the
 * endpoint's failure streak (which disables the endpoint at 25). Marked delivered only on a 2xx.
 */
export async function attemptWebhookDelivery(deliveryId: string, round: number): Promise<AttemptOutcome> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { endpoint: true } });
  if (!delivery) return { state: "skipped", reason: "The delivery no longer exists" };
  if (delivery.round !== round) return { state: "skipped", reason: `Superseded by round ${delivery.round}` };
  if (delivery.status !== "pending") return { state: "skipped", reason: `Already ${delivery.status}` };
  const { endpoint } = delivery;
  if (!endpoint.enabled) {
    const reason = `Endpoint disabled${endpoint.disabledReason ? `: ${endpoint.disabledReason}` : ""}`;
    await db.webhookDelivery.update({ where: { id: delivery.id }, data: { status: "failed", lastError: reason, nextAttemptAt: null } });
    return { state: "failed", reason };
  }

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

  const failed = !response.ok;
  const disabledReason = `Disabled after ${DISABLE_AFTER_CONSECUTIVE_FAILURES} consecutive failed delivery attempts (last: ${response.error ?? "no answer"}). Fix the endpoint, then enable it again.`;
  await db.$transaction([
    db.webhookDeliveryAttempt.create({
      data: {
        deliveryId,
        round,
        number,
        ok: response.ok,
        responseStatus: response.status,
        responseBody: response.body,
        error: response.error,
        durationMs: response.durationMs,
        startedAt,
      },
    }),
    db.webhookDelivery.update({
      where: { id: deliveryId },
      data: {
        attempts: { increment: 1 },
        roundAttempts: { increment: 1 },
        responseStatus: response.status,
        lastError: response.error,
        status: response.ok ? "delivered" : exhausted ? "failed" : "pending",
        deliveredAt: response.ok ? finishedAt : null,
        nextAttemptAt,
      },
    }),
    // The streak and the automatic disabling in one statement, so concurrent deliveries to one
    // endpoint count every failure and disable it exactly once.
    db.$executeRaw`
      UPDATE "WebhookEndpoint" SET
        "failureCount" = CASE WHEN ${failed} THEN "failureCount" + 1 ELSE 0 END,
        "lastDeliveryAt" = ${finishedAt},
        "disabledReason" = CASE WHEN ${failed} AND enabled AND "failureCount" + 1 >= ${DISABLE_AFTER_CONSECUTIVE_FAILURES}
          THEN ${disabledReason} ELSE "disabledReason" END,
        "updatedAt" = CASE WHEN ${failed} AND enabled AND "failureCount" + 1 >= ${DISABLE_AFTER_CONSECUTIVE_FAILURES}
          THEN ${finishedAt} ELSE "updatedAt" END,
        enabled = CASE WHEN ${failed} AND "failureCount" + 1 >= ${DISABLE_AFTER_CONSECUTIVE_FAILURES} THEN false ELSE enabled END
      WHERE id = ${endpoint.id}`,
  ]);

  if (response.ok) return { state: "delivered" };
  if (exhausted) return { state: "failed", reason: response.error ?? "failed" };
  return { state: "retry", nextAttemptAt: nextAttemptAt!.toISOString() };
}
