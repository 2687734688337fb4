// Before an order is paid, what its quote checked may have changed: another order with the same
// domain or address was paid since, a mailbox with the address was connected, or the domain's
// admin mailbox was cancelled. Paying then would take money for an order the pipeline cannot
// carry out, so it is refused with what to do instead.
import { db } from "../../db/client";
import { HeraldError } from "../../lib/errors";
import { OPEN_ORDER_STATUSES } from "./check-order-input";
import type { MailboxOrderRow } from "./to-mailbox-order";

function notPayable(message: string): HeraldError {
  return new HeraldError({ code: "order-not-payable", message: `${message} Ask for a new quote.` });
}

export async function assertOrderStillFree(order: MailboxOrderRow): Promise<void> {
  const names = order.domains.map((domain) => domain.name);
  const emails = order.domains.flatMap((domain) => domain.mailboxes.map((mailbox) => mailbox.email));
  const [registering, ordered, connected, closed] = await Promise.all([
    db.mailboxOrderDomain.findFirst({
      where: { name: { in: order.domains.filter((domain) => !domain.existing).map((domain) => domain.name) }, existing: false, status: { not: "refused" }, orderId: { not: order.id }, order: { status: { in: OPEN_ORDER_STATUSES } } },
      select: { name: true },
    }),
    db.mailboxOrderMailbox.findFirst({
      where: { email: { in: emails }, orderId: { not: order.id }, step: { not: "refused" }, domain: { order: { workspaceId: order.workspaceId, status: { in: OPEN_ORDER_STATUSES } } } },
      select: { email: true },
    }),
    db.mailbox.findFirst({ where: { workspaceId: order.workspaceId, email: { in: emails } }, select: { email: true } }),
    db.managedDomain.findFirst({ where: { name: { in: names }, OR: [{ workspaceId: { not: order.workspaceId } }, { adminCancelledAt: { not: null } }] }, select: { name: true, workspaceId: true } }),
  ]);
  if (registering) throw notPayable(`${registering.name} is being registered by another order since this one was quoted.`);
  if (closed) {
    throw notPayable(closed.workspaceId === order.workspaceId ? `No mailbox can be added to ${closed.name} any more: its admin mailbox was cancelled.` : `${closed.name} belongs to another workspace.`);
  }
  if (ordered) throw notPayable(`${ordered.email} is in another order being carried out.`);
  if (connected) throw notPayable(`${connected.email} is already a mailbox of this workspace.`);
}
