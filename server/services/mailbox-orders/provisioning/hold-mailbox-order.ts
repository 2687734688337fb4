// An order whose pipeline cannot go on by itself (a wait far past its expected time, or a step that
// failed after its retries): `needs_attention`, delayed, with a label in plain words, remembering the
// status to resume to. The run ends; resume-mailbox-order.ts starts a new round from there.
import { db } from "../../../db/client";
import { failedLabel, STAGE_DOING, stageOfStatus, type ProgressStage } from "../../../domain/mailbox-orders/order-progress";
import { now } from "../../../lib/clock";

const RUNNING = ["paid", "placing", "placing_unknown", "placed", "provisioning", "authorizing", "connecting"];

/** True when the order was held (false when it had already left the pipeline, e.g. cancelled). */
export async function holdMailboxOrder(orderId: string, label: string): Promise<boolean> {
  const order = await db.mailboxOrder.findUnique({ where: { id: orderId }, select: { status: true } });
  if (!order || !RUNNING.includes(order.status)) return false;
  const moved = await db.mailboxOrder.updateMany({
    // Only from the status read: a cancel in between wins.
    where: { id: orderId, status: order.status },
    data: { status: "needs_attention", resumeStatus: order.status, delayed: true, statusLabel: label, updatedAt: now() },
  });
  return moved.count > 0;
}

/** A step failed after its retries (or waited past its last look): held, saying what it was doing and why. */
export async function holdFailedOrder(orderId: string, stage: ProgressStage, reason: string): Promise<boolean> {
  const order = await db.mailboxOrder.findUnique({ where: { id: orderId }, select: { status: true } });
  const doing = STAGE_DOING[(order && stageOfStatus(order.status)) || stage];
  return holdMailboxOrder(orderId, failedLabel(doing, reason));
}
