import { db } from "../../db/client";
import { DISABLE_AFTER_CONSECUTIVE_FAILURES } from "./delivery-policy";

export function disabledAfterFailuresReason(lastError: string | null): string {
  return `Disabled after ${DISABLE_AFTER_CONSECUTIVE_FAILURES} consecutive failed delivery attempts (last: ${lastError ?? "no answer"}). Fix the endpoint, then enable it again.`;
}

/**
 * The endpoint's failure streak after some attempts, and its automatic disabling, in one statement
 * (to run in the caller's transaction), so concurrent deliveries to one endpoint count every failure
 * and disable it exactly once. `trailingFailures` are the failures after the last success among the
 * attempts (all of them when none succeeded).
 */
export function recordEndpointStreak(input: {
  webhookId: string;
  anySuccess: boolean;
  trailingFailures: number;
  lastError: string | null;
  finishedAt: Date;
}) {
  const { webhookId, anySuccess, trailingFailures, finishedAt } = input;
  const failed = trailingFailures > 0;
  const disabledReason = disabledAfterFailuresReason(input.lastError);
  const streak = anySuccess ? trailingFailures : null;
  return db.$executeRaw`
    UPDATE "WebhookEndpoint" SET
      "failureCount" = COALESCE(${streak}::int, "failureCount" + ${trailingFailures}::int),
      "lastDeliveryAt" = ${finishedAt},
      "disabledReason" = CASE WHEN ${failed} AND enabled AND COALESCE(${streak}::int, "failureCount" + ${trailingFailures}::int) >= ${DISABLE_AFTER_CONSECUTIVE_FAILURES}
        THEN ${disabledReason} ELSE "disabledReason" END,
      "updatedAt" = CASE WHEN ${failed} AND enabled AND COALESCE(${streak}::int, "failureCount" + ${trailingFailures}::int) >= ${DISABLE_AFTER_CONSECUTIVE_FAILURES}
        THEN ${finishedAt} ELSE "updatedAt" END,
      enabled = CASE WHEN ${failed} AND COALESCE(${streak}::int, "failureCount" + ${trailingFailures}::int) >= ${DISABLE_AFTER_CONSECUTIVE_FAILURES} THEN false ELSE enabled END
    WHERE id = ${webhookId}`;
}
