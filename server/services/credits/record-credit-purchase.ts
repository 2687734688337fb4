// The billing provider says a credit purchase was paid (the sandbox at once, Stripe through its
// webhook): the credits are added, once. Webhooks are redelivered, so the payment row's change from
// pending to succeeded is the condition, in the same transaction as the credits.
import { db } from "../../db/client";
import { now } from "../../lib/clock";
import type { TCreditGrantSource, TCreditLedgerEntry } from "../../schemas/credits";
import { addAiCredits, grantSourceNames } from "./add-ai-credits";

const PREFIX = "credits:";

/** What the billing provider is told the payment is for (Stripe's client_reference_id). */
export const creditPurchaseReference = (paymentRowId: string) => `${PREFIX}${paymentRowId}`;

/** The payment row's id when a provider's reference names a credit purchase, else null. */
export function creditPurchaseOf(reference: string): string | null {
  return reference.startsWith(PREFIX) ? reference.slice(PREFIX.length) : null;
}

/** Adds a paid purchase's credits; null when it was already added (a repeat) or is no purchase of credits. */
export async function recordCreditPurchase(paymentRowId: string, payment: { paymentId: string }): Promise<TCreditLedgerEntry | null> {
  return db.$transaction(async (tx) => {
    const row = await tx.billingPayment.findUnique({ where: { id: paymentRowId } });
    if (!row || row.kind !== "credits" || !row.credits) return null;
    const claimed = await tx.billingPayment.updateMany({
      where: { id: row.id, status: { not: "succeeded" } },
      data: { status: "succeeded", externalId: payment.paymentId, updatedAt: now() },
    });
    if (claimed.count === 0) return null;
    const source: TCreditGrantSource = row.provider === "stripe" ? "stripe" : "sandbox";
    return addAiCredits(
      { workspaceId: row.workspaceId, amount: row.credits, source, grantedBy: grantSourceNames[source], reference: `Purchase of ${row.description} (${row.provider} ${payment.paymentId})` },
      tx,
    );
  });
}

/** Stripe's Checkout page expired unpaid: the purchase is over (buying again starts a new one). Safe to repeat. */
export async function expireCreditPurchase(paymentRowId: string, sessionId: string): Promise<boolean> {
  const expired = await db.billingPayment.updateMany({
    where: { id: paymentRowId, kind: "credits", externalId: sessionId, status: "pending" },
    data: { status: "failed", updatedAt: now() },
  });
  return expired.count > 0;
}
