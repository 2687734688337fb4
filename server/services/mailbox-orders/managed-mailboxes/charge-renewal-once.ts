// One renewal charge per period, whoever runs the renewal and however often: the period's
// BillingPayment row (its unique key) is claimed before the provider is called, and the provider's
// own idempotency key (the period key and the attempt) makes a crashed attempt's retry charge once.
// A declined charge is kept as its own failed row, so the declines of a period can be counted.
import { db } from "../../../db/client";
import { getBillingProvider } from "../../../providers/billing";

/** A claim older than this is taken as lost (its run crashed mid-charge) and tried again with its own key. */
const STALE_CLAIM_MS = 10 * 60_000;
/** Declines of one period after which renewal gives up (a mailbox is then cancelled). */
export const MAX_DECLINES = 3;

export interface RenewalChargeInput {
  key: string;
  kind: "mailbox_renewal" | "domain_renewal";
  workspaceId: string;
  orderId: string;
  paymentId: string;
  amountCents: number;
  currency: string;
  /** What is renewed, shown on the charge. */
  description: string;
  /** What is renewed in the label of a decline (`jane@acme.com`, `acme.com`). */
  subject: string;
  at: Date;
}

export type RenewalCharge = { outcome: "paid" } | { outcome: "declined"; declines: number } | { outcome: "busy" };

export async function chargeRenewalOnce(input: RenewalChargeInput): Promise<RenewalCharge> {
  const billing = await getBillingProvider();
  const { key, at } = input;
  const row = { workspaceId: input.workspaceId, orderId: input.orderId, kind: input.kind, amountCents: input.amountCents, currency: input.currency, provider: billing.name };
  const created = await db.billingPayment.createMany({
    data: [{ ...row, key, status: "pending", description: input.description, createdAt: at, updatedAt: at }],
    skipDuplicates: true,
  });
  if (!created.count) {
    const existing = await db.billingPayment.findUnique({ where: { key } });
    if (existing?.status === "succeeded") return { outcome: "paid" };
    // A declined period is tried again; a pending one only when its run was lost.
    const claimed = await db.billingPayment.updateMany({
      where: { key, OR: [{ status: "failed" }, { status: "pending", updatedAt: { lt: new Date(at.getTime() - STALE_CLAIM_MS) } }] },
      data: { status: "pending", updatedAt: at },
    });
    if (!claimed.count) return { outcome: "busy" };
  }

  const declined = await db.billingPayment.count({ where: { key: { startsWith: `${key}:declined:` } } });
  const charge = await billing.chargeRenewal({
    key: `${key}:attempt:${declined + 1}`,
    workspaceId: input.workspaceId,
    paymentId: input.paymentId,
    amountCents: input.amountCents,
    currency: input.currency,
    description: input.description,
  });
  if (charge.status === "succeeded") {
    await db.billingPayment.update({ where: { key }, data: { status: "succeeded", externalId: charge.chargeId, updatedAt: at } });
    return { outcome: "paid" };
  }

  const declines = declined + 1;
  const reason = (charge.failure ?? "the card was declined").replace(/\.$/, "");
  const label =
    declines >= MAX_DECLINES
      ? `Renewing ${input.subject} failed ${MAX_DECLINES} times (${reason}), so Herald stopped renewing it.`
      : `Renewing ${input.subject} failed: ${reason}. Herald tries again within the hour (decline ${declines} of ${MAX_DECLINES}).`;
  await db.$transaction([
    db.billingPayment.createMany({
      data: [{ ...row, key: `${key}:declined:${declines}`, status: "failed", externalId: charge.chargeId, description: label, createdAt: at, updatedAt: at }],
      skipDuplicates: true,
    }),
    db.billingPayment.update({ where: { key }, data: { status: "failed", externalId: charge.chargeId, description: label, updatedAt: at } }),
  ]);
  return { outcome: "declined", declines };
}
