// Refunds whose provider call failed stay pending (refund-mailbox-order); the cron function
// inngest/functions/retry-pending-refunds.ts sends them again with their key, so the provider gives
// the money back once however many times it is asked. Refunds only just written are left to the
// call that wrote them.
import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { sendPendingRefund } from "./refund-mailbox-order";

const SETTLE_MS = 5 * 60_000;
const BATCH = 50;

export async function retryPendingRefunds(): Promise<{ sent: number; failed: number }> {
  const rows = await db.billingPayment.findMany({
    where: { kind: "refund", status: "pending", createdAt: { lte: new Date(now().getTime() - SETTLE_MS) } },
    orderBy: { createdAt: "asc" },
    take: BATCH,
  });
  let sent = 0;
  for (const row of rows) if (await sendPendingRefund(row)) sent += 1;
  return { sent, failed: rows.length - sent };
}
