import { db } from "../../db/client";
import { now } from "../../lib/clock";

/** Idempotency records past their 24 hours, and rate-limit windows older than an hour. */
export async function purgeExpiredApiRecords(): Promise<{ idempotencyRecords: number; rateLimitWindows: number }> {
  const current = now();
  const idempotency = await db.idempotencyRecord.deleteMany({ where: { expiresAt: { lt: current } } });
  const windows = await db.apiRateLimitWindow.deleteMany({ where: { windowStart: { lt: new Date(current.getTime() - 3_600_000) } } });
  return { idempotencyRecords: idempotency.count, rateLimitWindows: windows.count };
}
