// HubSpot's refusals, as the official client throws them (ApiException: the HTTP status in `code`,
// the parsed JSON answer in `body`, lower-cased `headers`), become CrmError in plain words.
// HubSpot documents its error answers as {status: "error", message, correlationId, category}
// (developers.hubspot.com/docs/api/error-handling), 429s as {status: "error", message, errorType:
// "RATE_LIMIT", policyName}, and the OAuth token endpoint's as 400 {status: "BAD_REFRESH_TOKEN" |
// "BAD_AUTH_CODE" | "BAD_CLIENT_ID" | …, message}.
import { CrmError } from "../types";

interface HubspotErrorBody {
  status?: string;
  message?: string;
  category?: string;
  errorType?: string;
  policyName?: string;
  errors?: Array<{ message?: string }>;
}

/** The status, body and headers of what the official client threw, when it was an HTTP answer. */
function httpFailure(error: unknown): { status: number; body: HubspotErrorBody; headers: Record<string, string> } | null {
  if (typeof error !== "object" || error === null) return null;
  const { code, body, headers } = error as { code?: unknown; body?: unknown; headers?: unknown };
  if (typeof code !== "number" || code < 100) return null;
  const parsed = typeof body === "string" ? safeJson(body) : body;
  return {
    status: code,
    body: typeof parsed === "object" && parsed !== null ? (parsed as HubspotErrorBody) : { message: typeof body === "string" ? body : undefined },
    headers: typeof headers === "object" && headers !== null ? (headers as Record<string, string>) : {},
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * HubSpot's validation message, readable: "Property values were not valid: [{…"message":"Property
 * \"foo\" does not exist"…}]" becomes "Property "foo" does not exist".
 */
export function plainHubspotMessage(body: HubspotErrorBody): string {
  return readableMessage(body).replace(/[.\s]+$/, "");
}

function readableMessage(body: HubspotErrorBody): string {
  const message = body.message?.trim() ?? "";
  const listed = message.indexOf(": [");
  if (listed >= 0) {
    const inner = safeJson(message.slice(listed + 2));
    if (Array.isArray(inner)) {
      const messages = inner.map((item: { message?: unknown }) => (typeof item?.message === "string" ? item.message : null)).filter((item): item is string => Boolean(item));
      if (messages.length > 0) return messages.join("; ");
    }
  }
  const details = (body.errors ?? []).map((item) => item.message).filter((item): item is string => Boolean(item));
  if (!message && details.length > 0) return details.join("; ");
  return message || "no reason given";
}

/**
 * Seconds to wait after a 429. HubSpot documents X-HubSpot-RateLimit-Interval-Milliseconds (the
 * rolling window the burst limit counts in) rather than Retry-After: wait out one window. A daily
 * limit waits an hour whatever the window header says; Retry-After wins when HubSpot sends it.
 */
function retryAfterSeconds(headers: Record<string, string>, body: HubspotErrorBody): number {
  const header = Number(headers["retry-after"]);
  if (Number.isFinite(header) && header > 0) return Math.ceil(header);
  if (body.policyName === "DAILY" || /daily limit/i.test(body.message ?? "")) return 60 * 60;
  const intervalMs = Number(headers["x-hubspot-ratelimit-interval-milliseconds"]);
  if (Number.isFinite(intervalMs) && intervalMs > 0) return Math.ceil(intervalMs / 1000);
  if (body.policyName === "SECONDLY" || /secondly limit/i.test(body.message ?? "")) return 1;
  // TEN_SECONDLY_ROLLING and anything unnamed: the window is ten seconds.
  return 10;
}

/**
 * The 403 categories that mean the connection itself lacks access (a scope not granted, the token
 * refused): reconnecting fixes them. Any other 403 (a feature the portal's plan lacks, a record the
 * user may not touch) refuses this one call only.
 */
const REVOKED_403_CATEGORIES = new Set(["MISSING_SCOPES", "INVALID_AUTHENTICATION", "REVOKED_AUTHENTICATION"]);

/** What the official client threw while doing `action` (e.g. "create the contact"), as a CrmError. */
export function toCrmError(error: unknown, action: string): CrmError {
  if (error instanceof CrmError) return error;
  const failure = httpFailure(error);
  if (!failure) {
    const reason = error instanceof Error ? error.message : String(error);
    return new CrmError("unavailable", `HubSpot could not be reached to ${action} (${reason}); Herald will try again.`, { cause: error });
  }
  const { status, body, headers } = failure;
  const reason = plainHubspotMessage(body);
  if (status === 401 && body.category === "EXPIRED_AUTHENTICATION") {
    // Only the 30-minute access token ran out, not the connection: the sync core renews the tokens
    // and repeats the call (withCrmClient).
    return new CrmError("token-expired", `HubSpot's access token had expired when Herald tried to ${action} (${reason}); Herald renews it and tries again.`, { cause: error });
  }
  if (status === 401) {
    return new CrmError("revoked", `HubSpot refused Herald's access while trying to ${action}: ${reason}. Reconnect HubSpot in Settings → Integrations.`, { cause: error });
  }
  if (status === 403 && body.category !== undefined && REVOKED_403_CATEGORIES.has(body.category)) {
    return new CrmError("revoked", `HubSpot did not allow Herald to ${action}: ${reason}. Reconnect HubSpot in Settings → Integrations and grant the permissions it asks for.`, { cause: error });
  }
  if (status === 429) {
    return new CrmError("rate-limited", `HubSpot asked Herald to slow down while trying to ${action} (${reason}).`, { retryAfterSeconds: retryAfterSeconds(headers, body), cause: error });
  }
  if (status === 404) return new CrmError("not-found", `HubSpot could not find what Herald needed to ${action}: ${reason}.`, { cause: error });
  if (status >= 500) return new CrmError("unavailable", `HubSpot failed while Herald tried to ${action} (${reason}); Herald will try again.`, { cause: error });
  return new CrmError("rejected", `HubSpot refused to ${action}: ${reason}.`, { cause: error });
}

/** The OAuth token endpoint's refusals: a refused refresh token means the connection is gone. */
export function toCrmTokenError(error: unknown, grant: "authorization_code" | "refresh_token"): CrmError {
  const failure = httpFailure(error);
  if (!failure || failure.status >= 500 || failure.status === 429) return toCrmError(error, grant === "refresh_token" ? "renew its access" : "finish connecting");
  const { status, body } = failure;
  const reason = plainHubspotMessage(body);
  if (body.status === "BAD_CLIENT_ID" || body.status === "BAD_CLIENT_SECRET") {
    return new CrmError("rejected", `HubSpot refused the app's client ID or secret (${reason}). Check the HubSpot app settings in Herald.`, { cause: error });
  }
  if (grant === "refresh_token" && (status === 400 || status === 401)) {
    return new CrmError("revoked", `HubSpot no longer accepts this connection (${reason}): the app was uninstalled or its access was revoked. Reconnect HubSpot in Settings → Integrations.`, { cause: error });
  }
  if (body.status === "BAD_AUTH_CODE") {
    return new CrmError("rejected", `HubSpot refused the authorization (${reason}): it expired or was already used. Connect HubSpot again.`, { cause: error });
  }
  if (body.status === "BAD_REDIRECT_URI") {
    return new CrmError("rejected", `HubSpot refused the redirect URL (${reason}): it must match the one set in the HubSpot app exactly.`, { cause: error });
  }
  return new CrmError("rejected", `HubSpot refused to connect (${reason}).`, { cause: error });
}

/** Runs one call to HubSpot and turns whatever it throws into a CrmError. */
export async function callHubspot<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toCrmError(error, action);
  }
}
