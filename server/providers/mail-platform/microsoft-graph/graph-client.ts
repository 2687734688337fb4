// Calls to Microsoft Graph as Herald's app registration: an app-only token from the client
// credentials grant (cached until shortly before it expires, on Herald's clock), then JSON requests
// whose Graph errors `{error: {code, message}}` become ProvisioningErrors in plain words.
import { now } from "../../../lib/clock";
import { ProvisioningError } from "../../provisioning-error";
import { isRetryableStatus, provisioningFetch, shortDetail, type ProvisioningAnswer, type RequestEffect } from "../../provisioning-fetch";

export const GRAPH_URL = "https://graph.microsoft.com";
export const GRAPH_SCOPE = "https://graph.microsoft.com/.default";
const SERVICE = "Microsoft 365";
/** Renew the token this long before Microsoft says it expires. */
const TOKEN_MARGIN_MS = 5 * 60 * 1000;

export interface GraphOptions {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  graphUrl?: string;
  tokenUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface GraphCall {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Below /v1.0 (`/domains/acme.com`). */
  path: string;
  body?: unknown;
  /** A body that is not JSON (sendMail's base64 MIME is posted as text/plain), instead of `body`. */
  rawBody?: { contentType: string; text: string };
  /** Answer the body's bytes (a message's MIME from `/$value`) instead of parsed JSON. */
  bytesAnswer?: boolean;
  effect: RequestEffect;
  what: string;
  /** Answer null instead of throwing on 404. */
  missingIsNull?: boolean;
}

export type GraphClient = <T>(call: GraphCall) => Promise<T | null>;

/** The client with its current app-only access token (whose claims say what the app was granted). */
export type GraphClientWithToken = GraphClient & { token(): Promise<string> };

function graphMessage(answer: ProvisioningAnswer): { code: string; message: string } {
  const body = answer.body as { error?: { code?: unknown; message?: unknown } | string; error_description?: unknown } | null;
  if (body && typeof body.error === "object" && body.error) {
    return { code: typeof body.error.code === "string" ? body.error.code : "", message: typeof body.error.message === "string" ? shortDetail(body.error.message) : "" };
  }
  // The token endpoint answers OAuth's shape: {error, error_description}.
  if (body && typeof body.error === "string") {
    const description = typeof body.error_description === "string" ? body.error_description.split(/\r?\n/)[0]! : "";
    return { code: body.error, message: shortDetail(description.replace(/^AADSTS\d+:\s*/, "")) };
  }
  return { code: "", message: shortDetail(answer.text) };
}

/** A refused or failed Graph call: a ProvisioningError that keeps Graph's HTTP status and error code (for the mail provider's own reading). */
export class GraphCallError extends ProvisioningError {
  readonly status: number;
  readonly graphCode: string;

  constructor(error: ProvisioningError, status: number, graphCode: string) {
    super(error.kind, error.message, { reason: error.reason });
    this.status = status;
    this.graphCode = graphCode;
  }
}

export function graphError(answer: ProvisioningAnswer, what: string): GraphCallError {
  const { code, message } = graphMessage(answer);
  const said = `${SERVICE} answered HTTP ${answer.status}${message ? ` (${message})` : ""} while ${what}`;
  const error = (kind: ProvisioningError) => new GraphCallError(kind, answer.status, code);
  if (isRetryableStatus(answer.status)) return error(new ProvisioningError("transient", said));
  if (answer.status === 401 || code === "invalid_client" || code === "unauthorized_client" || code === "InvalidAuthenticationToken") {
    return error(new ProvisioningError("refused", `Microsoft 365 did not accept Herald's app credentials: ${said}`, { reason: "unauthorized" }));
  }
  if (answer.status === 403 || code === "Authorization_RequestDenied") {
    return error(new ProvisioningError("refused", `Herald's app registration lacks a Microsoft Graph permission: ${said}`, { reason: "forbidden" }));
  }
  return error(new ProvisioningError("refused", said, { reason: "invalid" }));
}

export function createGraphClient(options: GraphOptions): GraphClientWithToken {
  const graph = (options.graphUrl ?? GRAPH_URL).replace(/\/$/, "");
  const tokenUrl = options.tokenUrl ?? `https://login.microsoftonline.com/${encodeURIComponent(options.tenantId)}/oauth2/v2.0/token`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  let cached: { token: string; expiresAt: number } | null = null;

  async function token(): Promise<string> {
    if (cached && now().getTime() < cached.expiresAt) return cached.token;
    const what = "signing in as Herald's app";
    const answer = await provisioningFetch(
      tokenUrl,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({ client_id: options.clientId, client_secret: options.clientSecret, scope: GRAPH_SCOPE, grant_type: "client_credentials" }).toString(),
      },
      { service: SERVICE, what, effect: "repeatable", timeoutMs, fetch: options.fetch },
    );
    const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null;
    if (!answer.ok || typeof body?.access_token !== "string") throw graphError(answer, what);
    const lifetimeMs = (typeof body.expires_in === "number" ? body.expires_in : Number(body.expires_in) || 3600) * 1000;
    cached = { token: body.access_token, expiresAt: now().getTime() + Math.max(0, lifetimeMs - TOKEN_MARGIN_MS) };
    return cached.token;
  }

  async function send(call: GraphCall): Promise<ProvisioningAnswer> {
    const headers: Record<string, string> = { authorization: `Bearer ${await token()}`, accept: "application/json" };
    if (call.body !== undefined) headers["content-type"] = "application/json";
    if (call.rawBody) headers["content-type"] = call.rawBody.contentType;
    const body = call.rawBody ? call.rawBody.text : call.body === undefined ? undefined : JSON.stringify(call.body);
    return provisioningFetch(`${graph}/v1.0${call.path}`, { method: call.method, headers, body }, { service: SERVICE, what: call.what, effect: call.effect, timeoutMs, fetch: options.fetch });
  }

  const client = async <T>(call: GraphCall): Promise<T | null> => {
    let answer = await send(call);
    // A token Graph no longer takes (revoked, or clocks apart) is renewed and the call made once more:
    // a 401 means the call was refused before it did anything.
    if (answer.status === 401) {
      cached = null;
      answer = await send(call);
      if (answer.status === 401) cached = null;
    }
    if (answer.status === 404 && call.missingIsNull) return null;
    if (!answer.ok) throw graphError(answer, call.what);
    return (call.bytesAnswer ? answer.bytes : answer.body) as T | null;
  };
  return Object.assign(client, { token });
}
