import { db } from "../../db/client";
import { now } from "../../lib/clock";

/** Idempotency records past their 24 hours. */
export async function purgeExpiredApiRecords(): Promise<{ idempotencyRecords: number }> {
  const idempotency = await db.idempotencyRecord.deleteMany({ where: { expiresAt: { lt: now() } } });
  return { idempotencyRecords: idempotency.count };
}
