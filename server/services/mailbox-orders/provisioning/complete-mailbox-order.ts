// Pipeline step `completed`: every live mailbox is connected; the order and its domains are done.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { DONE, liveDomains, orderForStep, STOPPED, type StepOutcome } from "./order-step";

export async function completeMailboxOrder(orderId: string): Promise<StepOutcome> {
  const found = await orderForStep(orderId, ["connecting"]);
  if (!found.order) return found.outcome;
  const domains = liveDomains(found.order);
  if (domains.some((domain) => domain.mailboxes.some((mailbox) => mailbox.step !== "connected"))) return STOPPED;
  const at = now();
  const moved = await db.mailboxOrder.updateMany({
    where: { id: orderId, status: "connecting" },
    data: { status: "completed", completedAt: at, delayed: false, statusLabel: null, resumeStatus: null, stepStartedAt: at, updatedAt: at },
  });
  if (!moved.count) return STOPPED;
  await db.mailboxOrderDomain.updateMany({ where: { id: { in: domains.map((domain) => domain.id) } }, data: { status: "connected", updatedAt: at } });
  return DONE;
}
