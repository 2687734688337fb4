// The jsforce side of the Salesforce provider: one Connection per client, and every failure as a
// CrmError in plain words. jsforce's own session renewal is off: it would keep the new access token
// (and a rotated refresh token) in the Connection only, and it wraps any renewal failure, a 503 as
// much as a revoked grant, as "Unable to refresh session". An expired session (INVALID_SESSION_ID)
// is "token-expired" instead: the sync core renews through salesforce-oauth.ts, stores the new
// tokens and repeats the call (Salesforce's token response has no expiry to renew ahead of).
// Salesforce documents its failures in the REST API Developer Guide ("Status Codes and Error
// Responses"; "API Request Limits and Allocations").
import { Connection, OAuth2 } from "jsforce";
import { CrmError, type CrmOAuthConfig, type CrmTokens } from "../types";

export const SALESFORCE_API_VERSION = "62.0";

/** What jsforce throws: HttpApiError (errorCode, message, data) or an OAuth2 error named by its code. */
interface SalesforceFailure {
  name?: string;
  errorCode?: string;
  message?: string;
  data?: unknown;
}

const REJECTED_CODES = new Set([
  "REQUIRED_FIELD_MISSING",
  "FIELD_CUSTOM_VALIDATION_EXCEPTION",
  "INVALID_FIELD",
  "INVALID_FIELD_FOR_INSERT_UPDATE",
  "INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST",
  "INVALID_EMAIL_ADDRESS",
  "STRING_TOO_LONG",
  "MALFORMED_ID",
  "INVALID_CROSS_REFERENCE_KEY",
  "FIELD_INTEGRITY_EXCEPTION",
  "DUPLICATES_DETECTED",
  "INVALID_TYPE",
  "MALFORMED_QUERY",
  "JSON_PARSER_ERROR",
]);

function firstDetail(failure: SalesforceFailure): { code: string; message: string } {
  const code = failure.errorCode ?? failure.name ?? "";
  if (code === "MULTIPLE_API_ERRORS" && Array.isArray(failure.data)) {
    const [first] = failure.data as Array<{ errorCode?: string; message?: string }>;
    return { code: first?.errorCode ?? code, message: (failure.data as Array<{ message?: string }>).map((detail) => detail.message).filter(Boolean).join("; ") };
  }
  return { code, message: failure.message ?? "" };
}

/** A jsforce failure (or its absence of an answer) as a CrmError. */
export function salesforceError(error: unknown): CrmError {
  if (error instanceof CrmError) return error;
  const failure: SalesforceFailure = error && typeof error === "object" ? (error as SalesforceFailure) : { message: String(error) };
  const { code, message } = firstDetail(failure);
  const said = message.trim().split("\n")[0] ?? "";
  if (code === "INVALID_SESSION_ID") {
    return new CrmError("token-expired", "Salesforce ended Herald's session (INVALID_SESSION_ID).", { cause: error });
  }
  if (code === "invalid_grant") {
    return new CrmError("revoked", "Salesforce no longer accepts Herald's access (the session or refresh token was revoked or expired): reconnect Salesforce in Settings → Integrations.", { cause: error });
  }
  if (code === "REQUEST_LIMIT_EXCEEDED") {
    // The daily API allocation is counted over a rolling 24 hours; concurrency limits clear in a minute.
    const retryAfterSeconds = /TotalRequests/i.test(said) ? 3600 : 60;
    return new CrmError("rate-limited", `Salesforce's API limit was reached (${said || "REQUEST_LIMIT_EXCEEDED"}); Herald retries in ${retryAfterSeconds / 60} minutes.`, { retryAfterSeconds, cause: error });
  }
  if (code === "NOT_FOUND" || code === "ENTITY_IS_DELETED" || code === "INVALID_QUERY_LOCATOR") return new CrmError("not-found", `Salesforce has no such record${said ? `: ${said}` : ""}.`, { cause: error });
  if (REJECTED_CODES.has(code)) return new CrmError("rejected", `Salesforce refused the data: ${said || code}.`, { cause: error });
  const status = /^ERROR_HTTP_(\d{3})$/.exec(code);
  if (status && Number(status[1]) >= 500) return new CrmError("unavailable", `Salesforce is not answering properly (HTTP ${status[1]}); Herald retries later.`, { cause: error });
  if (status && Number(status[1]) === 401) return new CrmError("token-expired", "Salesforce did not accept Herald's session (HTTP 401).", { cause: error });
  if (code !== "" && /^[A-Z_]+$/.test(code) && code !== "ERROR") return new CrmError("rejected", `Salesforce refused the request: ${said || code}.`, { cause: error });
  return new CrmError("unavailable", `Salesforce could not be reached${said ? ` (${said})` : ""}; Herald retries later.`, { cause: error });
}

/** Runs a jsforce call, answering its failures as CrmErrors. */
export async function salesforceCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw salesforceError(error);
  }
}

const SALESFORCE_HOST_SUFFIXES = [".salesforce.com", ".force.com", ".cloudforce.com", ".salesforce.mil", ".sfcrmproducts.cn"];

/**
 * Herald only sends a Salesforce token to Salesforce: an instance_url from a token response must be
 * an https address on one of Salesforce's domains (a stand-in is configured through apiBaseUrl).
 */
export function checkSalesforceInstanceUrl(instanceUrl: string): string {
  let url: URL;
  try {
    url = new URL(instanceUrl);
  } catch {
    throw new CrmError("rejected", "Salesforce answered with an instance address that is not a web address.");
  }
  if (url.protocol !== "https:" || !SALESFORCE_HOST_SUFFIXES.some((suffix) => url.hostname.endsWith(suffix))) {
    throw new CrmError("rejected", `Salesforce answered with an instance address outside Salesforce's domains (${url.hostname}); Herald does not send tokens there.`);
  }
  return url.origin;
}

export function salesforceOAuth2(config: CrmOAuthConfig, redirectUri?: string): OAuth2 {
  return new OAuth2({ clientId: config.clientId, clientSecret: config.clientSecret, redirectUri, authzServiceUrl: config.authorizeUrl, tokenServiceUrl: config.tokenUrl });
}

export function salesforceInstanceUrl(tokens: CrmTokens, config: CrmOAuthConfig): string {
  const url = config.apiBaseUrl ?? tokens.instanceUrl;
  if (!url) throw new CrmError("revoked", "The Salesforce connection has no instance address: reconnect Salesforce in Settings → Integrations.");
  return url.replace(/\/+$/, "");
}

/**
 * jsforce retries a failed GET five times with a backoff of up to 8 seconds (15 s in all) inside
 * one call; Herald's sync retries each step itself, spaced by its rate limits, so the connection
 * answers a failure at once instead of holding the step.
 */
export function withoutTransportRetries(connection: Connection): Connection {
  const transport = connection._transport;
  const send = transport.httpRequest.bind(transport);
  transport.httpRequest = (request, options = {}) => send(request, { ...options, retry: { ...options.retry, maxRetries: 0 } });
  return connection;
}

export function salesforceConnection(tokens: CrmTokens, config: CrmOAuthConfig): Connection {
  return withoutTransportRetries(
    new Connection({
      instanceUrl: salesforceInstanceUrl(tokens, config),
      accessToken: tokens.accessToken,
      version: SALESFORCE_API_VERSION,
    }),
  );
}

/** A SOQL string literal. */
export function soqlString(value: string): string {
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

/** A SOQL dateTime literal (unquoted, UTC). */
export function soqlDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
