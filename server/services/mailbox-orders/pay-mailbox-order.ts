// Pays a quoted order through the billing provider. The order's payment is one BillingPayment row
// (key `order:<orderId>`), written before the provider is asked, and the provider is asked with a
// key derived from that row, so a double click (or two tabs) pays once. The sandbox pays at once;
// Stripe answers with a Checkout page and its webhook reports the payment (record-order-payment).
// No transaction is held across the provider call (the embedded database serves one at a time).
import { db } from "../../db/client";
import { publicUrl } from "../../env";
import { requireBillingPermission, type Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { getBillingProvider } from "../../providers/billing";
import type { TMailboxOrder, TPayMailboxOrderInput } from "../../schemas/mailbox-order";
import { assertOrderStillFree } from "./assert-order-still-free";
import { findMailboxOrder } from "./get-mailbox-order";
import { orderPaymentKey, recordOrderPayment } from "./record-order-payment";
import { toMailboxOrder, type MailboxOrderRow } from "./to-mailbox-order";

/** The order in words for messages: its domain names. */
export function orderInWords(order: Pick<MailboxOrderRow, "domains">): string {
  const names = order.domains.map((domain) => domain.name);
  return names.length ? `the order for ${names.join(", ")}` : "the order";
}

function assertPayable(order: MailboxOrderRow): void {
  if (order.status !== "quoted") {
    throw new HeraldError({ code: "order-not-payable", message: `This order can no longer be paid: ${orderInWords(order)} is ${order.status.replace(/_/g, " ")}.` });
  }
  if (order.expiresAt.getTime() <= now().getTime()) {
    throw new HeraldError({ code: "order-not-payable", message: `The quote for ${orderInWords(order).replace(/^the order for /, "")} has expired: ask for a new quote.` });
  }
}

export async function payMailboxOrder(actor: Actor, orderId: string, input: TPayMailboxOrderInput): Promise<TMailboxOrder> {
  requireBillingPermission(actor, "pay for mailbox orders");
  const workspace = await db.workspace.findUnique({ where: { id: actor.workspaceId }, select: { managedMailboxesEnabled: true } });
  if (!workspace?.managedMailboxesEnabled) {
    throw new HeraldError({ code: "managed-mailboxes-disabled", message: "Managed mailboxes are turned off for this workspace: an owner can turn them on in Settings." });
  }
  const order = await findMailboxOrder(actor, orderId);
  // A second click while the Checkout page is open: the same page again.
  if (order.status === "quoted" && order.paymentStatus === "pending" && order.checkoutUrl) return toMailboxOrder(order);
  assertPayable(order);
  await assertOrderStillFree(order);

  const provider = await getBillingProvider();
  const at = now();
  const key = orderPaymentKey(order.id);
  const description = `Mailboxes on ${order.domains.map((domain) => domain.name).join(", ")}`;
  await db.billingPayment.createMany({
    data: [{ workspaceId: order.workspaceId, orderId: order.id, kind: "order", key, amountCents: order.totalCents, currency: order.currency, provider: provider.name, status: "pending", description, createdAt: at, updatedAt: at }],
    skipDuplicates: true,
  });
  const payment = await db.billingPayment.findUniqueOrThrow({ where: { key } });
  if (payment.status === "succeeded" && payment.externalId) {
    await recordOrderPayment(order.id, { paymentId: payment.externalId });
    return toMailboxOrder(await findMailboxOrder(actor, orderId));
  }

  const started = await provider
    .startPayment({
      // The row's id is part of the key: a Checkout page that expired gets a new row, so paying
      // again opens a new page instead of Stripe answering with the expired one.
      key: `${key}:${payment.id}`,
      workspaceId: order.workspaceId,
      orderId: order.id,
      amountCents: order.totalCents,
      currency: order.currency,
      description,
      returnUrl: input.returnUrl ?? `${publicUrl()}/orders/${order.id}`,
    })
    .catch((error: unknown) => {
      throw new HeraldError({ code: "provider-failed", message: `The payment could not be started (${error instanceof Error ? error.message : "the billing provider did not answer"}). Try again in a moment.` });
    });

  if (started.status === "paid") {
    await db.billingPayment.update({ where: { id: payment.id }, data: { provider: provider.name, updatedAt: now() } });
    await db.mailboxOrder.updateMany({ where: { id: order.id, status: "quoted" }, data: { billingProvider: provider.name, updatedAt: now() } });
    await recordOrderPayment(order.id, { paymentId: started.paymentId });
  } else {
    await db.$transaction([
      db.billingPayment.update({ where: { id: payment.id }, data: { externalId: started.paymentId, updatedAt: now() } }),
      db.mailboxOrder.updateMany({
        where: { id: order.id, status: "quoted", paymentStatus: { in: ["none", "pending"] } },
        data: { billingProvider: provider.name, paymentStatus: "pending", paymentId: started.paymentId, checkoutUrl: started.checkoutUrl, updatedAt: now() },
      }),
    ]);
  }
  return toMailboxOrder(await findMailboxOrder(actor, orderId));
}
