import { db } from "../../db/client";
import { now } from "../../lib/clock";

const WINDOW_MS = 60_000;

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** When the current window ends. */
  resetAt: Date;
  allowed: boolean;
}

/**
 * Counts one request against the key's per-minute budget (fixed one-minute windows, kept in the
 * database so that several Herald processes share the count).
 */
export async function consumeApiRequest(apiKeyId: string, limit: number): Promise<RateLimitState> {
  const current = now().getTime();
  const windowStart = new Date(current - (current % WINDOW_MS));
  const rows = await db.$queryRaw<Array<{ count: number }>>`
    INSERT INTO "ApiRateLimitWindow" ("apiKeyId", "windowStart", "count") VALUES (${apiKeyId}, ${windowStart}, 1)
    ON CONFLICT ("apiKeyId", "windowStart") DO UPDATE SET "count" = "ApiRateLimitWindow"."count" + 1
    RETURNING "count"`;
  const count = rows[0]?.count ?? 1;
  if (count === 1) {
    // The first request of a window clears the key's older windows.
    await db.apiRateLimitWindow.deleteMany({ where: { apiKeyId, windowStart: { lt: windowStart } } });
  }
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetAt: new Date(windowStart.getTime() + WINDOW_MS),
    allowed: count <= limit,
  };
}
