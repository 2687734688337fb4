// What every provisioning step shares: how it answers the pipeline (done, still waiting on
// something, or stopped), the order as the steps read it, and the conditional status move that lets
// a cancel (or a hold) racing the pipeline win.
import { db } from "../../../db/client";
import { orderPhase } from "../../../domain/mailbox-orders/order-progress";
import { now } from "../../../lib/clock";
import { ORDER_INCLUDE, type MailboxOrderRow } from "../to-mailbox-order";

export type StepOutcome =
  | { state: "done" }
  /** Not finished yet: look again later. `waitingOn` says what, in plain words. */
  | { state: "waiting"; waitingOn: string }
  /** The order was cancelled, held for attention or ended: the run stops here. */
  | { state: "stopped" };

export const DONE: StepOutcome = { state: "done" };
export const STOPPED: StepOutcome = { state: "stopped" };

export async function loadProvisioningOrder(orderId: string): Promise<MailboxOrderRow | null> {
  return db.mailboxOrder.findUnique({ where: { id: orderId }, include: ORDER_INCLUDE });
}

/**
 * Loads the order for a step that works while the order has one of `statuses`; null with the outcome
 * to return when it has nothing to do (a later step already ran, or the order stopped).
 */
export async function orderForStep(
  orderId: string,
  statuses: readonly string[],
): Promise<{ order: MailboxOrderRow; outcome: null } | { order: null; outcome: StepOutcome }> {
  const order = await loadProvisioningOrder(orderId);
  if (!order) return { order: null, outcome: STOPPED };
  const phase = orderPhase(order.status, statuses);
  if (phase === "past") return { order: null, outcome: DONE };
  if (phase === "stopped") return { order: null, outcome: STOPPED };
  return { order, outcome: null };
}

/**
 * Moves the order to `to` only while it has one of `from` (a concurrent cancel or hold wins), and
 * starts the new stage's clock. True when this call moved it or it already had `to`.
 */
export async function moveOrderStatus(orderId: string, from: readonly string[], to: string): Promise<boolean> {
  const at = now();
  const moved = await db.mailboxOrder.updateMany({
    where: { id: orderId, status: { in: [...from] } },
    data: { status: to, stepStartedAt: at, delayed: false, statusLabel: null, updatedAt: at },
  });
  if (moved.count) return true;
  return (await db.mailboxOrder.count({ where: { id: orderId, status: to } })) > 0;
}

/** The domains the pipeline still works on (a refused one is left out: its part was refunded). */
export function liveDomains(order: MailboxOrderRow): MailboxOrderRow["domains"] {
  return order.domains.filter((domain) => domain.status !== "refused");
}
