import { db, Prisma } from "../../db/client";
import { now } from "../../lib/clock";
import { attemptRow, disabledEndpointReason, makeAttempt, type MadeAttempt } from "./attempt-webhook-delivery";
import { DISABLE_AFTER_CONSECUTIVE_FAILURES } from "./delivery-policy";
import type { DeliveryRequest } from "./find-deliveries-to-request";
import { disabledAfterFailuresReason, recordEndpointStreak } from "./record-endpoint-streak";
import { removeGoneRestHook } from "./remove-gone-rest-hook";
import { GONE_STATUS, REST_HOOK } from "./rest-hook-origin";

/** Attempts in flight at once to one endpoint (over its kept-alive connections). */
export const ATTEMPTS_IN_FLIGHT = 16;

/** A delivery whose first attempt failed: the retry schedule takes it from `notBefore`. */
export type RetryRequest = DeliveryRequest & { notBefore: string };

export interface BatchOutcome {
  delivered: number;
  failed: number;
  skipped: number;
  retries: RetryRequest[];
}

/**
 * Makes the first attempt of a round for deliveries to one endpoint, several at a time, and records
 * them all in one transaction: the attempt rows, each delivery's state and the endpoint's failure
 * streak. The ones that failed and have attempts left come back as retry requests for the caller to
 * hand to the retry schedule. Re-running a batch (a crash before its record) attempts again only what
 * was not recorded: at least once. A delivery already attempted in its round (a lost retry run
 * re-requested) is not attempted here but handed back to the retry schedule. The caller keeps runs
 * for one endpoint one at a time, so no two batches attempt one delivery together.
 */
