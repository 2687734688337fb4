// How large a request body may be, per route: one table read by the process's request gate (which
// refuses a declared Content-Length above it before a byte is read) and by the route handlers'
// bounded body reader (which stops a chunked body at the same size). Without it one unauthenticated
// 200 MB post is held in memory whole.
import { HeraldError } from "../lib/errors";

/** JSON everywhere: far above any real request, far below what hurts the process. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
/** Adding leads takes 1000 leads per request, each with up to a few KB of custom variables. */
export const LEADS_BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/** Inngest's executor posts a run's memoized step outputs; Inngest caps a run's state at 32 MB. */
export const INNGEST_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

const LEADS_REST_PATH = /^\/api\/v1\/(campaigns|lead-lists)\/[^/]+\/leads$/;

function isLeadsTrpcPath(pathname: string): boolean {
  if (!pathname.startsWith("/api/trpc/")) return false;
  // A batched tRPC call names its procedures comma-separated in one path segment.
  return pathname
    .slice("/api/trpc/".length)
    .split(",")
    .some((procedure) => procedure === "campaigns.addLeads" || procedure === "leadLists.addLeads");
}

export function bodyLimitFor(pathname: string): number {
  if (pathname === "/api/inngest") return INNGEST_BODY_LIMIT_BYTES;
  if (LEADS_REST_PATH.test(pathname) || isLeadsTrpcPath(pathname)) return LEADS_BODY_LIMIT_BYTES;
  return DEFAULT_BODY_LIMIT_BYTES;
}

export function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

export function payloadTooLarge(limitBytes: number): HeraldError {
  return new HeraldError({
    code: "payload-too-large",
    status: 413,
    message: `The request body is larger than ${formatBytes(limitBytes)}, the limit for this endpoint.`,
    details: { limitBytes },
  });
}
