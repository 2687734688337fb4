// How large a request body may be, per route: one table read by the process's request gate (which
// refuses a declared Content-Length above it before a byte is read) and by the route handlers'
// bounded body reader (which stops a chunked body at the same size). Without it one unauthenticated
// 200 MB post is held in memory whole.
import { HeraldError } from "../lib/errors";
// Herald's MCP endpoint carries the same writes as the API, adding leads included: the leads' limit.
import { MCP_PATH } from "./mcp-path";

/** JSON everywhere: far above any real request, far below what hurts the process. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
/** Adding leads takes 1000 leads per request, each with up to a few KB of custom variables. */
export const LEADS_BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/** A campaign carries its sequence: up to 500 steps of messages with variants. */
export const SEQUENCE_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
/** An uploaded file: 10 MB once decoded, so about 13.4 MB of base64 in JSON. */
export const FILE_BODY_LIMIT_BYTES = 14 * 1024 * 1024;
/** A person's own voice note recording: at most 5 MB of audio, base64 in JSON (a third larger). */
export const RECORDING_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/** A do-not-contact CSV import: up to 100,000 rows, 12 MB of text in JSON. */
export const DO_NOT_CONTACT_IMPORT_BODY_LIMIT_BYTES = 13 * 1024 * 1024;
/** An e-mail API provider's inbound webhook posts a whole reply as JSON, attachments included (Postmark takes up to 35 MB). */
export const MAIL_PROVIDER_WEBHOOK_BODY_LIMIT_BYTES = 36 * 1024 * 1024;
/** Inngest's executor posts a run's memoized step outputs; Inngest caps a run's state at 32 MB. */
export const INNGEST_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/** An e-mail API mailbox's webhook address; Mailgun's ends in /mime (its routes post the raw message only to such a URL). */
export const MAIL_PROVIDER_WEBHOOK_PATH = /^\/api\/providers\/mail\/[a-z]+\/[^/]+(\/mime)?$/;
const LEADS_REST_PATH = /^\/api\/v1\/(campaigns|lead-lists)\/[^/]+\/leads$/;
const SEQUENCE_REST_PATH = /^\/api\/v1\/campaigns(\/[^/]+(\/sequence\/[^/]+)?)?$/;
/** A verification job takes up to 100,000 addresses (about 3 MB of JSON). */
const VERIFICATION_JOBS_REST_PATH = /^\/api\/v1\/verification\/jobs$/;
const FILE_REST_PATH = /^\/api\/v1\/files$/;
const FILE_PROCEDURES = new Set(["files.upload"]);
const DO_NOT_CONTACT_IMPORT_REST_PATH = /^\/api\/v1\/do-not-contact\/import$/;
const DO_NOT_CONTACT_IMPORT_PROCEDURES = new Set(["doNotContact.importCsv"]);
const RECORDING_REST_PATH = /^\/api\/v1\/pending-voice-notes\/[^/]+\/recording$/;
const RECORDING_PROCEDURES = new Set(["approvals.voiceNotes.uploadRecording"]);
const LEADS_PROCEDURES = new Set(["campaigns.addLeads", "leadLists.addLeads", "verification.startJob"]);
const SEQUENCE_PROCEDURES = new Set(["campaigns.create", "campaigns.update", "campaigns.updateStep"]);

/** The procedures of a tRPC path; a batched call names them comma-separated in one segment. */
function trpcProcedures(pathname: string): string[] {
  return pathname.startsWith("/api/trpc/") ? pathname.slice("/api/trpc/".length).split(",") : [];
}

export function bodyLimitFor(pathname: string): number {
  if (pathname === "/api/inngest") return INNGEST_BODY_LIMIT_BYTES;
  if (MAIL_PROVIDER_WEBHOOK_PATH.test(pathname)) return MAIL_PROVIDER_WEBHOOK_BODY_LIMIT_BYTES;
  const procedures = trpcProcedures(pathname);
  if (FILE_REST_PATH.test(pathname) || procedures.some((name) => FILE_PROCEDURES.has(name))) return FILE_BODY_LIMIT_BYTES;
  if (DO_NOT_CONTACT_IMPORT_REST_PATH.test(pathname) || procedures.some((name) => DO_NOT_CONTACT_IMPORT_PROCEDURES.has(name))) return DO_NOT_CONTACT_IMPORT_BODY_LIMIT_BYTES;
  if (pathname === MCP_PATH || LEADS_REST_PATH.test(pathname) || VERIFICATION_JOBS_REST_PATH.test(pathname) || procedures.some((name) => LEADS_PROCEDURES.has(name))) return LEADS_BODY_LIMIT_BYTES;
  if (RECORDING_REST_PATH.test(pathname) || procedures.some((name) => RECORDING_PROCEDURES.has(name))) return RECORDING_BODY_LIMIT_BYTES;
  if (SEQUENCE_REST_PATH.test(pathname) || procedures.some((name) => SEQUENCE_PROCEDURES.has(name))) return SEQUENCE_BODY_LIMIT_BYTES;
  return DEFAULT_BODY_LIMIT_BYTES;
}

export function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

export function payloadTooLarge(limitBytes: number): HeraldError {
  return new HeraldError({
    code: "payload-too-large",
    message: `The request body is larger than ${formatBytes(limitBytes)}, the limit for this endpoint.`,
    details: { limitBytes },
  });
}
