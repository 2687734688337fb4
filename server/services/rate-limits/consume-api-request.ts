import { now } from "../../lib/clock";
import { sharedLimiter } from "./attempt-limiter";

const WINDOW_MS = 60_000;

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** When the current window ends. */
  resetAt: Date;
  allowed: boolean;
}

// Counted in this process's memory (see attempt-limiter.ts for why that is enough): a database
// upsert per request made every authenticated call a committed write and capped a cheap route at
// about 120 requests/s. Up to 10,000 keys are tracked at once; past that the oldest windows go.
const windows = () => sharedLimiter("api-requests", { limit: 1, windowMs: WINDOW_MS, maxKeys: 10_000 });

/** Counts one request against the key's per-minute budget (fixed windows aligned to the minute). */
export function consumeApiRequest(apiKeyId: string, limit: number): RateLimitState {
  const current = now().getTime();
  const state = windows().hit(apiKeyId, current, { limit, windowStart: current - (current % WINDOW_MS) });
  return {
    limit,
    remaining: Math.max(0, limit - state.count),
    resetAt: new Date(state.resetAt),
    allowed: state.allowed,
  };
}
