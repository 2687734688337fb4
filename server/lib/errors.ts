// Herald's one error type. Services throw HeraldError with a code from one closed set; the code alone
// decides the HTTP status (the table below), and each edge (REST, tRPC, Inngest) translates it once.
// Anything else that escapes is an internal error: logged, never shown.

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 405 | 409 | 413 | 422 | 429 | 500 | 502 | 503;

/**
 * Every code Herald answers with, and its HTTP status. A new failure either reuses a code or adds
 * one here; a call site never picks a status. The LinkedIn sign-in and action codes are the spec's
 * (Errors item 2) and are shared with the provider (`ProviderErrorCode`).
 */
export const errorCodeToHttpStatus = {
  // Generic
  "invalid-input": 400,
  /** A request Node's HTTP parser refused before any route ran (server/http/client-error.ts). */
  "bad-request": 400,
  unauthorized: 401,
  forbidden: 403,
  "not-allowed": 403,
  "not-found": 404,
  "method-not-allowed": 405,
  "payload-too-large": 413,
  "rate-limited": 429,
  internal: 500,
  unavailable: 503,

  // Access and setup
  "not-a-member": 403,
  "workspace-not-allowed": 403,
  "too-many-attempts": 429,
  "already-set-up": 409,
  "already-member": 409,
  /** A change that would leave a workspace without an owner. */
  "last-owner": 409,
  /** A change that would leave the installation without an instance administrator. */
  "last-instance-admin": 409,
  /** The installation sells no AI credits (HERALD_AI_CREDIT_PRICE_CENTS_PER_1000 unset): an instance administrator grants them. */
  "credits-not-for-sale": 403,
  "invitation-accepted": 409,
  "invitation-revoked": 409,
  "invitation-expired": 409,

  // Idempotency-Key
  "idempotency-key-reused": 409,
  "idempotency-key-in-use": 409,

  // API key budgets (docs/agent-approvals.md): final until an admin raises or resets the budget, so not a 429.
  "key-budget-exhausted": 403,

  // Sender sign-in (POST /accounts, reconnect, checkpoints, hosted links)
  "invalid-credentials": 400,
  "invalid-session": 400,
  "proxy-failed": 400,
  "provider-timeout": 503,
  "provider-unreachable": 503,
  "checkpoint-code-rejected": 400,
  "checkpoint-restricted": 400,
  "checkpoint-expired": 409,
  "checkpoint-answered-elsewhere": 409,
  "checkpoint-step-unavailable": 409,
  "no-checkpoint": 409,
  "unsupported-verification": 400,
  "verification-required": 400,
  "verification-failed": 400,
  "connection-failed": 400,
  "invalid-totp-secret": 400,
  "different-account": 409,
  "no-plan": 409,
  "seat-limit-reached": 409,
  "link-connected": 409,
  "link-failed": 409,
  "link-expired": 409,

  // Sender actions
  "sender-not-ready": 409,
  "sender-paused": 409,
  "sender-unavailable": 409,
  "sender-cooldown": 429,
  "daily-limit-reached": 429,
  "weekly-limit-reached": 429,
  "invitation-pending": 409,
  "already-invited": 409,
  "already-connected": 409,
  "not-connected": 409,
  "no-inmail-credits": 409,
  "session-expired": 409,
  "account-restricted": 409,
  "network-limit-reached": 429,
  throttled: 429,
  "profile-not-found": 422,
  "no-recent-post": 422,
  "action-failed": 502,

  // Mailboxes (connecting checks the servers for real: every failure is the settings' fault, hence 400)
  "email-channel-disabled": 403,
  "managed-mailbox": 409,
  "mail-host-unreachable": 400,
  "mail-tls-failed": 400,
  "mail-auth-failed": 400,
  "mail-oauth-expired": 400,
  "mail-sending-refused": 400,
  "mail-timeout": 400,
  "mail-connection-failed": 400,

  // Campaigns, lists, credits, webhooks, sandbox
  "lead-finished": 409,
  "not-in-pool": 422,
  "sender-available": 409,
  "voice-assignments": 409,
  "list-in-use": 409,
  /** The workspace's AI credits cannot pay for the request; `details.balance` and `details.cost` when known. */
  "insufficient-credits": 402,
  "delivery-not-failed": 409,
  "endpoint-disabled": 409,
  /** A new webhook endpoint past the workspace's cap (HERALD_MAX_WEBHOOKS_PER_WORKSPACE). */
  "webhook-limit-reached": 409,
  "invitation-not-pending": 409,

  // The inbox: a reply that cannot go out (the sender or mailbox cannot send, the lead cannot be
  // written to), or that the mail server did not take
  "cannot-reply": 409,
  "mailbox-not-ready": 409,
  "email-not-sent": 409,

  // Mailbox hosted links (Google and Microsoft sign-in)
  /** An administrator has not set the provider's OAuth client id and secret. */
  "provider-not-configured": 409,
  /** A provider's answer that no Herald link started (wrong or replayed state). */
  "invalid-oauth-state": 400,

  // Approvals
  /** An approval decision on a draft that was already decided (or withdrawn because its lead moved on). */
  "already-decided": 409,

  // Mailbox health and warmup
  /** A warmup strategy with bad values; `details.errors` lists each field. */
  "invalid-strategy": 400,
  /** The warmup's starting volume changed after its first day. */
  "starting-volume-locked": 409,
  /** A deliverability test of this mailbox is still running. */
  "test-running": 409,
  /** Warmup cannot run for this mailbox now (not connected, or it was removed). */
  "warmup-unavailable": 409,

  // Mailbox orders and managed mailboxes
  /** Ordering domains and managed mailboxes is turned off for the workspace (Settings). */
  "managed-mailboxes-disabled": 403,
  /** cancel-managed on a mailbox the workspace connected itself. */
  "not-managed": 409,
  /** cancel-managed on a domain's admin mailbox while others run on it, without `confirmAdmin`. */
  "admin-mailbox": 409,
  /** A new mailbox on a domain whose admin mailbox was cancelled. */
  "domain-closed": 409,
  /** Paying an order that is not `quoted` (already paid, cancelled) or whose quote expired. */
  "order-not-payable": 409,
  /** Resuming an order that is not `needs_attention`. */
  "order-not-resumable": 409,
  /** Cancelling an order that is connecting mailboxes, completed or already cancelled. */
  "order-not-cancellable": 409,
  /** The registrar, mail platform or billing provider could not be reached or refused the call. */
  "provider-failed": 502,
  /** The CRM refused the connection's token (revoked, uninstalled): reconnect it under Settings → Integrations. */
  "crm-disconnected": 409,
} as const satisfies Record<string, ErrorStatus>;

