// A workspace owner or billing manager buys AI credits through the installation's billing provider:
// the sandbox pays at once, Stripe sends them to its Checkout page and its webhook reports the
// payment (record-credit-purchase.ts). The credits arrive only with the provider's word that it was
// paid, so this is the way a workspace gets credits without an instance administrator.
import { randomUUID } from "node:crypto";
import { db } from "../../db/client";
import { env, publicUrl } from "../../env";
import { requireBillingPermission, type Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { getBillingProvider } from "../../providers/billing";
import type { TBuyCreditsInput, TBuyCreditsResult } from "../../schemas/credits";
import { priceOfCredits } from "./credit-price";
import { creditPurchaseReference, recordCreditPurchase } from "./record-credit-purchase";

export async function buyAiCredits(actor: Actor, input: TBuyCreditsInput): Promise<TBuyCreditsResult> {
  requireBillingPermission(actor, "buy AI credits");
  const amountCents = priceOfCredits(input.amount);
  const provider = await getBillingProvider();
  const at = now();
  const description = `${input.amount.toLocaleString("en")} AI credits`;
  const payment = await db.billingPayment.create({
    data: {
      workspaceId: actor.workspaceId,
      kind: "credits",
      // Each purchase is its own: a second click buys again, as a second Checkout page would.
      key: `credits:${randomUUID()}`,
      credits: input.amount,
      amountCents,
      currency: env().HERALD_BILLING_CURRENCY,
      provider: provider.name,
      status: "pending",
      description,
      createdAt: at,
      updatedAt: at,
    },
  });
  const started = await provider
    .startPayment({
      key: payment.key,
      workspaceId: actor.workspaceId,
      orderId: creditPurchaseReference(payment.id),
      amountCents,
      currency: payment.currency,
      description,
      // Never a caller's address: the payment page returns to Herald's own settings.
      returnUrl: `${publicUrl()}/settings#ai-credits`,
    })
    .catch(async (error: unknown) => {
      await db.billingPayment.update({ where: { id: payment.id }, data: { status: "failed", updatedAt: now() } });
      throw new HeraldError({ code: "provider-failed", message: `The payment could not be started (${error instanceof Error ? error.message : "the billing provider did not answer"}). Try again in a moment.` });
    });
  if (started.status === "pending") {
    await db.billingPayment.update({ where: { id: payment.id }, data: { externalId: started.paymentId, updatedAt: now() } });
    return { status: "pending", checkoutUrl: started.checkoutUrl };
  }
  const entry = await recordCreditPurchase(payment.id, { paymentId: started.paymentId });
  if (!entry) throw new Error(`The credit purchase ${payment.id} was recorded before it was paid`);
  return { status: "paid", entry };
}
