// The delivery schedule of the spec: 6 attempts, retried after about 4 s, 16 s, 64 s, 4 min and
// 17 min; 25 consecutive failed attempts disable an endpoint; rows are kept 7 days.
export const MAX_ATTEMPTS_PER_ROUND = 6;
export const DISABLE_AFTER_CONSECUTIVE_FAILURES = 25;
export const DELIVERY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Seconds to wait after failed attempt `number` (1-based) of a round: 4^number. */
export function retryDelaySeconds(number: number): number {
  return 4 ** number;
}
