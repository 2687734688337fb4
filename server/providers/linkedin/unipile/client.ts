// A small HTTP client for Unipile's API v1: the account's DSN as base URL, the X-API-KEY header,
// JSON or multipart bodies, one timeout per request, and every failure turned into a
// LinkedinProviderError here, so the operations above it only ever see Herald's codes.
import { now } from "../../../lib/clock";
import { LinkedinProviderError } from "../types";
import { problemFromBody, toProviderError, type ErrorOverrides, type UnipileProblem, type UnipileRequestKind } from "./errors";

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface UnipileClientConfig {
  /** The account's DSN from Unipile's dashboard, e.g. `https://api8.unipile.com:13851`. */
  dsn: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Per request, body included. */
  timeoutMs?: number;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface UnipileRequest {
  method: "GET" | "POST" | "DELETE";
  /** Path under the DSN, starting with `/api/v1/`. Callers encode path parameters. */
  path: string;
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: FormData;
  kind: UnipileRequestKind;
  overrides?: ErrorOverrides;
  /** Error statuses answered as a result instead of thrown (e.g. 404 on a delete). */
  accept?: number[];
}

export interface UnipileResult {
  status: number;
  body: unknown;
}

export interface UnipileClient {
  /** The DSN as a base URL (scheme, host, port), also what hosted links need as `api_url`. */
  readonly baseUrl: string;
  request(request: UnipileRequest): Promise<UnipileResult>;
}

/** Accepts the DSN as the dashboard shows it (`api8.unipile.com:13851`) or as a URL. */
export function normalizeDsn(dsn: string): string {
  const trimmed = dsn.trim();
  if (!trimmed) throw new Error("Unipile DSN is empty (UNIPILE_DSN)");
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new Error(`Unipile DSN is not a valid host or URL (UNIPILE_DSN): ${dsn}`);
  }
  return url.origin;
}

function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const at = Date.parse(header);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now().getTime()) / 1000));
}

function asProblem(status: number, text: string, retryAfter: number | undefined): UnipileProblem {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: a proxy or load balancer in front of Unipile answered; the status still says enough.
  }
  return problemFromBody(status, body, retryAfter);
}

function isTimeout(error: unknown, signal: AbortSignal): boolean {
  if (signal.aborted) return true;
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : "";
  return cause ? `${error.message} (${cause})` : error.message;
}

export function createUnipileClient(config: UnipileClientConfig): UnipileClient {
  const baseUrl = normalizeDsn(config.dsn);
  if (!config.apiKey) throw new Error("Unipile API key is empty (UNIPILE_API_KEY)");
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function request(input: UnipileRequest): Promise<UnipileResult> {
    const url = new URL(input.path, baseUrl);
    for (const [key, value] of Object.entries(input.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { "X-API-KEY": config.apiKey, accept: "application/json" };
    let body: string | FormData | undefined;
    if (input.form) {
      // fetch writes the multipart boundary into Content-Type itself.
      body = input.form;
    } else if (input.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(input.json);
    }

    const signal = AbortSignal.timeout(timeoutMs);
    // Unipile answers in place; a redirect would carry the API key to another host, so it fails.
    const what = `${input.method} ${input.path}`;
    let status: number;
    let text: string;
    let retryAfter: string | null;
    try {
      const response = await doFetch(url, { method: input.method, headers, body, signal, redirect: "error" });
      status = response.status;
      retryAfter = response.headers.get("retry-after");
      text = await response.text();
    } catch (error) {
      if (isTimeout(error, signal)) {
        throw new LinkedinProviderError("provider-timeout", `Unipile did not answer ${what} within ${timeoutMs} ms`, { cause: error });
      }
      throw new LinkedinProviderError("provider-unreachable", `Unipile could not be reached for ${what}: ${describe(error)}`, { cause: error });
    }

    const ok = status >= 200 && status < 300;
    if (!ok && !input.accept?.includes(status)) {
      throw toProviderError(asProblem(status, text, retryAfterSeconds(retryAfter)), input.kind, input.overrides);
    }
    if (!text) return { status, body: null };
    try {
      return { status, body: JSON.parse(text) as unknown };
    } catch (error) {
      if (!ok) return { status, body: null };
      throw new LinkedinProviderError(
        input.kind === "sign-in" ? "connection-failed" : "action-failed",
        `Unipile answered ${what} with HTTP ${status} but a body that is not JSON`,
        { cause: error },
      );
    }
  }

  return { baseUrl, request };
}
