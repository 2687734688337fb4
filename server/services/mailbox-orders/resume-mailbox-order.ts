// POST /mailbox-orders/{id}/resume (extension): the team (or the workspace) resumes an order that
// needs attention: back to the status it stopped at, no longer delayed, and a new pipeline round
// (the round is in the run's idempotency key, so the run that stopped is not mistaken for it).
// Needs the manage-billing permission; any other status is 409 order-not-resumable.
import { db } from "../../db/client";
import { requireBillingPermission, type Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import type { TMailboxOrder } from "../../schemas/mailbox-order";
import { findMailboxOrder } from "./get-mailbox-order";
import { startOrderProvisioning } from "./start-order-provisioning";
import { toMailboxOrder } from "./to-mailbox-order";

export async function resumeMailboxOrder(actor: Actor, orderId: string): Promise<TMailboxOrder> {
  requireBillingPermission(actor, "resume a mailbox order");
  const order = await findMailboxOrder(actor, orderId);
  if (order.status !== "needs_attention") {
    throw new HeraldError({
      code: "order-not-resumable",
      message: `This order is ${order.status.replace(/_/g, " ")}, so there is nothing to resume: only an order that needs attention can be resumed.`,
    });
  }
  const at = now();
  const round = order.round + 1;
  const moved = await db.mailboxOrder.updateMany({
    where: { id: orderId, status: "needs_attention", round: order.round },
    data: { status: order.resumeStatus ?? "paid", resumeStatus: null, delayed: false, statusLabel: null, round, stepStartedAt: at, updatedAt: at },
  });
  if (!moved.count) {
    throw new HeraldError({ code: "order-not-resumable", message: "This order changed while it was being resumed (resumed or cancelled at the same time): reload it and try again." });
  }
  await startOrderProvisioning(orderId, round);
  return toMailboxOrder(await findMailboxOrder(actor, orderId));
}
