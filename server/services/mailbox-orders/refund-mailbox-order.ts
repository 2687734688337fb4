// Money back for an order (a refused domain's part, a cancel). The refund is written first as a
// pending BillingPayment (its intent, under the order's row lock so two refunds never give back
// more than was paid), then asked of the provider with the same key, then recorded on the order.
// A provider call that fails leaves it pending; retry-pending-refunds sends it again with the same
// key, so the provider gives it back once.
import { db } from "../../db/client";
import type { BillingPayment } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { logger } from "../../lib/logger";
import { getBillingProvider } from "../../providers/billing";

const PAID_STATUSES = ["paid", "partially_refunded", "refunded"];

/**
 * Gives back `amountCents` of the order's payment through its billing provider, once per `key`
 * (a refused domain's part: `refund:<orderId>:domain:<domainId>`; a cancel: `refund:<orderId>:cancel`),
 * and records it on the order (refundedCents, paymentStatus). Safe to call again with the same key.
 * Never gives back more than what is left of the payment.
 */
export async function refundMailboxOrder(orderId: string, refund: { key: string; amountCents: number; description: string }): Promise<void> {
  const at = now();
  const row = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "MailboxOrder" WHERE "id" = ${orderId} FOR UPDATE`;
    const existing = await tx.billingPayment.findUnique({ where: { key: refund.key } });
    if (existing) return existing;
    const order = await tx.mailboxOrder.findUnique({ where: { id: orderId } });
    if (!order || !order.paymentId || !PAID_STATUSES.includes(order.paymentStatus)) return null;
    const given = await tx.billingPayment.aggregate({ where: { orderId, kind: "refund", status: { in: ["pending", "succeeded"] } }, _sum: { amountCents: true } });
    const amountCents = Math.min(refund.amountCents, order.totalCents - (given._sum.amountCents ?? 0));
    if (amountCents <= 0) return null;
    return tx.billingPayment.create({
      data: {
        workspaceId: order.workspaceId,
        orderId,
        kind: "refund",
        key: refund.key,
        amountCents,
        currency: order.currency,
        provider: order.billingProvider ?? "sandbox",
        status: "pending",
        description: refund.description,
        createdAt: at,
        updatedAt: at,
      },
    });
  });
  if (row?.status === "pending") await sendPendingRefund(row);
}

/** Asks the provider for a pending refund and records the answer; false when the provider failed (it stays pending). */
export async function sendPendingRefund(row: BillingPayment): Promise<boolean> {
  if (!row.orderId) return false;
  const order = await db.mailboxOrder.findUnique({ where: { id: row.orderId }, select: { paymentId: true, totalCents: true } });
  if (!order?.paymentId) return false;
  let refundId: string;
  try {
    const provider = await getBillingProvider();
    ({ refundId } = await provider.refund({ key: row.key, paymentId: order.paymentId, amountCents: row.amountCents, currency: row.currency }));
  } catch (error) {
    logger.warn("billing.refund_failed", { orderId: row.orderId, key: row.key, error: error instanceof Error ? error.message : String(error) });
    return false;
  }
  const at = now();
  await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "MailboxOrder" WHERE "id" = ${row.orderId} FOR UPDATE`;
    await tx.billingPayment.updateMany({ where: { id: row.id, status: "pending" }, data: { status: "succeeded", externalId: refundId, updatedAt: at } });
    const given = await tx.billingPayment.aggregate({ where: { orderId: row.orderId, kind: "refund", status: "succeeded" }, _sum: { amountCents: true } });
    const refundedCents = given._sum.amountCents ?? 0;
    await tx.mailboxOrder.update({
      where: { id: row.orderId! },
      data: { refundedCents, paymentStatus: refundedCents >= order.totalCents ? "refunded" : "partially_refunded", updatedAt: at },
    });
  });
  return true;
}