export async function attemptWebhookBatch(input: {
  webhookId: string;
  deliveries: Array<{ deliveryId: string; round: number }>;
}): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { delivered: 0, failed: 0, skipped: 0, retries: [] };
  const [endpoint, rows] = await Promise.all([
    db.webhookEndpoint.findUnique({ where: { id: input.webhookId } }),
    db.webhookDelivery.findMany({ where: { id: { in: input.deliveries.map((entry) => entry.deliveryId) }, webhookId: input.webhookId } }),
  ]);
  const rounds = new Map(input.deliveries.map((entry) => [entry.deliveryId, entry.round]));
  const current = rows.filter((row) => row.status === "pending" && row.round === rounds.get(row.id));
  outcome.skipped = input.deliveries.length - current.length;
  if (!endpoint || !current.length) return outcome;

  const retryRequest = (row: (typeof rows)[number], notBefore: Date): RetryRequest => ({
    deliveryId: row.id,
    workspaceId: row.workspaceId,
    webhookId: row.webhookId,
    round: row.round,
    eventId: `${row.id}-r${row.round}-q${row.requestCount + 1}`,
    notBefore: notBefore.toISOString(),
  });
  const fresh = current.filter((row) => row.roundAttempts === 0);
  for (const row of current) if (row.roundAttempts > 0) outcome.retries.push(retryRequest(row, row.nextAttemptAt ?? now()));

  if (!endpoint.enabled) {
    await db.webhookDelivery.updateMany({
      where: { id: { in: fresh.map((row) => row.id) }, status: "pending" },
      data: { status: "failed", lastError: disabledEndpointReason(endpoint), nextAttemptAt: null },
    });
    outcome.failed += fresh.length;
    return outcome;
  }

  // Attempts in the order they finish, and the streak they make; at the disabling threshold no
  // further attempt starts (the endpoint is disabled by the record below), nor once a REST hook's
  // target answered 410 Gone at the endpoint's address (the subscription is removed below).
  const made: Array<{ row: (typeof fresh)[number]; attempt: MadeAttempt }> = [];
  let streak = endpoint.failureCount;
  let gone = false;
  let next = 0;
  const worker = async () => {
    while (next < fresh.length && streak < DISABLE_AFTER_CONSECUTIVE_FAILURES && !gone) {
      const row = fresh[next++]!;
      const attempt = await makeAttempt(row, endpoint);
      made.push({ row, attempt });
      streak = attempt.response.ok ? 0 : streak + 1;
      if (endpoint.createdVia === REST_HOOK && attempt.response.status === GONE_STATUS && row.url === endpoint.url) gone = true;
    }
  };
  await Promise.all(Array.from({ length: Math.min(ATTEMPTS_IN_FLIGHT, fresh.length) }, worker));
  const notAttempted = fresh.slice(next);

  if (!made.length) {
    // Nothing new to attempt (only deliveries for the retry schedule), or the endpoint's streak
    // already stood at the threshold: the latter fail as a disabled endpoint's would.
    if (notAttempted.length) {
      await db.webhookDelivery.updateMany({
        where: { id: { in: notAttempted.map((row) => row.id) }, status: "pending" },
        data: { status: "failed", lastError: disabledEndpointReason({ disabledReason: disabledAfterFailuresReason(null) }), nextAttemptAt: null },
      });
    }
    outcome.failed += notAttempted.length;
    return outcome;
  }
  const lastSuccess = made.findLastIndex((entry) => entry.attempt.response.ok);
  const trailing = made.slice(lastSuccess + 1);
  const lastError = trailing.at(-1)?.attempt.response.error ?? null;
  const finishedAt = made.reduce((latest, entry) => (entry.attempt.finishedAt > latest ? entry.attempt.finishedAt : latest), made[0]!.attempt.finishedAt);
  const updates = made.map(({ row, attempt }) => ({
    ...attemptRow(row.id, row.round, attempt),
    lastError: attempt.response.error,
    status: attempt.status,
    deliveredAt: attempt.status === "delivered" ? attempt.finishedAt : null,
    nextAttemptAt: attempt.nextAttemptAt,
  }));
  // Each delivery's state and its attempt's log row in one statement; a delivery deleted meanwhile
  // (its endpoint removed, the purge) is left out rather than failing the batch's record.
  await db.$transaction([
    db.$executeRaw`
      WITH r AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS r(
          "deliveryId" text, round int, number int, ok boolean, "responseStatus" int, "responseBody" text, error text,
          "durationMs" int, "startedAt" timestamp(3), "lastError" text, status text, "deliveredAt" timestamp(3), "nextAttemptAt" timestamp(3))
      ), updated AS (
        UPDATE "WebhookDelivery" AS d SET
          attempts = d.attempts + 1,
          "roundAttempts" = d."roundAttempts" + 1,
          "responseStatus" = r."responseStatus",
          "lastError" = r."lastError",
          status = r.status::"WebhookDeliveryStatus",
          "deliveredAt" = r."deliveredAt",
          "nextAttemptAt" = r."nextAttemptAt"
        FROM r
        WHERE d.id = r."deliveryId" AND d.round = r.round AND d.status = 'pending'
        RETURNING d.id
      )
      INSERT INTO "WebhookDeliveryAttempt" ("deliveryId", round, number, ok, "responseStatus", "responseBody", error, "durationMs", "startedAt")
      SELECT r."deliveryId", r.round, r.number, r.ok, r."responseStatus", r."responseBody", r.error, r."durationMs", r."startedAt"
      FROM r JOIN updated ON updated.id = r."deliveryId"`,
    // (Left unattempted after a REST hook's 410 Gone, they go with the subscription removed below.)
    // Deliveries left unattempted when this batch's streak reached the threshold go back to the
    // dispatcher: the streak recorded below disables the endpoint, and the next batch fails them as
    // a disabled endpoint's; unless a retry run succeeded meanwhile and reset the streak, and then
    // the next batch attempts them.
    ...(notAttempted.length
      ? [
          db.webhookDelivery.updateMany({
            where: { id: { in: notAttempted.map((row) => row.id) }, status: "pending" },
            data: { requestedAt: null },
          }),
        ]
      : []),
    recordEndpointStreak({ webhookId: endpoint.id, anySuccess: lastSuccess >= 0, trailingFailures: trailing.length, lastError, finishedAt }),
  ] as Prisma.PrismaPromise<unknown>[]);

  for (const { row, attempt } of made) {
    if (attempt.status === "delivered") outcome.delivered++;
    else if (attempt.status === "failed") outcome.failed++;
    else outcome.retries.push(retryRequest(row, attempt.nextAttemptAt!));
  }
  // A REST hook's target that answered 410 Gone unsubscribed: its deliveries go with it, unretried
  // (the ones left unattempted too).
  const goneAt = made.find(({ attempt }) => attempt.response.status === GONE_STATUS);
  if (goneAt && (await removeGoneRestHook(endpoint, { url: goneAt.row.url, status: goneAt.attempt.response.status }))) {
    outcome.failed += outcome.retries.length + notAttempted.length;
    outcome.retries = [];
  }
  return outcome;
}
