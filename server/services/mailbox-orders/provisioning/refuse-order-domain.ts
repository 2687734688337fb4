// A domain the registrar refused (taken at registration): it is marked refused with its mailboxes,
// its part of the order (registration and its mailboxes' first month) is refunded once (the refund's
// key), and the order continues with the others. When every domain of the order was refused, the
// order ends `cancelled` with the rest of its payment refunded too.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { refundMailboxOrder } from "../refund-mailbox-order";
import type { MailboxOrderRow } from "../to-mailbox-order";

type OrderDomain = MailboxOrderRow["domains"][number];

const REASON_WORDS: Record<string, string> = { taken: "someone else registered it first" };

/** What the domain's part of the order cost: its registration and its mailboxes' first month. */
export function domainPartCents(domain: Pick<OrderDomain, "priceCents" | "mailboxPriceCents" | "mailboxes">): number {
  return domain.priceCents + domain.mailboxPriceCents * domain.mailboxes.length;
}

/**
 * The registrar's answer is stored first (refusedReason), then the refund, then the marks: a refund
 * that fails leaves the domain not yet refused, so the step's retry sees the stored answer and
 * repeats the refund (once, by its key) instead of asking the registrar again.
 */
export async function refuseOrderDomain(order: MailboxOrderRow, domain: OrderDomain, reason: string): Promise<void> {
  if (domain.refusedReason !== reason) {
    await db.mailboxOrderDomain.update({ where: { id: domain.id }, data: { refusedReason: reason, updatedAt: now() } });
  }
  const amountCents = Math.min(domainPartCents(domain), order.totalCents);
  if (amountCents > 0) {
    await refundMailboxOrder(order.id, {
      key: `refund:${order.id}:domain:${domain.id}`,
      amountCents,
      description: `${domain.name} could not be registered (${REASON_WORDS[reason] ?? reason}): its domain and mailboxes are refunded`,
    });
  }
  const at = now();
  await db.$transaction([
    db.mailboxOrderDomain.update({ where: { id: domain.id }, data: { status: "refused", refusedReason: reason, updatedAt: at } }),
    db.mailboxOrderMailbox.updateMany({ where: { domainId: domain.id }, data: { step: "refused", updatedAt: at } }),
  ]);
}

/** Every domain refused: the rest of the payment goes back and the order ends cancelled. */
export async function cancelFullyRefusedOrder(order: MailboxOrderRow): Promise<void> {
  const refused = order.domains.reduce((sum, domain) => sum + domainPartCents(domain), 0);
  const rest = order.totalCents - Math.min(refused, order.totalCents);
  if (rest > 0) {
    await refundMailboxOrder(order.id, {
      key: `refund:${order.id}:cancel`,
      amountCents: rest,
      description: "None of the order's domains could be registered: the rest of the order is refunded",
    });
  }
  const at = now();
  await db.mailboxOrder.updateMany({
    where: { id: order.id, status: { in: ["paid", "placing", "placing_unknown"] } },
    data: {
      status: "cancelled",
      cancelledAt: at,
      delayed: false,
      statusLabel: "None of the domains could be registered, so the order was cancelled and refunded.",
      updatedAt: at,
    },
  });
}
