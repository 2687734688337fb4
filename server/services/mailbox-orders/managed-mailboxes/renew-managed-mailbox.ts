// One managed mailbox's monthly renewal: charged once per period with what paid its order, then
// its renewal date moves a calendar month on. A declined charge leaves the mailbox as it is (the
// decline shows on its `managed.renewalProblem`) and is retried at the next run; after three
// declines of one period the mailbox is cancelled as cancel-managed would, so it is removed.
import { db } from "../../../db/client";
import type { Mailbox } from "../../../db/generated/client";
import { addCalendarMonths } from "../../../domain/mailbox-orders/order-progress";
import { env, mailboxMonthlyPrices } from "../../../env";
import { mailboxRenewalKey } from "../../mail/mailboxes/mailbox-managed";
import { chargeRenewalOnce, MAX_DECLINES } from "./charge-renewal-once";
import { lockManagedDomain, markMailboxCancelling } from "./mark-mailbox-cancelling";
import { stopDomainRenewalWhenIdle } from "./stop-domain-renewal";

export type MailboxRenewal = "renewed" | "declined" | "cancelled" | "busy" | "skipped";

export async function renewManagedMailbox(mailboxId: string, at: Date): Promise<MailboxRenewal> {
  const row = await db.mailbox.findFirst({
    where: { id: mailboxId, connectedVia: "managed", managedStatus: "active", managedRenewsAt: { lte: at } },
    include: { managedDomain: true },
  });
  if (!row?.managedDomain || !row.managedRenewsAt) return "skipped";
  const { managedDomain: domain, ...mailbox } = row;
  const renewsAt = row.managedRenewsAt;
  const order = await db.mailboxOrder.findUnique({ where: { id: domain.orderId }, select: { paymentId: true } });
  if (!order?.paymentId) throw new Error(`The order that bought ${row.email} has no payment to charge its renewal with`);

  const charge = await chargeRenewalOnce({
    key: mailboxRenewalKey(row.id, renewsAt),
    kind: "mailbox_renewal",
    workspaceId: row.workspaceId,
    orderId: domain.orderId,
    paymentId: order.paymentId,
    amountCents: mailboxMonthlyPrices()[domain.platform === "microsoft" ? "microsoft" : "google"],
    currency: env().HERALD_BILLING_CURRENCY,
    description: `Mailbox ${row.email}, one month from ${renewsAt.toISOString().slice(0, 10)}`,
    subject: row.email,
    at,
  });
  if (charge.outcome === "busy") return "busy";
  if (charge.outcome === "paid") {
    // Conditional on the period: a second run that also saw the payment moves it once. A cancel that
    // came in while the charge was on its way set cancelAt to this period's start: the month is paid
    // for now, so the mailbox works until the next renewal date instead.
    const next = addCalendarMonths(renewsAt, 1);
    await db.mailbox.updateMany({ where: { id: row.id, managedRenewsAt: renewsAt, managedStatus: "active" }, data: { managedRenewsAt: next, updatedAt: at } });
    await db.mailbox.updateMany({
      where: { id: row.id, managedRenewsAt: renewsAt, managedStatus: "cancelling", managedCancelAt: { lte: renewsAt } },
      data: { managedRenewsAt: next, managedCancelAt: next, updatedAt: at },
    });
    return "renewed";
  }
  if (charge.declines < MAX_DECLINES) return "declined";
  await cancelAfterDeclines(mailbox, at);
  return "cancelled";
}

async function cancelAfterDeclines(mailbox: Mailbox, at: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    const { current } = await lockManagedDomain(tx, mailbox);
    if (current?.managedStatus === "active") await markMailboxCancelling(tx, current, at);
  });
  if (mailbox.managedDomainId) await stopDomainRenewalWhenIdle(mailbox.managedDomainId, at);
}
