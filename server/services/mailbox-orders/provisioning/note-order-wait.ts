// The pipeline is waiting on something (a registration to become active, a tenant to be verified):
// judged against the stage's expected time (domain/mailbox-orders/order-progress.ts), the order is
// on time, `delayed` with a label saying what is slow, or held for the team past four times it.
import { db } from "../../../db/client";
import { judgeProgress } from "../../../domain/mailbox-orders/order-progress";
import { now } from "../../../lib/clock";
import { holdMailboxOrder } from "./hold-mailbox-order";

/** `wait` to look again later, `stopped` when the order was held (or left the pipeline meanwhile). */
export async function noteOrderWait(orderId: string, waitingOn: string): Promise<"wait" | "stopped"> {
  const order = await db.mailboxOrder.findUnique({ where: { id: orderId }, select: { status: true, stepStartedAt: true, updatedAt: true, statusLabel: true } });
  if (!order) return "stopped";
  const at = now();
  const startedAt = order.stepStartedAt ?? order.updatedAt;
  const verdict = judgeProgress({ status: order.status, waitingOn, elapsedMs: at.getTime() - startedAt.getTime() });
  if (verdict.state === "needs_attention") {
    await holdMailboxOrder(orderId, verdict.label);
    return "stopped";
  }
  if (verdict.state === "delayed" && order.statusLabel !== verdict.label) {
    await db.mailboxOrder.updateMany({ where: { id: orderId, status: order.status }, data: { delayed: true, statusLabel: verdict.label, updatedAt: at } });
  }
  return "wait";
}