export type ErrorCode = keyof typeof errorCodeToHttpStatus;

/** The closed set as a non-empty tuple, for `z.enum` and for listings. */
export const errorCodes = Object.keys(errorCodeToHttpStatus) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(errorCodeToHttpStatus, value);
}

export interface FieldIssue {
  /** Dotted path of the offending field, e.g. `sequence.steps.2.config.note`. */
  field: string;
  message: string;
}

export interface HeraldErrorOptions {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
  /** Seconds until a retry may succeed; sent as Retry-After with 429 and 503. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class HeraldError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;
  readonly retryAfterSeconds?: number;

  constructor(options: HeraldErrorOptions) {
    super(options.message, { cause: options.cause });
    this.name = "HeraldError";
    this.code = options.code;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): ErrorStatus {
    return errorCodeToHttpStatus[this.code];
  }

  static invalidInput(message: string, fields: FieldIssue[] = []): HeraldError {
    return new HeraldError({ code: "invalid-input", message, details: fields.length ? { fields } : undefined });
  }

  /** A 404 that never says whether the thing exists in another workspace. */
  static notFound(what: string): HeraldError {
    return new HeraldError({ code: "not-found", message: `${what} not found` });
  }
}

export function isHeraldError(error: unknown): error is HeraldError {
  return error instanceof HeraldError || (error instanceof Error && error.name === "HeraldError" && "code" in error);
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
}

/** The public shape of any error. Unknown errors become a generic 500; the caller logs the cause. */
export function toErrorBody(error: unknown): { status: ErrorStatus; body: ErrorBody; retryAfterSeconds?: number } {
  if (isHeraldError(error)) {
    const body: ErrorBody = { error: { code: error.code, message: error.message } };
    if (error.details) body.error.details = error.details;
    return { status: errorCodeToHttpStatus[error.code], body, retryAfterSeconds: error.retryAfterSeconds };
  }
  return {
    status: 500,
    body: { error: { code: "internal", message: "Something went wrong on our side. The error was logged; try again." } },
  };
}
