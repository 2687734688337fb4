// Headers a tRPC answer carries beyond its body: Retry-After when a procedure was refused for going
// too fast (password attempts on first run or an invitation), as the REST API and sign-in send it.
import type { TRPCError } from "@trpc/server";
import { isHeraldError } from "../lib/errors";

export function trpcResponseMeta({ errors }: { errors: readonly TRPCError[] }): { headers?: Record<string, string> } {
  const waits = errors.flatMap((error) => (isHeraldError(error.cause) && error.cause.retryAfterSeconds !== undefined ? [error.cause.retryAfterSeconds] : []));
  return waits.length ? { headers: { "retry-after": String(Math.max(...waits)) } } : {};
}
