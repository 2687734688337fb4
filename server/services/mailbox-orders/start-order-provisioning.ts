// Asks the job runner to move a paid (or resumed) order through its provisioning pipeline
// (inngest/functions/provision-mailbox-order.ts). The run's idempotency key is the order and its
// round, so sending it again (a retry, the stalled-order sweep) starts no second run. A runner
// that cannot be reached fails nothing here: the order's payment or resume is already stored, and
// the stalled-order sweep (restart-stalled-mailbox-orders.ts) asks again a few minutes later.
import { inngest } from "@/inngest/client";
import { mailboxOrderProvisionRequested } from "@/inngest/events";
import { logger } from "../../lib/logger";

export async function startOrderProvisioning(orderId: string, round: number): Promise<boolean> {
  try {
    await inngest.send(mailboxOrderProvisionRequested.create({ orderId, round }, { id: `mailbox-order-${orderId}-${round}` }));
    return true;
  } catch (error) {
    logger.warn("Could not ask for a mailbox order's provisioning; the stalled-order sweep will ask again", { orderId, round, error });
    return false;
  }
}
