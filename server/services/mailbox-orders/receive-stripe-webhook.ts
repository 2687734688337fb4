// Stripe's signed events about order payments (app/api/billing/stripe/webhook). Stripe redelivers
// events and may send them out of order; each handler is a conditional update, so a repeat changes
// nothing. Only the Checkout Session events matter here; every other event is acknowledged.
import Stripe from "stripe";
import { db } from "../../db/client";
import { env } from "../../env";
import { now } from "../../lib/clock";
import { creditPurchaseOf, expireCreditPurchase, recordCreditPurchase } from "../credits/record-credit-purchase";
import { orderPaymentKey, recordOrderPayment } from "./record-order-payment";

export type StripeWebhookResult = { status: 200; handled: boolean } | { status: 400; error: string };

// Verifying a signature needs no API key; Stripe's client wants one all the same.
const verifier = new Stripe("sk_webhook_verification_only");

export async function receiveStripeWebhook(rawBody: string, signature: string | null): Promise<StripeWebhookResult> {
  const secret = env().HERALD_STRIPE_WEBHOOK_SECRET;
  if (!secret) return { status: 400, error: "Stripe webhooks are not set up on this Herald (HERALD_STRIPE_WEBHOOK_SECRET)" };
  let event: Stripe.Event;
  try {
    event = verifier.webhooks.constructEvent(rawBody, signature ?? "", secret, 300, undefined, Math.floor(now().getTime() / 1000));
  } catch {
    return { status: 400, error: "The Stripe-Signature header does not match the body" };
  }
  if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
    const session = event.data.object;
    const orderId = session.client_reference_id ?? session.metadata?.orderId;
    if (!orderId || session.payment_status !== "paid") return { status: 200, handled: false };
    // A purchase of AI credits rather than an order (server/services/credits/buy-ai-credits.ts).
    const creditPurchase = creditPurchaseOf(orderId);
    if (creditPurchase) return { status: 200, handled: (await recordCreditPurchase(creditPurchase, { paymentId: session.id })) !== null };
    await recordOrderPayment(orderId, { paymentId: session.id });
    return { status: 200, handled: true };
  }
  if (event.type === "checkout.session.expired") {
    const session = event.data.object;
    const orderId = session.client_reference_id ?? session.metadata?.orderId;
    if (!orderId) return { status: 200, handled: false };
    const creditPurchase = creditPurchaseOf(orderId);
    if (creditPurchase) return { status: 200, handled: await expireCreditPurchase(creditPurchase, session.id) };
    await reopenExpiredPayment(orderId, session.id);
    return { status: 200, handled: true };
  }
  return { status: 200, handled: false };
}

/** The Checkout page expired unpaid: the order can be paid again (with a new page). */
async function reopenExpiredPayment(orderId: string, sessionId: string): Promise<void> {
  const at = now();
  await db.$transaction(async (tx) => {
    const reopened = await tx.mailboxOrder.updateMany({
      where: { id: orderId, paymentId: sessionId, paymentStatus: "pending" },
      data: { paymentStatus: "none", paymentId: null, checkoutUrl: null, billingProvider: null, updatedAt: at },
    });
    if (reopened.count === 0) return;
    // The payment row steps aside under a key of its own, so the next payment gets a new row (and a new Stripe key).
    await tx.billingPayment.updateMany({
      where: { key: orderPaymentKey(orderId), externalId: sessionId, status: "pending" },
      data: { key: `${orderPaymentKey(orderId)}:expired:${sessionId}`, status: "failed", updatedAt: at },
    });
  });
}
