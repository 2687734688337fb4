// The safety net for an order whose provisioning event never reached the job runner (sent just
// before a crash, or while the runner was unreachable, after a payment or a resume): an order in a
// pipeline status some minutes after its last change is asked for again. The run's idempotency key
// (order and round) and the event's id make a repeat for an order whose run does exist (one waiting
// on a slow registration, say) start nothing.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { startOrderProvisioning } from "../start-order-provisioning";

/** The statuses a run of the pipeline moves on its own. */
const PIPELINE_STATUSES = ["paid", "placing", "placing_unknown", "placed", "provisioning", "authorizing", "connecting"] as const;

/** How long an order may go without a change before its run is asked for again. */
export const STALLED_AFTER_MS = 5 * 60_000;

export async function restartStalledMailboxOrders(): Promise<{ restarted: number }> {
  const stalled = await db.mailboxOrder.findMany({
    where: { status: { in: [...PIPELINE_STATUSES] }, updatedAt: { lt: new Date(now().getTime() - STALLED_AFTER_MS) } },
    select: { id: true, round: true },
    orderBy: { updatedAt: "asc" },
    take: 200,
  });
  for (const order of stalled) await startOrderProvisioning(order.id, order.round);
  return { restarted: stalled.length };
}
