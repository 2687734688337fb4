// Unipile answers errors as RFC 7807 problems ({status, type, title, detail}); this table turns
// them into Herald's LinkedinProviderError codes. The types are the ones Unipile's API reference
// lists (v1, "errors/..."); a type it adds later falls back on its HTTP status.
import { LinkedinProviderError, type ProviderErrorCode } from "../types";

/**
 * Sign-in requests (connect, checkpoints, reconnect, hosted links) and actions (reading and acting
 * on LinkedIn) use different code families: the same Unipile type means "your password is wrong"
 * during a sign-in and "the session behind this sender died" during a campaign step.
 */
export type UnipileRequestKind = "sign-in" | "action";

/** Per call, a Unipile type (or `http:<status>`) mapped to the code that call means by it. */
export type ErrorOverrides = Partial<Record<string, ProviderErrorCode>>;

export interface UnipileProblem {
  /** The HTTP status of the response (authoritative over the body's copy). */
  status: number;
  type: string | null;
  title: string | null;
  detail: string | null;
  retryAfterSeconds?: number;
}

/** The problem in an error body Unipile sent (JSON or not). */
export function problemFromBody(status: number, body: unknown, retryAfterSeconds?: number): UnipileProblem {
  const fields = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const field = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string) : null);
  return { status, type: field("type"), title: field("title"), detail: field("detail"), retryAfterSeconds };
}

type Pair = readonly [signIn: ProviderErrorCode, action: ProviderErrorCode];

const BY_TYPE: Record<string, Pair> = {
  // 401: credentials and sessions
  "errors/invalid_credentials": ["invalid-credentials", "session-expired"],
  "errors/wrong_account": ["invalid-credentials", "session-expired"],
  "errors/expired_credentials": ["invalid-session", "session-expired"],
  "errors/disconnected_account": ["invalid-session", "session-expired"],
  "errors/disconnected_feature": ["invalid-session", "session-expired"],
  "errors/multiple_sessions": ["connection-failed", "session-expired"],
  "errors/invalid_checkpoint_solution": ["checkpoint-code-rejected", "checkpoint-code-rejected"],
  // "The checkpoint does not appear to be resolvable": during an action it means LinkedIn put the
  // session behind a challenge, which only a new sign-in clears.
  "errors/checkpoint_error": ["verification-failed", "session-expired"],
  "errors/captcha_not_supported": ["verification-required", "session-expired"],
  "errors/invalid_proxy_credentials": ["proxy-failed", "proxy-failed"],
  // 403
  "errors/account_restricted": ["checkpoint-restricted", "account-restricted"],
  "errors/action_required": ["verification-required", "account-restricted"],
  "errors/session_mismatch": ["invalid-session", "session-expired"],
  "errors/account_mismatch": ["invalid-credentials", "session-expired"],
  // 422: LinkedIn refused the action
  "errors/already_invited_recently": ["connection-failed", "already-invited"],
  // During a sign-in this is a checkpoint resent too soon; on an invitation it is LinkedIn's
  // cooldown after a recent invitation to the same person.
  "errors/cannot_resend_yet": ["rate-limited", "already-invited"],
  "errors/cannot_resend_within_24hrs": ["rate-limited", "already-invited"],
  "errors/already_connected": ["already-connected", "already-connected"],
  "errors/limit_exceeded": ["rate-limited", "network-limit-reached"],
  "errors/no_connection_with_recipient": ["connection-failed", "not-connected"],
  // The recipient does not take InMail from this sender: only a connection reaches them.
  "errors/not_allowed_inmail": ["connection-failed", "not-connected"],
  "errors/insufficient_credits": ["connection-failed", "no-inmail-credits"],
  "errors/provider_unreachable": ["provider-unreachable", "provider-unreachable"],
  "errors/realtime_client_not_initialized": ["provider-unreachable", "provider-unreachable"],
  // 429
  "errors/too_many_requests": ["rate-limited", "throttled"],
  // 5xx. provider_error is also how LinkedIn's own throttling surfaces on actions.
  "errors/provider_error": ["connection-failed", "throttled"],
  "errors/authentication_intent_error": ["checkpoint-expired", "checkpoint-expired"],
  "errors/proxy_error": ["proxy-failed", "proxy-failed"],
  "errors/no_client_session": ["provider-unreachable", "provider-unreachable"],
  "errors/no_channel": ["provider-unreachable", "provider-unreachable"],
  "errors/no_handler": ["provider-unreachable", "provider-unreachable"],
  "errors/network_down": ["provider-unreachable", "provider-unreachable"],
  "errors/service_unavailable": ["provider-unreachable", "provider-unreachable"],
  "errors/request_timeout": ["provider-timeout", "provider-timeout"],
};

/** Types whose code says "retry later" although the code alone does not. */
const RETRYABLE_TYPES = new Set(["errors/provider_error", "errors/unexpected_error"]);

// No 407 here: fetch turns "Proxy Authentication Required" into a network error before Herald sees
// it (provider-unreachable); Unipile reports bad proxy credentials as 401 invalid_proxy_credentials.
function byStatus(status: number, kind: UnipileRequestKind): ProviderErrorCode | null {
  if (status === 408 || status === 504) return "provider-timeout";
  if (status === 429) return kind === "sign-in" ? "rate-limited" : "throttled";
  if (status === 502 || status === 503) return "provider-unreachable";
  return null;
}

export function toProviderError(problem: UnipileProblem, kind: UnipileRequestKind, overrides: ErrorOverrides = {}): LinkedinProviderError {
  const { status, type } = problem;
  const fallback: ProviderErrorCode = kind === "sign-in" ? "connection-failed" : "action-failed";
  const pair = type ? BY_TYPE[type] : undefined;
  const code =
    (type ? overrides[type] : undefined) ??
    overrides[`http:${status}`] ??
    (pair ? (kind === "sign-in" ? pair[0] : pair[1]) : undefined) ??
    byStatus(status, kind) ??
    fallback;
  const said = [problem.title, problem.detail].filter((part): part is string => Boolean(part)).join(": ");
  const message = `Unipile answered HTTP ${status}${type ? ` (${type})` : ""}${said ? `: ${said}` : ""}`;
  const retryable = (type !== null && RETRYABLE_TYPES.has(type)) || (code === fallback && status >= 500) ? true : undefined;
  return new LinkedinProviderError(code, message, { retryable, retryAfterSeconds: problem.retryAfterSeconds });
}
