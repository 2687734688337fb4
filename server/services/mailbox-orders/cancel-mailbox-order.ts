// Cancels an order that has not completed. The status changes under the order's row lock, so a
// cancel racing the pipeline (which moves orders with conditional updates) wins or loses cleanly;
// then what is left of the payment goes back, after the transaction (no provider call inside one).
// A quoted order with an open Checkout page is just cancelled: a payment arriving after it is
// refunded by record-order-payment. An order with a mailbox already connected (held while
// connecting) is not cancelled whole: the customer would keep mailboxes whose payment went back.
import { db } from "../../db/client";
import { requireBillingPermission, type Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import type { TMailboxOrder } from "../../schemas/mailbox-order";
import { findMailboxOrder } from "./get-mailbox-order";
import { orderInWords } from "./pay-mailbox-order";
import { refundMailboxOrder } from "./refund-mailbox-order";
import { toMailboxOrder } from "./to-mailbox-order";

export const CANCELLABLE_ORDER_STATUSES = ["quoted", "paid", "placing", "placing_unknown", "placed", "provisioning", "authorizing", "needs_attention"];

export async function cancelMailboxOrder(actor: Actor, orderId: string): Promise<TMailboxOrder> {
  requireBillingPermission(actor, "cancel mailbox orders");
  const found = await findMailboxOrder(actor, orderId);
  const at = now();
  const cancelled = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "MailboxOrder" WHERE "id" = ${found.id} FOR UPDATE`;
    const moved = await tx.mailboxOrder.updateMany({
      where: { id: found.id, status: { in: CANCELLABLE_ORDER_STATUSES }, domains: { none: { mailboxes: { some: { accountId: { not: null } } } } } },
      data: { status: "cancelled", cancelledAt: at, delayed: false, statusLabel: "Cancelled: the payment is refunded", checkoutUrl: null, updatedAt: at },
    });
    return moved.count === 1 ? tx.mailboxOrder.findUniqueOrThrow({ where: { id: found.id } }) : null;
  });
  if (!cancelled) {
    const current = await findMailboxOrder(actor, orderId);
    const connected = current.domains.flatMap((domain) => domain.mailboxes).filter((mailbox) => mailbox.accountId);
    if (connected.length && current.status !== "cancelled") {
      throw new HeraldError({
        code: "order-not-cancellable",
        message: `${connected.map((mailbox) => mailbox.email).join(", ")} ${connected.length === 1 ? "is" : "are"} already connected, so the order can no longer be cancelled whole: resume it, or cancel those mailboxes under Mailboxes.`,
      });
    }
    throw new HeraldError({
      code: "order-not-cancellable",
      message: `${orderInWords(current).replace(/^t/, "T")} is ${current.status.replace(/_/g, " ")} and can no longer be cancelled.`,
    });
  }
  if (["paid", "partially_refunded"].includes(cancelled.paymentStatus)) {
    await refundMailboxOrder(cancelled.id, { key: `refund:${cancelled.id}:cancel`, amountCents: cancelled.totalCents, description: "Order cancelled" });
  } else {
    await db.mailboxOrder.update({ where: { id: cancelled.id }, data: { statusLabel: "Cancelled before it was paid", updatedAt: now() } });
  }
  return toMailboxOrder(await findMailboxOrder(actor, orderId));
}
