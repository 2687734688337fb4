// The billing provider says an order's payment went through (the sandbox at once, Stripe through
// its webhook): the order becomes `paid` and provisioning starts. Webhooks are redelivered and a
// person may double-click, so every part is conditional and safe to repeat.
import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { refundMailboxOrder } from "./refund-mailbox-order";
import { startOrderProvisioning } from "./start-order-provisioning";

export const orderPaymentKey = (orderId: string) => `order:${orderId}`;

/** The billing provider says the order's payment went through: the order becomes `paid` and provisioning starts. Safe to repeat. */
export async function recordOrderPayment(orderId: string, payment: { paymentId: string }): Promise<void> {
  const at = now();
  const order = await db.$transaction(async (tx) => {
    await tx.billingPayment.updateMany({
      where: { key: orderPaymentKey(orderId), status: { not: "succeeded" } },
      data: { status: "succeeded", externalId: payment.paymentId, updatedAt: at },
    });
    await tx.mailboxOrder.updateMany({
      where: { id: orderId, status: "quoted" },
      data: { status: "paid", paymentStatus: "paid", paymentId: payment.paymentId, checkoutUrl: null, paidAt: at, stepStartedAt: at, delayed: false, statusLabel: null, updatedAt: at },
    });
    // Paid after it was cancelled (the Checkout page was still open): the money goes back below.
    await tx.mailboxOrder.updateMany({
      where: { id: orderId, status: "cancelled", paymentStatus: { in: ["none", "pending"] } },
      data: { paymentStatus: "paid", paymentId: payment.paymentId, checkoutUrl: null, paidAt: at, updatedAt: at },
    });
    return tx.mailboxOrder.findUnique({ where: { id: orderId }, select: { status: true, round: true, totalCents: true } });
  });
  if (!order) return;
  // Sent again on a repeat: the event's id (order and round) makes the job runner start one run.
  if (order.status === "paid") await startOrderProvisioning(orderId, order.round);
  if (order.status === "cancelled") {
    await refundMailboxOrder(orderId, { key: `refund:${orderId}:cancel`, amountCents: order.totalCents, description: "Order cancelled before its payment arrived" });
  }
}
